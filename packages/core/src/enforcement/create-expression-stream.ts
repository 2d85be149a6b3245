import { amountWords } from './amount-vocabulary.ts'
import type { EnforcementRule, StreamRedactor } from './types.ts'

/** The rules a draft's expression stream judges, fed the draft as it grows. */
export interface DraftRules {
  /** Adds what was written since (each chunk once, in order, before the next `fails`). */
  append(chunk: string): void
  /**
   * Whether the rules fail on the draft so far (a value still being written included);
   * `openSentenceLabelled` reads the sentence still being written as if it held every binding's
   * label (it may yet: "You'll get $75 back as a refund").
   */
  fails(openSentenceLabelled: boolean): boolean
}

/** Options of {@link createExpressionStream}. */
export interface ExpressionStreamOptions {
  /** The rules, judged on the draft (`Enforcer.createDraftJudge` reads it in pieces: `createDraftReader`). */
  rules: DraftRules
  /** The labels of bindings read from labelled sentences only. @default [] */
  labels?: readonly string[]
}

/**
 * Words that may be part of an amount or change one being written (`$1` + `k`, `75` + ` dollars`,
 * `75` + ` percent`: `amountWords`). A word with a digit or a currency sign always may.
 */
const valueWords: ReadonlySet<string> = amountWords
const valueWordList = [...valueWords]

/** A word as the money reader sees it (compatibility forms folded, invisible characters dropped). */
function readable(word: string): string {
  return word
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .toLowerCase()
}

/**
 * Whether a word may belong to an amount; `partial` (the text's last word, still being written)
 * also when it could become such a word (`for` of `forty`, `doll` of `dollars`).
 */
function isValueWord(raw: string, partial: boolean): boolean {
  const word = readable(raw)
  if (/[\p{N}\p{Sc}]/u.test(word)) return true
  const parts = word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').split(/-+/u)
  if (parts.some((part) => valueWords.has(part))) return true
  const last = parts.at(-1) ?? ''
  return partial && valueWordList.some((value) => value.startsWith(last))
}

/**
 * The streaming judge of a draft's hard-safety expression rules (`refund_amount <= 50`): each
 * chunk is judged with everything before it, and only text whose values are settled is released.
 * It holds back the words at the end that may still be an amount (`$7` may become `$75`,
 * `seventy` `seventy-five dollars`, `$1` `$1k`) and, when a rule reads labelled sentences only
 * and would fail were the sentence being written labelled, that sentence from its first amount
 * until it ends. Once a rule fails on the text so far it stops: nothing more is released
 * (`blocked()`), and what it held is dropped.
 *
 * Its own cost is linear in the draft: the held words are read back from the end, the sentence
 * being written is followed chunk by chunk, and the text before what it released and read is
 * dropped (a growing string read whole per chunk is copied whole per chunk). The rules' cost is
 * theirs: `Enforcer.createDraftJudge` reads settled sentences once (`createDraftReader`).
 *
 * @example
 * let draft = ''
 * const stream = createExpressionStream({ rules: {
 *   append: (chunk) => { draft += chunk },
 *   fails: () => enforcer.check(draft).type !== 'allowed',
 * } })
 * stream.push('I have refunded you $7') // 'I have refunded you '
 * stream.push('5 for that order.') // '' (blocked)
 */
export function createExpressionStream(options: ExpressionStreamOptions): StreamRedactor {
  const { rules, labels = [] } = options
  // The draft from `base` on (`text`): what is before is released and read no more. Every
  // position below counts from the draft's start; `length` is the draft's.
  let text = ''
  let base = 0
  let length = 0
  let released = 0
  let stopped = false
  // Whether text that may change a value came since the rules were last judged: prose with no
  // digit, sign, number or currency word, label or sentence end cannot, and is not judged again.
  let changed = false
  // Where the sentence being written is held from (a labelled binding would fail were it labelled).
  let heldFrom = Number.POSITIVE_INFINITY
  // Where the last word starts (the word a chunk continues).
  let wordStart = 0
  const sentence = createOpenSentence()
  const at = (position: number): string => text.slice(position - base)
  const judge = (): boolean => {
    changed = false
    if (rules.fails(false)) {
      stopped = true
      return false
    }
    heldFrom =
      labels.length > 0 && rules.fails(true) ? sentence.valueStart(text, base) : Number.POSITIVE_INFINITY
    return true
  }
  const releaseTo = (end: number): string => {
    if (end <= released) return ''
    const safe = text.slice(released - base, end - base)
    released = end
    return safe
  }
  /** Drops what no later push reads, once that is most of `text` (each character is copied a bounded number of times). */
  const trim = (): void => {
    const needed = Math.min(released, wordStart, sentence.needed(length))
    if ((needed - base) * 2 <= text.length) return
    text = text.slice(needed - base)
    base = needed
  }
  return {
    push(chunk) {
      if (stopped || chunk === '') return ''
      const from = wordStart
      text += chunk
      length += chunk.length
      rules.append(chunk)
      const space = lastSpace(chunk)
      if (space >= 0) wordStart = length - chunk.length + space + 1
      sentence.extend(text, base, length - chunk.length)
      changed ||= mayChangeValues(at(from), labels)
      const end = valueTailStart(text, base, released)
      // Judged only before releasing: whatever is held is judged with what comes after it.
      const safe = end <= released || (changed && !judge()) ? '' : releaseTo(Math.min(end, heldFrom))
      trim()
      return safe
    },
    flush() {
      if (stopped || !judge()) return ''
      return releaseTo(length)
    },
    findings: () => [],
    blocked: () => (stopped ? { type: 'blocked', findings: [] } : undefined),
  }
}

/** Index of the last white space character of a chunk, -1 if none. */
function lastSpace(chunk: string): number {
  for (let index = chunk.length - 1; index >= 0; index--) if (/\s/u.test(chunk[index] as string)) return index
  return -1
}

/**
 * Start of the trailing run of words after `from` that may still be (or become) an amount; the
 * text's end if none. Read backwards from the end, so only that run is read (`text` starts at
 * `base` of the draft; positions count from the draft's start).
 */
function valueTailStart(text: string, base: number, from: number): number {
  const floor = from - base
  let start = text.length
  let index = text.length
  while (index > floor) {
    while (index > floor && /\s/u.test(text[index - 1] as string)) index--
    if (index <= floor) break
    const wordEnd = index
    while (index > floor && !/\s/u.test(text[index - 1] as string)) index--
    if (!isValueWord(text.slice(index, wordEnd), wordEnd === text.length)) break
    start = index
  }
  return base + start
}

/** Sentence ends as `sentenceOf` ends them, at `.`, `!` or `?` before white space, or a line break; a byte order mark is no space here, the reader drops it. */
const sentenceEnd = /[.!?](?=(?!\uFEFF)\s)|\n/gu

/**
 * The sentence being written, followed as the draft grows: where it starts and its first word
 * that may be an amount (the words before it read once: a whole word that is none stays none).
 */
function createOpenSentence() {
  let start = 0
  // Whole words of the sentence before this are no amount; its first that is, once found.
  let checked = 0
  let first: number | undefined
  return {
    /** Reads the sentence ends the last chunk brought (from the character before it: a `.` waits for what follows). */
    extend(text: string, base: number, previousLength: number): void {
      sentenceEnd.lastIndex = Math.max(0, previousLength - 1) - base
      for (let match = sentenceEnd.exec(text); match !== null; match = sentenceEnd.exec(text)) {
        const next = base + match.index + 1
        if (next === start) continue
        start = next
        checked = start
        first = undefined
      }
    },
    /** Start of the first word of the sentence still being written that may be an amount, else of the sentence. */
    valueStart(text: string, base: number): number {
      if (first !== undefined) return first
      const words = /\S+/gu
      words.lastIndex = checked - base
      for (let word = words.exec(text); word !== null; word = words.exec(text)) {
        const whole = word.index + word[0].length < text.length
        if (isValueWord(word[0], false)) {
          if (whole) first = base + word.index
          return base + word.index
        }
        if (!whole) break
        checked = base + word.index + word[0].length
      }
      return start
    },
    /** The first position a later push may read: the last character (a `.` may end a sentence) and the words not yet checked. */
    needed(length: number): number {
      return Math.min(Math.max(0, length - 1), first === undefined ? checked : length)
    },
  }
}

/** Words that change no value on their own (`a hundred`, `seventy and`): no reason to judge again. */
const joiningWords: ReadonlySet<string> = new Set(['a', 'an', 'and'])

/**
 * Whether a text may add or change a value: a word with a digit or sign, a number or currency word
 * written whole (one still being written is held, and judged once whole), `%`; for labelled
 * bindings also a sentence end or a label.
 */
function mayChangeValues(text: string, labels: readonly string[]): boolean {
  if (/[\p{N}\p{Sc}%]/u.test(text)) return true
  const whole = [...text.matchAll(/\S+(?=\s)/gu)]
  if (whole.some((word) => !joiningWords.has(readable(word[0])) && isValueWord(word[0], false))) return true
  if (labels.length === 0) return false
  if (/[.!?\n]/u.test(text)) return true
  const read = readable(text)
  return labels.some((label) => read.includes(label.toLowerCase()))
}

/** Response variables whose value a partial draft settles once the amount being written is held back. */
const settledByParts: ReadonlySet<string> = new Set(['money_amounts', 'money_total', 'percentages', 'reply'])

/**
 * Whether a rule reading `reads` can be judged on the text written so far: it reads only amounts, numbers and
 * percentages of the reply and the turn's own variables, never an email, entity or count still
 * being written (`jane@example.c` of `.com`, `3 item` of `3 items`).
 */
export function judgedWhileWritten(
  rule: EnforcementRule,
  reads: readonly string[],
  variables: Record<string, unknown> | undefined,
): boolean {
  const bindings = rule.enforce.bindings ?? []
  return reads.every((name) => {
    const binding = bindings.find((candidate) => candidate.name === name)
    if (binding !== undefined) return ['money', 'number', 'percentage'].includes(binding.kind)
    return settledByParts.has(name) || (variables !== undefined && name in variables)
  })
}
