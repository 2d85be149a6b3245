import { moneyWordCurrencies } from './extract-money-mentions.ts'
import type { EnforcementRule, StreamRedactor } from './types.ts'

/** Options of {@link createExpressionStream}. */
export interface ExpressionStreamOptions {
  /**
   * Whether the rules fail on a text (the draft so far, a value still being written included);
   * `openSentenceLabelled` reads the sentence still being written as if it held every binding's
   * label (it may yet: "You'll get $75 back as a refund").
   */
  fails(text: string, openSentenceLabelled: boolean): boolean
  /** The labels of bindings read from labelled sentences only. @default [] */
  labels?: readonly string[]
}

/**
 * Words that may be part of an amount or change one being written: number words, scales
 * (`$1` + `k`), currency words and codes (`75` + ` dollars`), the words of a percentage (`75` +
 * ` percent`, ` per cent`: the reader's `percentPattern`). A word with a digit or a currency
 * sign always may.
 */
const valueWords: ReadonlySet<string> = new Set([
  ...(
    'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen ' +
    'sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety ' +
    'hundred thousand million billion grand k m a an and cent cents dollar dollars buck bucks euro ' +
    'euros pound pounds percent per'
  ).split(' '),
  ...Object.keys(moneyWordCurrencies).flatMap((word) => word.split(' ')),
])
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
 * Start of the trailing run of words after `from` that may still be (or become) an amount;
 * `text.length` if none.
 */
function valueTailStart(text: string, from: number): number {
  const words = [...text.slice(from).matchAll(/\S+/gu)]
  let start = text.length
  for (let index = words.length - 1; index >= 0; index--) {
    const word = words[index] as RegExpMatchArray
    const at = from + (word.index ?? 0)
    const partial = index === words.length - 1 && at + word[0].length === text.length
    if (!isValueWord(word[0], partial)) break
    start = at
  }
  return start
}

/**
 * Start of the first word of the sentence still being written that may be an amount (sentences
 * end as `sentenceOf` ends them, at `.`, `!` or `?` before white space, or a line break; a byte
 * order mark is no space here, the reader drops it).
 */
function openSentenceValueStart(text: string): number {
  let sentence = 0
  for (const end of text.matchAll(/[.!?](?=(?!\uFEFF)\s)|\n/gu)) sentence = end.index + 1
  for (const word of text.slice(sentence).matchAll(/\S+/gu))
    if (isValueWord(word[0], false)) return sentence + word.index
  return sentence
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
 * @example
 * const stream = createExpressionStream({ fails: (text) => enforcer.check(text).type !== 'allowed' })
 * stream.push('I have refunded you $7') // 'I have refunded you '
 * stream.push('5 for that order.') // '' (blocked)
 */
export function createExpressionStream(options: ExpressionStreamOptions): StreamRedactor {
  const { fails, labels = [] } = options
  let text = ''
  let released = 0
  let stopped = false
  // Whether text that may change a value came since the rules were last judged: prose with no
  // digit, sign, number or currency word, label or sentence end cannot, and is not judged again
  // (each judgement reads the whole draft: per token, a 4 KB reply took about a second).
  let changed = false
  // Where the sentence being written is held from (a labelled binding would fail were it labelled).
  let heldFrom = Number.POSITIVE_INFINITY
  const judge = (): boolean => {
    changed = false
    if (fails(text, false)) {
      stopped = true
      return false
    }
    heldFrom =
      labels.length > 0 && fails(text, true) ? openSentenceValueStart(text) : Number.POSITIVE_INFINITY
    return true
  }
  const releaseTo = (end: number): string => {
    if (end <= released) return ''
    const safe = text.slice(released, end)
    released = end
    return safe
  }
  return {
    push(chunk) {
      if (stopped || chunk === '') return ''
      // From the start of the word the chunk continues.
      let from = text.length
      while (from > 0 && !/\s/u.test(text[from - 1] as string)) from--
      text += chunk
      changed ||= mayChangeValues(text.slice(from), labels)
      const end = valueTailStart(text, released)
      // Judged only before releasing: whatever is held is judged with what comes after it.
      if (end <= released || (changed && !judge())) return ''
      return releaseTo(Math.min(end, heldFrom))
    },
    flush() {
      if (stopped || !judge()) return ''
      return releaseTo(text.length)
    },
    findings: () => [],
    blocked: () => (stopped ? { type: 'blocked', findings: [] } : undefined),
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
