import { describe, expect, it } from 'vitest'
import { parseRetryAfter } from './send-with-retries.ts'

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates, and ignores garbage', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('2', now)).toBe(2000)
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000)
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:05 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })
})
