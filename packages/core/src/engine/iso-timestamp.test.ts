import { describe, expect, it } from 'vitest'
import { isoTimestamp } from './iso-timestamp.ts'

describe('isoTimestamp', () => {
  it('writes what Date#toISOString writes, within a second and across seconds', () => {
    const start = Date.UTC(2026, 10, 30, 23, 59, 58, 990)
    for (let ms = start; ms < start + 2_500; ms += 7)
      expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString())
  })

  it('goes through Date for times it does not remember', () => {
    for (const ms of [0, -1, -62_135_596_800_000, 253_402_300_799_999, 253_402_300_800_000, 1.5])
      expect(isoTimestamp(ms)).toBe(new Date(ms).toISOString())
    expect(() => isoTimestamp(Number.NaN)).toThrow(RangeError)
  })
})
