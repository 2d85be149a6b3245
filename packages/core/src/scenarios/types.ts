import type { ProvenanceRoute } from '../ledger/provenance-types.ts'

/** Where a session is in its scenarios; kept in session state between turns. */
export interface NavigationState {
  scenario: string | null
  step: string | null
  /** How many times each transition (`scenario:from->to`) was taken, for the loop guard. */
  transitionCounts: Record<string, number>
}

/** What the router sees of one turn. */
export interface RouteInput {
  /** Intent scores of the turn, highest first. */
  alternatives: ReadonlyArray<{ intent: string; confidence: number }>
  intent: string
  /** The user signalled a deliberate topic change. */
  topicShift: boolean
  /** CEL variables for transition and entry conditions. */
  variables: Record<string, unknown>
}

/** The router's decision for one turn. */
export interface RouteDecision {
  scenario: string | null
  step: string | null
  decision: ProvenanceRoute['decision']
  previousScenario: string | null
  scores: ProvenanceRoute['scores']
  reason: string
  /** Transitions taken this turn (`scenario:from->to`), in order. */
  transitions: string[]
  /** Set when the loop guard stopped a transition: ask the user instead of moving. */
  loop?: { transition: string; count: number }
  /** The navigation state after this turn. */
  state: NavigationState
}
