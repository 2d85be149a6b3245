import type { MoneyMention } from './extract-money-mentions.ts'
import { type LabelledNumber, type ResponseReading, readResponse } from './extract-response-variables.ts'
import { shortestQuoted, unquoted } from './unquoted.ts'

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

/**
 * A character after which a draft is cut when white space follows it: no reading takes it into
 * a value, a label or a quoted passage's match, nor looks past it (a sentence end, a closing
 * bracket or quote, a table's bar, markdown's marks).
 */
const cutCharacters = '.!?)]|*"`>'
/**
 * A cut: one of those, then ASCII white space (a normalization boundary: nothing after it
 * composes with what is before).
 */
const cutPattern = /[.!?)\]|*"`>](?=[ \t\n\r\f\v])/gu

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
 * Reads a draft as it is written, each settled piece once: the draft is cut after a sentence end
 * (or a closing bracket, quote or bar) followed by white space, where no amount, percentage,
 * number, count, email, entity, label or sentence end read can begin before the cut and end after
 * it, and none reads a character across it (each reader's lookarounds were checked, one
 * character at most, none past those characters). The pieces before the last cut are read once
 * and their values kept, sentences and offsets counted on; every `read` reads only the piece
 * since (a draft streamed in small chunks read its whole text per chunk: quadratic, 2.8 s for
 * 17.6 KB). A quoted passage is blanked the same in pieces as in the whole only when none of it
 * can be near a cut: with passages, a cut keeps their length times their number plus one behind
 * the draft's end and none in reach. A label with one of the cut characters (or none of the
 * above holding) leaves the draft uncut: read whole each time, as before.
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
  // How far a blanked passage can reach past one it overlaps, at most (see `cutsClear`).
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
  // The draft from `start` on (`cut` and a margin before it, for the quoted passages); `end` its length.
  let raw = ''
  let start = 0
  let cut = 0
  let end = 0
  let reading: ResponseReading | undefined

  /** The last cut after `cut` with `behind` characters after it and no quoted passage in reach. */
  const nextCut = (): number | undefined => {
    const candidates: number[] = []
    cutPattern.lastIndex = cut - start
    for (let match = cutPattern.exec(raw); match !== null; match = cutPattern.exec(raw)) {
      const at = start + match.index + 1
      if (at > end - behind) break
      candidates.push(at)
    }
    if (passages.length === 0) return candidates.at(-1)
    const found = occurrences(raw, passages).map(([from, to]) => [start + from, start + to] as const)
    for (let index = candidates.length - 1; index >= 0; index--) {
      const at = candidates[index] as number
      if (found.every(([from, to]) => to <= at - reach || from >= at + reach)) return at
    }
    return undefined
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
    const kept = Math.max(0, cut - behind)
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

/** The settled pieces' reading followed by the open piece's (which starts with white space). */
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
      // A cut that ends no sentence (`)`, `|`) leaves its sentence open: both pieces have it.
      return (sentence) => before.has(sentence) || (sentence >= sentences && after(sentence - sentences))
    },
  }
}

/** Where each passage occurs in a text, overlapping ones too, as [from, to). */
function occurrences(text: string, passages: readonly string[]): Array<readonly [number, number]> {
  const found: Array<readonly [number, number]> = []
  for (const passage of passages)
    for (let at = text.indexOf(passage); at >= 0; at = text.indexOf(passage, at + 1))
      found.push([at, at + passage.length])
  return found
}
