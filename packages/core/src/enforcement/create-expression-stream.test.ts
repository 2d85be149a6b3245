import { describe, expect, it } from 'vitest'
import { createEnforcer } from './create-enforcer.ts'
import type { EnforcementRule, StreamRedactor } from './types.ts'

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
