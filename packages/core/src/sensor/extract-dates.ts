import {
  isoDay,
  monthIndex,
  monthNamePattern,
  numberWordPattern,
  parseNumberWord,
  shiftDays,
  utcDay,
  weekdayFrom,
  weekdayIndex,
  weekdayNames,
} from '../text/index.ts'
import { matchEvery } from './match-every.ts'
import type { DateEntity } from './types.ts'

const month = `(${monthNamePattern})`
/** A digit: what every numeric date holds, the cheap test before its pattern. */
const aDigit = /\d/
const patterns: Array<{
  regex: RegExp
  /** What every match of `regex` holds: a text without it is not searched. */
  guard?: RegExp
  resolve: (match: RegExpMatchArray, now: number) => number | undefined
  relative: boolean
}> = [
  {
    regex: /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    guard: aDigit,
    relative: false,
    resolve: (m) => utcDay(+m[1]!, +m[2]! - 1, +m[3]!),
  },
  {
    regex: /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g,
    guard: aDigit,
    relative: false,
    resolve: (m) => utcDay(+m[3]!, +m[1]! - 1, +m[2]!),
  },
  {
    regex: new RegExp(String.raw`\b${month}\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4})\b)?`, 'gi'),
    guard: aDigit,
    relative: false,
    resolve: (m, now) => utcDay(m[3] ? +m[3] : yearOf(now), monthIndex(m[1]!), +m[2]!),
  },
  {
    regex: new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${month}(?:,?\s+(\d{4})\b)?`, 'gi'),
    guard: aDigit,
    relative: false,
    resolve: (m, now) => utcDay(m[3] ? +m[3] : yearOf(now), monthIndex(m[2]!), +m[1]!),
  },
  { regex: /\b(today|tonight)\b/gi, relative: true, resolve: (_m, now) => shiftDays(now, 0) },
  { regex: /\byesterday\b/gi, relative: true, resolve: (_m, now) => shiftDays(now, -1) },
  { regex: /\btomorrow\b/gi, relative: true, resolve: (_m, now) => shiftDays(now, 1) },
  {
    regex: new RegExp(
      String.raw`\b(\d{1,3}|an?|${numberWordPattern})\s+(day|week|month)s?\s+(ago|from now)\b`,
      'gi',
    ),
    guard: /ago|from now/i,
    relative: true,
    resolve: (m, now) =>
      shiftDays(now, count(m[1]!) * unitDays(m[2]!) * (m[3]!.toLowerCase() === 'ago' ? -1 : 1)),
  },
  {
    regex: /\b(last|next)\s+(week|month)\b/gi,
    relative: true,
    resolve: (m, now) => shiftDays(now, unitDays(m[2]!) * (m[1]!.toLowerCase() === 'last' ? -1 : 1)),
  },
  {
    regex: new RegExp(String.raw`\b(last|next|this)\s+(${weekdayNames.join('|')})\b`, 'gi'),
    guard: /(?:last|next|this)\s/i,
    relative: true,
    resolve: (m, now) =>
      weekdayFrom(now, weekdayIndex(m[2]!), m[1]!.toLowerCase() as 'last' | 'next' | 'this'),
  },
]

/**
 * Absolute (`2026-11-21`, `11/21/2026`, `Nov 21`, `21st of November 2026`) and relative
 * (`yesterday`, `3 days ago`, `next friday`) dates. Days that do not exist (`February 30`) are not
 * dates. Month words, number words and calendar arithmetic come from `text/`, shared with the
 * reformulation guard's time windows, so both read a date the same way.
 */
export function extractDates(text: string, now: number): DateEntity[] {
  const found: Array<DateEntity & { index: number }> = []
  for (const { regex, guard, resolve, relative } of patterns) {
    if (guard !== undefined && !guard.test(text)) continue
    for (const match of matchEvery(regex, text)) {
      const index = match.index ?? 0
      if (
        found.some(
          (entry) => index < entry.index + entry.text.length && index + match[0].length > entry.index,
        )
      )
        continue
      const date = resolve(match, now)
      if (date !== undefined && Number.isFinite(date))
        found.push({ date: isoDay(date), text: match[0], relative, index })
    }
  }
  return found.sort((left, right) => left.index - right.index).map(({ index: _index, ...entry }) => entry)
}

function yearOf(now: number): number {
  return new Date(now).getUTCFullYear()
}

function count(word: string): number {
  return /^an?$/i.test(word) ? 1 : (parseNumberWord(word) ?? Number.NaN)
}

function unitDays(unit: string): number {
  const lower = unit.toLowerCase()
  return lower === 'week' ? 7 : lower === 'month' ? 30 : 1
}
