/**
 * The provenance of one turn or run: what Focal decided and why, in a JSON-serialisable shape the
 * React footer renders and `renderProvenance` turns into text or Markdown.
 */
export interface Provenance {
  /** `normal`; `fallback` (a deterministic default stood in for a model or a check fell back); `clarification-required`. */
  mode: 'normal' | 'fallback' | 'clarification-required'
  /** Short (12 hex chars) SHA-256 of the user text or query, for correlation without storing it. */
  queryHash: string
  /** ISO-8601. */
  timestamp: string
  goal?: ProvenanceGoal
  route?: ProvenanceRoute
  rules: ProvenanceRule[]
  /** The question asked; `reason` is the engine's internal why (scores, loop guard), for the inspector. */
  clarification?: { question: string; options: string[]; reason?: string }
  tools: ProvenanceTool[]
  /** A task agent's investigation: the parsed goal, the evidence it needs and the calls made for it. */
  plan?: ProvenancePlan
  enforcement?: ProvenanceEnforcement
  gates: ProvenanceGate[]
  evidence: { count: number; sources: string[] }
}

/** The goal as given and as executed, with the reformulation that links them. */
export interface ProvenanceGoal {
  original: string
  active: string
  /**
   * How `original` became `active`. Over several steps in one turn (the user's answer, then a
   * file a search found), `type` is the steps' types joined with `+`, `confidence` the lowest
   * step's and `evidenceIds` every step's; `steps` lists each. `turnId` names the turn whose
   * narrowing it is: the one `restoreGoal({ turnId })` undoes.
   */
  reformulation?: {
    type: string
    confidence: number
    evidenceIds: string[]
    ledgerRecordId?: string
    turnId?: string
    steps?: Array<{ from: string; to: string; type: string; confidence: number; evidenceIds: string[] }>
  }
}

/** Where the router placed the turn and why. */
export interface ProvenanceRoute {
  scenario: string | null
  step: string | null
  /** What the router did with the current scenario. */
  decision: 'stayed' | 'entered' | 'exited' | 'switched' | 'resumed' | 'none'
  previousScenario: string | null
  /** Candidate scores after stickiness, highest first. */
  scores: Array<{ scenario: string; step?: string; score: number; boosted: boolean }>
  reason: string
}

/** One rule that fired on the turn. */
export interface ProvenanceRule {
  id: string
  tier: 'hard-safety' | 'process' | 'style'
  scope: 'global' | 'scenario' | 'step'
  priority: number
  /** Why it matched (condition, lexical cue, global hard constraint). */
  reason: string
}

/** One tool call of the turn and what became of it. */
export interface ProvenanceTool {
  id: string
  status: 'ran' | 'failed' | 'blocked' | 'awaiting-approval' | 'approved' | 'rejected'
  reason?: string
}

/** The planner's decisions for one turn of a task agent (seed 003). */
export interface ProvenancePlan {
  goal: { intent: string; entity: string; artifact: string; scope: string; target?: string }
  /** Goal-parse confidence, 0..1. */
  confidence: number
  /** Evidence classes the goal needs, in order. */
  evidence: string[]
  /** Every call the planner made, fallbacks and recovery included, with the evidence it was for. */
  calls: Array<{
    tool: string
    command: string
    evidence: string
    status: string
    role: 'plan' | 'fallback' | 'recovery'
  }>
  /** Evidence still missing after recovery. */
  missing: string[]
  /**
   * A destructive action the request named that the planner did not do (it only gathers
   * evidence): "run the tests, then undo my last commit" ran the tests and records `undo` here.
   */
  notDone?: string[]
}

/** What enforcement did to the draft reply. */
export interface ProvenanceEnforcement {
  outcome: 'allowed' | 'redacted' | 'blocked' | 'regenerated' | 'escalated'
  violations: Array<{ ruleId: string; tier: string; lane: 1 | 2; message: string }>
  /** Redacted items by type; `mask: 'last4'` when they were shown partly ("Visa ending 1111"). */
  redactions: Array<{ type: string; count: number; mask?: 'last4' }>
  lane2?: { ran: boolean; skipped?: string }
}

/** One gate's verdict on the turn or run. */
export interface ProvenanceGate {
  /** `final-alignment`, `goal-gate`, `trust-gate`, `tool-policy`, ... */
  name: string
  status: string
  detail?: string
}
