const dayMs = 86_400_000

/** Month names, January first. */
export const monthNames: readonly string[] = [
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

/** Weekday names, Sunday first (as `Date.prototype.getUTCDay`). */
export const weekdayNames: readonly string[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
]

/**
 * A regular-expression alternation of every month word `monthIndex` reads: full names, three-letter
 * abbreviations with an optional dot, and `sept`. Use it inside `\b(...)`, case-insensitively.
 */
export const monthNamePattern: string = `(?:${monthNames.join('|')}|sept|${monthNames
  .map((name) => name.slice(0, 3))
  .join('|')})\\.?`

/** The month (0–11) a word names (`March`, `mar`, `Mar.`, `sept`), or -1. */
export function monthIndex(word: string): number {
  const lower = word.toLowerCase().replace(/\.$/u, '')
  const full = monthNames.indexOf(lower)
  if (full >= 0) return full
  if (lower === 'sept') return 8
  return lower.length === 3 ? monthNames.findIndex((name) => name.startsWith(lower)) : -1
}

/**
 * `may`, `march` and `mar` are verbs as well as months: read one as a month only when it is
 * capitalised or a day or a year follows it.
 */
export function isVerbLikeMonthWord(word: string): boolean {
  return ['may', 'march', 'mar'].includes(word.toLowerCase())
}

/** The weekday (0 = Sunday) a word names, or -1. */
export function weekdayIndex(word: string): number {
  return weekdayNames.indexOf(word.toLowerCase())
}

/** The day of the month a token names (`5`, `05`, `5th`, `21st`), or undefined. */
export function dayOfMonth(word: string): number | undefined {
  const match = /^(\d{1,2})(?:st|nd|rd|th)?$/u.exec(word.toLowerCase())
  const day = match ? Number(match[1]) : 0
  return day >= 1 && day <= 31 ? day : undefined
}

/** The start (UTC ms) of a calendar day, or undefined when the day does not exist (`February 30`). */
export function utcDay(year: number, month: number, day: number): number | undefined {
  const value = new Date(Date.UTC(year, month, day))
  return value.getUTCFullYear() === year && value.getUTCMonth() === month && value.getUTCDate() === day
    ? value.getTime()
    : undefined
}

/** The start (UTC ms) of the calendar day `days` after the one `now` falls in. */
export function shiftDays(now: number, days: number): number {
  const today = new Date(now)
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) + days * dayMs
}

/**
 * The start (UTC ms) of the weekday `target` relative to `now`: `next friday` is the first one after
 * today, `last friday` the last one before today, `this friday` the one in the coming seven days
 * (today included).
 */
export function weekdayFrom(now: number, target: number, which: 'last' | 'next' | 'this'): number {
  const current = new Date(now).getUTCDay()
  if (which === 'last') return shiftDays(now, -((current - target + 7) % 7 || 7))
  if (which === 'next') return shiftDays(now, (target - current + 7) % 7 || 7)
  return shiftDays(now, (target - current + 7) % 7)
}

/** `2026-11-21` for a UTC ms timestamp. */
export function isoDay(value: number): string {
  return new Date(value).toISOString().slice(0, 10)
}

/** Milliseconds in a calendar day (UTC has no daylight saving). */
export const dayMilliseconds = dayMs
