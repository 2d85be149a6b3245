import type { ProvenanceRoute } from '../ledger/provenance-types.ts'
import type { IntentEvidence } from '../sensor/create-intent-evidence.ts'

/** A transition between steps; evaluated in priority order. */
export interface Transition {
  to: string
  condition?: string | undefined
  intents?: string[] | undefined
  priority: number
}

/** A field a step must collect, optionally with the follow-up question that asks for it. */
export type RequiredField = string | { field: string; question?: string | undefined }

/** One step of a scenario. */
export interface Step {
  id: string
  name?: string | undefined
  /** The follow-up question asked while required fields are missing. */
  ask?: string | undefined
  required: RequiredField[]
  transitions: Transition[]
  terminal: boolean
}

/**
 * A scenario: a state container with steps (seed 002). The scenarios module owns this type; an
 * agent definition's `scenarios[]` are validated into it (`definition/definition-schema.ts` checks
 * at compile time that its output is exactly this shape).
 */
export interface Scenario {
  id: string
  name?: string | undefined
  description?: string | undefined
  /** Intents that enter this scenario from outside. */
  intents: string[]
  /** Scenarios of one topic are neighbours (`settings.topicStickiness` between them). */
  topic?: string | undefined
  /** Extra CEL condition for entering. */
  entryCondition?: string | undefined
  initialStep?: string | undefined
  steps: Step[]
  /** Scenario-wide transitions (router priority 2). */
  transitions: Transition[]
}

/** A scenario left unfinished, kept so the user can come back to it. */
export interface PausedScenario {
  scenario: string
  step: string
  /** Fields collected in it (the engine keeps them here while another scenario runs). */
  fields?: Record<string, unknown>
}

/** Where a session is in its scenarios; kept in session state between turns. */
export interface NavigationState {
  scenario: string | null
  step: string | null
  /** How many times each transition (`scenario:from->to`) was taken, for the loop guard. */
  transitionCounts: Record<string, number>
  /** Scenarios left unfinished, most recent first. */
  paused?: PausedScenario[]
}

/** What the router sees of one turn. */
export interface RouteInput {
  /** Intent scores of the turn, highest first. */
  alternatives: ReadonlyArray<{ intent: string; confidence: number }>
  intent: string
  /** The user signalled a deliberate topic change. */
  topicShift: boolean
  /** The turn's content-word evidence per intent; without it the router stays in a scenario. */
  evidence?: IntentEvidence
  /** Evidence of the engine's own last offer, when this turn accepts it ("yes, please"). */
  offer?: IntentEvidence
  /**
   * The offer accepted was worded as a proposal ("Shall I book a cab?"): a deliberate move to what
   * it proposes, like a switch cue within the topic and towards a topic its own words are of.
   */
  offerProposal?: boolean
  /**
   * The turn answers a question the engine's own last reply asked ("What time?", "Where are you
   * leaving from?"): leaving the scenario, for another topic or within its own, needs
   * `answerStickiness` more evidence.
   */
  answersQuestion?: boolean
  /**
   * The turn asks for nothing to be done (no task verb, want or request: "What's the price?"):
   * leaving the scenario needs `answerStickiness` more evidence, as for an answer.
   */
  requestsNothing?: boolean
  /**
   * The turn asks what there is ("are there any hotels in that area?", "what hotels are around
   * there?"): a search, so it leaves the topic on its own words as a request does, while within
   * the topic it still asks for nothing to be done.
   */
  asksWhatThereIs?: boolean
  /**
   * The turn asks for another option of what was shown ("any other buses?", "find me something
   * else"): a request of the task at hand, so leaving its topic needs `answerStickiness` more
   * evidence while moving within it (to the topic's search) does not.
   */
  asksAnother?: boolean
  /**
   * The user takes back the current request ("never mind", "forget it", "don't cancel it"):
   * another scenario is entered only on its own evidence (as after a negation of the current one,
   * "not a refund"); with none, the current one ends (`exited`).
   */
  withdraws?: boolean
  /**
   * The intent of an option the user chose from the engine's own question ("I want a refund" to
   * "Shall we go on, or do you need something else?"): a scenario of it is moved to on any
   * evidence it has over the current one, with no stickiness to clear (the user was asked). A
   * choice the current scenario answers as an aside is still answered there.
   */
  chosen?: string
  /**
   * The intent of a request of its own that the sensor read clearly as another scenario's and
   * that gives facts the current flow asks for ("can I get $20 back on NW-1001 instead?" while a
   * cancellation asks for its order): it lowers what a move to a scenario of it needs by a second
   * switch cue (`switchCueDiscount`), beside `topicShift`.
   */
  requested?: string
  /** CEL variables for transition and entry conditions. */
  variables: Record<string, unknown>
  /**
   * The facts (field names) the message states. A message of facts alone after a finished detour
   * resumes the paused scenario whose step asks for one of them.
   */
  stated?: ReadonlySet<string>
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
  /** The paused scenario this turn came back to. */
  resumed?: PausedScenario
  /** Set when the loop guard stopped a transition: ask the user instead of moving. */
  loop?: { transition: string; count: number }
  /** The navigation state after this turn. */
  state: NavigationState
}
