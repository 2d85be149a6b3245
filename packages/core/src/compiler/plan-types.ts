import type {
  DetectorId,
  RuleTier,
  ScanPattern,
  VariableBinding,
  ViolationAction,
} from '../enforcement/types.ts'

/** A Lane 1 check on every reply in the rule's scope. */
export interface PlannedReplyCheck {
  target: 'reply'
  detectors?: DetectorId[]
  blocklist?: string[]
  patterns?: ScanPattern[]
  /** CEL over values read from the reply, true when the reply is allowed. */
  expression?: string
  bindings?: VariableBinding[]
  onViolation: ViolationAction
  refusal?: string
}

/** A Lane 1 check on tool calls, applied by the tool gate. */
export interface PlannedToolCheck {
  target: 'tool-call'
  tool: string
  /** CEL over `tool` and `args`, true when the rule triggers. */
  expression: string
  /** `block`: the call is refused; `approval`: it waits for a human. */
  effect: 'block' | 'approval'
}

/** How one rule is enforced. */
export interface PlannedRule {
  /** Rule id: the author's, `never-N` / `always-N` for guardrails, `focal:*` for built-ins. */
  id: string
  /** The rule in words, as the author wrote it. */
  text: string
  /** Where the definition says it: `guardrails.never[0]`, `rules[3]`, `settings.detectors`. */
  source: string
  scope: 'global' | { scenario: string; step?: string }
  tier: RuleTier
  /** Who decided the tier. */
  tierFrom: 'author' | 'model' | 'classifier' | 'built-in'
  /** The mechanical check, when there is one. */
  lane1?: PlannedReplyCheck | PlannedToolCheck
  /**
   * A Lane 2 judgment of the rule's text: `every-reply` (never gated on the user's words), or
   * `when-matched` (the rule was retrieved this turn).
   */
  lane2?: { rubric: string; runs: 'every-reply' | 'when-matched' }
  /** Where the compiled form came from. */
  from: 'author' | 'built-in' | 'template' | 'model' | 'none'
  /** The model's compilation came from the cache (no model call). */
  cached?: boolean
  /** Model id of a model compilation. */
  modelId?: string
  /** How it was obtained, or why it fell back (test cases failed, no model...). */
  note: string
  /** The rule is only prompt text: no check runs (no template matched and no model to judge it). */
  unenforced?: boolean
}

/** Every rule of a definition, compiled once at load into lanes. */
export interface EnforcementPlan {
  /** The definition's name. */
  definition: string
  rules: PlannedRule[]
  summary: {
    rules: number
    lane1: number
    lane2EveryReply: number
    lane2WhenMatched: number
    unenforced: number
    /** Model compilations made at this load (0 on a warm cache). */
    modelCalls: number
    cached: number
  }
}
