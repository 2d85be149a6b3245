import type { DefinitionRule } from '../definition/definition-schema.ts'

/** How often a rule fired in a session, for `maxFiresPerSession` and `cooldownTurns`. */
export interface RuleFireRecord {
  count: number
  /** Turn number of the last fire. */
  lastTurn: number
}

/** What retrieval sees of the current turn. */
export interface RuleRetrievalContext {
  scenario: string | null
  step: string | null
  /** The user's text (matched lexically against `match` cues). */
  text: string
  intent: string
  /** Variables of CEL conditions: `intent`, `entities`, `fields`, `session`, ... */
  variables: Record<string, unknown>
  /** The current turn number (1-based). @default 1 */
  turn?: number
  /** Fire counts per rule id. @default {} */
  fires?: Readonly<Record<string, RuleFireRecord>>
  /**
   * Session facts this turn set or changed. When given, a rule whose condition reads only session
   * facts (`fields.amount > 50`, no `text`/`intent`/`entities`, no cue or intent) fires only if one
   * of them is in this set. @default undefined (every true condition fires)
   */
  changedFacts?: ReadonlySet<string>
}

/** A retrieved rule with the reason it matched. */
export interface MatchedRule {
  rule: DefinitionRule
  scope: 'global' | 'scenario' | 'step'
  /** Why it matched, in one sentence (for the provenance footer). */
  reason: string
  /** The lexical cue found in the text, when the rule has cues. */
  cue?: string
}

/** A rule that was in scope and a candidate, but did not match (for debugging). */
export interface RejectedRule {
  ruleId: string
  reason: string
}

/** Outcome of one retrieval. */
export interface RuleRetrieval {
  matched: MatchedRule[]
  rejected: RejectedRule[]
  /** How many candidate rules were examined (retrieval is sub-linear in the rule count). */
  examined: number
}

/** A compiled, indexed rule set. */
export interface RuleIndex {
  /** Global + current scenario + current step rules that match, priority-ordered. */
  retrieve(context: RuleRetrievalContext): RuleRetrieval
  readonly size: number
}
