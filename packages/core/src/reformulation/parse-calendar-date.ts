import type { GoalTimeWindow } from './goal-time-window.ts'
import type { GoalToken } from './tokenize-goal-text.ts'

const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

function utc(year: number, month = 0, day = 1): number {
  return Date.UTC(year, month, day)
}

/** `2024`, `Q4 2024`, `FY2024`, `March 2024`, `2024-03-05`, `2020s`, `since 2020`. */
export function parseCalendarDate(
  tokens: readonly GoalToken[],
  index: number,
  now: number,
): { length: number; window: GoalTimeWindow } | undefined {
  const token = tokens[index]!
  const next = tokens[index + 1]
  const year = (candidate: GoalToken | undefined) => {
    const match = /^(?:fy)?((?:19|20)\d\d)$/.exec(candidate?.lower ?? '')
    return match ? Number(match[1]) : undefined
  }
  const absolute = (label: string, start: number, end: number, known = true): GoalTimeWindow => ({
    label,
    start,
    end,
    vague: false,
    absolute: true,
    known,
  })
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(token.lower)
  if (iso)
    return {
      length: 1,
      window: absolute(
        token.lower,
        utc(+iso[1]!, +iso[2]! - 1, +iso[3]!),
        utc(+iso[1]!, +iso[2]! - 1, +iso[3]! + 1),
      ),
    }
  const decade = /^((?:19|20)\d0)s$/.exec(token.lower)
  if (decade) return { length: 1, window: absolute(token.lower, utc(+decade[1]!), utc(+decade[1]! + 10)) }
  if (token.lower === 'since' && year(next) !== undefined)
    return { length: 2, window: absolute(`since ${next!.lower}`, utc(year(next)!), now) }
  const quarter = /^(q|h)([1-4])$/.exec(token.lower)
  if (quarter) {
    const span = quarter[1] === 'q' ? 3 : 6
    const start = (Number(quarter[2]) - 1) * span
    const nextYear = year(next)
    if (nextYear === undefined)
      return { length: 1, window: absolute(token.lower, Number.NaN, Number.NaN, false) }
    return {
      length: 2,
      window: absolute(`${token.lower} ${nextYear}`, utc(nextYear, start), utc(nextYear, start + span)),
    }
  }
  const month = monthIndex(token)
  if (month >= 0) return monthRange(tokens, index, month, year)
  const plainYear = year(token)
  if (plainYear !== undefined && token.unit === undefined)
    return { length: 1, window: absolute(token.lower, utc(plainYear), utc(plainYear + 1)) }
  return undefined
}

const monthNames = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]

function monthIndex(token: GoalToken): number {
  const lower = token.lower === 'sept' ? 'sep' : token.lower
  const index = monthNames.indexOf(lower) >= 0 ? monthNames.indexOf(lower) : months.indexOf(lower)
  // `may` and `march` are also verbs: only a capitalised one is a month.
  if (index < 0 || (['may', 'march', 'mar'].includes(lower) && !token.capitalized)) return -1
  return index
}

function monthRange(
  tokens: readonly GoalToken[],
  index: number,
  month: number,
  year: (token: GoalToken | undefined) => number | undefined,
): { length: number; window: GoalTimeWindow } {
  const day = tokens[index + 1]?.value
  const hasDay =
    day !== undefined &&
    day >= 1 &&
    day <= 31 &&
    Number.isInteger(day) &&
    year(tokens[index + 1]) === undefined
  const yearIndex = index + (hasDay ? 1 : 0) + (tokens[index + (hasDay ? 2 : 1)]?.lower === ',' ? 2 : 1)
  const found = year(tokens[yearIndex])
  const label = tokens
    .slice(index, found === undefined ? index + (hasDay ? 2 : 1) : yearIndex + 1)
    .map((token) => token.lower)
    .join(' ')
  const length = found === undefined ? (hasDay ? 2 : 1) : yearIndex + 1 - index
  if (found === undefined)
    return {
      length,
      window: { label, start: Number.NaN, end: Number.NaN, vague: false, absolute: true, known: false },
    }
  const start = hasDay ? utc(found, month, day) : utc(found, month)
  const end = hasDay ? utc(found, month, day + 1) : utc(found, month + 1)
  return { length, window: { label, start, end, vague: false, absolute: true, known: true } }
}
