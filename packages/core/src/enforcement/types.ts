/**
 * Public types of Lane 1 enforcement: scanner findings, CEL expressions, enforcement rules and
 * their outcomes, and the pre-tool policy gate. Outcomes are discriminated unions of values.
 */
import type { ApprovalRequest } from '../ports/turn-types.ts'
import type { CompiledDetector } from './detectors/define-detector.ts'

/** Built-in detector names, each with real validation (checksums, ranges), not a bare regex. */
export type DetectorId =
  | 'credit-card'
  | 'us-ssn'
  | 'email'
  | 'phone'
  | 'iban'
  | 'crypto-address'
  | 'ip-address'
  | 'url'
  | 'secret'
  | 'high-entropy'
  | 'blocklist'
  | 'pattern'

/** One detected item in a text: half-open UTF-16 range `[start, end)`. */
export interface Finding {
  /** What was found, e.g. `credit-card`, `aws-access-key`, or a user pattern's `type`. */
  type: string
  start: number
  end: number
  /** The exact matched text (`text.slice(start, end)`). */
  value: string
  /** 0..1; checksum-validated items score high, heuristics lower. */
  confidence: number
  /** The detector that produced it (a `DetectorId`). */
  detector: string
}

/** A policy author's regex; validated for catastrophic backtracking when loaded. */
export interface ScanPattern {
  /** Finding type reported for matches. */
  type: string
  /** JavaScript regex source (no delimiters). */
  pattern: string
  /** Regex flags; `g` is implied. @default 'u' */
  flags?: string
  /** Longest text one match may span; bounds streaming hold-back. @default 256 */
  maxLength?: number
  /** @default 0.9 */
  confidence?: number
}

/** Which detectors a scan runs, plus per-definition keywords and patterns. */
export interface ScanOptions {
  /** Built-in detectors to run. @default every built-in detector */
  detectors?: readonly DetectorId[]
  /**
   * Case-insensitive keywords matched on word boundaries (reported as type `blocklist`), also in
   * respellings a reader still reads as the term: digits or symbols for letters (`Amaz0n`), letters
   * spelled apart (`A m a z o n`), a joiner inside (`Wal-Mart`), accented or mathematical letters
   * (see `compileBlocklist`). A blank inside a keyword matches 0 to 32 whitespace characters or
   * joiners (`Acme Corp` finds `Acme\n  Corp` and `AcmeCorp`).
   */
  blocklist?: readonly string[]
  /** User regexes (reported with their own `type`). */
  patterns?: readonly ScanPattern[]
  /**
   * Secret detectors added to the built-in ones (from `defineDetector`), run by the `secret`
   * detector: a host's own token kinds, with no change to the scan loop.
   * @default []
   */
  secretDetectors?: readonly CompiledDetector[]
  /** Minimum Shannon entropy (bits per char) for the `high-entropy` detector. @default 4 */
  entropyThreshold?: number
  /** Minimum token length for the `high-entropy` detector. @default 24 */
  entropyMinLength?: number
  /** Where the options came from, used to locate errors (e.g. `rules[2].enforce`). @default 'scan' */
  path?: string
}

/** How `redact` replaces findings: `****`, `[CREDIT_CARD]`, or `[CREDIT_CARD:1a2b3c4d]`. */
export type RedactionStyle = 'mask' | 'placeholder' | 'hash'

/**
 * Partial masking of one finding type (the usual practice for cards: "Visa ending 1111"): the
 * replacement keeps the last four digits and nothing else of the value. A value with fewer than
 * eight digits, or findings that overlap, fall back to the redaction style.
 */
export interface PartialMask {
  mask: 'last4'
  /**
   * The replacement: `{last4}`, `{brand}` (card network from the number's prefix: Visa, Mastercard,
   * American Express, ...; empty for other types) and `{type}` (`CREDIT_CARD`). It may hold no digit.
   * @default '{brand} ending {last4}'
   */
  replacement?: string | undefined
}

/** Partial masks by finding type (`credit-card`, `us-ssn`, a pattern's `type`). */
export type PartialMasks = Readonly<Record<string, PartialMask>>

/** Streaming scanner options. */
export interface StreamRedactorOptions extends ScanOptions {
  /** @default 'placeholder' */
  style?: RedactionStyle
  /** Finding types shown partly (`{ 'credit-card': { mask: 'last4' } }`); the rest use `style`. @default {} */
  masks?: PartialMasks
  /**
   * `redact` replaces findings and keeps streaming; `block` stops emitting at the first finding
   * (for hard-safety rules) and reports the violation through `blocked()`.
   * @default 'redact'
   */
  mode?: 'redact' | 'block'
}

/** Result of a stream redactor in block mode once it has stopped. */
export interface StreamBlock {
  type: 'blocked'
  findings: Finding[]
}

/** A pull-style streaming redactor; chunks in, safe text out. */
export interface StreamRedactor {
  /** Feed a chunk; returns the text that is now safe to emit (may be ''). */
  push(chunk: string): string
  /** End of input; returns whatever was still held back, redacted. */
  flush(): string
  /** Every finding so far, in whole-text offsets. */
  findings(): Finding[]
  /** In block mode, the block once it happened; otherwise undefined. */
  blocked(): StreamBlock | undefined
}

/** Result of evaluating a compiled expression: a value, or an error as a value. */
export type ExpressionOutcome = { type: 'value'; value: unknown } | { type: 'error'; message: string }

/** A CEL expression parsed once, evaluated many times. */
export interface CompiledExpression {
  source: string
  /** Evaluates against variables (JS numbers follow the number rule, see `toCelValue`). */
  evaluate(variables: Record<string, unknown>): ExpressionOutcome
  /**
   * The names it reads: each root variable (`refund_amount`, `session`) and each field of
   * `reply` (`reply.refund_amount` reads `refund_amount`).
   */
  readonly reads?: readonly string[]
  /** The `reply` fields it tests with `has(reply.<name>)`. */
  readonly tests?: readonly string[]
  /** Its type as the checker infers it at load (`bool`, `int`, `string`, `dyn` when unknown). */
  readonly resultType?: string
  /**
   * Its top-level `&&` operands, each compiled on its own (one part when it is no conjunction):
   * a check can leave out the part over a value the text does not state and still judge the rest.
   */
  readonly parts?: readonly CompiledExpression[]
}

/** Options of `compileExpression`. */
export interface CompileExpressionOptions {
  /** Compile the operands of a top-level `&&` on their own too (`parts`). @default true */
  parts?: boolean
  /** Where the expression came from, named in errors. @default 'expression' */
  path?: string
  /** Longest string any variable may hold when the expression uses `matches()`. @default 65536 */
  maxMatchInputLength?: number
}

/** Outcome of a boolean check: only a literal `true` passes; errors and missing variables fail. */
export type ExpressionCheck =
  | { type: 'passed' }
  | { type: 'failed'; reason: 'false' | 'error' | 'not-boolean'; message: string }

/** How a rule maps extracted response values to expression variables. */
export interface VariableBinding {
  /** Variable name in the expression, e.g. `refund_amount`. */
  name: string
  /** What to extract. */
  kind: 'money' | 'percentage' | 'count' | 'number' | 'email' | 'entity'
  /** For money: restrict to a currency (ISO code, e.g. `USD`). */
  currency?: string
  /**
   * When several values match: the largest (safe default for limits), first, last or sum. A money
   * `sum` adds the amounts a reply gives, not one it names as a limit ("up to $50", "capped at
   * $50"): bind a `max` beside it to cap those too. @default 'max'
   */
  pick?: 'max' | 'min' | 'first' | 'last' | 'sum'
  /**
   * A word that must appear in the same sentence (matched as a prefix: `refund` matches
   * "refunded"); for counts, the counted noun (`item` matches "3 items").
   */
  label?: string
  /** Value used when nothing is extracted; without it the variable is absent and a check on it fails. */
  default?: string | number | boolean
}

/** Tier of a rule (seed 004 §1): hard-safety is mechanical and fails closed. */
export type RuleTier = 'hard-safety' | 'process' | 'style'

/** What the enforcer does when a rule is violated. */
export type ViolationAction = 'regenerate' | 'redact' | 'refuse' | 'escalate'

/** Lane 1 enforcement of one rule. */
export interface RuleEnforcement {
  /** CEL expression that must evaluate to `true` for the reply to pass. */
  expression?: string
  /** How response text becomes expression variables. */
  bindings?: readonly VariableBinding[]
  /** Detectors whose findings violate the rule. */
  detectors?: readonly DetectorId[]
  /** Keywords whose presence violates the rule. */
  blocklist?: readonly string[]
  /** User patterns whose matches violate the rule. */
  patterns?: readonly ScanPattern[]
  onViolation: ViolationAction
  /** Template shown on `refuse`. */
  refusal?: string
  /** Bound on regenerations before the enforcer refuses instead. @default 2 */
  maxRegenerations?: number
}

/** A rule as Lane 1 sees it. */
export interface EnforcementRule {
  id: string
  tier: RuleTier
  /** Global rules are checked on every turn, retrieved or not. */
  global?: boolean
  description?: string
  enforce: RuleEnforcement
}

/** One violated rule, with what violated it. */
export interface RuleViolation {
  ruleId: string
  tier: RuleTier
  action: ViolationAction
  /** Why, in one sentence. */
  message: string
  findings: Finding[]
  /** The rule could not be evaluated (it counts as violated; hard-safety then blocks). */
  internalError?: boolean
}

/** Outcome of checking one draft reply. */
export type EnforcementResult =
  | { type: 'allowed'; text: string; findings: Finding[] }
  | { type: 'redacted'; text: string; findings: Finding[]; violations: RuleViolation[] }
  | { type: 'blocked'; violations: RuleViolation[]; refusal?: string }
  | { type: 'regenerate'; violations: RuleViolation[]; instruction: string; attempt: number }
  | { type: 'escalated'; violations: RuleViolation[] }

/** Context of one check. */
export interface EnforcementContext {
  /** Variables known before the reply (session, tool results); a rule's bound variables extracted from the reply take precedence. */
  variables?: Record<string, unknown>
  /** Ids of the rules retrieved for this turn; globals run regardless. @default every rule */
  ruleIds?: readonly string[]
  /** How many regenerations already happened this turn. @default 0 */
  attempt?: number
  /**
   * Whole sentences the engine wrote into the reply that quote the user's own words (its offer of
   * a request they made: `You also asked: "refund $70 for NW-1002". Shall I do that now?`) or
   * repeat what was done, as it was said and checked then: a rule's bound values are not read
   * from them, since the reply commits to nothing new there; every detector still scans them.
   * Only a passage of 16 characters or more, standing whole (not glued to a letter, digit, `$`
   * or `_`), is left out.
   */
  quoted?: readonly string[]
}

/** A Lane 1 enforcer built once per definition. */
export interface Enforcer {
  check(text: string, context?: EnforcementContext): EnforcementResult
  /** A stream redactor applying every scanner of the selected rules (block mode if any is hard-safety with refuse). */
  createStream(context?: EnforcementContext): StreamRedactor
  /**
   * How a model's draft is judged by the selected hard-safety expression rules while it is
   * written (`createStream` does not read them): before the scanners, a live draft passes `stream`.
   */
  createDraftJudge(context?: EnforcementContext): DraftJudge
}

/** How a draft's hard-safety expression rules are judged while it is written (`Enforcer.createDraftJudge`). */
export type DraftJudge =
  /**
   * Judged on the text so far: `stream` holds back what may still change a value and stops at
   * the first failure (`blocked()`); no `stream` when no such rule is selected.
   */
  | { type: 'streamed'; stream?: StreamRedactor }
  /** These rules read a value no part of a draft settles (an email, an entity, a count): hold the draft until it is checked whole. */
  | { type: 'held'; ruleIds: string[] }

/** Pre-tool policy of one tool. */
export interface ToolPolicy {
  id: string
  allowed: 'always' | 'conditional' | 'never'
  /** CEL over `args` and `session`; must be true for a conditional tool to run. */
  condition?: string
  /**
   * More conditions, each with what the customer is told when it is the one not met (`refusal`, a
   * template over `args` and the turn's values): all must hold, after `condition`, in order.
   */
  checks?: ReadonlyArray<{ condition: string; refusal?: string | undefined }>
  /** CEL over `args` (and `session`); true means a human must approve, e.g. `args.amount > 500`. */
  requiresApproval?: string
  approval?: {
    approver?: string
    /** After this, `defaultAction` applies. */
    timeoutMs?: number
    defaultAction: 'approve' | 'reject'
  }
  /** Rule that created this policy, for provenance. */
  ruleId?: string
}

/** "verify identity before account access": `tool` may only run after `requires` ran. */
export interface ToolOrdering {
  tool: string
  requires: string
  ruleId?: string
}

/** One proposed tool call. */
export interface ToolCall {
  toolId: string
  args: Record<string, unknown>
}

/** What already happened in the session, for ordering constraints and conditions. */
export interface ToolHistory {
  toolsRun: readonly string[]
  /** Session variables visible to conditions as `session`. */
  session?: Record<string, unknown>
  sessionId?: string
}

/** Pre-tool gate decision. */
export type ToolGateDecision =
  | { type: 'allowed' }
  | {
      type: 'blocked'
      reason: string
      ruleId?: string
      /** The refusal of the check that was not met (`ToolPolicy.checks`), when it has one. */
      refusal?: string
    }
  | { type: 'approval-required'; request: ApprovalRequest }

/** Decision of a human (or a timeout) on an approval request. */
export type ApprovalResolution =
  | { type: 'approved'; request: ApprovalRequest; by: 'human' | 'timeout' }
  | { type: 'rejected'; request: ApprovalRequest; by: 'human' | 'timeout'; reason?: string }

/** Result of an offline rule template (seed 004 §7 v1). */
export interface CompiledRuleTemplate {
  kind: 'tool-never' | 'threshold' | 'tool-approval' | 'never-mention'
  /** CEL, for `threshold` (`refund_amount <= 50`) and `tool-approval`. */
  expression?: string
  /** How the reply's values fill a `threshold` expression, when the template knows (a labelled amount). */
  bindings?: VariableBinding[]
  /** Scanner config, for `never-mention`. */
  scan?: Pick<ScanOptions, 'blocklist' | 'detectors'>
  /** Tool policy, for `tool-never` and `tool-approval`. */
  tool?: ToolPolicy
  /** The free-text rule it came from, for provenance. */
  source: string
}
