/**
 * A request for another option of what was shown ("any other buses?", "find me something else",
 * "are there other options?"): another search, so it also counts as the search verbs' token.
 * Matched on the affirmed words (lower-cased, space-separated, padded).
 */
const asksForAnotherPattern =
  / (?:any|some(?! other time )|see|know of) others? | (?:the|show me) others | (?:any|some|more) (?:other|more|different) (?:[a-z]+ )?(?:options?|ones?|choices?|alternatives?) | (?:find|search|show|suggest|recommend|get|look for|give|see|check|is there|are there|do you have|got|have) (?:me |us |for |you |any )?(?:something|anything) (?:else|different) | (?:anything|something) else (?:available|like that|similar|around|nearby) | (?:any|what|which|are there|is there|do you have|find|search for|show me) (?:other|another) | (?:is there|are there|do you have|any) (?:any )?more (?:[a-z]+ )?(?:options?|ones?|choices?|alternatives?|[a-z]+s) /u

/** A word every such request has: most messages are passed over on it. */
const mayAsk = /other|else|more|different/i

/**
 * Whether `words` (lower-cased words separated by single spaces, as `contentWords(…).affirmed`
 * gives them) ask for another option of what was shown.
 */
export function asksForAnother(words: string): boolean {
  return mayAsk.test(words) && asksForAnotherPattern.test(` ${words} `)
}

/** {@link asksForAnother} of a raw message: lower-cased, every run of non-letters one space. */
export function messageAsksForAnother(text: string): boolean {
  if (!mayAsk.test(text)) return false
  return asksForAnotherPattern.test(` ${text.toLowerCase().replace(/[^a-z]+/g, ' ')} `)
}
