import type { LexiconIndex } from './create-lexicon-index.ts'
import type { GoalToken } from './tokenize-goal-text.ts'

/** Capitalised words without digits (`Q4` and `2024` are dates, not names). */
function isNameCandidate(token: GoalToken): boolean {
  return token.capitalized && !token.punctuation && !/\d/.test(token.text)
}

/** Marks the tokens that are names: `Apple`, `New York`, `Tim Cook`, `Go` in mid-sentence. */
export function findGoalEntities(tokens: readonly GoalToken[], lexicon: LexiconIndex): boolean[] {
  const flags = tokens.map(() => false)
  // Capitals say nothing about names in a text written in capitals.
  if (!tokens.some((token) => /\p{Ll}/u.test(token.text))) return flags
  let start = 0
  while (start < tokens.length) {
    if (!isNameCandidate(tokens[start]!)) {
      start++
      continue
    }
    let end = start
    while (end + 1 < tokens.length && isNameCandidate(tokens[end + 1]!)) end++
    const single = end === start
    const known = (token: GoalToken) => lexicon.stopWords.has(token.stem) || lexicon.synonyms.has(token.stem)
    // A capital inside a sentence marks a name (`Go`, `US` too); a capitalised run of known words is title case.
    const isName = single
      ? !tokens[start]!.sentenceStart && tokens[start]!.lower !== 'i'
      : !tokens.slice(start, end + 1).every(known)
    for (let index = start; index <= end; index++)
      flags[index] =
        isName && !(index === start && tokens[index]!.sentenceStart && !single && known(tokens[index]!))
    start = end + 1
  }
  return flags
}
