// Measures Focal's secret detectors on TruffleHog's own detector pattern tests: each
// `pkg/detectors/**/<name>_test.go` lists cases (`input`, and the secrets `want` it expects,
// none for a negative). A third scanner's cases, next to gitleaks's and secretlint's: read from a
// TruffleHog checkout or bare mirror given as an argument and never copied here (their licence
// is TruffleHog's, and a fixture set we tune on is no blind test). Node-only; not shipped.
//
//   node --conditions=@focal/source --import tsx scripts/trufflehog-cases.ts <trufflehog repo or git dir> [--verbose] [--detectors=a,b]
//
// TruffleHog has a detector for each of about 800 services, most of which Focal has no rule
// for; a case counts as found when a scan with every detector on has a finding of the `secret`
// or `high-entropy` detector (the generic and entropy detectors find many services' keys by
// their names and randomness). A case with no expected secret is a negative, flagged when the
// scan has such a finding anywhere. `--detectors` keeps the named detector directories only
// (for example the services Focal has a rule for).
//
// How the Go is read: string literals (interpreted and raw), `+`, identifiers of the file's
// `var`/`const`/`:=` assignments, `fmt.Sprintf` with `%s %v %d %q`, `[]string{…}` and `nil`.
// A case whose input or expectation uses anything else (a helper, a loop, a JSON builder) is
// skipped and counted.
import { createScanner } from '../packages/core/src/enforcement/create-scanner.ts'
import { openScannerRepository } from './scanner-repository.ts'

const [repository, ...flags] = process.argv.slice(2)
if (repository === undefined) {
  console.error(
    'usage: trufflehog-cases.ts <trufflehog checkout or bare git dir> [--verbose] [--detectors=a,b]',
  )
  process.exit(2)
}
const verbose = flags.includes('--verbose')
const only = flags
  .find((flag) => flag.startsWith('--detectors='))
  ?.slice('--detectors='.length)
  .split(',')

const repositoryFiles = openScannerRepository(repository)

type Value = string | string[] | null

/** Reads Go expressions from one source file. */
class GoReader {
  private position = 0
  private readonly assignments = new Map<string, number>()
  private readonly values = new Map<string, Value | undefined>()
  private readonly evaluating = new Set<string>()

  constructor(private readonly source: string) {
    // Where each name is assigned (`name = …`, `name := …`, `name string = …`), first one kept.
    for (const match of source.matchAll(/\b([A-Za-z_]\w*)(?:\s+[A-Za-z_][\w.[\]]*)?\s*:?=(?!=)\s*/g)) {
      const name = match[1] as string
      if (!this.assignments.has(name)) this.assignments.set(name, (match.index as number) + match[0].length)
    }
  }

  /** The value of the expression at `at`, or undefined when it uses something this reader does not know. */
  valueAt(at: number): Value | undefined {
    this.position = at
    try {
      return this.expression()
    } catch {
      return undefined
    }
  }

  private variable(name: string): Value | undefined {
    if (this.values.has(name)) return this.values.get(name)
    const at = this.assignments.get(name)
    if (at === undefined || this.evaluating.has(name)) return undefined
    this.evaluating.add(name)
    const saved = this.position
    const value = this.valueAt(at)
    this.position = saved
    this.evaluating.delete(name)
    this.values.set(name, value)
    return value
  }

  private skipSpace(): void {
    while (/\s/.test(this.source.charAt(this.position))) this.position++
  }

  private expression(): Value {
    let value = this.term()
    for (;;) {
      this.skipSpace()
      if (this.source.charAt(this.position) !== '+') return value
      this.position++
      const next = this.term()
      if (typeof value !== 'string' || typeof next !== 'string') throw new Error('not a string sum')
      value += next
    }
  }

  private term(): Value {
    this.skipSpace()
    const rest = this.source.slice(this.position, this.position + 200)
    const first = this.source.charAt(this.position)
    if (first === '`') {
      const end = this.source.indexOf('`', this.position + 1)
      const value = this.source.slice(this.position + 1, end)
      this.position = end + 1
      return value
    }
    if (first === '"') return this.interpreted()
    if (rest.startsWith('nil')) {
      this.position += 3
      return null
    }
    if (rest.startsWith('[]string{')) {
      this.position += '[]string{'.length
      const items = this.list('}')
      for (const item of items) if (typeof item !== 'string') throw new Error('not a string item')
      return items as string[]
    }
    if (rest.startsWith('fmt.Sprintf(')) {
      this.position += 'fmt.Sprintf('.length
      const [format, ...values] = this.list(')')
      if (typeof format !== 'string') throw new Error('not a format')
      let next = 0
      return format.replace(/%(%|[svdq])/g, (_whole, verb: string) => {
        if (verb === '%') return '%'
        const value = values[next++]
        if (typeof value !== 'string') throw new Error('not a string argument')
        return verb === 'q' ? JSON.stringify(value) : value
      })
    }
    const name = /^[A-Za-z_]\w*/.exec(rest)?.[0]
    if (name === undefined) throw new Error(`unknown expression ${rest.slice(0, 20)}`)
    this.position += name.length
    this.skipSpace()
    const after = this.source.charAt(this.position)
    if (after === '(' || after === '.' || after === '[') throw new Error(`a call or selector: ${name}`)
    const value = this.variable(name)
    if (value === undefined) throw new Error(`unknown name ${name}`)
    return value
  }

  /** A double-quoted Go string literal. */
  /** Comma-separated expressions up to `closer` (read past it). */
  private list(closer: string): Value[] {
    const values: Value[] = []
    for (;;) {
      this.skipSpace()
      if (this.source.charAt(this.position) === closer) {
        this.position++
        return values
      }
      values.push(this.expression())
      this.skipSpace()
      if (this.source.charAt(this.position) === ',') this.position++
    }
  }

  private interpreted(): string {
    let value = ''
    let index = this.position + 1
    for (;;) {
      const char = this.source.charAt(index)
      if (char === '"') break
      if (char === '' || char === '\n') throw new Error('unterminated string')
      if (char !== '\\') {
        value += char
        index++
        continue
      }
      const escaped = this.source.charAt(index + 1)
      const simple: Record<string, string> = {
        n: '\n',
        t: '\t',
        r: '\r',
        '\\': '\\',
        '"': '"',
        "'": "'",
        a: '\x07',
        b: '\b',
        f: '\f',
        v: '\v',
      }
      if (escaped in simple) {
        value += simple[escaped]
        index += 2
      } else if (escaped === 'x') {
        value += String.fromCharCode(Number.parseInt(this.source.slice(index + 2, index + 4), 16))
        index += 4
      } else if (escaped === 'u') {
        value += String.fromCharCode(Number.parseInt(this.source.slice(index + 2, index + 6), 16))
        index += 6
      } else if (escaped === 'U') {
        value += String.fromCodePoint(Number.parseInt(this.source.slice(index + 2, index + 10), 16))
        index += 10
      } else throw new Error(`escape \\${escaped}`)
    }
    this.position = index + 1
    return value
  }
}

interface Case {
  detector: string
  name: string
  input: string
  want: string[]
}

const files = repositoryFiles
  .list('pkg/detectors')
  .filter((path) => path.endsWith('_test.go') && !path.includes('integration'))
const cases: Case[] = []
let skipped = 0
for (const path of files) {
  const detector = path.split('/')[2] as string
  if (only !== undefined && !only.includes(detector)) continue
  const source = repositoryFiles.read(path)
  if (!source.includes('_Pattern(')) continue
  const reader = new GoReader(source)
  // Each case literal: `name: …, input: …, want: …` (in any order), inside the pattern test.
  for (const match of source.matchAll(/\binput:\s*/g)) {
    const inputAt = (match.index as number) + match[0].length
    const wantMatch = /\bwant:\s*/g
    wantMatch.lastIndex = inputAt
    const want = wantMatch.exec(source)
    // The expectation must belong to the same case (before the next case's input).
    const nextInput = source.indexOf('input:', inputAt)
    // The case's own name: the last `name:` before its input (the window may hold the previous case's).
    const nameMatch = [
      ...source
        .slice(Math.max(0, (match.index as number) - 300), match.index)
        .matchAll(/\bname:\s*"([^"]*)"/g),
    ].at(-1)
    if (want === null || (nextInput >= 0 && want.index > nextInput)) {
      skipped++
      continue
    }
    const input = reader.valueAt(inputAt)
    const expected = reader.valueAt(want.index + want[0].length)
    if (typeof input !== 'string' || (expected !== null && !Array.isArray(expected))) {
      skipped++
      continue
    }
    cases.push({ detector, name: nameMatch?.[1] ?? '', input, want: expected ?? [] })
  }
}

// The secrets each detector's own positive cases want: a negative case of the same detector that
// holds one tests the detector's context (a keyword too far away, a duplicate, a prefix out of
// range), not the value, which TruffleHog itself calls a secret. Such a finding is counted apart.
const wantedBy = new Map<string, Set<string>>()
for (const { detector, want } of cases)
  for (const value of want) wantedBy.set(detector, (wantedBy.get(detector) ?? new Set()).add(value))
const isWanted = (detector: string, value: string) =>
  [...(wantedBy.get(detector) ?? [])].some((wanted) => wanted.includes(value) || value.includes(wanted))

const scanner = createScanner()
const flaggedBy = (finding: { detector: string }) =>
  finding.detector === 'secret' || finding.detector === 'high-entropy'
let positives = 0
let found = 0
let negatives = 0
let alarms = 0
let knownSecrets = 0
const detectorsSeen = new Set<string>()
const detectorsFound = new Set<string>()
for (const { detector, name, input, want } of cases) {
  const findings = scanner.scan(input).findings.filter(flaggedBy)
  if (want.length === 0) {
    negatives++
    const unknown = findings.filter((finding) => !isWanted(detector, finding.value))
    if (findings.length > 0 && unknown.length === 0) {
      knownSecrets++
      if (verbose)
        console.log(
          `known secret ${detector} "${name}": ${findings.map((finding) => JSON.stringify(finding.value.slice(0, 50))).join(', ')}`,
        )
    } else if (unknown.length > 0) {
      alarms++
      if (verbose)
        console.log(
          `false alarm  ${detector} "${name}": ${unknown.map((finding) => `${finding.type} ${JSON.stringify(finding.value.slice(0, 50))}`).join(', ')}`,
        )
    }
    continue
  }
  positives++
  detectorsSeen.add(detector)
  if (findings.length > 0) {
    found++
    detectorsFound.add(detector)
  } else if (verbose)
    console.log(`missed       ${detector} "${name}": wanted ${JSON.stringify(want[0]?.slice(0, 80))}`)
}
const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`)
console.log(
  `TruffleHog pattern tests: ${cases.length} cases read, ${skipped} skipped (an expression this reader does not evaluate); ` +
    `${found}/${positives} positive cases found (${percent(found, positives)}), ` +
    `${detectorsFound.size}/${detectorsSeen.size} detectors with a case found; ` +
    `${alarms + knownSecrets}/${negatives} negatives flagged (${percent(alarms + knownSecrets, negatives)}): ` +
    `${knownSecrets} only for a secret the detector's own positive cases want (its context rule, not the value, makes them negative), ` +
    `${alarms} for anything else (${percent(alarms, negatives)})`,
)
