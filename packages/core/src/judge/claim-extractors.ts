import {
  type KnownFacts,
  monthNumber,
  monthPattern,
  numberKey,
  numberValues,
  timeKey,
} from './index-known-facts.ts'
import type { ClaimKind } from './types.ts'

type Supported = (match: readonly (string | undefined)[], known: KnownFacts) => boolean | undefined

/** One kind of value claim: its pattern and how the support index decides it. */
export interface ValueExtractor {
  kind: ClaimKind
  pattern: RegExp
  /** `undefined` means "not a claim after all" (`24/7`, a small count without a unit). */
  supported: Supported
  /** Still a claim in a command ("Call us at 3pm"); quantities and names in a command are proposals. */
  inCommands: boolean
  /** What a clause must contain before the pattern runs on it (most clauses have no digit). */
  needs: 'digit' | 'day'
}

// Flat on purpose (no quantified groups): a trailing comma is trimmed from the claim instead.
const number = String.raw`\d[\d,]*(?:\.\d+)?`
const zone = String.raw`(?:\s?(?:UTC|GMT|Z\b|[A-Z]{2,3}T\b))?`
const units = String.raw`(?:business |working |calendar )?(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?|[kmgt]i?b|bytes?|[kmg]?b\/s|rps|qps|req\/s)`

const allIn = (values: readonly number[], known: KnownFacts) =>
  values.every((value) => known.numbers.has(numberKey(value)))
const dateKnown = (month: number, day: number, known: KnownFacts) => known.dates.has(`${month}-${day}`)

/**
 * The value claims (ids, dates, times, money, percentages, measures), in the order they run: ids
 * and dates before times, times and money before plain numbers, since each match is blanked.
 */
export const valueExtractors: readonly ValueExtractor[] = [
  {
    kind: 'id',
    pattern: /(?<![\w-])(?:[A-Z]{1,10}[-_]?\d{2,}[A-Z]?|#\d{2,})(?![\w-])/g,
    supported: ([text], known) =>
      text!.startsWith('#')
        ? known.numbers.has(numberKey(Number(text!.slice(1))))
        : known.lower.includes(text!.toLowerCase()) ||
          known.compact.includes(text!.toLowerCase().replace(/[^a-z0-9]/g, '')),
    inCommands: true,
    needs: 'digit',
  },
  {
    kind: 'date',
    pattern: /(?<!\d)\d{4}-(\d{2})-(\d{2})(?!\d)/g,
    supported: ([, month, day], known) => dateKnown(Number(month), Number(day), known),
    inCommands: true,
    needs: 'digit',
  },
  {
    kind: 'date',
    pattern: new RegExp(String.raw`\b(${monthPattern})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+\d{4})?`, 'g'),
    supported: ([, month, day], known) => dateKnown(monthNumber(month!), Number(day), known),
    inCommands: true,
    needs: 'digit',
  },
  {
    kind: 'date',
    pattern: new RegExp(
      String.raw`(?<![\d.])(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${monthPattern})\b(?:,?\s+\d{4})?`,
      'g',
    ),
    supported: ([, day, month], known) => dateKnown(monthNumber(month!), Number(day), known),
    inCommands: true,
    needs: 'digit',
  },
  {
    kind: 'date',
    pattern: /(?<![\w/.])(\d{1,2})\/(\d{1,2})(?:\/\d{2,4})?(?![\w/])/g,
    supported: ([text, first, second], known) => {
      const a = Number(first)
      const b = Number(second)
      if (text === '24/7' || (a > 12 && b > 12) || a === 0 || b === 0) return undefined
      return dateKnown(a, b, known) || dateKnown(b, a, known)
    },
    inCommands: true,
    needs: 'digit',
  },
  {
    kind: 'date',
    pattern: /\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b/g,
    supported: ([text], known) => known.words.has(text!.toLowerCase()),
    inCommands: true,
    needs: 'day',
  },
  {
    kind: 'time',
    pattern: new RegExp(
      String.raw`(?<![\d:.])(\d{1,2}):(\d{2})(?::\d{2})?(?!\d)(?:\s?[AaPp]\.?[Mm]\b\.?)?${zone}`,
      'g',
    ),
    supported: ([, hour, minute], known) =>
      Number(hour) > 24 || Number(minute) > 59 ? undefined : known.times.has(timeKey(hour!, minute!)),
    inCommands: true,
    needs: 'digit',
  },
  {
    kind: 'time',
    pattern: new RegExp(String.raw`(?<![\w.:])(\d{1,2})\s?[AaPp]\.?[Mm]\b\.?${zone}`, 'g'),
    supported: ([, hour], known) => (Number(hour) > 12 ? undefined : known.times.has(timeKey(hour!, '0'))),
    inCommands: true,
    needs: 'digit',
  },
  {
    kind: 'money',
    pattern: new RegExp(
      String.raw`(?:[$€£¥]\s?(${number})|\b(?:USD|EUR|GBP|CHF)\s?(${number})|(?<![\w.])(${number})\s?(?:USD|EUR|GBP|CHF|CAD|AUD|dollars?|euros?|pounds?)\b)(?:\s?(?:k|m|bn|million|billion)\b)?`,
      'g',
    ),
    supported: ([, a, b, c], known) => allIn(numberValues(a ?? b ?? c ?? ''), known),
    inCommands: true,
    needs: 'digit',
  },
  {
    kind: 'percent',
    pattern: /(?<![\w.,])(\d+(?:\.\d+)?)\s?(?:%|percent\b|per cent\b)/g,
    // A share is often stored as a ratio: 0.3% matches 0.003.
    supported: ([, value], known) =>
      known.numbers.has(numberKey(Number(value))) || known.numbers.has(numberKey(Number(value) / 100)),
    inCommands: true,
    needs: 'digit',
  },
  {
    kind: 'quantity',
    pattern: new RegExp(
      String.raw`(?<![\w.,$€£#:/-])(\d[\d.,]*\d|\d)(?:\s?[-–]\s?(${number}))?(\s?${units})?(?![\w/])`,
      'gi',
    ),
    supported: ([, first, second, unit], known) => {
      if ((first!.match(/\./g)?.length ?? 0) > 1) return known.lower.includes(first!)
      const values = [...numberValues(first!), ...(second === undefined ? [] : numberValues(second))]
      // Small counts ("3 tables", "step 2") are not specifics; measures ("2 GB", "5 days") are.
      if (unit === undefined && !first!.includes('.') && values.every((value) => value < 10)) return undefined
      return allIn(values, known)
    },
    inCommands: false,
    needs: 'digit',
  },
]
