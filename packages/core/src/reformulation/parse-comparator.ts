import { createPhraseSet } from './create-lexicon-index.ts'
import type { GoalToken } from './tokenize-goal-text.ts'

/** A numeric limit in a goal: `under $500`, `at least 4 stars`, `no more than 3 sources`. */
export interface GoalComparator {
  label: string
  /** `upper`: the value is a maximum (smaller is stricter); `lower`: a minimum (larger is stricter). */
  direction: 'upper' | 'lower'
  value: number
  /** `$`, `%`, the stem of the unit word (`word`, `star`), or '' when none. */
  unit: string
}

const upper = createPhraseSet([
  'under',
  'below',
  'less than',
  'fewer than',
  'at most',
  'no more than',
  'not more than',
  'up to',
  'max',
  'maximum',
  'cheaper than',
  'lower than',
  'smaller than',
  'shorter than',
  'not exceeding',
  'beneath',
  '<',
  '<=',
  'within',
  'no longer than',
  'at max',
])
const lower = createPhraseSet([
  'over',
  'above',
  'more than',
  'greater than',
  'at least',
  'min',
  'minimum',
  'no less than',
  'not less than',
  'higher than',
  'exceeding',
  'bigger than',
  'larger than',
  'longer than',
  '>',
  '>=',
  'upwards of',
])
const currencyWords = new Set(['dollar', 'usd', 'buck', 'euro', 'eur', 'pound', 'gbp'])

/** Parses a comparator at `index` (`under $500`, `at least 4 stars`), or returns undefined. */
export function parseComparator(
  tokens: readonly GoalToken[],
  index: number,
  isUnitWord: (token: GoalToken) => boolean,
): { length: number; comparator: GoalComparator } | undefined {
  const stems = tokens.map((token) => token.stem)
  const upperLength = upper.longestAt(stems, index)
  const lowerLength = lower.longestAt(stems, index)
  const length = Math.max(upperLength, lowerLength)
  if (length === 0) return undefined
  const number = tokens[index + length]
  if (number?.value === undefined) return undefined
  const unitToken = tokens[index + length + 1]
  const unitWord =
    number.unit === undefined &&
    unitToken !== undefined &&
    !unitToken.punctuation &&
    unitToken.value === undefined &&
    isUnitWord(unitToken)
  const unit = number.unit ?? (unitWord ? (currencyWords.has(unitToken.stem) ? '$' : unitToken.stem) : '')
  const used = length + 1 + (unitWord ? 1 : 0)
  return {
    length: used,
    comparator: {
      label: tokens
        .slice(index, index + used)
        .map((token) => token.text)
        .join(' '),
      direction: upperLength >= lowerLength ? 'upper' : 'lower',
      value: number.value,
      unit,
    },
  }
}
