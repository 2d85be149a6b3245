import { parseNumberWord } from '../text/index.ts'
import type { GoalTimeWindow } from './goal-time-window.ts'
import { parseCalendarDate } from './parse-calendar-date.ts'
import type { GoalToken } from './tokenize-goal-text.ts'

export type { GoalTimeWindow }

const hour = 3_600_000
const unitHours: Readonly<Record<string, number>> = {
  hour: 1,
  hr: 1,
  h: 1,
  minute: 1 / 60,
  min: 1 / 60,
  day: 24,
  d: 24,
  night: 24,
  week: 168,
  wk: 168,
  w: 168,
  weekend: 72,
  month: 720,
  mo: 720,
  quarter: 2160,
  year: 8760,
  yr: 8760,
  y: 8760,
  decade: 87_600,
}
/** Vague quantities the guard reads as counts (`a couple of days` is two). Number words come from `text/`. */
const quantityWords: Readonly<Record<string, number>> = { a: 1, an: 1, couple: 2, few: 3, several: 5 }
const pastWords = new Set([
  'past',
  'last',
  'previous',
  'preceding',
  'prior',
  'recent',
  'trailing',
  'within',
  'over',
])
const futureWords = new Set(['next', 'coming', 'upcoming', 'following'])
const fillers = new Set(['the', 'of', 'in', 'over', 'during', 'within', 'for'])

/** Parses a count (`24`, `five`, `a`) at `index`; returns the value and tokens used. */
export function parseCount(
  tokens: readonly GoalToken[],
  index: number,
): { value: number; length: number } | undefined {
  const token = tokens[index]
  if (token === undefined) return undefined
  if (token.value !== undefined && token.unit === undefined) return { value: token.value, length: 1 }
  const compound =
    tokens[index + 1] === undefined
      ? undefined
      : parseNumberWord(`${token.lower} ${tokens[index + 1]!.lower}`)
  if (compound !== undefined && compound >= 21) return { value: compound, length: 2 }
  const word =
    parseNumberWord(token.lower) ??
    (Object.hasOwn(quantityWords, token.lower) ? quantityWords[token.lower] : undefined)
  if (word === undefined) return undefined
  return tokens[index + 1]?.lower === 'of' && token.lower === 'couple'
    ? { value: 2, length: 2 }
    : { value: word, length: 1 }
}

function unitAt(tokens: readonly GoalToken[], index: number): number | undefined {
  const token = tokens[index]
  return token === undefined ? undefined : (unitHours[token.stem.replace(/s$/, '')] ?? unitHours[token.lower])
}

const relative = (
  label: string,
  startHours: number,
  endHours: number,
  now: number,
  vague = false,
): GoalTimeWindow => ({
  label,
  start: now + startHours * hour,
  end: now + endHours * hour,
  vague,
  absolute: false,
  known: true,
})

function singleWord(token: GoalToken, now: number): GoalTimeWindow | undefined {
  const word = token.lower.replace(/'s$/, '')
  switch (word) {
    case 'today':
    case 'tonight':
      return relative(word, -24, word === 'tonight' ? 12 : 0, now)
    case 'yesterday':
      return relative('yesterday', -48, -24, now)
    case 'tomorrow':
      return relative('tomorrow', 24, 48, now)
    case 'latest':
    case 'recent':
    case 'recently':
    case 'lately':
    case 'newest':
      return relative(word, -720, 0, now, true)
    case 'upcoming':
    case 'soon':
      return relative(word, 0, 720, now, true)
    case 'ever':
    case 'historically':
    case 'history':
      return {
        label: word,
        start: -Infinity,
        end: Infinity,
        vague: false,
        absolute: false,
        known: true,
      }
    default:
      return undefined
  }
}

/** `past 24 hours`, `last week`, `next 3 days`, `this month`, `24h`. */
function relativeRange(
  tokens: readonly GoalToken[],
  index: number,
  now: number,
): { length: number; window: GoalTimeWindow } | undefined {
  const first = tokens[index]!
  const compact = /^(\d+)(h|hr|hrs|d|w|wk|mo|y|yr)$/.exec(first.lower)
  if (compact) {
    const hours = Number(compact[1]) * (unitHours[compact[2]!.replace(/s$/, '')] ?? 1)
    return { length: 1, window: relative(first.lower, -hours, 0, now) }
  }
  const direction = pastWords.has(first.lower)
    ? -1
    : futureWords.has(first.lower)
      ? 1
      : first.lower === 'this' || first.lower === 'current'
        ? 0
        : undefined
  if (direction === undefined) return undefined
  let cursor = index + 1
  if (tokens[cursor]?.lower === 'the' && direction !== 0) cursor++
  const count = direction === 0 ? undefined : parseCount(tokens, cursor)
  if (count) cursor += count.length
  const unit = unitAt(tokens, cursor)
  if (unit === undefined) return undefined
  const span = (count?.value ?? 1) * unit
  const label = tokens
    .slice(index, cursor + 1)
    .map((token) => token.lower)
    .join(' ')
  const window = direction > 0 ? relative(label, 0, span, now) : relative(label, -span, 0, now)
  return { length: cursor + 1 - index, window }
}

/**
 * Parses a time expression starting at `index` (skipping a leading `in the`/`over the`), or
 * returns undefined. Relative windows are placed against `now`.
 */
export function parseTimeExpression(
  tokens: readonly GoalToken[],
  index: number,
  now: number,
): { length: number; window: GoalTimeWindow } | undefined {
  let cursor = index
  while (fillers.has(tokens[cursor]?.lower ?? '') && cursor - index < 2) cursor++
  for (const start of cursor === index ? [index] : [cursor, index]) {
    const token = tokens[start]
    if (token === undefined) continue
    const word = singleWord(token, now)
    const found = word
      ? { length: 1, window: word }
      : (relativeRange(tokens, start, now) ?? parseCalendarDate(tokens, start, now))
    if (found) return { length: found.length + (start - index), window: found.window }
  }
  return undefined
}
