import { describe, expect, it } from 'vitest'
import { parseTimeExpression } from './parse-time-expression.ts'
import { tokenizeGoalText } from './tokenize-goal-text.ts'

const now = Date.UTC(2026, 10, 21, 12)
const hour = 3_600_000

function parse(text: string) {
  return parseTimeExpression(tokenizeGoalText(text), 0, now)
}

describe('parseTimeExpression', () => {
  it('places relative windows against now: today equals the past 24 hours', () => {
    expect(parse('today')?.window).toMatchObject({
      start: now - 24 * hour,
      end: now,
      vague: false,
      absolute: false,
    })
    expect(parse('in the past 24 hours')).toMatchObject({
      length: 5,
      window: { start: now - 24 * hour, end: now },
    })
    expect(parse('over the last 7 days')?.window).toMatchObject({ start: now - 168 * hour, end: now })
    expect(parse('next week')?.window).toMatchObject({ start: now, end: now + 168 * hour })
    expect(parse('this month')?.window).toMatchObject({ start: now - 720 * hour, end: now })
    expect(parse('24h')?.window).toMatchObject({ start: now - 24 * hour, end: now })
    expect(parse('yesterday')?.window).toMatchObject({ start: now - 48 * hour, end: now - 24 * hour })
  })

  it('reads counts written as words, compound ones too', () => {
    expect(parse('past twenty five days')).toMatchObject({
      length: 4,
      window: { start: now - 600 * hour, end: now },
    })
    expect(parse('last seventeen hours')?.window).toMatchObject({ start: now - 17 * hour, end: now })
    expect(parse('last few days')?.window).toMatchObject({ start: now - 72 * hour, end: now })
  })

  it('marks latest and recent as vague and history as unbounded', () => {
    expect(parse('latest')?.window.vague).toBe(true)
    expect(parse('history')?.window).toMatchObject({
      start: Number.NEGATIVE_INFINITY,
      end: Number.POSITIVE_INFINITY,
    })
  })

  it('parses calendar dates as absolute windows', () => {
    expect(parse('Q4 2024')?.window).toMatchObject({
      start: Date.UTC(2024, 9, 1),
      end: Date.UTC(2025, 0, 1),
      absolute: true,
    })
    expect(parse('2024')?.window).toMatchObject({ start: Date.UTC(2024, 0, 1), end: Date.UTC(2025, 0, 1) })
    expect(parse('March 5, 2025')?.window).toMatchObject({
      start: Date.UTC(2025, 2, 5),
      end: Date.UTC(2025, 2, 6),
    })
    expect(parse('2025-03-05')?.window).toMatchObject({
      start: Date.UTC(2025, 2, 5),
      end: Date.UTC(2025, 2, 6),
    })
    expect(parse('FY2023')?.window.start).toBe(Date.UTC(2023, 0, 1))
    expect(parse('Q3')?.window).toMatchObject({ known: false, absolute: true })
  })

  it('does not read the verbs may and march, or plain words, as dates', () => {
    expect(parse('may')).toBeUndefined()
    expect(parse('march on')).toBeUndefined()
    expect(parse('markets')).toBeUndefined()
    expect(parse('in New York')).toBeUndefined()
  })
})
