// Measures Focal's secret detectors on secretlint's own rule snapshots, as its recommended preset
// runs them: for each rule's cases (`secretlint-rule-preset-recommend/test/snapshots/<rule>/<case>/`)
// an input file and the messages the whole preset reports for it (`output.json`, with each
// secret's character range), so a value one rule leaves to another is judged as secretlint does. A second scanner's fixture cases, next to
// gitleaks's (`scripts/gitleaks-cases.ts`): read from a secretlint checkout or bare mirror given
// as an argument and never copied into this repository (their licence is secretlint's, and a
// fixture set we tune on is no blind test). Node-only; not shipped.
//
//   node --conditions=@focal/source --import tsx scripts/secretlint-cases.ts <secretlint repo or git dir> [--verbose]
//
// A reported secret counts as found when a scan with every detector on (as a host runs it) has a
// finding of the `secret` or `high-entropy` detector overlapping its range. A snapshot with no
// message is a negative: it counts as a false alarm when such a finding is anywhere in its input.
// A reported token that Focal's placeholder rule calls a placeholder (`sk_live_AAAA…`,
// `hf_xxxx…`, `…EXAMPLE`, an alphabet run: the words, repeats and ascending runs of
// `isPlaceholder`, entropy aside), or a URL whose password is one, is counted apart: issue #19
// asks that such values not be reported, and secretlint's cases use many of them. Key blocks,
// JSON documents and binary files are never counted apart.
// Left out: snapshots whose `.secretlintrc.json` sets rule options (what they expect depends on
// an option Focal has no counterpart for, such as reporting AWS account ids), and the rules that
// are not secret detectors (`example`, `filter-comments`, `no-dotenv` and `no-homedir` judge file
// names and paths, `no-k8s-kind-secret` a manifest's kind, `pattern` the user's own patterns).
import { createScanner } from '../packages/core/src/enforcement/create-scanner.ts'
import { isPlaceholder } from '../packages/core/src/enforcement/detectors/is-placeholder.ts'
import { openScannerRepository } from './scanner-repository.ts'

const [repository, ...flags] = process.argv.slice(2)
if (repository === undefined) {
  console.error('usage: secretlint-cases.ts <secretlint checkout or bare git dir> [--verbose]')
  process.exit(2)
}
const verbose = flags.includes('--verbose')
const notSecretRules = new Set([
  'example',
  'filter-comments',
  'no-dotenv',
  'no-homedir',
  'no-k8s-kind-secret',
  'pattern',
])
const snapshotPath =
  /^packages\/@secretlint\/secretlint-rule-preset-recommend\/test\/snapshots\/secretlint-rule-([^/]+)\/([^/]+)\/(.+)$/

const repositoryFiles = openScannerRepository(repository)

interface Snapshot {
  rule: string
  name: string
  files: Map<string, string>
}
const snapshots = new Map<string, Snapshot>()
for (const path of repositoryFiles.list(
  'packages/@secretlint/secretlint-rule-preset-recommend/test/snapshots',
)) {
  const match = snapshotPath.exec(path)
  if (match === null) continue
  const [, rule, name, file] = match as unknown as [string, string, string, string]
  if (notSecretRules.has(rule)) continue
  const key = `${rule}/${name}`
  const snapshot = snapshots.get(key) ?? { rule, name, files: new Map<string, string>() }
  snapshot.files.set(file, path)
  snapshots.set(key, snapshot)
}

/** Where in a reported value its secret part is: a URL's password, else a whole token; undefined for a block or a document. */
function secretPart(value: string): [number, number] | undefined {
  const credentials = /^[a-z][a-z0-9+.-]*:\/\/[^:@/\s]*:([^@/\s]+)@/i.exec(value)
  if (credentials !== null) {
    const end = (credentials[0] as string).length - 1
    return [end - (credentials[1] as string).length, end]
  }
  // A URL without a password: its path (`hooks.slack.com/services/TXXXXX/…`).
  const path = /^[a-z][a-z0-9+.-]*:\/\/[^/\s]+\/(\S+)$/i.exec(value)
  if (path !== null) return [value.length - (path[1] as string).length, value.length]
  return /^[\x21-\x7e]+$/.test(value) ? [0, value.length] : undefined
}

/** Has a NUL or another control character besides tab and line ends, or an undecodable byte (U+FFFD)? */
function isBinary(input: string): boolean {
  for (let index = 0; index < input.length; index++) {
    const code = input.charCodeAt(index)
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) return true
  }
  return false
}

interface Message {
  range: [number, number]
  messageId?: string
}
const scanner = createScanner()
const flagged = (finding: { detector: string }) =>
  finding.detector === 'secret' || finding.detector === 'high-entropy'
const perRule = new Map<
  string,
  { secrets: number; found: number; placeholders: number; negatives: number; alarms: number }
>()
let skipped = 0
let binary = 0
for (const { rule, name, files } of [...snapshots.values()].sort((left, right) =>
  `${left.rule}/${left.name}`.localeCompare(`${right.rule}/${right.name}`),
)) {
  const rc = files.get('.secretlintrc.json')
  if (rc !== undefined && /"options"\s*:/.test(repositoryFiles.read(rc))) {
    skipped++
    continue
  }
  const inputPath = [...files.keys()].find((file) => file.startsWith('input'))
  const outputPath = files.get('output.json')
  if (inputPath === undefined || outputPath === undefined) continue
  const input = repositoryFiles.read(files.get(inputPath) as string)
  // A binary file (a PKCS#12 key store) read as text: Focal scans text, so it is counted apart.
  if (isBinary(input)) {
    binary++
    if (verbose) console.log(`binary       ${rule}/${name}`)
    continue
  }
  const messages = (JSON.parse(repositoryFiles.read(outputPath)) as { messages: Message[] }).messages
  const findings = scanner.scan(input).findings.filter(flagged)
  const counts = perRule.get(rule) ?? { secrets: 0, found: 0, placeholders: 0, negatives: 0, alarms: 0 }
  perRule.set(rule, counts)
  if (messages.length === 0) {
    counts.negatives++
    if (findings.length > 0) {
      counts.alarms++
      if (verbose)
        console.log(
          `false alarm  ${rule}/${name}: ${findings.map((finding) => `${finding.type} ${JSON.stringify(finding.value.slice(0, 60))}`).join(', ')}`,
        )
    }
    continue
  }
  for (const { range, messageId } of messages) {
    const [start, end] = range
    const part = secretPart(input.slice(start, end))
    if (part !== undefined && isPlaceholder(input, start + part[0], start + part[1], 0)) {
      counts.placeholders++
      if (verbose)
        console.log(
          `placeholder  ${rule}/${name} ${messageId ?? ''}: ${JSON.stringify(input.slice(start, end).slice(0, 80))}`,
        )
      continue
    }
    counts.secrets++
    if (findings.some((finding) => finding.start < end && finding.end > start)) counts.found++
    else if (verbose)
      console.log(
        `missed       ${rule}/${name} ${messageId ?? ''}: ${JSON.stringify(input.slice(start, end).slice(0, 80))}`,
      )
  }
}

let secrets = 0
let found = 0
let placeholders = 0
let negatives = 0
let alarms = 0
for (const [rule, counts] of [...perRule].sort(([left], [right]) => left.localeCompare(right))) {
  secrets += counts.secrets
  found += counts.found
  placeholders += counts.placeholders
  negatives += counts.negatives
  alarms += counts.alarms
  console.log(
    `${rule.padEnd(28)} found ${counts.found}/${counts.secrets}  placeholders ${counts.placeholders}  negatives flagged ${counts.alarms}/${counts.negatives}`,
  )
}
const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`)
console.log(
  `secretlint snapshots (${perRule.size} rules; left out: ${skipped} option-dependent snapshots, ${binary} binary files): ` +
    `${found}/${secrets} reported secrets found (${percent(found, secrets)}; ${placeholders} placeholders apart), ` +
    `${alarms}/${negatives} negatives flagged (${percent(alarms, negatives)})`,
)
