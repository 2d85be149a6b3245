import { buildJudgePayload } from '../judge/build-judge-payload.ts'
import { runFinalization } from '../judge/run-finalization.ts'
import type { LedgerEvent } from '../ledger/ledger-event-schema.ts'
import type { ProvenanceGate } from '../ledger/provenance-types.ts'
import { createFinalizationOutcomeEvent, createJudgeResultEvent } from '../metrics/judge-metric-events.ts'
import type { MatchedRule } from '../rules/types.ts'
import type { Perception } from '../sensor/types.ts'
import type { EnforcedReply } from './enforce-draft.ts'
import { isoTimestamp } from './iso-timestamp.ts'
import type { CompletedToolCall } from './session-state.ts'
import type { TurnDependencies } from './turn-types.ts'

/** What {@link finalizeReply} judges. */
export interface FinalizeReplyInput {
  enforced: EnforcedReply
  /** The draft came from a model (approved templates are the author's own words and always ship). */
  drafted: boolean
  perception: Perception
  /**
   * The scenario the turn was routed into, or null. A message inside a scenario ("NW-1001, fifty
   * dollars" answering its question) has the scenario's goal, however little it says alone.
   */
  scenario: string | null
  userMessage: string
  matched: readonly MatchedRule[]
  completed: readonly CompletedToolCall[]
  /**
   * What the reply may rest on, for the judge's claim check: the tool results and the matched
   * rules' filled-in instructions (a claim none of them supports is UNSUPPORTED_SPECIFICS).
   */
  evidence: readonly string[]
  /** Drafts and enforces again with the judge's replan instruction (Lane 1 and 2 rerun). */
  redraft: (instruction: string) => Promise<EnforcedReply>
  /** Ids the metrics events carry (seed 004 §9.13 `session_id`, `job_id`: one job per turn). */
  sessionId: string
  turnId: string
}

/** What the finalize phase decided. */
export interface FinalizedReply {
  enforced: EnforcedReply
  gate?: ProvenanceGate
  metrics: LedgerEvent[]
  /** The judge needs the user: ask this instead of replying. */
  askUser?: string
  /** The last draft still failed: it was withheld and the definition's fallback or refusal stands in. */
  withheld?: 'fallback' | 'refuse'
  /** What the sent reply does not cover (finalized with limitations); shown in the reply. */
  limitations?: string[]
}

/**
 * The finalize phase (seed 004 §9): when the definition enables the finalization gate, the
 * alignment judge scores the enforced reply and a bounded replan may redraft it; every redraft is
 * enforced again, so finalization can never reintroduce what Lane 1 removed. Verdicts act: a model
 * draft still failing is never sent (fallback or refusal), `ask-user` becomes a clarification, and
 * a reply finalized with limitations states them.
 */
export async function finalizeReply(
  dependencies: TurnDependencies,
  input: FinalizeReplyInput,
): Promise<FinalizedReply> {
  const gate = dependencies.compiled.definition.settings.finalizationGate
  const judge = dependencies.alignmentJudge
  if (!gate.enabled || judge === undefined || input.enforced.refused)
    return { enforced: input.enforced, metrics: [] }
  const drafts = new Map<string, EnforcedReply>([[input.enforced.text, input.enforced]])
  const payload = buildJudgePayload({
    goal: input.userMessage,
    intentId: judgeIntentOf(dependencies, input.perception),
    draft: input.enforced.text,
    constraints: input.matched.flatMap(({ rule }) =>
      rule.description === undefined ? [] : [rule.description],
    ),
    toolTrace: input.completed.map((call) => `${call.toolId}: ${call.status}`),
    evidence: input.evidence,
    // A thank-you, a goodbye or a "never mind" (a conversation act) asks for nothing: no goal to be
    // ambiguous about, even with no scenario. Nor does a reply that acted on nothing (no rule with
    // an action or a tool, no tool run: the fallback, "I've withdrawn that request"; a global
    // style rule shapes every reply and acts on nothing): it rests on no assumption.
    goalAmbiguous:
      input.scenario === null &&
      input.perception.act === undefined &&
      (input.completed.length > 0 ||
        input.matched.some(({ rule }) => rule.action !== undefined || (rule.tools?.length ?? 0) > 0)) &&
      input.perception.ambiguity.score > dependencies.compiled.definition.settings.ambiguityThreshold,
  })
  const result = await runFinalization({
    judge,
    payload,
    maxRetries: dependencies.model === undefined ? 0 : gate.maxRetries,
    evidenceIds: input.completed.map((call) => call.toolId),
    regenerate: async (directive) => {
      const redrafted = await input.redraft(directive.instruction)
      drafts.set(redrafted.text, redrafted)
      return { draft: redrafted.text }
    },
  })
  const enforced = drafts.get(result.draft) ?? input.enforced
  const codes = result.judgeResult.reasonCodes.join(', ')
  const timestamp = isoTimestamp(dependencies.clock.now())
  const job = { jobId: input.turnId, sessionId: input.sessionId, timestamp }
  // One judge event per attempt and one outcome per turn, so the §9.13 dashboards read the ledger.
  const metrics: LedgerEvent[] = [
    ...result.attempts.map((attempt, attemptIndex) =>
      createJudgeResultEvent({
        ...job,
        judgeResult: attempt.judgeResult,
        intentId: payload.intentId,
        attemptIndex,
      }),
    ),
    createFinalizationOutcomeEvent({
      ...job,
      finalVerdict: result.judgeResult.verdict,
      numRetries: result.retries,
      timeToFinalizeMs: result.timeToFinalizeMs,
    }),
  ]
  const failed = result.judgeResult.verdict === 'FAIL'
  const acted =
    result.type === 'ask-user'
      ? 'asked the user'
      : failed && input.drafted && result.type === 'finalized-with-limitations'
        ? `withheld, ${gate.onFail} sent`
        : result.type
  const limitations = result.type === 'finalized-with-limitations' && !failed ? result.limitations : []
  const detail = [codes, ...limitations].filter((part) => part !== '').join('; ')
  const decided: FinalizedReply = {
    enforced,
    metrics,
    gate: {
      name: 'final-alignment',
      status: `${result.judgeResult.verdict} (${acted})`,
      ...(detail === '' ? {} : { detail }),
    },
  }
  if (result.type === 'ask-user') decided.askUser = clarifyingQuestion(dependencies, result.judgeResult)
  else if (acted.startsWith('withheld')) decided.withheld = gate.onFail
  else if (limitations.length > 0) decided.limitations = limitations
  return decided
}

/** The judge's own question when it wrote one, else the definition's clarification question. */
function clarifyingQuestion(
  dependencies: TurnDependencies,
  judged: {
    nextActions: ReadonlyArray<{ type: string; instruction: string }>
    missingRequirements: string[]
  },
): string {
  const question = judged.nextActions.find((action) => action.type === 'question')?.instruction
  return question ?? dependencies.compiled.definition.settings.clarificationQuestion
}

const goalIntentContracts: Partial<Record<string, string>> = {
  diagnose: 'DEBUG_AND_DIAGNOSE',
  modify: 'CHANGE_IMPLEMENTATION',
  navigate: 'REPO_ORIENTATION',
  locate: 'REPO_ORIENTATION',
  explain: 'CODE_FLOW_ANALYSIS',
}

/**
 * The judge intent of a turn: the definition intent's `intentType`, its own id when it declares
 * required elements, else what the goal parser read (diagnose → DEBUG_AND_DIAGNOSE, ...), else the
 * definition intent id (no required elements).
 */
export function judgeIntentOf(dependencies: TurnDependencies, perception: Perception): string {
  const intent = dependencies.compiled.definition.intents.find((entry) => entry.id === perception.intent)
  if (intent?.intentType !== undefined) return intent.intentType
  if (intent?.requiredElements !== undefined) return intent.id
  const { goal } = perception
  const parsed =
    typeof goal === 'object' && goal !== null && 'intent' in goal && typeof goal.intent === 'string'
      ? goal.intent
      : undefined
  return (parsed === undefined ? undefined : goalIntentContracts[parsed]) ?? perception.intent
}
