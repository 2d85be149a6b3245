import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalJson } from './canonical-json.ts'
import { ledgerRecordHashText } from './ledger-record-hash-text.ts'
import type { LedgerHashedFields } from './types.ts'

const fields: LedgerHashedFields = {
  id: 'led_1',
  sessionId: 'sessão-1 ≥ "quoted"',
  sequence: 3,
  type: 'turn-completed',
  actor: 'engine',
  timestamp: '2026-01-02T03:04:05.000Z',
  payloadHash: 'ab'.repeat(32),
  previousHash: null,
}

describe('ledgerRecordHashText', () => {
  it("is the canonical JSON of the chain-hashed fields, for the ledger's own records", () => {
    expect(ledgerRecordHashText(fields)).toBe(canonicalJson(fields))
    expect(ledgerRecordHashText({ ...fields, previousHash: 'cd'.repeat(32) })).toBe(
      canonicalJson({ ...fields, previousHash: 'cd'.repeat(32) }),
    )
  })

  it('covers chain on keyed records and leaves the text of unkeyed records unchanged', () => {
    const keyed: LedgerHashedFields = { ...fields, chain: 'hmac-sha256' }
    expect(ledgerRecordHashText(keyed)).toBe(canonicalJson(keyed))
    expect(ledgerRecordHashText(keyed)).toContain('"chain":"hmac-sha256"')
    expect(ledgerRecordHashText(fields)).not.toContain('chain')
  })

  it('stays canonical for any field values a tampered record may carry (objects, arrays, odd numbers)', () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.constant(null),
      fc.boolean(),
      fc.dictionary(fc.string(), fc.jsonValue()),
      fc.array(fc.jsonValue()),
    )
    fc.assert(
      fc.property(
        fc.record({ actor: value, chain: value, sessionId: value, sequence: value, previousHash: value }),
        (odd) => {
          const tampered = { ...fields, ...odd } as unknown as LedgerHashedFields
          expect(ledgerRecordHashText(tampered)).toBe(canonicalJson(tampered))
        },
      ),
      { numRuns: 300 },
    )
  })
})
