// What each kind of text costs the Lane 1 scanner, against the scanner at a git ref: for every
// sentence and item the dense bench corpus mixes (prose, code, a commit line, a card, an email
// and phone, a URL and IP, an IBAN, an AWS key and a GitHub token, an SSN), a 256 KB text of that
// item after a line of filler prose, scanned by both scanners alternating in one process and
// timed in CPU time. Prints nanoseconds per item on each side and their difference, so a change in
// throughput can be traced to the constructs that pay it, and checks both found the same.
//
//   node --conditions=@focal/source --import tsx scripts/scanner-item-costs.ts <ref> [rounds] [items]
//
// `items`: a comma-separated subset of the names below (all when omitted).
import { scannerAtRef } from './scanner-at-ref.ts'

const [ref, roundsArgument, itemsArgument] = process.argv.slice(2)
if (ref === undefined) {
  console.error('usage: scanner-item-costs.ts <git ref> [rounds, default 80] [items]')
  process.exit(2)
}
const rounds = Number(roundsArgument ?? 80)

/** The line every item follows (plain prose: its own cost is the `prose` row's baseline). */
const filler = 'Please let me know if there is anything else I can help you with today. '

/** The corpus's sentences and items (see `buildCorpus` in enforcement.bench.ts), one of each. */
const items: Record<string, string> = {
  prose: 'Thanks for reaching out about your order, we are looking into it right now. ',
  code: 'function handle(request) { return fetch(url, { method: "POST", body: json }) } ',
  commit: 'commit 8f953371d3e85eddb89b05ed6b9e680791055315 fixed the retry loop in the worker. ',
  meeting: 'The meeting is at 10:30 in room 4.2, bring the 2024-05-17 report and 3 printed copies. ',
  card: 'Card on file 4111 1111 1111 1111. ',
  decoy: 'Reference 4111-1111-1111-1112 was noted. ',
  email: 'Email jane.doe123@example.com or call (415) 555-1234. ',
  server: 'Server 10.1.2.3 returned 503; see https://status.example.com/incidents/12345. ',
  iban: 'Wire to DE89 3704 0044 0532 0130 00 please. ',
  secrets:
    'export AWS_ACCESS_KEY_ID=AKIALALEMEL33243OLIB and token 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. ',
  ssn: 'SSN 536-90-1234 on the form. ',
}
const names = itemsArgument === undefined ? Object.keys(items) : itemsArgument.split(',')
for (const name of names) {
  if (items[name] === undefined) {
    console.error(`unknown item "${name}"; items: ${Object.keys(items).join(', ')}`)
    process.exit(2)
  }
}

const previous = await scannerAtRef(ref)
const current = await scannerAtRef(undefined)
const createCurrentScanner = current.createScanner

/** CPU microseconds (user + system) of one call. */
function cpuMicros(run: () => unknown): number {
  const before = process.cpuUsage()
  run()
  const spent = process.cpuUsage(before)
  return spent.user + spent.system
}

const median = (values: number[]): number =>
  [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] as number

console.log(`ns per item (median of ${rounds} alternating scans of 256 KB each); ${ref} → working tree`)
let differences = 0
for (const name of names) {
  const item = items[name] as string
  let text = ''
  while (text.length < 256 * 1024) text += filler + item
  // One flat string, as a model reply is (a `+=` chain is a rope until first read).
  text = new TextDecoder().decode(new TextEncoder().encode(text))
  const count = Math.floor(text.length / (filler.length + item.length))
  const sides = [
    { scanner: previous.createScanner(), micros: [] as number[] },
    { scanner: createCurrentScanner(), micros: [] as number[] },
  ]
  for (let round = 0; round < 20; round++) for (const side of sides) side.scanner.scan(text)
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse()
    for (const side of order) side.micros.push(cpuMicros(() => side.scanner.scan(text)))
  }
  const [before, now] = sides.map((side) => (median(side.micros) / count) * 1000) as [number, number]
  const same = JSON.stringify(sides[0]?.scanner.scan(text)) === JSON.stringify(sides[1]?.scanner.scan(text))
  if (!same) differences++
  console.log(
    `${name.padEnd(8)} ${before.toFixed(0).padStart(6)} → ${now.toFixed(0).padStart(6)}  ${(now - before >= 0 ? '+' : '') + (now - before).toFixed(0)} ns${same ? '' : '  (findings differ)'}`,
  )
}
previous.dispose()
current.dispose()
if (differences > 0) console.log(`${differences} item(s) found differently by the two scanners`)
