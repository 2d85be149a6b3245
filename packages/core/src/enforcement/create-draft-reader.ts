import { centWords, currencyCodes, spelledAmountCurrencies } from './amount-vocabulary.ts'
import type { MoneyMention } from './extract-money-mentions.ts'
import {
  type LabelledNumber,
  type ResponseReading,
  readableText,
  readResponse,
} from './extract-response-variables.ts'
import { quotedOccurrences, shortestQuoted, unquoted } from './unquoted.ts'

/** Options of {@link createDraftReader}. */
export interface DraftReaderOptions {
  /** Passages whose values are not read (`EnforcementContext.quoted`). @default [] */
  quoted?: readonly string[] | undefined
  /** Every label a binding looks for; the reading knows no other. @default [] */
  labels?: readonly string[]
}

/** A draft read as it grows: {@link createDraftReader}. */
export interface DraftReader {
  /** Adds what was written since (each chunk once, in order). */
  append(chunk: string): void
  /** The draft so far as `readResponse(unquoted(draft, quoted))` reads it, sentences and offsets included. */
  read(): ResponseReading
}

/** Characters a cut is made at: a label holding one leaves the draft uncut (it could match across). */
const cutCharacters = '.!?)]|*"`>．！？）。｡\n'

/**
 * The places a draft may be cut, each checked as {@link createDraftReader} says:
 * 1. after a sentence end, a closing bracket or quote, a table's bar or markdown's marks (and the
 *    fullwidth `．！？）`, read as `.!?)`) when ASCII white space follows;
 * 2. after `。` or `｡`, whatever follows;
 * 3. before `!`, `?`, `！` or `？` right after a letter or digit (a Chinese or Japanese sentence end,
 *    no space after it);
 * 4. before a line break.
 */
const candidatePattern = /[.!?)\]|*"`>．！？）](?=[ \t\n\r\f\v])|[。｡\n]|[!?！？](?<=[\p{L}\p{N}][!?！？])/gu

/** How far before a line break, and after it, its check reads the draft (code units). */
const lookBehind = 64
const lookAhead = 256

/**
 * The last letters before a line break that may go on in a number after it: a code read before an
 * amount (`USD` + `20`), a currency word or `and` the cents follow (`dollars` + `50 cents`).
 */
const amountWordBefore = new RegExp(
  `(?:${[...currencyCodes.map((code) => code.toLowerCase()), ...spelledAmountCurrencies, 'and'].join('|')})$`,
)
/** Words, hyphens and white space from a line break on to a currency or cents word: one amount. */
const spelledAcross = new RegExp(
  String.raw`^[\s-]*(?:[a-z]+[\s-]+){0,7}(?:${[...new Set([...spelledAmountCurrencies, ...centWords].map((word) => word.replace(/s$/u, '')))].join('|')}|¢)`,
  'i',
)
/** A number of at most three digits after a line break, then a cents word or sign, or the end so far. */
const centsMayFollow = /^\s*\d{1,3}\s*(?:c|¢|$)/i
/** The run of words a spelled amount could be read over ends within eight words: no such word came. */
const spelledEnds = /^[\s-]*(?:(?:[a-z]+[\s-]+){0,7}[a-z]*[^a-z\s-]|(?:[a-z]+[\s-]+){8})/i

/** A character as the pair rules of {@link lineBreakCut} see it. */
function classOf(character: string): 'letter' | 'digit' | 'sign' | 'hyphen' | 'other' {
  if (/^[A-Za-z]$/.test(character)) return 'letter'
  if (/^[0-9]$/.test(character)) return 'digit'
  if (character === '-') return 'hyphen'
  return /^\p{Sc}$/u.test(character) ? 'sign' : 'other'
}

/**
 * Whether the draft may be cut before the line break at `at` of `raw`: `'cut'`, `'keep'` (never:
 * something could be read across it) or `'wait'` (what follows it is not written yet). Read as
 * the reader reads (`readableText`): `c`, the last character before the break and the white space
 * around it, and `d`, the first after. Only these read across white space holding a line break:
 * an amount's sign, code or scale and its number (`$` + `20`, `USD` + `20`, `20` + `k`, `20` +
 * `dollars`, `20` + `€`), a percentage (`75` + `%`), a count (`3` + `items`), an amount spelled in
 * words and its cents (`seventy` + `five dollars`, `dollars` + `50 cents`, over hyphens too:
 * `seventy` + `- five dollars`), and "grand", which is a scale only before an end: so a break is
 * kept after a sign before a digit, a digit before a letter, sign or `%` or before a number that
 * cents may follow (`$20` + `50 cents`), a letter before a letter, a letter ending a code,
 * currency word or `and` before a digit, a letter or hyphen before a hyphen and then words up to
 * a currency or cents word, a hyphen before a letter or hyphen, and after "grand". No other
 * reading takes in a line break or looks past one: names (`Acme Corp`) and labels are read over
 * spaces, emails over none, a sentence ends at a line break.
 */
function lineBreakCut(raw: string, at: number): 'cut' | 'keep' | 'wait' {
  const before = readableText(raw.slice(Math.max(0, at - lookBehind), at)).trimEnd()
  const letters = (/[A-Za-z]*$/.exec(before)?.[0] ?? '').toLowerCase()
  // Only letters in reach: more of them may be before (`dollars` of a window's `ars`).
  if (before === '' || (letters.length === before.length && letters.length < 8)) return 'keep'
  const c = [...before.slice(-2)].at(-1) as string
  let ahead = raw.slice(at, at + lookAhead)
  const more = at + lookAhead < raw.length
  // A high surrogate at the end is half a character still being written (`𝐚` is read `a`).
  if (!more && /[\ud800-\udbff]$/u.test(ahead)) ahead = ahead.slice(0, -1)
  const after = readableText(ahead)
  const first = /\S/u.exec(after)
  if (first === null) return more ? 'keep' : 'wait'
  const d = String.fromCodePoint(after.codePointAt(first.index) as number)
  const spelled = (): 'cut' | 'keep' | 'wait' =>
    spelledAcross.test(after) ? 'keep' : spelledEnds.test(after) ? 'cut' : more ? 'keep' : 'wait'
  const next = classOf(d)
  switch (classOf(c)) {
    case 'letter':
      if (letters.endsWith('grand') || next === 'letter') return 'keep'
      if (next === 'digit') return amountWordBefore.test(letters) ? 'keep' : 'cut'
      return next === 'hyphen' ? spelled() : 'cut'
    case 'digit':
      // Cents may follow an amount over one line break (`$20` + `50 cents`): a number that may
      // yet be followed by a cents word or sign is kept with it (keeping is never wrong).
      if (next === 'digit') return centsMayFollow.test(after) ? 'keep' : 'cut'
      return next === 'letter' || next === 'sign' || d === '%' ? 'keep' : 'cut'
    case 'sign':
      return next === 'digit' ? 'keep' : 'cut'
    case 'hyphen':
      return next === 'letter' || next === 'hyphen' ? 'keep' : 'cut'
    default:
      return 'cut'
  }
}

interface Settled {
  money: MoneyMention[]
  percentages: LabelledNumber[]
  counts: LabelledNumber[]
  emails: string[]
  entities: string[]
  numbers: LabelledNumber[]
  labelled: Map<string, Set<number>>
  sentences: number
  length: number
}

/**
 * Reads a draft as it is written, each settled piece once: the draft is cut where no amount,
 * percentage, number, count, email, entity, label or sentence end read can begin before the cut
 * and end after it, none reads a character across it, and NFKC has a boundary there (each
 * reader's patterns and lookarounds were checked):
 * - after a sentence end, a closing bracket or quote, a table's bar or markdown's marks followed
 *   by ASCII white space (and the fullwidth `．！？）`, which read as `.!?)`): the character
 *   before ends every reading and every lookaround past it sees white space either way;
 * - after `。` (or `｡`): no reader reads it, nor past it;
 * - before `！`, `？`, `!` or `?` right after a letter or digit whose reading does not end in a
 *   sentence end (a piece's last `.` would end a sentence the whole draft does not end there):
 *   no reader reads `!` but a sentence end, which looks only after it;
 * - before a line break (list items, paragraphs) unless the characters around it could be read
 *   across it: an amount, a count, a percentage or an amount in words and its cents may span
 *   white space, and "grand" is read by what follows it (see `lineBreakCut`). Such a break is
 *   never a cut: the piece runs on to the next.
 * The pieces before the last cut are read once and their values kept, sentences and offsets
 * counted on; every `read` reads only the piece since (a draft streamed in small chunks read its
 * whole text per chunk: quadratic, 2.8 s for 17.6 KB; a list or a CJK draft, with no sentence end
 * before a space, was read whole each time until line breaks and CJK sentence ends were cuts).
 * A quoted passage is blanked the same in pieces as in the whole only when none of it can be near
 * a cut: with passages, a cut keeps their length times their number plus one behind the draft's
 * end, beyond what its check read, and none in reach of that. A label holding one of the cut
 * characters leaves the draft uncut: read whole each time, as before.
 *
 * @example
 * const reader = createDraftReader({ labels: ['refund'] })
 * reader.append('I have refunded you $20. And ')
 * reader.read().money.map((mention) => mention.amount) // [20]
 */
export function createDraftReader(options: DraftReaderOptions = {}): DraftReader {
  const { quoted = [], labels = [] } = options
  const passages = quoted.filter((passage) => passage.length >= shortestQuoted)
  const longest = Math.max(0, ...passages.map((passage) => passage.length))
  // How far a blanked passage can reach past one it overlaps, at most (see `nextCut`).
  const reach = passages.length * longest
  const behind = passages.length === 0 ? 1 : reach + longest
  const cuttable = labels.every((label) => ![...cutCharacters].some((character) => label.includes(character)))
  const settled: Settled = {
    money: [],
    percentages: [],
    counts: [],
    emails: [],
    entities: [],
    numbers: [],
    labelled: new Map(labels.map((label) => [label, new Set<number>()])),
    sentences: 0,
    length: 0,
  }
  // The draft from `start` on (`cut` and a margin before it, for the quoted passages and the
  // line breaks' checks); `end` its length.
  let raw = ''
  let start = 0
  let cut = 0
  let end = 0
  let reading: ResponseReading | undefined
  // What each line break's check decided for good (a break still waiting for what follows is checked again).
  const lineBreaks = new Map<number, 'cut' | 'keep'>()

  /**
   * Where the draft may be cut at the candidate matched at `index` of `raw` (-1: not there), and how
   * far before and after it its check read (`checked`).
   */
  const checked = { before: 0, after: 0 }
  const cutAt = (index: number, character: string): number => {
    checked.before = 0
    checked.after = 0
    if (character === '\n') {
      const at = start + index
      let verdict = lineBreaks.get(at)
      if (verdict === undefined) {
        const found = lineBreakCut(raw, index)
        if (found === 'wait') return -1
        verdict = found
        lineBreaks.set(at, found)
      }
      checked.before = lookBehind
      checked.after = lookAhead
      return verdict === 'cut' ? at : -1
    }
    if (character === '。' || character === '｡') return start + index + 1
    if ('!?！？'.includes(character) && !/[ \t\n\r\f\v]/u.test(raw[index + 1] ?? '')) {
      // Before it: the letter or digit before must not be read as a sentence end (`⒈` is `1.`).
      const previous = [...raw.slice(Math.max(0, index - 2), index)].at(-1) as string
      checked.before = 1
      return /[.!?]$/u.test(previous.normalize('NFKC')) ? -1 : start + index
    }
    return start + index + 1
  }

  /**
   * The last cut after `cut` with `behind` characters after it (beyond what its check read) and
   * no quoted passage in reach of what its check read.
   */
  const nextCut = (): number | undefined => {
    const found =
      passages.length === 0
        ? []
        : quotedOccurrences(raw, passages).map(([from, to]) => [start + from, start + to] as const)
    let last: number | undefined
    candidatePattern.lastIndex = cut - start
    for (let match = candidatePattern.exec(raw); match !== null; match = candidatePattern.exec(raw)) {
      const at = cutAt(match.index, match[0])
      if (at <= cut) continue
      if (at + (passages.length === 0 ? 0 : checked.after) > end - behind) continue
      const from = at - checked.before - reach
      const to = at + checked.after + reach
      if (found.every(([first, next]) => next <= from || first >= to)) last = at
    }
    return last
  }

  const settle = (to: number): void => {
    const piece = readResponse(unquoted(raw.slice(cut - start, to - start), quoted))
    const sentences = settled.sentences
    const length = settled.length
    for (const mention of piece.money)
      settled.money.push({
        ...mention,
        sentence: mention.sentence + sentences,
        index: mention.index + length,
      })
    settled.percentages.push(...piece.percentages.map((found) => shifted(found, sentences)))
    settled.counts.push(...piece.counts.map((found) => shifted(found, sentences)))
    settled.numbers.push(...piece.numbers().map((found) => shifted(found, sentences)))
    settled.emails.push(...piece.emails)
    settled.entities.push(...piece.entities)
    for (const [label, found] of settled.labelled) {
      const labelled = piece.labelled(label)
      for (let sentence = 0; sentence <= piece.sentences; sentence++)
        if (labelled(sentence)) found.add(sentence + sentences)
    }
    settled.sentences += piece.sentences
    settled.length += piece.text.length
    cut = to
    for (const at of lineBreaks.keys()) if (at <= cut) lineBreaks.delete(at)
    const kept = Math.max(0, cut - Math.max(behind, lookBehind))
    raw = raw.slice(kept - start)
    start = kept
  }

  return {
    append(chunk) {
      if (chunk === '') return
      raw += chunk
      end += chunk.length
      reading = undefined
    },
    read() {
      if (reading !== undefined) return reading
      const to = cuttable ? nextCut() : undefined
      if (to !== undefined) settle(to)
      const open = readResponse(unquoted(raw.slice(cut - start), quoted))
      reading = cut === 0 ? open : joined(settled, open)
      return reading
    },
  }
}

function shifted(found: LabelledNumber, sentences: number): LabelledNumber {
  return { ...found, sentence: found.sentence + sentences }
}

/** The settled pieces' reading followed by the open piece's. */
function joined(settled: Settled, open: ResponseReading): ResponseReading {
  const { sentences, length } = settled
  let numbers: LabelledNumber[] | undefined
  return {
    text: open.text,
    money: settled.money.concat(
      open.money.map((mention) => ({
        ...mention,
        sentence: mention.sentence + sentences,
        index: mention.index + length,
      })),
    ),
    percentages: settled.percentages.concat(open.percentages.map((found) => shifted(found, sentences))),
    counts: settled.counts.concat(open.counts.map((found) => shifted(found, sentences))),
    emails: settled.emails.concat(open.emails),
    entities: settled.entities.concat(open.entities),
    sentences: sentences + open.sentences,
    lastSentence: sentences + open.lastSentence,
    numbers: () =>
      (numbers ??= settled.numbers.concat(open.numbers().map((found) => shifted(found, sentences)))),
    labelled(label) {
      const before = settled.labelled.get(label)
      // A label the reader was not told of was never looked for in the settled pieces.
      if (before === undefined) throw new Error(`the draft reader was not given the label '${label}'`)
      const after = open.labelled(label)
      // A cut that ends no sentence (`)`, `|`, before `！`) leaves its sentence open: both pieces have it.
      return (sentence) => before.has(sentence) || (sentence >= sentences && after(sentence - sentences))
    },
  }
}
