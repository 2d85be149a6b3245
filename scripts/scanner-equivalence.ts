// Compares the working tree's Lane 1 scanner with the one at a git ref on random texts, under
// several option sets and `from` offsets, and prints every difference. A performance change to
// the scanner lands only with 0 differences (see CONTRIBUTING.md).
//
//   node --conditions=@focal/source --import tsx scripts/scanner-equivalence.ts <ref> [texts] [differences shown, default 5]
import { createScanner as createCurrentScanner } from '../packages/core/src/enforcement/create-scanner.ts'
import type { ScanOptions } from '../packages/core/src/enforcement/types.ts'
import { scannerAtRef, seededRandom } from './scanner-at-ref.ts'

const [ref, countArgument, shownArgument] = process.argv.slice(2)
if (ref === undefined) {
  console.error('usage: scanner-equivalence.ts <git ref> [number of random texts, default 30000]')
  process.exit(2)
}
const count = Number(countArgument ?? 30_000)
const shown = Number(shownArgument ?? 5)

const previous = await scannerAtRef(ref)
const { benchCorpus } = (await import('../packages/core/src/enforcement/enforcement.bench.ts')) as {
  benchCorpus: string
}

const random = seededRandom(12_345)

const optionSets: ScanOptions[] = [
  {},
  { detectors: ['secret'] },
  { detectors: ['high-entropy'] },
  { detectors: ['crypto-address'] },
  { detectors: ['secret', 'crypto-address', 'high-entropy'] },
  { detectors: ['email', 'url', 'ip-address'] },
  { entropyMinLength: 8, entropyThreshold: 3 },
  { entropyMinLength: 40, entropyThreshold: 4.5 },
  { entropyMinLength: 1.5 },
  { entropyMinLength: 0 },
  { entropyMinLength: 100 },
  { entropyThreshold: 2 },
  { detectors: ['credit-card', 'us-ssn', 'phone', 'iban'] },
  { blocklist: ['secret', 'ghp'], patterns: [{ type: 'x', pattern: 'ab+c' }] },
  { detectors: ['high-entropy', 'crypto-address'], entropyMinLength: 26 },
]
const pairs = optionSets.map((options) => [createCurrentScanner(options), previous.createScanner(options)])

// Whole items, fragments of them, and characters that must not hide or fake one.
const pieces = [
  ...['AKIALALEMEL33243OLIB', 'AKIAIOSFODNN7EXAMPLE', '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'],
  ...['8f953371d3e85eddb89b05ed6b9e680791055315', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  ...['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
  ...['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'sk-proj-abcdefghijklmnopqrstuvwxyz012345'],
  ...['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc', 'xoxb-1234567890-abcdef'],
  ...['glpat-abcdefghij0123456789', 'sk_live_abcdefghij0123', 'AIzaSyA1234567890abcdefghijklmnopqrstuv'],
  ...['xoxb-abcdefghij', 'rk_test_abcdefghij', 'AKIALALEMELABCDOLIBX'],
  ...['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', 'client_secret=JMN4Q~Nwr~cPITojMJHsXI.n_utg8NlKdqjf4MMT'],
  ...['api_key = "SR4EGjZv6v6Qld3GEsSNZHQv684D8d"', 'postgres://app:8JC6M4bmswfssx@db.example.net'],
  ...['ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', '1541d00fc7cf966c19830cf02a6f20ab-us44', 'key='],
  ...['09-7625400', '090-1234-5678', '13812345678', 'AL47-2121-1009-0000-0002-3569-8741', '078-051121'],
  ...['password=Zx8Qp2LmN7vRt5Kw9Yb3Hc6Jd', 'DE89 3704 0044 0532 0130 00', 'GB82WEST12345698765432'],
  ...['4111 1111 1111 1111', '536-90-1234', '(415) 555-1234', '10.0.0.1', 'https://status.example.com/x'],
  ...['www.example.com', 'jane.doe@example.com', 'fe80::1', '2001:db8::ff00:42:8329', 'example.co.uk'],
  // Values named by a keyword, an option or an authorization scheme (the value features).
  ...['curl -u admin:Zx8Qp2LmN7vRt5Kw', '--user=deploy:Q9xW2mL5', 'Authorization: Bearer ', 'token '],
  ...['Api-Token\t', 'BASIC ', ' -U ', '"secret", "Zx8Qp2LmN7vR"', 'auth => '],
  ...['123456:AAHd8dfQx_Zx8Qp2LmN7vRt5Kw9Yb3Hc6Jd'],
  ...['http://user@host.com:8080/x', 'https://[2001:db8::1]:443/p', 'http://localhost:3000', 'XN--ab.com'],
  ...['foo.m\u212A', 'a..b@x.io', 'main.py', 'google.co.il/x', '4.2', '1 2 3', '12....3', 'a1.2b', '10:30'],
  ...[
    '-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----',
    '-----BEGIN PRIVATE KEY----- a',
  ],
  ...[
    ' ',
    ' ',
    '\n',
    '_',
    '-',
    '=',
    '/',
    '+',
    '.',
    ':',
    '@',
    ',',
    '"',
    '\u00e9',
    '\u200b',
    '\uff11',
    '\u0661',
  ],
  ...['\u00a0', '\u{1F600}', 'abc', 'XYZ', '0123', '99', 'A', 'zz', 'Q9'],
  // Markup a reader does not see (emphasis, code spans, character references, percent escapes).
  ...[
    '**',
    '*',
    '`',
    '```',
    '&#52;',
    '&#x34;',
    '&#5',
    '%73',
    '%6B',
    '%7',
    '\r',
    '\r\n',
    '**4539** ',
    '`1488`',
  ],
]
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-.:@'

function randomRun(length: number, letters: number): string {
  let run = ''
  for (let index = 0; index < length; index++) run += alphabet[random(letters)]
  return run
}

/** Characters that take a text of 1 KB or more off the byte path (curly quotes, look-alikes, invisibles). */
const offBytes = [
  '\u2019',
  '\u201c',
  '\u2014',
  '\u00e9',
  '\u00a0',
  '\u0410',
  '\u0391KIA',
  '\u200b',
  '\u202e',
  '\uff14',
  '\u{1F600}',
]

function randomText(): string {
  const kind = random(6)
  if (kind === 0) {
    const start = random(benchCorpus.length - 3000)
    return benchCorpus.slice(start, start + 1 + random(3000))
  }
  if (kind === 5) {
    // A long reply with a few characters that are not ASCII: read char by char, as a reader sees it.
    const start = random(benchCorpus.length - 8000)
    let text = benchCorpus.slice(start, start + 1024 + random(6000))
    for (let count = 1 + random(3); count > 0; count--) {
      const at = random(text.length)
      text = text.slice(0, at) + offBytes[random(offBytes.length)] + text.slice(at)
    }
    return text
  }
  let text = ''
  for (let part = 1 + random(12); part > 0; part--) {
    const choice = random(5)
    const piece = pieces[random(pieces.length)] as string
    if (choice <= 1) text += piece
    else if (choice === 2) text += randomRun(1 + random(60), alphabet.length)
    else if (choice === 3) {
      const from = random(piece.length)
      text += piece.slice(from, from + 1 + random(piece.length))
    } else text += String.fromCharCode(random(2) ? 32 + random(95) : random(0x3000))
  }
  return kind === 3 ? text.replace(/ /g, () => (random(3) ? '' : ' ')) : text
}

let scans = 0
let differences = 0
function compare(text: string): void {
  for (const [index, [current, before]] of pairs.entries()) {
    const from = random(4) === 0 ? random(text.length + 1) : 0
    const now = JSON.stringify(current?.scan(text, from))
    const then = JSON.stringify(before?.scan(text, from))
    scans++
    if (now === then) continue
    if (differences++ < shown) {
      console.log(`difference, options ${JSON.stringify(optionSets[index])}, from ${from}:`)
      console.log(
        `  text ${JSON.stringify(text).slice(0, 300)}\n  now  ${now?.slice(0, 400)}\n  was  ${then?.slice(0, 400)}`,
      )
    }
  }
}

const adversarial = ['A1b2C3d4E5'.repeat(1000), 'AKIAsk-proj-ghp_eyJ'.repeat(500), 'a@'.repeat(3000)]
for (const text of [...adversarial, 'a:b::'.repeat(2000), '4'.repeat(5000), 'DE89 3704 '.repeat(1000)])
  compare(text)
compare(benchCorpus)
for (let index = 0; index < count; index++) compare(randomText())
previous.dispose()
console.log(`${count} random texts, ${scans} scans compared with ${ref}: ${differences} differences`)
process.exit(differences === 0 ? 0 : 1)
