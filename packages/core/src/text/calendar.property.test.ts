import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseTimeExpression } from '../reformulation/parse-time-expression.ts'
import { tokenizeGoalText } from '../reformulation/tokenize-goal-text.ts'
import { extractDates } from '../sensor/extract-dates.ts'
import { dayMilliseconds, isoDay, monthNames, utcDay } from './calendar.ts'

// The sensor (slot values) and the reformulation guard (time windows) read dates with different
// parsers over different tokens; both take month words, day words and calendar arithmetic from
// `text/`. These properties hold them to one reading of absolute days. Relative words differ on
// purpose: the guard reads "today" as the past 24 hours (seed 000's own valid narrowing), the
// sensor as a calendar day for a slot value.
const now = Date.UTC(2026, 10, 21, 12)
const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1)
const ordinal = (day: number) =>
  `${day}${day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th'}`
const pad = (value: number) => String(value).padStart(2, '0')

/** Ways people write one day, all with the year. */
const renderings: Array<(year: number, month: number, day: number) => string> = [
  (y, m, d) => `${capital(monthNames[m]!)} ${d}, ${y}`,
  (y, m, d) => `${capital(monthNames[m]!.slice(0, 3))} ${d} ${y}`,
  (y, m, d) => `${monthNames[m]} ${ordinal(d)}, ${y}`,
  (y, m, d) => `${d} ${capital(monthNames[m]!)} ${y}`,
  (y, m, d) => `${ordinal(d)} of ${capital(monthNames[m]!)}, ${y}`,
  (y, m, d) => `${y}-${pad(m + 1)}-${pad(d)}`,
  (y, m, d) => `${m + 1}/${d}/${y}`,
]

const sensorDay = (text: string) => extractDates(text, now).map((entry) => entry.date)
const guardWindow = (text: string) => parseTimeExpression(tokenizeGoalText(text), 0, now)?.window

/** A year, month, day (from `firstDay` to 31) and rendering; `exists` keeps real days or missing ones. */
const calendarDay = (firstDay: number, exists: boolean) =>
  fc
    .record({
      year: fc.integer({ min: 1990, max: 2035 }),
      month: fc.integer({ min: 0, max: 11 }),
      day: fc.integer({ min: firstDay, max: 31 }),
      rendering: fc.integer({ min: 0, max: renderings.length - 1 }),
    })
    .filter(({ year, month, day }) => (utcDay(year, month, day) !== undefined) === exists)

describe('one reading of a date across the sensor and the reformulation guard', () => {
  it('reads every rendering of an existing day as that day in both', () => {
    fc.assert(
      fc.property(calendarDay(1, true), ({ year, month, day, rendering }) => {
        const text = renderings[rendering]!(year, month, day)
        const start = utcDay(year, month, day)!
        expect(sensorDay(text), text).toEqual([isoDay(start)])
        expect(guardWindow(text), text).toMatchObject({ start, end: start + dayMilliseconds, known: true })
      }),
      { numRuns: 2000 },
    )
  })

  it('reads a day that does not exist as no day in both', () => {
    fc.assert(
      fc.property(calendarDay(29, false), ({ year, month, day, rendering }) => {
        const text = renderings[rendering]!(year, month, day)
        expect(sensorDay(text), text).toEqual([])
        const window = guardWindow(text)
        expect(window === undefined || window.end - window.start !== dayMilliseconds, text).toBe(true)
      }),
    )
  })

  it('takes `may` and `march` for months only before a day or a year', () => {
    expect(sensorDay('may 5, 2024')).toEqual(['2024-05-05'])
    expect(guardWindow('may 5, 2024')).toMatchObject({ start: Date.UTC(2024, 4, 5) })
    expect(guardWindow('march 2024')).toMatchObject({
      start: Date.UTC(2024, 2, 1),
      end: Date.UTC(2024, 3, 1),
    })
    expect(sensorDay('May I ask about my order?')).toEqual([])
    expect(guardWindow('May I ask about crypto markets?')).toBeUndefined()
    expect(guardWindow('we march on')).toBeUndefined()
  })
})
