import { matchEvery } from './match-every.ts'
import type { DateEntity } from './types.ts'

const day = 86_400_000
const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']
const monthName = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?`
const patterns: Array<{
  regex: RegExp
  resolve: (match: RegExpMatchArray, now: Date) => Date | undefined
  relative: boolean
}> = [
  { regex: /\b(\d{4})-(\d{2})-(\d{2})\b/g, relative: false, resolve: (m) => utc(+m[1]!, +m[2]! - 1, +m[3]!) },
  {
    regex: /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g,
    relative: false,
    resolve: (m) => utc(+m[3]!, +m[1]! - 1, +m[2]!),
  },
  {
    regex: new RegExp(String.raw`\b${monthName}\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?\b`, 'gi'),
    relative: false,
    resolve: (m, now) => utc(m[3] ? +m[3] : now.getUTCFullYear(), monthIndex(m[1]!), +m[2]!),
  },
  {
    regex: new RegExp(
      String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${monthName}(?:,?\s+(\d{4}))?\b`,
      'gi',
    ),
    relative: false,
    resolve: (m, now) => utc(m[3] ? +m[3] : now.getUTCFullYear(), monthIndex(m[2]!), +m[1]!),
  },
  { regex: /\b(today|tonight)\b/gi, relative: true, resolve: (_m, now) => shift(now, 0) },
  { regex: /\byesterday\b/gi, relative: true, resolve: (_m, now) => shift(now, -1) },
  { regex: /\btomorrow\b/gi, relative: true, resolve: (_m, now) => shift(now, 1) },
  {
    regex: /\b(\d{1,3}|a|one|two|three|four|five|six|seven)\s+(day|week|month)s?\s+(ago|from now)\b/gi,
    relative: true,
    resolve: (m, now) =>
      shift(now, count(m[1]!) * unitDays(m[2]!) * (m[3]!.toLowerCase() === 'ago' ? -1 : 1)),
  },
  {
    regex: /\b(last|next)\s+(week|month)\b/gi,
    relative: true,
    resolve: (m, now) => shift(now, unitDays(m[2]!) * sign(m[1]!)),
  },
  {
    regex: /\b(last|next|this)\s+(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/gi,
    relative: true,
    resolve: (m, now) => weekday(now, weekdays.indexOf(m[2]!.toLowerCase()), m[1]!.toLowerCase()),
  },
]

/** Absolute (`2026-11-21`, `11/21/2026`, `Nov 21`) and relative (`yesterday`, `3 days ago`) dates. */
export function extractDates(text: string, now: number): DateEntity[] {
  const today = new Date(now)
  const found: Array<DateEntity & { index: number }> = []
  for (const { regex, resolve, relative } of patterns) {
    for (const match of matchEvery(regex, text)) {
      const index = match.index ?? 0
      if (
        found.some(
          (entry) => index < entry.index + entry.text.length && index + match[0].length > entry.index,
        )
      )
        continue
      const date = resolve(match, today)
      if (date !== undefined)
        found.push({ date: date.toISOString().slice(0, 10), text: match[0], relative, index })
    }
  }
  return found.sort((left, right) => left.index - right.index).map(({ index: _index, ...entry }) => entry)
}

function utc(year: number, month: number, date: number): Date | undefined {
  const value = new Date(Date.UTC(year, month, date))
  return value.getUTCMonth() === month && value.getUTCDate() === date ? value : undefined
}

function monthIndex(name: string): number {
  return months.indexOf(name.slice(0, 3).toLowerCase())
}

function shift(now: Date, days: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * day)
}

function count(word: string): number {
  const named: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 }
  return named[word.toLowerCase()] ?? Number(word)
}

function unitDays(unit: string): number {
  const lower = unit.toLowerCase()
  return lower === 'week' ? 7 : lower === 'month' ? 30 : 1
}

function sign(word: string): number {
  return word.toLowerCase() === 'last' ? -1 : 1
}

function weekday(now: Date, target: number, which: string): Date {
  const current = now.getUTCDay()
  if (which === 'last') return shift(now, -((current - target + 7) % 7 || 7))
  if (which === 'next') return shift(now, (target - current + 7) % 7 || 7)
  return shift(now, (target - current + 7) % 7)
}
