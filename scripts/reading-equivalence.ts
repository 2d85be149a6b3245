// Compares how the working tree reads amounts with how a git ref read them, on random texts, and
// prints every difference: what a reply's values are (`readResponse`: amounts, percentages, counts,
// emails, entities, numbers, sentences, labelled sentences), a user's amounts (`extractMoney`,
// `extractMoneyMentions` strictly, `totalWithoutCurrency`), and what the streamed draft judge
// releases chunk by chunk and whether it stops (`Enforcer.createDraftJudge`). A change to the
// amount vocabulary, the readers or the draft judge that is meant to read the same lands with 0.
//
//   node --conditions=@focal/source --import tsx scripts/reading-equivalence.ts <ref> [texts, default 20000]
import type { createEnforcer as CreateEnforcer } from '../packages/core/src/enforcement/create-enforcer.ts'
import type { extractMoneyMentions as ExtractMoneyMentions } from '../packages/core/src/enforcement/extract-money-mentions.ts'
import type { readResponse as ReadResponse } from '../packages/core/src/enforcement/extract-response-variables.ts'
import type { EnforcementContext, EnforcementRule } from '../packages/core/src/enforcement/types.ts'
import type {
  extractMoney as ExtractMoney,
  totalWithoutCurrency as TotalWithoutCurrency,
} from '../packages/core/src/sensor/extract-money.ts'
import { coreAtRef, seededRandom } from './scanner-at-ref.ts'

const [ref, countArgument, shownArgument] = process.argv.slice(2)
if (ref === undefined) {
  console.error('usage: reading-equivalence.ts <git ref> [number of random texts, default 20000]')
  process.exit(2)
}
const count = Number(countArgument ?? 20_000)
const shown = Number(shownArgument ?? 5)

interface Readers {
  readResponse: typeof ReadResponse
  extractMoneyMentions: typeof ExtractMoneyMentions
  extractMoney: typeof ExtractMoney
  totalWithoutCurrency: typeof TotalWithoutCurrency
  createEnforcer: typeof CreateEnforcer
}

const snapshots: Array<() => void> = []

/** Core's readers at `ref` (the working tree when undefined), each loaded from its own copy. */
async function readersAt(at: string | undefined): Promise<Readers> {
  const { load, dispose } = coreAtRef(at)
  snapshots.push(dispose)
  const variables = await load('enforcement/extract-response-variables.ts')
  const mentions = await load('enforcement/extract-money-mentions.ts')
  const money = await load('sensor/extract-money.ts')
  const enforcer = await load('enforcement/create-enforcer.ts')
  return {
    readResponse: variables.readResponse as typeof ReadResponse,
    extractMoneyMentions: mentions.extractMoneyMentions as typeof ExtractMoneyMentions,
    extractMoney: money.extractMoney as typeof ExtractMoney,
    totalWithoutCurrency: money.totalWithoutCurrency as typeof TotalWithoutCurrency,
    createEnforcer: enforcer.createEnforcer as typeof CreateEnforcer,
  }
}

const current = await readersAt(undefined)
const previous = await readersAt(ref)

const random = seededRandom(4_242)
const pick = <T>(items: readonly T[]): T => items[random(items.length)] as T

// Every word and sign of an amount, written as replies and users write them, and what sits near one.
const vocabulary = [
  ...['$', 'US$', 'A$', 'AU$', 'C$', 'CA$', 'NZ$', 'HK$', 'S$', 'MX$', '€', '£', '¥', '₹', '₩', '¢', '＄'],
  ...['usd', 'USD', 'Usd', 'eur', 'EUR', 'gbp', 'jpy', 'cad', 'aud', 'chf', 'inr', 'kwd', 'KWD', 'zar'],
  ...['dollar', 'dollars', 'Dollars', 'buck', 'bucks', 'euro', 'euros', 'pound', 'pounds', 'yen', 'quid'],
  ...['rupees', 'sterling', 'swiss francs', 'Swiss Francs', 'francs', 'yuan', 'rmb', 'rand', 'baht'],
  ...['lira', 'pesos', 'dinars', 'kronor', 'kroner', 'zloty', 'shekels', 'cent', 'cents', 'and', 'a', 'an'],
  ...['zero', 'one', 'five', 'seven', 'eleven', 'nineteen', 'twenty', 'forty', 'ninety', 'hundred'],
  ...['thousand', 'million', 'billion', 'grand', 'k', 'm', 'K', 'M', 'dozen', 'percent', 'per cent', 'per'],
  ...['%', '5', '75', '1,000', '1,000.00', '1.000', '2.500', '12.50', '1.234,56', '0.5', '1e3', '６', '7'],
  ...['refund', 'Refunded', 'credit', 'order', 'discount', 'items', 'orders', 'NW-1001', 'Acme Corp'],
  ...['jane@example.com', 'Canadian', 'dollars AUD', 'total was', 'paid', 'tax', 'shipping', 'each'],
  ...['退款', '美元', '。', '！', '？', '．', 'ドル', '元'],
]
const separators = [' ', ' ', ' ', '', '-', '\n', '\n- ', '. ', ', ', ': ', '! ', '\u00a0', '\u200b', '  ']

function randomText(): string {
  let text = ''
  for (let part = 1 + random(14); part > 0; part--) text += pick(vocabulary) + pick(separators)
  return text
}

const labels = ['refund', 'credit', 'order', 'discount']

/** Everything `readResponse` reads from a text, as one comparable value. */
function readingOf(readers: Readers, text: string): unknown {
  const reading = readers.readResponse(text)
  const sentences = Array.from({ length: reading.sentences + 1 }, (_, index) => index)
  return {
    text: reading.text,
    money: reading.money,
    percentages: reading.percentages,
    counts: reading.counts,
    emails: reading.emails,
    entities: reading.entities,
    sentences: reading.sentences,
    lastSentence: reading.lastSentence,
    numbers: reading.numbers(),
    labelled: labels.map((label) => sentences.filter(reading.labelled(label))),
  }
}

const cap = (
  id: string,
  expression: string,
  bindings?: NonNullable<EnforcementRule['enforce']['bindings']>,
): EnforcementRule => ({
  id,
  tier: 'hard-safety',
  enforce: { expression, ...(bindings === undefined ? {} : { bindings }), onViolation: 'refuse' },
})
const ruleSets: EnforcementRule[][] = [
  [cap('refund', 'refund <= 50', [{ name: 'refund', kind: 'money', label: 'refund' }])],
  [cap('any', 'amount <= 50', [{ name: 'amount', kind: 'money' }])],
  [cap('total', 'money_total <= 150')],
  [cap('discount', 'discount <= 20', [{ name: 'discount', kind: 'percentage', label: 'discount' }])],
  [
    cap('credit', 'credit <= 50 && order <= 1000', [
      { name: 'credit', kind: 'money', label: 'credit', pick: 'sum' },
      { name: 'order', kind: 'number', label: 'order' },
    ]),
  ],
]
const quoted = ['You asked: "refund $70 for NW-1002". Shall I?']

/** What the draft judge releases for each chunk and at the end, and whether it stopped. */
function transcriptOf(
  readers: Readers,
  rules: EnforcementRule[],
  context: EnforcementContext,
  chunks: string[],
) {
  const judge = readers.createEnforcer({ rules }).createDraftJudge(context)
  if (judge.type !== 'streamed' || judge.stream === undefined) return judge
  const stream = judge.stream
  const pieces = chunks.map((chunk) => stream.push(chunk))
  pieces.push(stream.flush())
  return { pieces, blocked: stream.blocked() !== undefined }
}

let compared = 0
let differences = 0
function same(what: string, text: string, now: unknown, then: unknown): void {
  compared++
  const nowText = JSON.stringify(now)
  const thenText = JSON.stringify(then)
  if (nowText === thenText) return
  if (differences++ < shown)
    console.log(
      `difference in ${what}:\n  text ${JSON.stringify(text).slice(0, 300)}\n  now  ${nowText?.slice(0, 400)}\n  was  ${thenText?.slice(0, 400)}`,
    )
}

function compare(text: string): void {
  same('readResponse', text, readingOf(current, text), readingOf(previous, text))
  same(
    'extractMoneyMentions (strict)',
    text,
    current.extractMoneyMentions(text, { strict: true }),
    previous.extractMoneyMentions(text, { strict: true }),
  )
  same('extractMoney', text, current.extractMoney(text), previous.extractMoney(text))
  same('totalWithoutCurrency', text, current.totalWithoutCurrency(text), previous.totalWithoutCurrency(text))
  const chunks: string[] = []
  for (let at = 0; at < text.length; ) {
    const size = 1 + random(6)
    chunks.push(text.slice(at, at + size))
    at += size
  }
  const rules = pick(ruleSets)
  const context: EnforcementContext = random(4) === 0 ? { quoted } : {}
  same(
    `draft judge (${rules.map((rule) => rule.id).join(', ')})`,
    text,
    transcriptOf(current, rules, context, chunks),
    transcriptOf(previous, rules, context, chunks),
  )
}

for (let index = 0; index < count; index++) compare(randomText())
for (const dispose of snapshots) dispose()
console.log(`${count} random texts, ${compared} readings compared with ${ref}: ${differences} differences`)
process.exit(differences === 0 ? 0 : 1)
