import type { RuleTier } from '../types.ts'

/** A rule as Lane 2 sees it: judged in text by a model. */
export interface Lane2Rule {
  id: string
  tier: RuleTier
  /** What the reply must satisfy, in words: "Be empathetic", or a rubric. */
  rubric: string
  /** Subjective rules run on every turn; others only on risky actions or when sampled. @default true */
  subjective?: boolean
  /** For process rules: what happens when the latency budget runs out. @default the judge's `processFallback` */
  onBudgetExceeded?: 'block' | 'escalate'
}

/** Why a rule did or did not run this turn. */
export type Lane2Selection = 'subjective' | 'risky-action' | 'sampled' | 'not-selected'

/** The outcome of one rule. */
export interface Lane2Check {
  ruleId: string
  tier: RuleTier
  selection: Lane2Selection
  /**
   * `passed` / `failed`: the model's verdict. `not-run`: not selected. `skipped`: a style rule
   * whose judgment could not finish (budget or model failure), passed with a logged skip.
   * `blocked` / `escalated`: a process or hard-safety rule whose judgment could not finish.
   */
  status: 'passed' | 'failed' | 'not-run' | 'skipped' | 'blocked' | 'escalated'
  reason: string
}

/** A rule Lane 2 found violated (or could not clear, for fail-closed tiers). */
export interface Lane2Violation {
  ruleId: string
  tier: RuleTier
  lane: 2
  message: string
}

/** Lane 2's outcome for one reply; precedence blocked > escalated > violated > allowed. */
export type Lane2Outcome = {
  checks: Lane2Check[]
  /** Set when the model call did not finish: `latency-budget-exceeded` or `model-error: ...`. */
  skipped?: string
  latencyMs: number
  tokenCost: number
  modelId: string
} & (
  | { type: 'allowed' }
  | { type: 'violated'; violations: Lane2Violation[] }
  | { type: 'blocked'; violations: Lane2Violation[] }
  | { type: 'escalated'; violations: Lane2Violation[] }
)

/** Input of one Lane 2 check. */
export interface Lane2Input {
  rules: readonly Lane2Rule[]
  /** The draft reply being judged. */
  reply: string
  /** The user's message, for context. @default '' */
  userMessage?: string
  /** The turn involves a risky action (a tool needing approval, a destructive call): run every rule. @default false */
  riskyAction?: boolean
  signal?: AbortSignal
}

/** A configured Lane 2 judge. */
export interface Lane2Judge {
  /** Why `rule` would (not) run this turn; consumes one random draw for non-subjective rules. */
  select(rule: Lane2Rule, riskyAction?: boolean): Lane2Selection
  judge(input: Lane2Input): Promise<Lane2Outcome>
}
