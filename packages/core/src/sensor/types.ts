import type { ClarificationOption } from '../ports/turn-types.ts'
import type { ConversationAct } from './conversation-acts.ts'
import type { IntentEvidence } from './create-intent-evidence.ts'

/** One money amount found in a text. */
export interface MoneyEntity {
  value: number
  /** ISO 4217 code (`USD`, `EUR`, `GBP`, ...). */
  currency: string
  text: string
}

/** One date found in a text, absolute or relative ("yesterday", "3 days ago"). */
export interface DateEntity {
  /** `YYYY-MM-DD`, resolved against the sensor's clock for relative dates. */
  date: string
  text: string
  relative: boolean
}

/**
 * Entities extracted from one user turn. Singular fields hold the first occurrence (what CEL
 * conditions use: `entities.amount > 50`); plural fields hold every occurrence.
 */
export interface PerceptionEntities {
  amount?: number
  currency?: string
  money?: MoneyEntity[]
  number?: number
  numbers?: number[]
  order_id?: string
  ticket_id?: string
  email?: string
  emails?: string[]
  date?: string
  dates?: DateEntity[]
  /** Custom patterns of the definition, by name. */
  [name: string]: unknown
}

/** One scored intent. */
export interface IntentScore {
  intent: string
  confidence: number
}

/** What the sensor perceived in one user turn (seed 002: one unified call). */
export interface Perception {
  /** The goal parser's reading of the text, when a parser is configured. */
  goal?: unknown
  /** Best intent, or `unknown`. */
  intent: string
  confidence: number
  /** Every intent of the definition with its score, highest first. */
  alternatives: IntentScore[]
  entities: PerceptionEntities
  /** 0 (clear) .. 1 (no idea); above the threshold the ambiguity trap asks instead of acting. */
  ambiguity: { score: number; reason: string }
  /** The user signalled a deliberate topic change ("instead", "something else"). */
  topicShift: boolean
  /** The conversation act the message opens with (`affirm`, `deny`, `thank`, ...). */
  act?: ConversationAct
  /** Content-word evidence per intent (the router's switch decisions use it). */
  evidence?: IntentEvidence
  /** `deterministic`, `llm`, or `fallback` (the LLM sensor fell back). */
  source: 'deterministic' | 'llm' | 'fallback'
}

/** Context the sensor may use besides the text. */
export interface SenseContext {
  /** Time used to resolve relative dates. @default Date.now() */
  now?: number
  /** A pending clarification: a turn picking one of its options resolves it. */
  pendingOptions?: readonly ClarificationOption[]
  /**
   * Names the engine's own last reply offered, written capitalised inside a sentence ("What do
   * you think of *Green Book*?"), lower-cased: the message's capitalised mentions of them pick
   * what was offered and are no evidence of a topic ("Okay, Green Book sounds perfect" is no
   * request to book).
   */
  offeredNames?: ReadonlySet<string>
  signal?: AbortSignal
}

/** The sensor port: one call per turn. */
export interface Sensor {
  sense(text: string, context?: SenseContext): Promise<Perception>
}
