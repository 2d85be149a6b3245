const stopwords = new Set(
  'a an and are as at be been but by can could did do does for from had has have how i if in into is it its just me my of on or our please should so some than that the their them then there these they this those to us was we were what when where which while who why will with would you your about also show tell explain give want need like make'.split(
    ' ',
  ),
)

/** Content-word stems of a goal (lower-case, first 5 letters, stopwords and short words dropped). */
export function goalKeywordStems(goal: string): string[] {
  const stems = new Set<string>()
  for (const word of goal.toLowerCase().match(/[a-z][a-z0-9_-]{3,}/g) ?? []) {
    if (!stopwords.has(word)) stems.add(word.slice(0, 5))
  }
  return [...stems]
}

/** Share of the goal's keyword stems found in the draft (1 when the goal has fewer than 2). */
export function keywordCoverage(stems: readonly string[], draftLower: string): number {
  if (stems.length < 2) return 1
  let found = 0
  for (const stem of stems) if (draftLower.includes(stem)) found++
  return found / stems.length
}

const decisionRequest =
  /\b(should (i|we)|which (one|option|approach|is better)|recommend\w*|better|versus|vs\.?|choose|pick|trade-?offs?|worth it)\b/i
const decisionSupport =
  /\b(recommend\w*|suggest\w*|i'?d (go|choose|pick|use)|prefer\w*|best (option|choice|fit)|go with|choose|opt for|verdict|you should|we should)\b/i

/** The goal asks for a decision and the draft offers none (INSUFFICIENT_DECISION_SUPPORT). */
export function lacksDecisionSupport(goal: string, draft: string): boolean {
  return decisionRequest.test(goal) && !decisionSupport.test(draft)
}

const genericPhrases =
  /\b(best practices?|in general|generally|typically|it depends|various|many factors|industry standard|common approach(es)?|as needed|and so on|etc\.?)\b/gi

/** How many generic-advice phrases a draft uses. */
export function genericPhraseCount(draft: string): number {
  return draft.match(genericPhrases)?.length ?? 0
}
