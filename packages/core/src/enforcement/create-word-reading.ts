import { amountWords } from './amount-vocabulary.ts'

const valueWordList = [...amountWords]
/** No part longer than this can be one of {@link amountWords}, nor begin one. */
const longestValueWord = Math.max(...valueWordList.map((word) => word.length))

/** A word as the money reader sees it (compatibility forms folded, invisible characters dropped), lowercased. */
export function readableWord(word: string): string {
  // ASCII is its own NFKC form and has no invisible formatting character.
  if (!nonAscii.test(word)) return word.toLowerCase()
  return word
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .toLowerCase()
}
const nonAscii = /[\u0080-\u{10ffff}]/u

/**
 * Whether a word may belong to an amount (a digit or currency sign, or a part between hyphens
 * that is one of `amountWords`); `partial` (the text's last word, still being written) also when
 * it could become such a word (`for` of `forty`, `doll` of `dollars`).
 */
export function isValueWord(raw: string, partial: boolean): boolean {
  const word = readableWord(raw)
  if (/[\p{N}\p{Sc}]/u.test(word)) return true
  const parts = word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').split(/-+/u)
  if (parts.some((part) => amountWords.has(part))) return true
  const last = parts.at(-1) ?? ''
  return partial && valueWordList.some((value) => value.startsWith(last))
}

/**
 * Code units NFKC may join to what is before them (a mark, a Hangul vowel or final consonant, a
 * character that decomposes into one, a surrogate): before any other, a text is normalised the
 * same in two parts as whole (`create-word-reading.test.ts` checks every code point).
 */
export const joinsBack =
  /[\p{M}\p{Cs}\u0e33\u0eb3\u1160-\u11ff\u3131-\u318e\uff9e-\uffdc\u{16d60}-\u{16d7f}]/u

/**
 * `isValueWord` of a word read one character at a time: the parts between hyphens (of the word
 * stripped of the non-letters at its ends), each kept only while it is short enough to be a value
 * word, and whether a digit or currency sign was seen.
 */
interface Parts {
  sign: boolean
  /** A part before a hyphen was a value word. */
  done: boolean
  /** A letter was seen (the non-letters before it are no part). */
  seen: boolean
  /** The part being read, to its last letter (`undefined`: longer than any value word). */
  part: string | undefined
  /** The non-letters after that letter, before a hyphen; and after the last hyphen, if one came. */
  trail: string | undefined
  hyphen: boolean
  after: string | undefined
}

/** `a + b + c`, or undefined once longer than a value word (or when one is). */
function joined(...pieces: Array<string | undefined>): string | undefined {
  let text = ''
  for (const piece of pieces) {
    if (piece === undefined) return undefined
    text += piece
  }
  return text.length > longestValueWord ? undefined : text
}

function readParts(parts: Parts, readable: string): void {
  for (const character of readable) {
    const code = character.charCodeAt(0)
    const ascii = code < 128
    if (!parts.sign && (ascii ? (code >= 48 && code <= 57) || code === 36 : /[\p{N}\p{Sc}]/u.test(character)))
      parts.sign = true
    if (ascii ? (code >= 97 && code <= 122) || (code >= 65 && code <= 90) : /\p{L}/u.test(character)) {
      if (!parts.seen) {
        parts.seen = true
        parts.part = character
      } else if (!parts.hyphen) parts.part = joined(parts.part, parts.trail, character)
      else {
        const part = joined(parts.part, parts.trail)
        if (part !== undefined && amountWords.has(part)) parts.done = true
        parts.part = joined(parts.after, character)
      }
      parts.trail = ''
      parts.hyphen = false
      parts.after = ''
    } else if (parts.seen) {
      if (character === '-') {
        parts.hyphen = true
        parts.after = ''
      } else if (parts.hyphen) parts.after = joined(parts.after, character)
      else parts.trail = joined(parts.trail, character)
    }
  }
}

function partsValue(parts: Parts, partial: boolean): boolean {
  if (parts.sign || parts.done) return true
  const last = parts.seen ? parts.part : ''
  if (last === undefined) return false
  return amountWords.has(last) || (partial && valueWordList.some((value) => value.startsWith(last)))
}

/** A word being written, read as `isValueWord` reads it, each character once: {@link createWordReading}. */
export interface WordReading {
  /** Where the word starts in the draft. */
  readonly start: number
  /** The word's length so far (code units). */
  readonly length: number
  /** Adds what was written of it since (no white space). */
  add(raw: string): void
  /** `isValueWord(word, partial)`. */
  isValue(partial: boolean): boolean
  /** Whether the word reads as `a`, `an` or `and` (a word that joins a number's words). */
  isJoining(): boolean
  /** Whether `word + next` has a digit, a currency sign or `%`, as written. */
  hasValueCharacter(next: string): boolean
  /** Whether `word + next` has `.`, `!`, `?` or a line break, as written. */
  hasSentenceEnd(next: string): boolean
  /** Whether `readableWord(word + next)` holds one of the labels the reading was made with. */
  hasLabel(next: string): boolean
}

/**
 * Reads a word as it is written, each character once: what `isValueWord` says of it, whether it
 * joins number words, has a digit, sign or sentence end, and holds a label, however long it grows
 * (a Chinese or Japanese draft is one word from a space to the next: read whole per chunk, it cost
 * the square of its length). The word is normalised in pieces, cut before characters NFKC never
 * joins to what is before them ({@link joinsBack}); only the piece since the last such character
 * is read again. `labels` must be lowercase ASCII (their `includes` on pieces is exact only then).
 *
 * @example
 * const word = createWordReading(0, [])
 * word.add('seventy-')
 * word.add('fi')
 * word.isValue(true) // true
 */
export function createWordReading(start: number, labels: readonly string[]): WordReading {
  return new GrowingWord(start, labels)
}

/** A digit, a currency sign or `%`; `.`, `!` or `?`; a high surrogate at the end. */
const valueCharacters = /[\p{N}\p{Sc}%]/u
const sentenceEnds = /[.!?]/u
const highAtEnd = /[\ud800-\udbff]$/u

class GrowingWord implements WordReading {
  readonly start: number
  length = 0
  // The readable word is `readableWord(stable) + readableWord(pending)`: `pending` starts at the
  // last code unit NFKC does not join back, so what is before it reads the same whatever follows.
  private pending = ''
  private readonly parts: Parts = {
    sign: false,
    done: false,
    seen: false,
    part: '',
    trail: '',
    hyphen: false,
    after: '',
  }
  private valueCharacter = false
  private sentenceEnd = false
  // A high surrogate the word ends with (its pair may come with the next chunk).
  private high = ''
  // The readable stable part while it has 3 characters at most (`isJoining`), its last characters
  // (a label across it and `pending`), and whether a label was in it.
  private head: string | undefined = ''
  private readonly labels: readonly string[]
  private readonly keep: number
  private tail = ''
  private labelled = false

  constructor(start: number, labels: readonly string[]) {
    this.start = start
    this.labels = labels
    this.keep = labels.length === 0 ? 0 : Math.max(...labels.map((label) => label.length - 1))
  }

  add(raw: string): void {
    if (raw === '') return
    this.length += raw.length
    if (!this.valueCharacter) this.valueCharacter = valueCharacters.test(this.high + raw)
    if (!this.sentenceEnd) this.sentenceEnd = sentenceEnds.test(raw)
    this.high = highAtEnd.test(raw) ? (raw.at(-1) as string) : ''
    const from = this.pending.length
    const pending = this.pending + raw
    this.pending = pending
    for (let index = pending.length - 1; index >= Math.max(1, from); index--)
      if (!joinsBack.test(pending[index] as string)) {
        this.stabilise(pending.slice(0, index))
        this.pending = pending.slice(index)
        return
      }
  }

  private stabilise(raw: string): void {
    const readable = readableWord(raw)
    readParts(this.parts, readable)
    const head = this.head
    this.head = head === undefined || head.length + readable.length > 3 ? undefined : head + readable
    if (this.labels.length === 0) return
    const seen = this.tail + readable
    if (!this.labelled && this.labels.some((label) => seen.includes(label))) this.labelled = true
    this.tail = seen.slice(Math.max(0, seen.length - this.keep))
  }

  isValue(partial: boolean): boolean {
    const parts = this.parts
    if (parts.sign || parts.done) return partsValue(parts, partial)
    const copy = { ...parts }
    readParts(copy, readableWord(this.pending))
    return partsValue(copy, partial)
  }

  isJoining(): boolean {
    if (this.head === undefined) return false
    const word = this.head + readableWord(this.pending)
    return word === 'a' || word === 'an' || word === 'and'
  }

  hasValueCharacter(next: string): boolean {
    return this.valueCharacter || valueCharacters.test(this.high + next)
  }

  hasSentenceEnd(next: string): boolean {
    return this.sentenceEnd || /[.!?\n]/u.test(next)
  }

  hasLabel(next: string): boolean {
    if (this.labelled) return true
    const seen = this.tail + readableWord(this.pending + next)
    return this.labels.some((label) => seen.includes(label))
  }
}
