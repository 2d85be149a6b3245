import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { createDraftReader } from './create-draft-reader.ts'
import { createEnforcer } from './create-enforcer.ts'
import { extractResponseVariables, readResponse } from './extract-response-variables.ts'
import type { EnforcementRule, VariableBinding } from './types.ts'
import { unquoted } from './unquoted.ts'

/** Characters the reader hands the money, percentage and label readers (`readResponse`), counted. */
const read = vi.hoisted(() => ({ characters: 0, calls: 0 }))
vi.mock('./extract-response-variables.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./extract-response-variables.ts')>()
  return {
    ...original,
    readResponse: (text: string) => {
      read.characters += text.length
      read.calls++
      return original.readResponse(text)
    },
  }
})

const quotedPassage = 'You also asked: "refund $70 for NW-1002". Shall I do that now?'

const fragments = fc.constantFrom(
  '$75',
  '$7.50',
  '$1,200',
  '$1k',
  '$2 million',
  '2 grand',
  '30 grand opening',
  'USD 40',
  '40 USD',
  '40 euros',
  '€30',
  '75 €',
  '500$',
  '5 $10',
  '$ 6',
  '＄７５',
  '$5\u200b0',
  'forty-five dollars',
  'seventy',
  'a hundred dollars',
  'twenty dollars and fifty cents',
  'five',
  '15%',
  '75 percent',
  '20 per cent',
  '3 items',
  'order 1234',
  '4.2',
  'refund',
  'Refunded',
  'credit',
  'discount',
  'the',
  'Acme Corp',
  'Jane Doe',
  'jane@example.com',
  'and',
  'per',
  'for',
  'dollars',
  'k',
  '-',
  '(',
  ')',
  '"',
  "'",
  ':',
  ',',
  '|',
  '*',
  '`',
  '>',
  '.',
  '. ',
  '! ',
  '? ',
  '.\n',
  '\n',
  '\n\n',
  ') ',
  '| ',
  '" ',
  '\t',
  '\u00a0',
  '\uFEFF',
  '․ ',
  '\u0301',
  quotedPassage,
  'refund $70 for NW-1002',
  'Shall I do that now? ',
)
const separators = fc.constantFrom(
  ' ',
  ' ',
  '',
  '  ',
  '\n',
  '. ',
  ', ',
  '! ',
  '? ',
  '.\n',
  ') ',
  ':\n',
  '|\n',
)
const chunkedDrafts = fc
  .array(fc.tuple(fragments, separators), { minLength: 1, maxLength: 40 })
  .map((parts) => parts.map(([fragment, separator]) => fragment + separator).join(''))
  .chain((draft) =>
    fc
      .array(fc.integer({ min: 1, max: 12 }), { minLength: draft.length, maxLength: draft.length })
      .map((sizes) => {
        const chunks: string[] = []
        for (let at = 0, index = 0; at < draft.length; index++) {
          chunks.push(draft.slice(at, at + (sizes[index] ?? 1)))
          at += sizes[index] ?? 1
        }
        return chunks
      }),
  )

/** A binding of every kind a draft is judged by, labelled and not, with every pick. */
const bindings: VariableBinding[] = [
  { name: 'refund', kind: 'money', label: 'refund' },
  { name: 'credit_sum', kind: 'money', label: 'credit', pick: 'sum' },
  { name: 'first', kind: 'money', pick: 'first' },
  { name: 'last_eur', kind: 'money', currency: 'EUR', pick: 'last' },
  { name: 'least', kind: 'money', pick: 'min' },
  { name: 'discount', kind: 'percentage', label: 'discount' },
  { name: 'percent', kind: 'percentage', pick: 'sum' },
  { name: 'order', kind: 'number', label: 'order' },
  { name: 'number', kind: 'number', pick: 'last' },
]
const labels = bindings.flatMap((binding) => binding.label ?? [])

describe('createDraftReader', () => {
  it('reads a growing draft as the whole draft is read, after every chunk', () => {
    fc.assert(
      fc.property(chunkedDrafts, fc.boolean(), (chunks, quoting) => {
        const quoted = quoting ? [quotedPassage] : undefined
        const reader = createDraftReader({ quoted, labels })
        let draft = ''
        for (const chunk of chunks) {
          draft += chunk
          reader.append(chunk)
          const whole = readResponse(unquoted(draft, quoted))
          const pieces = reader.read()
          expect(pieces.money).toEqual(whole.money)
          expect([pieces.sentences, pieces.lastSentence]).toEqual([whole.sentences, whole.lastSentence])
          for (const labelOpenSentence of [false, true])
            expect(extractResponseVariables('', bindings, pieces, { labelOpenSentence })).toEqual(
              extractResponseVariables('', bindings, whole, { labelOpenSentence }),
            )
        }
      }),
      { numRuns: 300 },
    )
  })

  it('reads each settled sentence once: a long draft costs a bounded multiple of its length', () => {
    const sentences = [
      'I have refunded you $20 for the late delivery of order NW-1001.',
      'Your refund of 35 dollars should reach your card within five business days!',
      'We also took 15% off your next order as an apology (a discount).',
      'Shipping was USD 12.50, and store credit would be forty-five dollars instead?',
    ]
    let draft = ''
    for (let index = 0; draft.length < 17_600; index++) draft += `${sentences[index % sentences.length]} `
    const rules: EnforcementRule[] = [
      {
        id: 'refund-cap',
        tier: 'hard-safety',
        enforce: {
          expression: 'refund <= 50 && money_total <= 1000000',
          bindings: [{ name: 'refund', kind: 'money', label: 'refund' }],
          onViolation: 'refuse',
        },
      },
      {
        id: 'discount-cap',
        tier: 'hard-safety',
        enforce: {
          expression: 'discount <= 20',
          bindings: [{ name: 'discount', kind: 'percentage', label: 'discount' }],
          onViolation: 'refuse',
        },
      },
    ]
    for (const quoted of [undefined, [quotedPassage]]) {
      const judge = createEnforcer({ rules }).createDraftJudge(quoted === undefined ? {} : { quoted })
      if (judge.type !== 'streamed' || judge.stream === undefined) throw new Error('no stream')
      read.characters = 0
      read.calls = 0
      let released = ''
      for (let at = 0; at < draft.length; at += 2) released += judge.stream.push(draft.slice(at, at + 2))
      released += judge.stream.flush()
      expect(released).toBe(draft)
      // Each judgement reads the sentence being written (and, with quoted passages, a few hundred
      // characters more); reading the whole draft each time read 650 times its length here (2.5 and 10 now).
      expect(read.calls).toBeGreaterThan(500)
      expect(read.characters).toBeLessThan((quoted === undefined ? 5 : 20) * draft.length)
    }
  })
})
