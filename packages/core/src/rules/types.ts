import type { DetectorId, RuleTier } from '../enforcement/types.ts'

/** How reply text becomes an expression variable (`refund_amount` = the largest money value). */
export interface RuleBinding {
  name: string
  kind: 'money' | 'percentage' | 'count' | 'number' | 'email' | 'entity'
  currency?: string | undefined
  pick?: 'max' | 'min' | 'first' | 'last' | 'sum' | undefined
  label?: string | undefined
  /** Value used when the reply mentions none. */
  default?: string | number | boolean | undefined
}

/** An author regex scanned in replies. */
export interface RulePattern {
  type: string
  pattern: string
  flags?: string | undefined
  maxLength?: number | undefined
  confidence?: number | undefined
}

/** Where a rule applies: everywhere, inside one scenario, or inside one step of a scenario. */
export type RuleScope = 'global' | { scenario: string; step?: string | undefined }

/** A tool call a matched rule asks for; `{{name}}` args are filled from entities and fields. */
export interface RuleToolCall {
  id: string
  args: Record<string, unknown>
}

/** A Lane 1 check a rule puts on the drafted reply. */
export interface RuleReplyCheck {
  /** CEL over variables extracted from the reply, e.g. `refund_amount <= 50`. */
  expression?: string | undefined
  bindings?: RuleBinding[] | undefined
  detectors?: DetectorId[] | undefined
  /** Terms that must never appear in a reply (case-insensitive, whole words). */
  blocklist?: string[] | undefined
  patterns?: RulePattern[] | undefined
  onViolation: 'refuse' | 'redact' | 'regenerate' | 'escalate'
  /** The reply sent instead when the check refuses. */
  refusal?: string | undefined
  maxRegenerations?: number | undefined
}

/**
 * One flat, scoped rule (seed 002: no graph links). The rules module owns this type; an agent
 * definition's `rules[]` entries are validated into it (`definition/definition-schema.ts` checks at
 * compile time that its output is exactly this shape).
 */
export interface Rule {
  id: string
  description?: string | undefined
  scope: RuleScope
  priority: number
  tier: RuleTier
  /** CEL over the perception and session: `intent == "refund" && entities.amount > 50`. */
  condition?: string | undefined
  /** Lexical cues: the rule matches when the user text contains any of these phrases. */
  match?: string[] | undefined
  /** The rule matches only for these intents. */
  intents?: string[] | undefined
  /** Instruction for the model, or the approved reply template when no model is configured. */
  action?: string | undefined
  tools?: RuleToolCall[] | undefined
  enforce?: RuleReplyCheck | undefined
  /** A subjective check for the Lane 2 judge. */
  judge?: string | { rubric: string } | undefined
  enabled: boolean
  maxFiresPerSession?: number | undefined
  cooldownTurns?: number | undefined
}

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
  rule: Rule
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
