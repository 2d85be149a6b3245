import { type GoalTarget, subjectPronouns } from './extract-goal-target.ts'
import type { GoalToken } from './normalize-goal-text.ts'

/** Forms of "be" and "get" that make a past participle after them passive ("is called", "gets used"). */
const passiveAuxiliaries: ReadonlySet<string> = new Set(
  'is are was were be been being get gets got'.split(' '),
)

const word = (token: GoalToken) => token.surface.toLowerCase()

/** Only stop words in `tokens[from, to)`, none a subject pronoun ("every place *we* call"). */
function onlyStopWords(tokens: readonly GoalToken[], from: number, to: number): boolean {
  for (let index = from; index < to; index++)
    if (!tokens[index]!.stop || subjectPronouns.has(word(tokens[index]!))) return false
  return true
}

/**
 * Does the target do what the verb at `verb` says, rather than have it done to it? Right before
 * an active verb it is the subject ("what does *checkToken* call", "which functions does
 * *CommandRouter* call"), and right after "by" of a passive one ("which functions are called by
 * *checkToken*"). Before a passive verb ("where is checkToken called"), after an active one ("who
 * calls checkToken") or with another subject between ("every place *we* call the API") it is not.
 */
export function isTargetSubject(tokens: readonly GoalToken[], verb: number, target: GoalTarget): boolean {
  if (target.text === undefined || (target.kind !== 'identifier' && target.kind !== 'phrase')) return false
  const words = target.text.toLowerCase().split(/\s+/)
  let clauseStart = verb
  while (clauseStart > 0 && tokens[clauseStart]!.lead === 0) clauseStart--
  const passive =
    /ed$/i.test(tokens[verb]!.surface) &&
    tokens.slice(clauseStart, verb).some((token) => passiveAuxiliaries.has(word(token)))
  if (passive) {
    const by = tokens.findIndex((token, index) => index > verb && word(token) === 'by')
    const first = tokens.findIndex((token, index) => by >= 0 && index > by && word(token) === words[0])
    return first > by && onlyStopWords(tokens, by + 1, first)
  }
  let last = verb - 1
  while (last >= clauseStart && word(tokens[last]!) !== words.at(-1)) last--
  return last >= clauseStart && onlyStopWords(tokens, last + 1, verb)
}
