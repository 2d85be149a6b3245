import { createWordReading, isValueWord, readableWord, type WordReading } from './create-word-reading.ts'
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
 * The streaming judge of a draft's hard-safety expression rules (`refund_amount <= 50`): each
 * chunk is judged with everything before it, and only text whose values are settled is released.
 * It holds back the words at the end that may still be an amount (`$7` may become `$75`,
 * `seventy` `seventy-five dollars`, `$1` `$1k`: `isValueWord`) and, when a rule reads labelled
 * sentences only and would fail were the sentence being written labelled, that sentence from its
 * first amount until it ends. Once a rule fails on the text so far it stops: nothing more is
 * released (`blocked()`), and what it held is dropped.
 *
 * Its own cost is linear in the draft: the word being written is read a chunk at a time
 * (`createWordReading`: a Chinese or Japanese draft is one word from a space to the next, and
 * reading it whole per chunk cost 5 s for 17.6 KB), the whole words held back are read once, the
 * sentence being written is followed chunk by chunk, and the text before what it released and
 * read is dropped. The rules' cost is theirs: `Enforcer.createDraftJudge` reads settled pieces
 * once (`createDraftReader`).
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
  const lowered = labels.map((label) => label.toLowerCase())
  // A label read on pieces of a word is found as on the whole only when it is ASCII: any other is
  // looked for in the whole word each chunk.
  const asciiLabels = lowered.every((label) => [...label].every((character) => character.charCodeAt(0) < 128))
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
  // The word being written (from the last white space on), and, when what was released ends
  // inside it, its part after that (the part `isValueWord` reads of it).
  let word = createWordReading(0, asciiLabels ? lowered : [])
  let unreleased: WordReading | undefined
  // The whole words before it that may be an amount, the last ones up to it (each [start, end),
  // `start` after what was released when the word was ended): what is held with it.
  let run: Array<readonly [number, number]> = []
  let runFrom = 0
  const sentence = createOpenSentence()
  // The draft's last code unit (a `.` that ends a sentence only if white space follows it).
  let last = ''
  const judge = (): boolean => {
    changed = false
    if (rules.fails(false)) {
      stopped = true
      return false
    }
    heldFrom =
      labels.length > 0 && rules.fails(true)
        ? sentence.valueStart(text, base, word)
        : Number.POSITIVE_INFINITY
    return true
  }
  const releaseTo = (end: number): string => {
    if (end <= released) return ''
    const safe = text.slice(released - base, end - base)
    released = end
    // Released into the word being written (all of it so far): its rest is read from here.
    if (released > word.start) unreleased = createWordReading(released, [])
    return safe
  }
  /** A whole word [start, end) ended: held with the run when it may be an amount, else the run ends. */
  const ended = (start: number, end: number, value: boolean): void => {
    if (end <= start) return
    if (!value) {
      run = []
      runFrom = 0
    } else run.push([start, end])
  }
  /**
   * Start of the words at the end after what was released that may still be (or become) an
   * amount, the draft's end if none: the word being written, then the whole words before it.
   */
  const valueTailStart = (): number => {
    let start = length
    const last = unreleased ?? word
    if (last.start < length) {
      if (!last.isValue(true)) return length
      start = last.start
    }
    while (runFrom < run.length && (run[runFrom] as readonly [number, number])[1] <= released) runFrom++
    return runFrom < run.length ? (run[runFrom] as readonly [number, number])[0] : start
  }
  /**
   * Whether the chunk may add or change a value, read with the word it continues (`rest`: what
   * follows that word's end in the chunk): a digit, sign or `%`, a whole number or currency word
   * (one still being written is held, and judged once whole), for labelled bindings also a
   * sentence end or a label.
   */
  const mayChangeValues = (rest: string): boolean => {
    if (word.hasValueCharacter(rest)) return true
    if (rest !== '' && word.length > 0 && !word.isJoining() && word.isValue(false)) return true
    for (const whole of rest.matchAll(/\S+(?=\s)/gu))
      if (!joiningWords.has(readableWord(whole[0])) && isValueWord(whole[0], false)) return true
    if (labels.length === 0) return false
    if (word.hasSentenceEnd(rest)) return true
    if (asciiLabels) return word.hasLabel(rest)
    const read = readableWord(text.slice(word.start - base))
    return lowered.some((label) => read.includes(label))
  }
  /** Drops what no later push reads, once that is most of `text` (each character is copied a bounded number of times). */
  const trim = (): void => {
    const needed = Math.min(released, word.start, sentence.needed(length))
    if ((needed - base) * 2 <= text.length) return
    text = text.slice(needed - base)
    base = needed
  }
  return {
    push(chunk) {
      if (stopped || chunk === '') return ''
      const previous = length
      text += chunk
      length += chunk.length
      rules.append(chunk)
      // The word being written takes the chunk up to its first white space.
      const space = firstSpace(chunk)
      const head = space < 0 ? chunk : chunk.slice(0, space)
      word.add(head)
      unreleased?.add(head)
      const rest = chunk.slice(head.length)
      if (!changed) changed = mayChangeValues(rest)
      if (rest !== '') {
        // It ended: the words after it in the chunk are whole but the last.
        ended(unreleased?.start ?? word.start, previous + head.length, (unreleased ?? word).isValue(false))
        const after = previous + head.length
        const last = lastSpace(rest)
        for (const whole of rest.slice(0, last).matchAll(/\S+/gu))
          ended(after + whole.index, after + whole.index + whole[0].length, isValueWord(whole[0], false))
        word = createWordReading(after + last + 1, asciiLabels ? lowered : [])
        word.add(rest.slice(last + 1))
        unreleased = undefined
      }
      sentence.extend(last, chunk, previous)
      last = chunk.at(-1) as string
      const end = valueTailStart()
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

/** Index of the first white space character of a chunk, -1 if none. */
function firstSpace(chunk: string): number {
  for (let index = 0; index < chunk.length; index++) if (/\s/u.test(chunk[index] as string)) return index
  return -1
}

/** Index of the last white space character of a chunk, -1 if none. */
function lastSpace(chunk: string): number {
  for (let index = chunk.length - 1; index >= 0; index--) if (/\s/u.test(chunk[index] as string)) return index
  return -1
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
    /**
     * Reads the sentence ends a chunk brought, `before` the code unit before it (a `.` waits for
     * what follows). Only they are read: the draft is a string built by appending, and a pattern
     * run on it joins all its pieces first (a CJK draft, never released before its end, was copied
     * whole per chunk).
     */
    extend(before: string, chunk: string, previousLength: number): void {
      const piece = before + chunk
      sentenceEnd.lastIndex = 0
      for (let match = sentenceEnd.exec(piece); match !== null; match = sentenceEnd.exec(piece)) {
        const next = previousLength - before.length + match.index + 1
        if (next === start) continue
        start = next
        checked = start
        first = undefined
      }
    },
    /**
     * Start of the first word of the sentence still being written that may be an amount, else of
     * the sentence: its whole words are read once each, the word being written (`word`, from
     * the last white space on) as it is read.
     */
    valueStart(text: string, base: number, word: WordReading): number {
      if (first !== undefined) return first
      let at = checked
      for (;;) {
        while (at < word.start && /\s/u.test(text[at - base] as string)) at++
        checked = at
        if (at >= word.start) return word.length > 0 && word.isValue(false) ? word.start : start
        let end = at
        while (end < word.start && !/\s/u.test(text[end - base] as string)) end++
        if (isValueWord(text.slice(at - base, end - base), false)) {
          first = at
          return at
        }
        at = end
      }
    },
    /** The first position a later push may read: the last character (a `.` may end a sentence) and the words not yet checked. */
    needed(length: number): number {
      return Math.min(Math.max(0, length - 1), first === undefined ? checked : length)
    },
  }
}

/** Words that change no value on their own (`a hundred`, `seventy and`): no reason to judge again. */
const joiningWords: ReadonlySet<string> = new Set(['a', 'an', 'and'])

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
