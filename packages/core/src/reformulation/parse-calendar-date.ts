import { dayMilliseconds, dayOfMonth, isVerbLikeMonthWord, monthIndex, utcDay } from '../text/index.ts'
import type { GoalTimeWindow } from './goal-time-window.ts'
import type { GoalToken } from './tokenize-goal-text.ts'

type Parsed = { length: number; window: GoalTimeWindow }

function utc(year: number, month = 0, day = 1): number {
  return Date.UTC(year, month, day)
}

const absolute = (label: string, start: number, end: number, known = true): GoalTimeWindow => ({
  label,
  start,
  end,
  vague: false,
  absolute: true,
  known,
})

const yearOf = (candidate: GoalToken | undefined): number | undefined => {
  const match = /^(?:fy)?((?:19|20)\d\d)$/.exec(candidate?.lower ?? '')
  return match ? Number(match[1]) : undefined
}

/** One calendar day, or undefined when it does not exist (`February 30`). */
function day(label: string, year: number, month: number, date: number): GoalTimeWindow | undefined {
  const start = utcDay(year, month, date)
  return start === undefined ? undefined : absolute(label, start, start + dayMilliseconds)
}

const labelOf = (tokens: readonly GoalToken[], from: number, to: number) =>
  tokens
    .slice(from, to)
    .map((token) => token.lower)
    .join(' ')

/**
 * `2024`, `Q4 2024`, `FY2024`, `March 2024`, `March 5, 2024`, `5th of March 2024`, `3/5/2024`,
 * `2024-03-05`, `2020s`, `since 2020`. Month words and calendar arithmetic come from `text/`,
 * shared with the sensor's dates, so both read a day the same way; a day that does not exist is
 * not a date.
 */
export function parseCalendarDate(
  tokens: readonly GoalToken[],
  index: number,
  now: number,
): Parsed | undefined {
  const token = tokens[index]!
  const next = tokens[index + 1]
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(token.lower)
  if (iso) {
    const window = day(token.lower, +iso[1]!, +iso[2]! - 1, +iso[3]!)
    return window && { length: 1, window }
  }
  const numeric = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(token.lower)
  if (numeric) {
    const window = day(token.lower, +numeric[3]!, +numeric[1]! - 1, +numeric[2]!)
    return window && { length: 1, window }
  }
  const decade = /^((?:19|20)\d0)s$/.exec(token.lower)
  if (decade) return { length: 1, window: absolute(token.lower, utc(+decade[1]!), utc(+decade[1]! + 10)) }
  if (token.lower === 'since' && yearOf(next) !== undefined)
    return { length: 2, window: absolute(`since ${next!.lower}`, utc(yearOf(next)!), now) }
  const quarter = /^(q|h)([1-4])$/.exec(token.lower)
  if (quarter) {
    const span = quarter[1] === 'q' ? 3 : 6
    const start = (Number(quarter[2]) - 1) * span
    const nextYear = yearOf(next)
    if (nextYear === undefined)
      return { length: 1, window: absolute(token.lower, Number.NaN, Number.NaN, false) }
    return {
      length: 2,
      window: absolute(`${token.lower} ${nextYear}`, utc(nextYear, start), utc(nextYear, start + span)),
    }
  }
  const dayFirst = dayFirstDate(tokens, index)
  if (dayFirst !== undefined) return dayFirst
  if (monthAt(tokens, index) >= 0) return monthRange(tokens, index)
  const plainYear = yearOf(token)
  if (plainYear !== undefined && token.unit === undefined)
    return { length: 1, window: absolute(token.lower, utc(plainYear), utc(plainYear + 1)) }
  return undefined
}

/** A day token (`5`, `5th`) that is not a year. */
function dayAt(token: GoalToken | undefined): number | undefined {
  if (token === undefined || token.unit !== undefined || yearOf(token) !== undefined) return undefined
  return dayOfMonth(token.lower)
}

/**
 * The month the token at `index` names, or -1. A verb-like one (`may`, `march`) needs a capital that
 * is not just a sentence's first letter ("May I ask…"), or a day or a year after it.
 */
function monthAt(tokens: readonly GoalToken[], index: number): number {
  const token = tokens[index]
  if (token === undefined) return -1
  const month = monthIndex(token.lower)
  if (month < 0 || !isVerbLikeMonthWord(token.lower) || (token.capitalized && !token.sentenceStart))
    return month
  const next = tokens[index + 1]
  return dayAt(next) !== undefined || yearOf(next) !== undefined ? month : -1
}

/** The year after a day or month at `index` (`, 2024` or `2024`), and where it is. */
function yearAfter(tokens: readonly GoalToken[], index: number): { year: number; at: number } | undefined {
  const at = tokens[index + 1]?.lower === ',' ? index + 2 : index + 1
  const year = yearOf(tokens[at])
  return year === undefined ? undefined : { year, at }
}

/** `5 March 2024`, `5th of March, 2024`. */
function dayFirstDate(tokens: readonly GoalToken[], index: number): Parsed | undefined {
  const date = dayAt(tokens[index])
  if (date === undefined) return undefined
  const monthIndexAt = tokens[index + 1]?.lower === 'of' ? index + 2 : index + 1
  const month = monthAt(tokens, monthIndexAt)
  if (month < 0) return undefined
  const year = yearAfter(tokens, monthIndexAt)
  if (year === undefined) {
    const label = labelOf(tokens, index, monthIndexAt + 1)
    return { length: monthIndexAt + 1 - index, window: absolute(label, Number.NaN, Number.NaN, false) }
  }
  const window = day(labelOf(tokens, index, year.at + 1), year.year, month, date)
  return window && { length: year.at + 1 - index, window }
}

/** `March`, `March 2024`, `March 5`, `March 5th, 2024`. */
function monthRange(tokens: readonly GoalToken[], index: number): Parsed | undefined {
  const month = monthAt(tokens, index)
  const date = dayAt(tokens[index + 1])
  const last = date === undefined ? index : index + 1
  const year = yearAfter(tokens, last)
  const end = year === undefined ? last + 1 : year.at + 1
  const label = labelOf(tokens, index, end)
  if (year === undefined)
    return { length: end - index, window: absolute(label, Number.NaN, Number.NaN, false) }
  if (date !== undefined) {
    const window = day(label, year.year, month, date)
    return window && { length: end - index, window }
  }
  return { length: end - index, window: absolute(label, utc(year.year, month), utc(year.year, month + 1)) }
}
