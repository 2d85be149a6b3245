/** What the goal, tool trace, instructions and tool results state, normalised for lookup (each index built on first read). */
export interface KnownFacts {
  /** Lower-case words (letters only), for names and weekdays. */
  words: ReadonlySet<string>
  /** Number values as {@link numberKey}s: `$50`, `50` and `50.00` share one key. */
  numbers: ReadonlySet<string>
  /** Clock times as {@link timeKey}s: `15:00`, `3pm` and `3:00 PM` share one key. */
  times: ReadonlySet<string>
  /** Calendar days as `month-day`: `2024-03-12`, `March 12` and `12 Mar` share one key. */
  dates: ReadonlySet<string>
  /** The text lower-cased with everything but letters and digits removed, for ids (`NW-1001` → `nw1001`). */
  compact: string
  /** The text lower-cased, for versions. */
  lower: string
}

const monthNames =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec'
/** Month names, full or abbreviated, as a regex alternation (case as written). */
export const monthPattern = `(?:${monthNames
  .split('|')
  .map((name) => `${name[0]!.toUpperCase()}${name.slice(1)}`)
  .join('|')})`
const knownNumber = /\d[\d,]*(?:\.\d+)?/g
const knownClock = /(?<![\d:.])(\d{1,2}):(\d{2})/g
const knownMeridiem = /(?<![\w.:])(\d{1,2})\s?([ap])\.?m\b/g
const knownIsoDate = /(\d{4})-(\d{2})-(\d{2})/g
const knownMonthDay = new RegExp(`\\b(${monthNames})\\.?\\s+(\\d{1,2})(?!\\d)`, 'g')
const knownDayMonth = new RegExp(`(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${monthNames})\\b`, 'g')
const knownSlashDate = /(?<![\d/])(\d{1,2})\/(\d{1,2})(?![\d])/g

/** Every pattern this file runs on evidence text, for the linear-time check in its tests. */
export const knownFactPatterns: readonly RegExp[] = [
  knownNumber,
  knownClock,
  knownMeridiem,
  knownIsoDate,
  knownMonthDay,
  knownDayMonth,
  knownSlashDate,
]

/**
 * Indexes a support text (goal, tool trace, tool results, instructions) so each claim of a draft
 * is checked by set lookup. Each index is built on first use: a draft with amounts and ids never
 * pays for the word, time and date indexes. Every pattern is linear: no nested quantifiers.
 */
export function indexKnownFacts(text: string): KnownFacts {
  const lower = text.toLowerCase()
  let words: Set<string> | undefined
  let numbers: Set<string> | undefined
  let times: Set<string> | undefined
  let dates: Set<string> | undefined
  let compact: string | undefined
  return {
    lower,
    get words() {
      words ??= new Set(lower.match(/[\p{L}\p{M}]+/gu) ?? [])
      return words
    },
    get numbers() {
      numbers ??= indexNumbers(lower)
      return numbers
    },
    get times() {
      times ??= indexTimes(lower)
      return times
    },
    get dates() {
      dates ??= indexDates(lower)
      return dates
    },
    get compact() {
      compact ??= lower.replace(/[^\p{L}\p{N}]+/gu, '')
      return compact
    },
  }
}

function indexNumbers(lower: string): Set<string> {
  const numbers = new Set<string>()
  knownNumber.lastIndex = 0
  for (let match = knownNumber.exec(lower); match !== null; match = knownNumber.exec(lower)) {
    const token = match[0]
    if (!token.includes(',')) numbers.add(numberKey(Number(token)))
    else for (const value of numberValues(token)) numbers.add(numberKey(value))
  }
  return numbers
}

function indexTimes(lower: string): Set<string> {
  const times = new Set<string>()
  for (const match of lower.matchAll(knownClock)) times.add(timeKey(match[1]!, match[2]!))
  for (const match of lower.matchAll(knownMeridiem)) times.add(timeKey(match[1]!, '0'))
  return times
}

function indexDates(lower: string): Set<string> {
  const dates = new Set<string>()
  for (const match of lower.matchAll(knownIsoDate)) dates.add(`${Number(match[2])}-${Number(match[3])}`)
  for (const match of lower.matchAll(knownMonthDay))
    dates.add(`${monthNumber(match[1]!)}-${Number(match[2])}`)
  for (const match of lower.matchAll(knownDayMonth))
    dates.add(`${monthNumber(match[2]!)}-${Number(match[1])}`)
  for (const match of lower.matchAll(knownSlashDate)) {
    // 03/12 is the 12th of March or the 3rd of December depending on the writer: keep both.
    dates.add(`${Number(match[1])}-${Number(match[2])}`)
    dates.add(`${Number(match[2])}-${Number(match[1])}`)
  }
  return dates
}

/** The values a number token stands for: `1,200.50` is one value, `3,4` two. */
export function numberValues(written: string): number[] {
  const token = written.replace(/,+$/, '')
  if (!token.includes(',') || /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(token))
    return [Number(token.replaceAll(',', ''))]
  return token
    .split(',')
    .filter((part) => part !== '')
    .map(Number)
}

/** One key per value: `50`, `50.0` and `50.00` all give `50`. */
export function numberKey(value: number): string {
  return String(Math.round(value * 1e6) / 1e6)
}

/** One key per clock position, ignoring AM/PM and time zones: `15:00`, `3pm` and `03:00` give `3:00`. */
export function timeKey(hour: string, minute: string): string {
  return `${Number(hour) % 12}:${String(Number(minute)).padStart(2, '0')}`
}

/** `March`, `mar`, `Sept` → 3, 3, 9. */
export function monthNumber(name: string): number {
  const prefix = name.slice(0, 3).toLowerCase()
  return 'janfebmaraprmayjunjulaugsepoctnovdec'.indexOf(prefix) / 3 + 1
}
