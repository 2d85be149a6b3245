import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { inChunks, joinedText } from '../testing/chunked-text.ts'
import { createDraftReader, type DraftReader } from './create-draft-reader.ts'
import { createEnforcer } from './create-enforcer.ts'
import { extractResponseVariables, readResponse } from './extract-response-variables.ts'
import type { EnforcementRule, VariableBinding } from './types.ts'
import { unquoted } from './unquoted.ts'

/**
 * Characters the reader hands the money, percentage and label readers (`readResponse`), and those
 * its cut checks read (`readableText`: around a line break), counted.
 */
const read = vi.hoisted(() => ({ characters: 0, calls: 0, checked: 0, searched: 0 }))
vi.mock('./extract-response-variables.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./extract-response-variables.ts')>()
  return {
    ...original,
    readResponse: (text: string) => {
      read.characters += text.length
      read.calls++
      return original.readResponse(text)
    },
    readableText: (text: string) => {
      read.checked += text.length
      return original.readableText(text)
    },
  }
})
/** And the characters it searches for quoted passages. */
vi.mock('./unquoted.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./unquoted.ts')>()
  return {
    ...original,
    quotedOccurrences: (text: string, passages: readonly string[]) => {
      read.searched += text.length
      return original.quotedOccurrences(text, passages)
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
const chunkedDrafts = inChunks(joinedText(fragments, separators, 40), 12)

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

/**
 * Expects the reader's reading of a draft so far to be the whole draft's: values, sentences,
 * labelled sentences (of every label it was given) and bound variables.
 */
function expectWholeReading(
  reader: DraftReader,
  draft: string,
  quoted?: readonly string[],
  given: readonly string[] = labels,
): void {
  const whole = readResponse(unquoted(draft, quoted))
  const pieces = reader.read()
  const sentences = Array.from({ length: whole.sentences + 1 }, (_, index) => index)
  for (const label of given)
    expect(sentences.filter(pieces.labelled(label))).toEqual(sentences.filter(whole.labelled(label)))
  expect(pieces.money).toEqual(whole.money)
  expect(pieces.percentages).toEqual(whole.percentages)
  expect(pieces.counts).toEqual(whole.counts)
  expect(pieces.numbers()).toEqual(whole.numbers())
  expect([pieces.emails, pieces.entities]).toEqual([whole.emails, whole.entities])
  expect([pieces.sentences, pieces.lastSentence]).toEqual([whole.sentences, whole.lastSentence])
  for (const labelOpenSentence of [false, true])
    expect(extractResponseVariables('', bindings, pieces, { labelOpenSentence })).toEqual(
      extractResponseVariables('', bindings, whole, { labelOpenSentence }),
    )
}

/** Reads `chunks` one by one, expecting the whole draft's reading after each. */
function readInChunks(chunks: readonly string[], quoted?: readonly string[], given = labels): void {
  const reader = createDraftReader({ quoted, labels: given })
  let draft = ''
  for (const chunk of chunks) {
    draft += chunk
    reader.append(chunk)
    expectWholeReading(reader, draft, quoted, given)
  }
}

/** Every way to cut a text in two, one character at a time, three at a time. */
function chunkings(text: string): string[][] {
  const ways = [text.split(''), text.match(/[\s\S]{1,3}/gu) ?? []]
  for (let at = 1; at < text.length; at++) ways.push([text.slice(0, at), text.slice(at)])
  return ways
}

describe('createDraftReader', () => {
  it('reads a growing draft as the whole draft is read, after every chunk', () => {
    fc.assert(
      fc.property(chunkedDrafts, fc.boolean(), (chunks, quoting) => {
        readInChunks(chunks, quoting ? [quotedPassage] : undefined)
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
      read.searched = 0
      let released = ''
      for (let at = 0; at < draft.length; at += 2) released += judge.stream.push(draft.slice(at, at + 2))
      released += judge.stream.flush()
      expect(released).toBe(draft)
      // Each judgement reads the sentence being written (and, with quoted passages, a few hundred
      // characters more); reading the whole draft each time read 650 times its length here (2.5 and 10 now).
      expect(read.calls).toBeGreaterThan(500)
      expect(read.characters).toBeLessThan((quoted === undefined ? 5 : 20) * draft.length)
      // The passages are looked for in the text after the last cut (and a margin), not in all of it.
      expect(read.searched).toBeLessThan(20 * draft.length)
    }
  })
})

/** A short passage (the shortest blanked), and one across a line break, quoted with the first. */
const shortPassage = 'refund $90 today'
const listPassage = 'Your list:\n- refund $30\n- 2 grand'
const passages = [quotedPassage, shortPassage, listPassage]

/**
 * Pieces of lists, paragraphs and Chinese and Japanese replies, put next to each other: amounts,
 * codes, scales, spelled amounts and cents, counts and percentages on either side of a line break,
 * bullets, CJK sentence ends (`。！？` and the fullwidth `．）`), characters NFKC reads as others
 * (`２０`, `⒈` is `1.`, `𝐀` is `A` and `𝟓` is `5` in two code units, which a chunk may split), and
 * invisible ones.
 */
const richFragments = fc.constantFrom(
  '$20',
  '$',
  '20',
  '1,000.00',
  '1.000 €',
  'USD',
  'usd',
  '75',
  '%',
  'k',
  'dollars',
  'dollars and',
  '50 cents',
  'and fifty',
  'cents',
  '¢',
  'fifty',
  'seventy',
  'five dollars',
  '2 grand',
  'grand',
  '3',
  'items',
  'per cent',
  'refund',
  'Refund:',
  'discount',
  'credit',
  'order 12',
  'Acme Corp',
  'jane@example.com',
  'shipped',
  '- ',
  '* ',
  '• ',
  '1. ',
  '## ',
  '| $5 |',
  '> ',
  '-',
  '退款',
  '美元',
  '谢谢您',
  'ご注文',
  '返金',
  'ドル',
  '２０',
  '１５％',
  '＄',
  '⒈',
  '𝐀',
  '𝟓',
  '。',
  '！',
  '？',
  '．',
  '）',
  '｡',
  '!',
  '?',
  '.',
  ':',
  '\n',
  '\n\n',
  '\r\n',
  '\n- ',
  '\u200b',
  '\uFEFF',
  '\u0301',
  '\u00a0',
  ...passages,
)
const richSeparators = fc.constantFrom('', '', ' ', ' ', '\n', '\n- ', '\n\n', '。', '！', '-', '\n* ')
const chunkedRichDrafts = inChunks(joinedText(richFragments, richSeparators, 50), 9)

describe('createDraftReader: lists, line breaks and CJK sentence ends', () => {
  it('reads a growing list or CJK draft as the whole draft is read, after every chunk', () => {
    fc.assert(
      fc.property(chunkedRichDrafts, fc.constantFrom(0, 0, 1, 2, 3), (chunks, quoting) => {
        readInChunks(chunks, quoting === 0 ? undefined : passages.slice(0, quoting))
      }),
      { numRuns: 300 },
    )
  }, 30_000)

  // Each reads something across the line break (or the CJK sentence end) it sits next to; a cut
  // there would read it as two values, or none.
  it.each([
    ['a sign and its number', 'Refund: $\n20 today.\n- Thanks'],
    ['a code and its number', 'Refund: USD\n20 today.\n- Thanks'],
    ['a number and its scale', 'A refund of 20\nk, then.\n- Thanks'],
    ['a number and its currency word', 'A refund of 20\ndollars.\n- Thanks'],
    ['a number and its sign after it', 'A refund of 20\n€.\n- Thanks'],
    ['a number and its percent', 'A discount of 75\n%.\n- Thanks'],
    ['a count', 'We sent 3\nitems.\n- Thanks'],
    ['a spelled amount over a bullet', 'A refund of seventy\n- five dollars.\n- Thanks'],
    ['a spelled amount over a hyphen', 'A refund of seventy-\nfive dollars.\n- Thanks'],
    ['cents after the currency word', 'A refund of twenty dollars\n50 cents.\n- Thanks'],
    ['cents after "and"', 'A refund of twenty dollars and\n50 cents.\n- Thanks'],
    ['cents after a blank line', '$20\n\n50 cents$20'],
    ['cents after a sign amount and a line break', '$20\n50 cents$20'],
    ['cents in words over a bullet', 'A refund of twenty dollars and fifty\n- cents.\n- Thanks'],
    ['"grand" before a bullet (a scale only before an end)', 'A refund of $2 grand\n- Thanks\n- More'],
    ['"grand" before a star bullet', 'A refund of $2 grand\n* Thanks\n* More'],
    ['"grand" far before a bullet', `A refund of $2 grand${' '.repeat(62)}\n* Thanks\n* More`],
    ['a number word in two code units each (𝐟 is f)', 'A refund of seventy\n- 𝐟𝐢ve dollars.\n- Thanks'],
    ['"grand" before a list number', 'A refund of $2 grand\n1. Thanks\n- More'],
    ['"grand" before a CJK sentence end', '退款$2 grand。谢谢！再见'],
    ['a number read as a sentence end', '退款$5 ⒈！谢谢。再见'],
    ['a fullwidth amount', '退款＄２０！谢谢。再见\n- ２０\n％'],
    [
      'an amount around a byte order mark (white space to a pattern, dropped by the reader)',
      'A refund of $5.\uFEFF50 today.\n- Thanks',
    ],
  ])('never cuts %s apart: %j', (_, draft) => {
    for (const chunks of chunkings(draft)) readInChunks(chunks)
    for (const chunks of chunkings(draft)) readInChunks(chunks, [shortPassage])
  })

  it('cuts a list at its line breaks and a CJK draft at its sentence ends: each piece is read once', () => {
    const lists = [
      ['- Refund for order NW-1001: $20', '- Shipping was USD 12.50', '- Discount: 15%', '- Ships tomorrow'],
      ['我已为订单NW-1001退款$20。', '您的35美元退款将在五个工作日内退回。', '还有什么可以帮您的吗？'],
      ['我已为订单NW-1001退款$20。', '您的35美元退款将在五个工作日内退回。', '运费为USD 12.50。'],
      ['ご注文の返金は$20です！', '送料はUSD 12.50でした。', '他にありますか？'],
    ]
    for (const [index, items] of lists.entries()) {
      let draft = ''
      for (let at = 0; draft.length < 17_600; at++)
        draft += `${items[at % items.length]}${index === 0 ? '\n' : ''}`
      const reader = createDraftReader({ labels })
      read.characters = 0
      read.checked = 0
      for (let at = 0; at < draft.length; at += 2) {
        reader.append(draft.slice(at, at + 2))
        reader.read()
      }
      expectWholeReading(reader, draft)
      // Read whole each time, a 17.6 KB draft cost 4,400 times its length.
      expect(read.characters).toBeLessThan(60 * draft.length)
      expect(read.checked).toBeLessThan(20 * draft.length)
    }
  }, 30_000)

  it('reads a draft whole when a label holds a cut character: the label could be read across the cut', () => {
    const withBreak = [...labels, 'refund:\n-']
    for (const chunks of chunkings('Your refund:\n- $40 back.\n- Thanks\n- More'))
      readInChunks(chunks, undefined, withBreak)
    const withStop = [...labels, 'you. we']
    for (const chunks of chunkings('Thank you. We refunded $40. Thanks'))
      readInChunks(chunks, undefined, withStop)
  })

  it('never cuts where a quoted passage is in reach of what a line break was checked by', () => {
    // Blanked, the passage leaves "seventy one two three four … dollars" one amount ($80) across
    // the break; as written, its `$90` ends the words after the break. No other cut follows for
    // longer than the break's check reads: it is the last one a read could take.
    const draft = `A refund of seventy\n- one two three four ${shortPassage} dollars and${' then more words'.repeat(25)}`
    for (const size of [1, 2, 3, 5])
      readInChunks(draft.match(new RegExp(`[\\s\\S]{1,${size}}`, 'gu')) ?? [], [shortPassage])
  })

  it('never cuts inside or beside a quoted passage, however short', () => {
    const filler = ' More text here and there.'.repeat(10)
    for (const draft of [
      `Sure. ${quotedPassage}${filler}`,
      `Sure. ${shortPassage}. And then.${filler}`,
      `Sure:\n${listPassage}\n- done${filler}`,
    ])
      for (const size of [1, 2, 3, 5, 7])
        readInChunks(draft.match(new RegExp(`[\\s\\S]{1,${size}}`, 'gu')) ?? [], passages)
  })
})
