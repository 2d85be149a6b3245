import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { inChunks, joinedText } from '../testing/chunked-text.ts'
import { amountWords } from './amount-vocabulary.ts'
import { checkExpression, compileExpression } from './compile-expression.ts'
import { createEnforcer } from './create-enforcer.ts'
import { extractResponseVariables, readResponse } from './extract-response-variables.ts'
import type { CompiledExpression, EnforcementContext, EnforcementRule, StreamRedactor } from './types.ts'
import { unquoted } from './unquoted.ts'

/** The demo's refund cap: any amount of the reply, the largest, at most $50. */
const refundCap: EnforcementRule = {
  id: 'refund-cap',
  tier: 'hard-safety',
  enforce: {
    expression: 'refund_amount <= 50',
    bindings: [{ name: 'refund_amount', kind: 'money', pick: 'max' }],
    onViolation: 'refuse',
  },
}

/** The same cap over amounts in sentences that mention a refund only. */
const labelledCap: EnforcementRule = {
  ...refundCap,
  enforce: {
    ...refundCap.enforce,
    bindings: [{ name: 'refund_amount', kind: 'money', label: 'refund' }],
  },
}

function judgeOf(rule: EnforcementRule): StreamRedactor {
  const judge = createEnforcer({ rules: [rule] }).createDraftJudge()
  if (judge.type !== 'streamed' || judge.stream === undefined) throw new Error('no stream')
  return judge.stream
}

/** Every way to cut a text: each point in two, one character at a time, three at a time. */
function chunkings(text: string): string[][] {
  const characters = [...text]
  const ways = [characters, text.match(/[\s\S]{1,3}/gu) ?? []]
  for (let at = 1; at < characters.length; at++)
    ways.push([characters.slice(0, at).join(''), characters.slice(at).join('')])
  return ways
}

function run(rule: EnforcementRule, chunks: readonly string[]): { pieces: string[]; blocked: boolean } {
  const stream = judgeOf(rule)
  const pieces: string[] = []
  for (const chunk of chunks) {
    const released = stream.push(chunk)
    if (released !== '') pieces.push(released)
  }
  const rest = stream.flush()
  if (rest !== '') pieces.push(rest)
  return { pieces, blocked: stream.blocked() !== undefined }
}

/** Drafts breaking the cap, from an outside review of the demo over `/v1/chat`. */
const breaking = [
  '$75',
  'seventy-five dollars',
  'USD 75',
  '75 USD',
  '$1k',
  '$ 75',
  '＄７５',
  '75 dollars',
  '75 bucks',
  'a hundred dollars',
  '€75',
  '$7\u200b5',
  '$\u2077\u2075',
  '$1,000',
  '$50.99',
]

describe('createExpressionStream (Enforcer.createDraftJudge)', () => {
  it.each(breaking)('never releases a refund of %s, however the draft is cut', (amount) => {
    const draft = `I have refunded you ${amount} for that order. Anything else?`
    expect(createEnforcer({ rules: [refundCap] }).check(draft).type).toBe('blocked')
    for (const chunks of chunkings(draft)) {
      const { pieces, blocked } = run(refundCap, chunks)
      expect(blocked).toBe(true)
      expect('I have refunded you '.startsWith(pieces.join(''))).toBe(true)
    }
  })

  it('stops at the mention that takes a sum over the cap, never releasing it', () => {
    const sum: EnforcementRule = {
      ...refundCap,
      enforce: { ...refundCap.enforce, bindings: [{ name: 'refund_amount', kind: 'money', pick: 'sum' }] },
    }
    const draft = 'I have refunded you $40 now and another $40 tomorrow, so $80 total.'
    for (const chunks of chunkings(draft)) {
      const { pieces, blocked } = run(sum, chunks)
      expect(blocked).toBe(true)
      expect('I have refunded you $40 now and another '.startsWith(pieces.join(''))).toBe(true)
    }
  })

  it('streams an allowed refund in pieces, holding back only an amount being written', () => {
    const draft = 'I have refunded you $20 for that order. Anything else?'
    for (const chunks of chunkings(draft)) {
      const { pieces, blocked } = run(refundCap, chunks)
      expect(blocked).toBe(false)
      expect(pieces.join('')).toBe(draft)
    }
    const stream = judgeOf(refundCap)
    expect(stream.push('I have refunded you $2')).toBe('I have refunded you ')
    expect(stream.push('0 for')).toBe('')
    expect(stream.push(' that order. Fif')).toBe('$20 for that order. ')
    expect(stream.flush()).toBe('Fif')
  })

  it('holds a labelled amount until its sentence ends, and stops when the label comes after it', () => {
    const late = "You'll get $75 back as a refund."
    for (const chunks of chunkings(late)) {
      const { pieces, blocked } = run(labelledCap, chunks)
      expect(blocked).toBe(true)
      expect(pieces.join('')).not.toMatch(/75/u)
    }
    const other = 'Your order total was $75. Your refund of $20 is on its way.'
    for (const chunks of chunkings(other)) {
      const { pieces, blocked } = run(labelledCap, chunks)
      expect(blocked).toBe(false)
      expect(pieces.join('')).toBe(other)
    }
  })

  it.each(['75%', '75 percent', '75 per cent'])(
    'never releases a discount of %s over a percentage cap',
    (amount) => {
      const discountCap: EnforcementRule = {
        id: 'discount-cap',
        tier: 'hard-safety',
        enforce: {
          expression: 'discount <= 20',
          bindings: [{ name: 'discount', kind: 'percentage' }],
          onViolation: 'refuse',
        },
      }
      const draft = `You get ${amount} off your next order.`
      expect(createEnforcer({ rules: [discountCap] }).check(draft).type).toBe('blocked')
      for (const chunks of chunkings(draft)) {
        const { pieces, blocked } = run(discountCap, chunks)
        expect(blocked).toBe(true)
        expect(pieces.join('')).not.toMatch(/75/u)
      }
    },
  )

  it('holds the whole draft when a hard-safety rule reads a value no partial draft settles', () => {
    const emailRule: EnforcementRule = {
      id: 'own-email',
      tier: 'hard-safety',
      enforce: {
        expression: "contact == 'help@northwind.example'",
        bindings: [{ name: 'contact', kind: 'email' }],
        onViolation: 'refuse',
      },
    }
    expect(createEnforcer({ rules: [emailRule, refundCap] }).createDraftJudge()).toEqual({
      type: 'held',
      ruleIds: ['own-email'],
    })
    const processCap: EnforcementRule = { ...refundCap, tier: 'process' }
    expect(createEnforcer({ rules: [processCap] }).createDraftJudge()).toEqual({ type: 'streamed' })
  })
})

/**
 * The judge as it was before drafts were read in pieces, kept here as the reference: every
 * judgement reads the whole draft so far (quadratic in its length, the same decisions).
 */
function referenceStream(rules: readonly EnforcementRule[], context: EnforcementContext): StreamRedactor {
  const compiled = rules.map((rule) => ({
    rule,
    expression: compileExpression(rule.enforce.expression as string),
  }))
  const fails = (text: string, openSentenceLabelled: boolean): boolean => {
    const bindingText = unquoted(text, context.quoted)
    const reading = readResponse(bindingText)
    return compiled.some(({ rule, expression }) => {
      const bindings = rule.enforce.bindings ?? []
      const extracted = extractResponseVariables(bindingText, bindings, reading, {
        labelOpenSentence: openSentenceLabelled,
      })
      const bound = Object.fromEntries(
        bindings
          .filter((binding) => binding.name in extracted)
          .map((binding) => [binding.name, extracted[binding.name]]),
      )
      const absent = new Set(
        bindings.filter((binding) => !(binding.name in bound)).map((binding) => binding.name),
      )
      const applies = (part: CompiledExpression) =>
        !(part.reads ?? []).some((name) => absent.has(name) && !(part.tests ?? []).includes(name))
      const parts = absent.size === 0 ? [expression] : (expression.parts ?? [expression])
      const variables = { ...extracted, ...context.variables, ...bound, reply: bound }
      return parts.filter(applies).some((part) => checkExpression(part, variables).type !== 'passed')
    })
  }
  const labels = rules.flatMap((rule) =>
    (rule.enforce.bindings ?? []).flatMap((binding) => binding.label ?? []),
  )
  return referenceExpressionStream(fails, labels)
}

// The reference reads the same words as the judge (the amount vocabulary's): what it checks is
// how the judge holds a draft back, not which words it holds back.
const referenceValueWords: ReadonlySet<string> = amountWords
const referenceValueWordList = [...referenceValueWords]
const referenceReadable = (word: string) =>
  word
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .toLowerCase()

function referenceIsValueWord(raw: string, partial: boolean): boolean {
  const word = referenceReadable(raw)
  if (/[\p{N}\p{Sc}]/u.test(word)) return true
  const parts = word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').split(/-+/u)
  if (parts.some((part) => referenceValueWords.has(part))) return true
  const last = parts.at(-1) ?? ''
  return partial && referenceValueWordList.some((value) => value.startsWith(last))
}

function referenceValueTailStart(text: string, from: number): number {
  const words = [...text.slice(from).matchAll(/\S+/gu)]
  let start = text.length
  for (let index = words.length - 1; index >= 0; index--) {
    const word = words[index] as RegExpMatchArray
    const at = from + (word.index ?? 0)
    const partial = index === words.length - 1 && at + word[0].length === text.length
    if (!referenceIsValueWord(word[0], partial)) break
    start = at
  }
  return start
}

function referenceOpenSentenceValueStart(text: string): number {
  let sentence = 0
  for (const end of text.matchAll(/[.!?](?=(?!\uFEFF)\s)|\n/gu)) sentence = end.index + 1
  for (const word of text.slice(sentence).matchAll(/\S+/gu))
    if (referenceIsValueWord(word[0], false)) return sentence + word.index
  return sentence
}

function referenceMayChangeValues(text: string, labels: readonly string[]): boolean {
  if (/[\p{N}\p{Sc}%]/u.test(text)) return true
  const whole = [...text.matchAll(/\S+(?=\s)/gu)]
  const joining = new Set(['a', 'an', 'and'])
  if (whole.some((word) => !joining.has(referenceReadable(word[0])) && referenceIsValueWord(word[0], false)))
    return true
  if (labels.length === 0) return false
  if (/[.!?\n]/u.test(text)) return true
  const read = referenceReadable(text)
  return labels.some((label) => read.includes(label.toLowerCase()))
}

function referenceExpressionStream(
  fails: (text: string, openSentenceLabelled: boolean) => boolean,
  labels: readonly string[],
): StreamRedactor {
  let text = ''
  let released = 0
  let stopped = false
  let changed = false
  let heldFrom = Number.POSITIVE_INFINITY
  const judge = (): boolean => {
    changed = false
    if (fails(text, false)) {
      stopped = true
      return false
    }
    heldFrom =
      labels.length > 0 && fails(text, true)
        ? referenceOpenSentenceValueStart(text)
        : Number.POSITIVE_INFINITY
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
      let from = text.length
      while (from > 0 && !/\s/u.test(text[from - 1] as string)) from--
      text += chunk
      changed ||= referenceMayChangeValues(text.slice(from), labels)
      const end = referenceValueTailStart(text, released)
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

/** What a stream returns for each chunk, then for its flush, and whether it stopped. */
function transcript(
  stream: StreamRedactor,
  chunks: readonly string[],
): { pieces: string[]; blocked: boolean } {
  const pieces = chunks.map((chunk) => stream.push(chunk))
  pieces.push(stream.flush())
  return { pieces, blocked: stream.blocked() !== undefined }
}

/** A passage the engine wrote and quotes (`EnforcementContext.quoted`), sentence ends inside it. */
const quotedPassage = 'You also asked: "refund $70 for NW-1002". Shall I do that now?'

/** Pieces of a sentence: amounts in every notation the reader knows, labels, filler, look-alikes. */
const fragments = fc.constantFrom(
  '$75',
  '$7.50',
  '$20',
  '$1,200',
  '$1k',
  '$2 million',
  '2 grand',
  '30 grand opening',
  'USD 40',
  '40 USD',
  '12 usd',
  '40 euros',
  '€30',
  '75 €',
  '20€',
  '500$',
  '5 $10',
  '$ 6',
  '＄７５',
  '$5\u200b0',
  'A$30',
  '80 US dollars',
  'eighty Canadian dollars',
  '60 US dollars',
  '80 US$',
  'US',
  'us',
  '$8**0**',
  '<b>$8</b><b>0</b>',
  '75,00 €',
  '7500 cents',
  'sixty quid',
  'hundred-dollar',
  '$1OO',
  '8\ufe0f\u20e30\ufe0f\u20e3 dollars',
  '$\u202e08\u202c',
  'forty-five dollars',
  'seventy',
  'seven hundred and eighty bucks',
  'a hundred dollars',
  'twenty dollars and fifty cents',
  '3 dollars 40 cents',
  'five',
  'ninety',
  'one',
  '15%',
  '75 percent',
  '20 per cent',
  '5.5%',
  '3 items',
  '2 orders',
  'order 1234',
  '4.2',
  'refund',
  'refunded',
  'Refund',
  'REFUNDS',
  'credit',
  'store credit',
  'discount',
  'the',
  'your order',
  'shipped',
  'Acme Corp',
  'Jane Doe',
  'jane@example.com',
  'on Tuesday',
  'and',
  'per',
  'for',
  'forty',
  'dollars',
  'k',
  'm',
  '-',
  '(',
  ')',
  '"',
  "'",
  ':',
  ';',
  ',',
  '|',
  '*',
  '`',
  '.',
  '. ',
  '! ',
  '? ',
  '.\n',
  '\n',
  '\n\n',
  '...',
  ') ',
  '| ',
  '" ',
  '\t',
  '\u00a0',
  '\uFEFF',
  '․ ',
  quotedPassage,
  'refund $70 for NW-1002',
  'Shall I do that now? ',
)
const separators = fc.constantFrom(' ', ' ', ' ', '', '  ', '\n', '. ', ', ', '! ', '? ', '.\n', ') ', ':\n')

/** A draft: fragments joined by spaces and punctuation. */
/** A draft of those pieces cut into chunks of 1 to 8 UTF-16 units (a chunk may split a pair). */
const chunked = inChunks(joinedText(fragments, separators, 40), 8)

const cap = (
  id: string,
  expression: string,
  bindings: EnforcementRule['enforce']['bindings'],
): EnforcementRule => ({
  id,
  tier: 'hard-safety',
  enforce: { expression, ...(bindings === undefined ? {} : { bindings }), onViolation: 'refuse' },
})

/** Rule sets: labelled and unlabelled caps, sums, totals, percentages, numbers, conjunctions. */
const ruleSets = fc.constantFrom<EnforcementRule[]>(
  [labelledCap],
  [refundCap],
  [cap('total', 'money_total <= 150', undefined)],
  [cap('amounts', 'size(money_amounts) <= 6 && size(percentages) <= 2', undefined)],
  [cap('sum', 'refund_sum <= 90', [{ name: 'refund_sum', kind: 'money', label: 'refund', pick: 'sum' }])],
  [cap('first', 'first <= 40', [{ name: 'first', kind: 'money', pick: 'first' }])],
  [cap('last-eur', 'eur <= 35', [{ name: 'eur', kind: 'money', currency: 'EUR', pick: 'last' }])],
  [cap('discount', 'discount <= 20', [{ name: 'discount', kind: 'percentage', label: 'discount' }])],
  [cap('number', 'n <= 1000', [{ name: 'n', kind: 'number', label: 'order' }])],
  [
    cap('credit', 'credit <= 50 && refund <= 60', [
      { name: 'credit', kind: 'money', label: 'credit', pick: 'max' },
      { name: 'refund', kind: 'money', label: 'refund', pick: 'min' },
    ]),
    cap('percent', 'percent <= 40', [{ name: 'percent', kind: 'percentage' }]),
  ],
)

/** Streams each chunked draft under each rule set and the reference: the same transcript. */
function expectSameAsReference(drafts: fc.Arbitrary<string[]>, numRuns: number): void {
  fc.assert(
    fc.property(drafts, ruleSets, fc.boolean(), (chunks, rules, quoting) => {
      const context: EnforcementContext = quoting ? { quoted: [quotedPassage] } : {}
      const judge = createEnforcer({ rules }).createDraftJudge(context)
      if (judge.type !== 'streamed' || judge.stream === undefined) throw new Error('no stream')
      expect(transcript(judge.stream, chunks)).toEqual(transcript(referenceStream(rules, context), chunks))
    }),
    { numRuns },
  )
}

describe('createExpressionStream: the same decisions as reading the whole draft each time', () => {
  it('releases what the reference released, chunk by chunk, and stops where it stopped', () => {
    expectSameAsReference(chunked, 400)
  })
})

/**
 * Pieces of lists and Chinese and Japanese replies: a CJK draft is one word from a space to the
 * next, so the word being written grows long; characters NFKC reads as others (`２０`, `𝟓` is
 * `5` and `𝐟` is `f` in two code units, which a chunk may split, a combining accent) and labels
 * in fullwidth letters.
 */
const richFragments = fc.constantFrom(
  '$20',
  '$7',
  '5',
  '75',
  '%',
  'k',
  'USD',
  'dollars',
  'fifty',
  'seventy',
  'five dollars',
  'and',
  'a',
  'refund',
  'ｒｅｆｕｎｄ',
  'credit',
  'discount',
  'order 1234',
  '2 grand',
  '- ',
  '* ',
  '1. ',
  '\n',
  '\n\n',
  '\n- ',
  '退款',
  '美元',
  '谢谢您的耐心',
  'ご注文',
  '返金しました',
  'ドル',
  '２０',
  '１５％',
  '＄',
  '𝟓',
  '𝐟ive',
  'é',
  'e\u0301',
  '\u200b',
  '。',
  '！',
  '？',
  '.',
  ', ',
  quotedPassage,
)
const richSeparators = fc.constantFrom('', '', '', ' ', '\n', '\n- ', '。', '-')
const richChunked = inChunks(joinedText(richFragments, richSeparators, 50), 8)

describe('createExpressionStream: lists and CJK drafts', () => {
  it('releases what the reference released, chunk by chunk, and stops where it stopped', () => {
    expectSameAsReference(richChunked, 300)
  }, 30_000)

  it('reads each character of a long word a bounded number of times (a CJK draft is one word)', () => {
    const sentences = [
      '我已为订单NW-1001的延迟配送向您退款$20。',
      '您的35美元退款将在五个工作日内退回您的卡。',
      '作为补偿，您下次订单可享受15%的折扣！',
      '如果您更喜欢商店积分，那将是45美元。',
    ]
    let draft = ''
    for (let index = 0; draft.length < 17_600; index++) draft += sentences[index % sentences.length]
    const normalize = vi.spyOn(String.prototype, 'normalize')
    // Characters handed to a pattern, each text once per pattern (a pattern run over the draft
    // itself joins its appended pieces into one string first, a copy of all of it).
    const { exec } = RegExp.prototype
    const scanned = new WeakMap<RegExp, string>()
    let patterned = 0
    RegExp.prototype.exec = function (this: RegExp, input: string) {
      if (scanned.get(this) !== input) {
        patterned += input.length
        scanned.set(this, input)
      }
      return exec.call(this, input)
    }
    try {
      for (const rules of [[refundCap], [labelledCap]]) {
        const judge = createEnforcer({ rules }).createDraftJudge()
        if (judge.type !== 'streamed' || judge.stream === undefined) throw new Error('no stream')
        normalize.mockClear()
        patterned = 0
        let released = ''
        for (let at = 0; at < draft.length; at += 2) released += judge.stream.push(draft.slice(at, at + 2))
        released += judge.stream.flush()
        expect(released).toBe(draft)
        // Characters normalised (NFKC), by the stream and the reader, and handed to patterns:
        // read whole per chunk, the word being written cost 4,400 times the draft's length.
        const normalised = normalize.mock.contexts.reduce<number>(
          (total, text) => total + String(text).length,
          0,
        )
        expect(normalised).toBeLessThan(20 * draft.length)
        expect(patterned).toBeLessThan(100 * draft.length)
      }
    } finally {
      normalize.mockRestore()
      RegExp.prototype.exec = exec
    }
  })
})
