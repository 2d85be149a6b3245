import type { LexiconIndex } from './create-lexicon-index.ts'
import { parseCount, parseTimeExpression } from './parse-time-expression.ts'
import type { GoalToken } from './tokenize-goal-text.ts'

/** A limiting quantifier: `top 5` (count 5), `major` (count null). */
export interface GoalLimit {
  label: string
  count: number | null
  /** Selected by a ranking (`top`, `best`, `largest`), not just counted. */
  ranked: boolean
  /** The quantifier word(s) as stems (`top`, `biggest`); empty for a bare count (`5 markets`). */
  head: string
  /** The count is written out (`top 5`, `top five`), not implied (`the best restaurant`). */
  stated: boolean
}

const unrankedQuantifiers = new Set(['few', 'several', 'handful', 'couple', 'select', 'selected'])

const uncountable = new Set([
  'news',
  'series',
  'species',
  'analysis',
  'business',
  'status',
  'bus',
  'gas',
  'us',
])

/** `the first chapter`, `the best restaurant`: a ranked head before a singular noun phrase selects one. */
function singularCount(
  tokens: readonly GoalToken[],
  start: number,
  head: GoalToken,
  lexicon: LexiconIndex,
  now: number,
): number | null {
  if (unrankedQuantifiers.has(head.lower)) return null
  let end = start
  // The noun phrase runs to the next function word, punctuation or time: its last word is the noun.
  while (end < tokens.length && end - start < 4) {
    const token = tokens[end]!
    if (token.punctuation || lexicon.stopWords.has(token.stem) || parseTimeExpression(tokens, end, now)) break
    end++
  }
  const noun = tokens[end - 1]
  if (end === start || noun === undefined) return null
  const word = noun.lower.replace(/'s$/, '')
  const plural = word.endsWith('s') && !word.endsWith('ss') && !uncountable.has(word)
  return plural ? null : 1
}

/** Parses a limit at `index`: `top 5`, `the best restaurant` (1), `major` (no count), `5 markets`. */
export function parseGoalLimit(
  tokens: readonly GoalToken[],
  index: number,
  lexicon: LexiconIndex,
  now: number,
): { length: number; limit: GoalLimit } | undefined {
  const token = tokens[index]!
  const next = tokens[index + 1]
  const stems = tokens.map((part) => part.stem)
  const limitLength = lexicon.limitingQuantifiers.longestAt(stems, index)
  if (limitLength > 0) {
    const count = parseCount(tokens, index + limitLength)
    const length = limitLength + (count?.length ?? 0)
    const label = tokens
      .slice(index, index + length)
      .map((part) => part.lower)
      .join(' ')
    const limitCount = count?.value ?? singularCount(tokens, index + limitLength, token, lexicon, now)
    const head = stems.slice(index, index + limitLength).join(' ')
    return {
      length,
      limit: {
        label,
        count: limitCount,
        ranked: !unrankedQuantifiers.has(token.lower),
        head,
        stated: count !== undefined,
      },
    }
  }
  if (
    token.value !== undefined &&
    token.unit === undefined &&
    next !== undefined &&
    !next.punctuation &&
    next.value === undefined &&
    !lexicon.stopWords.has(next.stem)
  ) {
    return {
      length: 1,
      limit: {
        label: `${token.lower} ${next.lower}`,
        count: token.value,
        ranked: false,
        head: '',
        stated: true,
      },
    }
  }
  return undefined
}
