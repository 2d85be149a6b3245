import { goalSnapshot } from '../completion/goal-snapshot.ts'
import type { FocalDefinition } from '../definition/definition-schema.ts'
import { foldLookalikes } from '../enforcement/detectors/visible-text.ts'
import { FocalError } from '../errors/focal-error.ts'
import type { ClarificationOption } from '../ports/turn-types.ts'
import { asksAboutAssistant, isQuestion } from '../sensor/asks-about-assistant.ts'
import { messageAsksForAnother } from '../sensor/asks-for-another.ts'
import {
  asksForUpdate,
  asksIfDone,
  asksWhatWasDone,
  correctsWhatWasDone,
  declinesOrDefers,
  namedActions,
  onlyAsksAboutAction,
  plainlyRequests,
  withSwappedVerbsFixed,
} from '../sensor/asks-if-done.ts'
import type { IntentEvidence } from '../sensor/create-intent-evidence.ts'
import { additiveCue } from '../sensor/create-sensor.ts'
import {
  cancelsItAlone,
  cancelsThatAlone,
  closingActOf,
  detectConversationAct,
  refersBack,
  withdrawsRequest,
  withRequestCalledOffAsNeverMind,
} from '../sensor/detect-conversation-act.ts'
import {
  type EntityPattern,
  extractEntities,
  isNumberInWords,
  spelledNumberValue,
} from '../sensor/extract-entities.ts'
import { extractMoney, statesInexactAmount, worksOutAmount } from '../sensor/extract-money.ts'
import { typedOption } from '../sensor/typed-option.ts'
import type { IntentScore, Perception } from '../sensor/types.ts'
import { spelledNumberPattern } from '../text/number-words.ts'
import { withPlainIdDashes } from '../text/plain-id-dashes.ts'
import { actOnPlan, planToolCalls } from './act-on-plan.ts'
import { clarify, goOnWith, stillWaiting } from './clarify-turn.ts'
import type { CompiledEngine } from './compile-engine.ts'
import {
  correctedIds,
  deniedIds,
  idBreaks,
  leadingOtherRequest,
  replacingRequest,
  requestBesideStatements,
  requestClauseOf,
  restatesRequest,
  secondRequestOf,
  twoRequests,
  unclearTurnReason,
} from './detect-unclear-turn.ts'
import { finishTurn, type TurnScratch } from './finish-turn.ts'
import {
  endHandoff,
  handoffCue,
  handoffTakenBack,
  quietTurn,
  resumeAfterHandoff,
  startHandoff,
} from './handoff-turn.ts'
import { hashQuery } from './hash-query.ts'
import { isoTimestamp } from './iso-timestamp.ts'
import {
  acceptedOffer,
  answersQuestion,
  asksBack,
  asksForSomething,
  asksWhatIsThere,
  correctsLastQuestion,
  ellipsisOf,
  namesOffered,
  opensRequest,
  requestsNothing,
} from './last-reply.ts'
import { pause } from './pause-turn.ts'
import { describeCall } from './present-approval.ts'
import { quoteRequest, withLongNumbersHidden } from './quote-request.ts'
import { refusedFacts } from './refused-facts.ts'
import { renderArguments, renderTemplate } from './render-template.ts'
import { type ApprovalDecisionInput, resumeTurn } from './resume-turn.ts'
import { roundScore } from './round-score.ts'
import type { EngineSessionState, PendingApprovalState } from './session-state.ts'
import { runTaskTurn } from './task-turn.ts'
import type { TurnDependencies, TurnOutcome } from './turn-types.ts'
import {
  buildTurnVariables,
  mergeEntityFields,
  mergeRecordFields,
  missingFieldQuestion,
  missingFields,
  requiredFieldName,
  sensitiveIn,
} from './turn-variables.ts'
import type { TurnEvent, TurnInput } from './types.ts'
/** Runs sense → trap → route → retrieve → plan/gate → act, then hands over to respond → enforce → record. */
export async function runTurn(
  dependencies: TurnDependencies,
  previous: EngineSessionState,
  given: TurnInput,
  emit: (event: TurnEvent) => void,
  /** Streaming turns: releases buffered events so a live reply's tokens go out as they come. */
  goLive?: () => void,
): Promise<TurnOutcome> {
  // "NW–2002" typed with an en dash is order NW-2002 (outside review rv52: it was asked for forever).
  const text = withPlainIdDashes(given.text)
  const input = text === given.text ? given : { ...given, text }
  const { clock, idGenerator } = dependencies
  // The store hands out a fresh copy on every get, so the turn may change it in place.
  const state = previous
  // Every message counts, whatever kind of turn answers it; past the bound nothing runs or is written.
  const maxTurns = dependencies.compiled.definition.settings.maxTurns
  const messages = state.messages ?? state.turn
  if (messages >= maxTurns)
    throw new FocalError({
      code: 'session-turn-limit',
      message: `session "${input.sessionId}" has taken its ${maxTurns} turns (settings.maxTurns): start a new session`,
    })
  state.messages = messages + 1
  const turnId = idGenerator.next('turn')
  const events: TurnEvent[] = []
  const scratch: TurnScratch = {
    sessionId: input.sessionId,
    turnId,
    text: input.text,
    events,
    ledger: [],
    queryHash: hashQuery(input.text),
    timestamp: isoTimestamp(clock.now()),
    emit: recordingEmit(events, emit),
    ...(input.signal === undefined ? {} : { signal: input.signal }),
    ...(goLive === undefined ? {} : { goLive }),
  }
  scratch.emit({ type: 'turn-started', turnId, sessionId: input.sessionId })
  // A session with a goal contract shows its progress on every turn (restored from the store).
  if (state.goal !== undefined) {
    const { contract, attempts, maxAttempts } = state.goal
    const snapshot = goalSnapshot({
      contract: maxAttempts === undefined ? contract : { ...contract, max_goal_attempts: maxAttempts },
      attempts,
    })
    if (snapshot !== undefined) scratch.emit({ type: 'goal-progress', snapshot })
  }
  if (state.handoff !== undefined) {
    // The customer takes the handoff back ("never mind, let the bot help me"): the engine answers
    // again, this message too when it asks more than that: its request alone, so the "never
    // mind" that took the person back does not take the request back too (outside review rv61 8:
    // "never mind, let the bot help me. refund $20 for NW-1001" asked "Shall I…?" and a yes got
    // the menu).
    const takenBack = handoffTakenBack(dependencies, input.text)
    if (takenBack === undefined) return quietTurn(state, scratch)
    const released = endHandoff(
      state,
      scratch.timestamp,
      'customer',
      `the customer took the handoff back ("${takenBack.cue}")`,
    )
    if (takenBack.rest === '') return resumeAfterHandoff(dependencies, state, scratch, released)
    const outcome = await answerMessage(dependencies, state, { ...input, text: takenBack.rest }, scratch)
    return { ...outcome, ledger: [released, ...outcome.ledger] }
  }
  return answerMessage(dependencies, state, input, scratch)
}

/** Answers a message of a session no person has: approvals waiting, then the turn itself. */
async function answerMessage(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  input: TurnInput,
  scratch: TurnScratch,
): Promise<TurnOutcome> {
  const { clock } = dependencies
  const waiting = state.pendingApproval
  // The approval timed out: its default action applies now, recorded, then this message is answered.
  if (waiting?.approval.expiresAt !== undefined && Date.parse(waiting.approval.expiresAt) <= clock.now())
    return settleThenAnswer(dependencies, state, input, scratch, {
      sessionId: input.sessionId,
      approvalId: waiting.approval.id,
      decision: waiting.approval.defaultAction,
    })
  // The requester takes the waiting request back: it is closed as withdrawn and never runs (an
  // approver deciding later finds nothing to decide); this message is then answered, which ends
  // the scenario it belonged to ("forget it, don't cancel it"). A bare "cancel that" is the
  // waiting request called off too.
  // So is a correction that names another record than the waiting call's ("oh sorry, I meant
  // NW-2003", "wrong order, it's NW-2003 not NW-2002"): the request on the wrong order must not
  // stay to be approved (outside review rv54 F12); the message then starts the corrected one.
  if (
    waiting !== undefined &&
    (withdrawsRequest(input.text) ||
      cancelsThatAlone(input.text) ||
      correctsWaitingRecord(dependencies.compiled, input.text, waiting))
  )
    return settleThenAnswer(dependencies, state, input, scratch, {
      sessionId: input.sessionId,
      approvalId: waiting.approval.id,
      decision: 'reject',
      withdrawn: true,
    })
  // "Any update?", "is it approved yet?": the answer is the waiting request itself.
  if (waiting !== undefined && asksForUpdate(input.text)) return stillWaiting(state, scratch)
  if (waiting !== undefined) {
    // The approval stays on the state while another message is answered: `session.pending` to
    // that turn's checks ("a refund while the order's cancellation waits would pay twice").
    const outcome = await answerBesideApproval(dependencies, state, scratch, input, waiting)
    if (outcome !== undefined) return outcome
    return stillWaiting(state, scratch)
  }
  // "Did the refund go through?" after an order lookup asks about the refund done before it: the
  // turn reads that one as the last outcome, and the session's own is put back after (outside
  // review rv55: it answered with the lookup, then asked for a new refund).
  const latest = state.lastOutcome
  const recalled = recalledOutcome(state, input.text)
  if (recalled !== undefined) {
    state.lastOutcome = recalled
    scratch.recalled = true
  }
  const outcome = await senseAndAct(dependencies, state, input, scratch)
  if (recalled !== undefined && outcome.state.lastOutcome === recalled) {
    if (latest === undefined) delete outcome.state.lastOutcome
    else outcome.state.lastOutcome = latest
  }
  return guardStall(dependencies, outcome, scratch)
}

/**
 * The request done before the last one that a question about whether it was done names ("did the
 * refund go through?" after a lookup), as a last outcome; undefined when the last one is it.
 */
function recalledOutcome(state: EngineSessionState, text: string): EngineSessionState['lastOutcome'] {
  const outcomes = state.doneOutcomes
  if (outcomes === undefined || outcomes.length < 2) return undefined
  if (!asksIfDone(text) || !namesUndoneAction(text, state.lastOutcome)) return undefined
  for (let index = outcomes.length - 1; index >= 0; index--) {
    const { text: said, turnId, tools } = outcomes[index]!
    const candidate = { done: true, text: said, turnId, about: { tool: tools.join(' '), values: [] } }
    if (!namesUndoneAction(text, candidate)) return { done: true, text: said, turnId }
  }
  return undefined
}

/**
 * Does the message correct what waits for approval with another record ("I meant NW-2003", "it's
 * NW-2005, not NW-2002")?
 */
function correctsWaitingRecord(
  compiled: CompiledEngine,
  text: string,
  waiting: PendingApprovalState,
): boolean {
  const args = Object.values(waiting.remaining[0]?.args ?? {})
  // "The order to cancel is NW-2005, not NW-2002": the waiting call's record denied, another
  // named instead (outside review rv55 F5: NW-2002's cancellation stayed to be approved).
  if (deniedIds(compiled, text).some(({ denied, instead }) => args.includes(denied) && instead !== undefined))
    return true
  if (!correctsWhatWasDone(text)) return false
  const named = recordIds(compiled, extractEntities(text, { patterns: compiled.entityPatterns }))
  return Object.values(named).some((value) => !args.includes(value))
}

/**
 * `emit` that also keeps each event in the turn's events, but `turn-finished`: it carries the
 * result itself, and kept in `result.events` it would make every TurnResult a cycle that
 * JSON.stringify cannot serialise (streams still receive it). Made by a function, not written
 * in the turn's object literal: a closure bound to a name there is given its name on every turn
 * under tsx/esbuild's keepNames (an `Object.defineProperty` per closure), as are the helpers
 * below that were closures of `senseAndAct`.
 */
function recordingEmit(events: TurnEvent[], emit: (event: TurnEvent) => void): (event: TurnEvent) => void {
  return (event) => {
    if (event.type !== 'turn-finished') events.push(event)
    emit(event)
  }
}

/**
 * What a turn that gets somewhere changes: the scenario and step, the facts, the tools run, a
 * request waiting for an approver or queued, a handoff. Not `last_intent` (any message sets it).
 */
function progressOf(state: EngineSessionState): string {
  const { last_intent: _intent, ...fields } = state.fields
  return JSON.stringify([
    state.navigation.scenario,
    state.navigation.step,
    fields,
    state.toolCalls?.length ?? 0,
    state.pendingApproval?.approval.id ?? null,
    state.queuedRequests ?? null,
  ])
}

/**
 * The loop guard for a user who is stuck: the same clarification asked again and again while
 * nothing moves ("asdf", "I don't know" six times each got "Sorry, I didn't catch that" forever).
 * Asked `settings.loopGuard` times in a row with no progress, by messages that state no fact, the
 * next time it hands the conversation to a person (with `settings.handoff.onLoop`).
 */
function guardStall(dependencies: TurnDependencies, outcome: TurnOutcome, scratch: TurnScratch): TurnOutcome {
  const { state, result } = outcome
  const { settings } = dependencies.compiled.definition
  // The engine's own questions back (a clarification), and a step's question asked again of a
  // user who says they cannot answer it ("I don't know the order number", "no idea", "I can't find
  // it"): a step's question repeated while the user answers in words the definition keeps no
  // field for is otherwise no sign of being stuck.
  // The same message answered word for word as the last time ("no" four times to the email
  // question got the question four times: outside review rv52) is a step's question asked again
  // of a user who does not answer it.
  const asked =
    result.type === 'clarification'
      ? questionOf(result.clarification.question)
      : result.type === 'reply' &&
          (cannotAnswer.test(scratch.text.slice(0, 300)) || repeatsLastReply(state, result.text))
        ? questionOf(result.text)
        : undefined
  // A message that states facts (an order, an amount, an email) is the user trying, not stuck,
  // even when the facts change nothing ("don't refund $20 on NW-4612 yet" asked again to confirm).
  // Read only when a question was asked: any other turn ends the stall whatever the message states.
  if (asked === undefined || statesFacts(dependencies, scratch.text)) {
    delete state.stalled
    return outcome
  }
  // Compared with the state the same question left last time: read only on a clarification turn.
  const progress = progressOf(state)
  const stalled = state.stalled
  const count = stalled?.question === asked && stalled.progress === progress ? stalled.count + 1 : 1
  state.stalled = { question: asked, count, progress }
  if (count <= settings.loopGuard) return outcome
  delete state.stalled
  const reason = `loop guard: the same question asked ${count - 1} times in a row with no progress`
  if (settings.handoff.enabled && settings.handoff.onLoop)
    return startHandoff(dependencies, state, scratch, reason)
  return outcome
}

/** A question that asks for nothing to be done ("where is NW-1001? it was $30"). */
function onlyQuestions(text: string): boolean {
  return (text.includes('?') || isQuestion(text)) && !asksForSomething(text)
}

/**
 * Whether a message of facts alone answers what a scenario paused after a detour asks ("Great,
 * $25 please" once the card asked about on the way was shown).
 */
function resumesPaused(
  compiled: TurnDependencies['compiled'],
  navigation: EngineSessionState['navigation'],
  perception: Perception,
  stated: ReadonlySet<string>,
): boolean {
  return (
    compiled.router.resumableAfterDone(navigation, {
      ...(perception.evidence === undefined ? {} : { evidence: perception.evidence }),
      stated,
    }) !== undefined
  )
}

/** Whether `text` states a fact the engine reads (an order, an amount, an email). */
function statesFacts(dependencies: TurnDependencies, text: string): boolean {
  return (
    /\d|@/u.test(text) &&
    Object.keys(extractEntities(text, { patterns: dependencies.compiled.entityPatterns })).length > 0
  )
}

/**
 * Money asked back, with an amount or the word money: "I want $20 back", "can I get my money
 * back?". A request of its own wherever it is said: after an order lookup it had shown the menu
 * (outside review rv52), the lookup taking no amount.
 */
const asksMoneyBack =
  /\b(?:want|need|get|give|have)\b[^.!?]{0,25}(?:[$\u20ac\u00a3]\s?\d|\d\s?(?:dollars?|bucks|euros?|pounds?)\b|\bmoney\b)[^.!?]{0,15}\bback\b/i

/** A message that only holds the conversation: "wait", "hang on", "one sec", "hmm", "I see", "k". */
const holdsOn =
  /^\W*(?:wait|hold on|hang on|one (?:sec|second|moment|min|minute)|just a (?:sec|second|moment|minute)|give me a (?:sec|second|moment|minute)|let me think(?: about it)?|hmm+|k|kk|i see|uh+|um+)\W*$/i

/**
 * "The same on NW-1002" queued after "refund $30 on NW-1001": the amount it refers to is written
 * out ("the same on NW-1002 ($30)"), so the request offered later runs with it (outside review
 * rv55 S22 was asked the amount again).
 */
function withSameAmount(request: string, head: string): string {
  if (!sameAmount.test(request) || extractMoney(request).length > 0) return request
  const amount = extractMoney(head)[0]?.text
  return amount === undefined ? request : `${request} (${amount.trim()})`
}

const sameAmount = /\b(?:the same|same amount|same again|likewise)\b/i

/** "Neither", "none of them", "not either": an answer that takes every option back. */
const neither = String.raw`^\W*(?:neither|none(?: of (?:them|those|these|the two))?|not either)`
const neitherOne = new RegExp(String.raw`${neither}\b`, 'i')
/** {@link neitherOne} with nothing else asked: "neither", "none of them, thanks". */
const neitherAlone = new RegExp(
  String.raw`${neither}(?:\W+(?:of them|thanks|thank you|please|actually|really))*\W*$`,
  'i',
)

/** An opening that breaks off to ask something: "wait, where is it?", "quick question: …". */
const breaksOffToAsk =
  /^\W*(?:wait|hold on|hang on|oh|quick question|just wondering|one question|before that|first)\W+(?:[a-z']+\W+){0,8}?(?:where|what|when|how|which|who|is|are|does|do|can|could|will|has|did)\b[^?]*\?/i

/** A message act that neither answers "Shall I …?" nor ends the talk: none, "what?", "hi". */
function asideAct(act: ReturnType<typeof detectConversationAct>): boolean {
  return act === undefined || act === 'hesitate' || act === 'greet'
}

/**
 * A question about the action just asked about, by a pronoun or its name: "will it go back to my
 * visa?", "how long will that take?", "does the refund include shipping?".
 */
const asksAboutIt =
  /^\W*(?:(?:and|but|so|ok(?:ay)?|wait|sorry|quick question|one question)\W+)*(?:will|would|does|do|is|are|can|could|should|how|when|where|what|which)\b[^?]{0,80}\b(?:it|that|this|the (?:refund|money|cancellation|charge|amount))\b[^?]{0,80}\?\W*$/i

/**
 * A no followed by the value it corrects: "no, make it $20", "no, only $20 please", "no, it was
 * $45", "nope, NW-2002". Not "no need to refund NW-3003": that declines something else.
 */
const noThenFacts =
  /^\W*(?:no|nope|nah)\b[\s,.!-]+(?:(?:make it|make that|only|just|it was|it['\u2019]?s|it is|the total was|i meant|i said|i asked for|the order is|actually|sorry)\W+)*(?:[$\u20ac\u00a3]\s?\d|\d|[a-z]{1,4}[- #]?\d)/i

/**
 * Is this turn the last one again: the same message (letter case and spacing aside) got the same
 * reply word for word? Both already in the history. A reply alone repeating is no loop: a
 * definition without a model may answer different messages with one template.
 */
function repeatsLastReply(state: EngineSessionState, text: string): boolean {
  const [userBefore, replyBefore, user] = state.history.slice(-4, -1)
  return (
    replyBefore?.role === 'assistant' &&
    replyBefore.content === text &&
    userBefore?.role === 'user' &&
    user?.role === 'user' &&
    sameWords(userBefore.content, user.content)
  )
}

/** Are two messages the same, letter case and spacing aside? */
function sameWords(left: string, right: string): boolean {
  return left.trim().replace(/\s+/gu, ' ').toLowerCase() === right.trim().replace(/\s+/gu, ' ').toLowerCase()
}

/**
 * The customer taking back the email or account they gave: "that's not my email", "it isn't my
 * account", "wrong account", "that was my wife's email", "sorry, typo in my email".
 */
const disownsProfile =
  /\b(?:(?:that|this|it)(?:['\u2019]s| is| was)(?: not|n['\u2019]?t) my (?:e-?mail|account|address)|not my (?:e-?mail|account)(?: address)?,|wrong (?:e-?mail|account|address)|(?:that|this|it)(?:['\u2019]s| is| was) my [a-z]+['\u2019]s (?:e-?mail|account|address)|typo(?:ed)? (?:in )?(?:my|the) (?:e-?mail|address)|(?:sorry|oops),? (?:a )?typo\b|(?:e-?mail|address) (?:is|was) actually\b|typo(?:ed)? (?:earlier|before|above)\b|(?:that was|made) a typo\b|mis-?typed\b)/i

/**
 * Is the scenario's work done: its step is terminal, or the last turn acted (a tool ran) with
 * every fact the step asks for at hand (an order looked up)?
 */
function scenarioDone(
  state: EngineSessionState,
  step: FocalDefinition['scenarios'][number]['steps'][number] | undefined,
): boolean {
  if (step === undefined) return false
  if (step.terminal === true) return true
  const last = state.lastOutcome
  return (
    last?.done === true &&
    state.toolCalls?.at(-1)?.turnId === last.turnId &&
    step.required.every((entry) => state.fields[requiredFieldName(entry)] !== undefined)
  )
}

/**
 * Does a call of `toolId` act on the customer's account: a tool that changes something, or one a
 * rule calls in a scenario that asks for a profile field (the card on file, read for the verified
 * email)?
 */
function usesProfile(compiled: TurnDependencies['compiled'], toolId: string): boolean {
  const { tools, rules, profileFields } = compiled.definition
  if (tools.find((tool) => tool.id === toolId)?.annotations?.readOnlyHint !== true) return true
  return rules.some(
    (rule) =>
      rule.scope !== 'global' &&
      (rule.tools ?? []).some((call) => call.id === toolId) &&
      compiled.scenariosById
        .get(rule.scope.scenario)
        ?.steps.some((step) =>
          step.required.some((entry) => profileFields.includes(requiredFieldName(entry))),
        ) === true,
  )
}

/** A user saying they cannot give what is asked: "I don't know it", "no idea", "I can't find it". */
const cannotAnswer =
  /\b(?:(?:i|we)\s+(?:really\s+|just\s+|still\s+)?(?:don['\u2019]?t|do not|can['\u2019]?t|cannot|couldn['\u2019]?t)\s+(?:really\s+)?(?:know|have|find|remember|recall|see|locate)|(?:i|we)\s+(?:totally\s+|completely\s+|just\s+)?(?:forgot|forget|have forgotten)|no idea|not sure|no clue|lost (?:it|the)|i have no)\b/i

/**
 * The value a step asks for, asked back ("how much was it?" to "What was the order total?", "what
 * was the total?", "which email did I use?"): the customer does not have it either, so it is
 * answered as "I don't know" is (outside review rv58 18: the plans' prices were quoted).
 */
const asksValueBack =
  /^\W*(?:(?:um+|uh+|hm+|well|so|oh|sorry)\W+)?(?:how much (?:was|is|did) (?:it|that|this|the (?:order|total)|my order)|what (?:was|is|s) (?:the|my) (?:order )?(?:total|amount)|how much did (?:i|we) (?:pay|spend)|(?:which|what) (?:e-?mail|address) (?:did|do) (?:i|we) (?:use|have)|what (?:was|is|s) my (?:e-?mail|order number))\b/i

/** The last question of a reply, as asked (an "As I mentioned:" before it aside), or undefined. */
function questionOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  const question = text.split(/(?<=[.!?])\s+/u).findLast((sentence) => sentence.trim().endsWith('?'))
  return question
    ?.replace(/^as i mentioned:\s*/i, '')
    .trim()
    .toLowerCase()
}

/**
 * Settles the pending approval without its own turn (`decision`), then answers this message; the
 * settled turn's reply (or `said`, when given) opens this one's, and both turns' records are kept.
 */
async function settleThenAnswer(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  input: TurnInput,
  scratch: TurnScratch,
  decision: ApprovalDecisionInput,
  said?: string,
): Promise<TurnOutcome> {
  const settled = await resumeTurn(dependencies, state, decision, () => undefined)
  const before = said ?? ('text' in settled.result ? settled.result.text : undefined)
  const next = await senseAndAct(dependencies, settled.state, input, {
    ...scratch,
    ...(before === undefined ? {} : { around: { before } }),
  })
  return { ...next, ledger: [...settled.ledger, ...next.ledger] }
}

/**
 * A message while an approval is pending is answered like any turn; the approval stays pending
 * (a note says so) unless the message would pause on another approval, which waits its turn.
 */
async function answerBesideApproval(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  scratch: TurnScratch,
  input: TurnInput,
  waiting: NonNullable<EngineSessionState['pendingApproval']>,
): Promise<TurnOutcome | undefined> {
  // "Oh sorry, the total was actually $60" while the $600 cancellation waits: the request waiting
  // is not what the customer meant, so it is withdrawn (recorded, never run) and the message read
  // afresh with its facts (outside review rv60 7: it stayed, and its approval voided $600).
  /** Withdraws the waiting call (recorded, never run), says so, then answers this message afresh. */
  const withdrawThenAnswer = (more: string) => {
    const what = waiting.approval.summary ?? waiting.approval.label ?? waiting.approval.toolId
    return settleThenAnswer(
      dependencies,
      state,
      input,
      scratch,
      { sessionId: input.sessionId, approvalId: waiting.approval.id, decision: 'reject', withdrawn: true },
      `I've withdrawn the request that was waiting (${what}) before anyone decided, so it will not run${more}.`,
    )
  }
  if (correctsWaitingAmount(dependencies, waiting, input.text)) return withdrawThenAnswer('')
  const before = structuredClone(state)
  const held: TurnEvent[] = []
  const after = dependencies.compiled.definition.settings.approvalStillPendingNote
    .replaceAll('{{approver}}', waiting.approval.approver ?? 'a reviewer')
    .replaceAll('{{tool}}', waiting.approval.toolId)
  // Held until checked: the turn may still be undone, so nothing of it streams live.
  const { goLive: _notLive, ...heldScratch } = scratch
  const outcome = await senseAndAct(dependencies, state, input, {
    ...heldScratch,
    emit: (event) => held.push(event),
    around: { after },
  })
  if (outcome.result.type === 'approval-required' || outcome.result.type === 'clarification') {
    const changed = replacesWaiting(dependencies, waiting, outcome.result, input.text)
    // Undo the turn whole, keys it added included (a pending clarification, queued requests).
    for (const key of Object.keys(state)) if (!(key in before)) delete state[key as keyof EngineSessionState]
    Object.assign(state, before)
    // "Actually run only the orders tests" while "run the tests" waits: the request changed, so
    // the waiting one is withdrawn (recorded, never run) and the new one goes to the approver.
    if (changed) return withdrawThenAnswer('; this one is asked for instead')
    // "Also cancel NW-2003, it was $800" while NW-2002's cancellation waits: a second request for
    // an approver waits in the queue, the reply says so, and it is offered once the first is
    // decided (outside review rv54 S12: it was dropped, and its total asked again later).
    const { result } = outcome
    if (
      result.type === 'approval-required' &&
      !sameCall({ tool: waiting.approval.toolId, args: waiting.approval.args }, result.approval)
    ) {
      const queue = state.queuedRequests ?? []
      if (!queue.includes(input.text)) state.queuedRequests = [...queue, input.text]
      const { approvalQueuedNote } = dependencies.compiled.definition.settings
      return stillWaiting(state, scratch, approvalQueuedNote.replaceAll('{{request}}', input.text))
    }
    return undefined
  }
  for (const event of held) scratch.emit(event)
  outcome.state.pendingApproval = waiting
  return outcome
}

/**
 * A task agent's new request for the waiting call's tool with other arguments ("run only the
 * orders tests" while the whole suite waits): it changes the waiting request rather than adds
 * one. A support agent's second request ("and refund NW-1002") waits its turn as before.
 */
function replacesWaiting(
  dependencies: TurnDependencies,
  waiting: NonNullable<EngineSessionState['pendingApproval']>,
  result: TurnOutcome['result'],
  text: string,
): boolean {
  if (dependencies.compiled.definition.kind !== 'task' || result.type !== 'approval-required') return false
  // "Also run the orders tests" adds a request: the waiting one stays.
  if (addsRequest.test(text)) return false
  const { approval } = result
  // What runs, not how it is described (`scope` is the agent's own words about it).
  const { scope: _scope, ...runs } = approval.args
  const { scope: _waitingScope, ...waitingRuns } = waiting.approval.args
  return approval.toolId === waiting.approval.toolId && JSON.stringify(runs) !== JSON.stringify(waitingRuns)
}

/**
 * Does the message correct the amount of the call waiting for an approver ("sorry, the total was
 * actually $60" while a $600 cancellation waits): a correction's words, another amount than the
 * call's, no other record than the call's, and nothing that adds a request?
 */
function correctsWaitingAmount(
  dependencies: TurnDependencies,
  waiting: NonNullable<EngineSessionState['pendingApproval']>,
  text: string,
): boolean {
  const waitingAmount = waiting.approval.args.amount
  if (typeof waitingAmount !== 'number' || !correctionWords.test(text) || addsRequest.test(text)) return false
  const { compiled } = dependencies
  const stated = extractEntities(text, { patterns: compiled.entityPatterns })
  if (typeof stated.amount !== 'number' || stated.amount === waitingAmount) return false
  return identifiersOf(compiled).every(
    (name) => stated[name] === undefined || stated[name] === waiting.approval.args[name],
  )
}

/** Words that say a fact given before was wrong: "sorry", "actually", "I meant", "my mistake", "typo". */
const correctionWords =
  /\b(?:sorry|actually|i meant|i mean|my (?:mistake|bad)|oops|whoops|typo|correction|wrong (?:total|amount))\b/i

/** Words that add a request to the one waiting rather than change it. */
const addsRequest = /\b(?:also|too|as well|additionally|in addition|another)\b/i

/** sense → trap → route → retrieve → plan/gate → act, then respond → enforce → record. */
async function senseAndAct(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  received: TurnInput,
  scratch: TurnScratch,
): Promise<TurnOutcome> {
  const { compiled, clock } = dependencies
  const { settings } = compiled.definition
  const { turnId } = scratch
  // "Yes please, and refund $20 on NW-1001 too" to "Shall I cancel order NW-2002 now?": the yes
  // confirms, and the request after it waits its turn (outside review rv55 F4: read as one
  // message, NW-1001 was offered for cancellation at $20, and the next yes cancelled it).
  // So is a second order after the yes's own words for the one asked about ("yes, $40 for NW-1001
  // and $40 for NW-1002": outside review rv58 7, the NW-1002 refund was dropped unsaid).
  const more =
    state.awaitingConfirmation === undefined
      ? undefined
      : (yesAndMore(compiled, received.text, state.awaitingConfirmation, state.awaitingCalls) ??
        yesAndSecondOrder(compiled, received.text, state.awaitingConfirmation))
  if (more !== undefined) state.queuedRequests = [...(state.queuedRequests ?? []), ...more.rest]
  const message = more === undefined ? received : { ...received, text: more.yes }
  // "Did it go through?" (read once: it keeps a queued offer and is answered from the session).
  const asksDone = asksIfDone(message.text)
  // "Shall I refund $25 for order NW-1001 now?" → "yes": the message it asked about runs, confirmed.
  const awaiting = state.awaitingConfirmation
  const awaitedCalls = state.awaitingCalls
  delete state.awaitingConfirmation
  delete state.awaitingCalls
  const detouredFrom = state.detouredFrom
  delete state.detouredFrom
  // "Is the refund done?" to "Which one do you need?" (asked after a "hi again") asks about what
  // this session did: the question is dropped and it is answered from the session's record, not
  // read as an answer to the options (the finished refund started again, then "Not yet"). Not a
  // question naming another action than the one done, unless no status flow asks about that
  // action either ("did the cancellation go through?" after a refund is answered that nothing was
  // cancelled here).
  if (
    asksDone &&
    (asksUnaskedAction(compiled, message.text, state) ||
      (state.lastOutcome !== undefined && !namesUndoneAction(message.text, state.lastOutcome))) &&
    compiled.definition.kind !== 'task' &&
    state.pendingClarification !== undefined &&
    state.pendingClarification.question !== settings.twoRequestsQuestion
  )
    delete state.pendingClarification
  const clarifying = state.pendingClarification
  // An option of "which one first?" sent as its own words (the widget sends an option's value).
  const pickedRequest =
    state.pendingClarification?.question === settings.twoRequestsQuestion &&
    pickedOption(state.pendingClarification.options, message.text) !== undefined
  // "Wait", "hang on", "hmm", "I see" to "Shall I refund $30 … now?" neither say yes nor no: the
  // request is read again unconfirmed and the question asked again (outside review rv52: the
  // menu came, and the "yes" after it found nothing to confirm).
  const holding = awaiting !== undefined && holdsOn.test(message.text)
  // "Will it go back to my visa?", "how long will that take?" to "Shall I refund $30 … now?": a
  // question about the action asked about is answered as itself, and (when it stays in the
  // scenario and starts nothing else) the question is asked again, so a yes after it still
  // confirms (outside review rv54 S1c: the menu came, and the yes found nothing to confirm).
  // So is any other aside that neither answers the question nor asks for something else: a price
  // question, the refund policy (outside review rv55 S1: each dropped the request asked about).
  const asksAboutAwaited =
    awaiting !== undefined &&
    awaitedCalls !== undefined &&
    awaitedCalls.length > 0 &&
    !holding &&
    (asksAboutIt.test(message.text) ||
      (asideAct(detectConversationAct(message.text)) && !withdrawsRequest(message.text))) &&
    !statesOtherFacts(compiled, message.text, awaiting)
  const taken = holding
    ? { ...message, text: awaiting }
    : takeQueuedRequest(
        compiled,
        state,
        chosenRequest(state, settings.twoRequestsQuestion, message),
        asksDone,
        awaiting !== undefined,
      )
  // "Yes, but for NW-2002 instead": a yes that names another order or amount than the request it
  // answers is a correction. The message is read as itself (its facts replace the request's), and
  // the call is asked about again; it never runs on the order the yes was asked about.
  // So is a no that names them ("no, make it $20", "no, only $20 please", "no, it was $45": a
  // no to the amount, not to the refund; outside review rv52 had dropped the refund).
  // So is a yes for "the other order", or for another action "instead" ("go ahead and cancel it
  // instead" to "Shall I refund $30…?"): each ran the call asked about (outside review rv56 N8, N9).
  const correctsYes =
    awaiting !== undefined &&
    ((statesOtherFacts(compiled, message.text, awaiting) &&
      (taken.text === awaiting || noThenFacts.test(message.text))) ||
      (taken.text === awaiting &&
        (otherOne.test(message.text) ||
          namesOtherActionInstead(compiled, message.text, awaiting, awaitedCalls))))
  // "Yes? What happens then?", "yes I'm not sure": a yes that doubts or asks confirms nothing; the
  // request is read again unconfirmed, so the question is asked again.
  // So is a yes that says again what made the call be asked about (its tool's `confirmWhen` holds
  // on the yes itself: "yes, to that new card please" after "a refund can only go back to the
  // card on file"; it refunded: outside review rv56 N10).
  const hedgedYes =
    awaiting !== undefined &&
    taken.text === awaiting &&
    (holding || hedges(message.text) || raisesConfirmWhen(compiled, state, awaitedCalls, message.text))
  // "Okay, no thanks", "ok never mind", "sure, no need", "alright, later", "ok thanks, bye": a
  // yes word with a no, a put-off or a goodbye in it is a no (each of them refunded).
  const mixedNo =
    awaiting !== undefined && !hedgedYes && taken.text === awaiting && saysNoWithYes(message.text, awaiting)
  if (correctsYes || hedgedYes) state.tentative = true
  // "Refund $20 for NW-1001... actually no, just cancel NW-6060 instead": the request taken back
  // is dropped, and the one that replaces it is read as the message (below, afresh).
  const replacing =
    awaiting === undefined && clarifying === undefined && taken === message
      ? replacingRequest(compiled, message.text, settings.stickiness)
      : undefined
  const input =
    correctsYes || mixedNo ? message : replacing === undefined ? taken : { ...message, text: replacing }
  const confirmed =
    awaiting !== undefined && !hedgedYes && !mixedNo && input.text === awaiting && input.text !== message.text
  // "Cancel it" to "Shall I refund $40 for NW-1001 now?" calls the refund off; to "Shall I cancel
  // order NW-2002 now?" it is a yes (read as one above).
  const callsOff = awaiting !== undefined && callsOffAction.test(message.text) && !/\bcancel/i.test(awaiting)
  const declinedConfirmation =
    awaiting !== undefined &&
    !confirmed &&
    !correctsYes &&
    (mixedNo || callsOff || withdrawsRequest(message.text) || detectConversationAct(message.text) === 'deny')
  // A no keeps the request asked about: facts given after it ("no" → "$20") are asked about
  // again, never run on their own (outside review rv53: "$20" after a no refunded $20 unasked).
  if (declinedConfirmation) state.tentative = true
  // An offered request taken ("You also asked: … Shall I do that now?" → "yes") starts afresh with
  // its own words: the last request's order, total and scenario do not carry into it (a queued
  // "where is NW-6006?" ran as a cancellation of NW-6006 with the first order's total).
  if ((input.text !== message.text || pickedRequest) && !confirmed) {
    state.fields = profileFields(compiled, state.fields)
    state.toolResults = {}
    const { paused, transitionCounts } = state.navigation
    state.navigation = {
      scenario: null,
      step: null,
      transitionCounts,
      ...(paused === undefined ? {} : { paused }),
    }
  }
  // What the replacing request leaves unsaid that the message named before it: the customer's own
  // facts (an email) and the ids ("cancel the whole order instead" is NW-1001's), never an amount
  // (the $20 was the refund's, not the order's total). Its own words, read below, come on top.
  if (replacing !== undefined) {
    const named = extractEntities(message.text.slice(0, message.text.length - replacing.length), {
      patterns: compiled.entityPatterns,
    })
    const carried = new Set([
      ...compiled.definition.profileFields,
      ...compiled.entityPatterns.map(({ name }) => name),
    ])
    // Never over a fact the session has: a verified email stays the account's (see `otherProfile`).
    for (const [name, value] of Object.entries(named))
      if (carried.has(name) && typeof value === 'string') state.fields[name] ??= value
  }

  const pending = state.pendingClarification
  delete state.pendingClarification
  const offeredNames = namesOffered(state)
  const senseContext = {
    now: clock.now(),
    ...(pending === undefined ? {} : { pendingOptions: pending.options }),
    ...(offeredNames.size === 0 ? {} : { offeredNames }),
  }
  const { sensor } = compiled
  // "And my refund?" after "where is my order NW-1001 now?" asks the same of the refund. "Cancel
  // that" while a request is under way, with no yes awaited, calls that request off: it is read as
  // "never mind", never as a request to cancel an order.
  const callsOffUnderWay = callsOffRequestUnderWay(compiled, state, awaiting, input.text)
  const sensed = callsOffUnderWay
    ? 'never mind'
    : (ellipsisOf(input.text, state.history.findLast((entry) => entry.role === 'user')?.content) ??
      input.text)
  let perception = sensor.senseSync?.(sensed, senseContext) ?? (await sensor.sense(sensed, senseContext))
  // An answer to a clarification that picks no option is read with the message it clarifies:
  // deterministic sensors only (a model sensor would pay a second call), support agents only (a
  // task agent narrows its goal from the answer instead). Only then is the message kept for it.
  const joinable = sensor.senseSync !== undefined && compiled.definition.kind !== 'task'
  if (joinable) scratch.unclear = input.text
  let readWith: string | undefined
  // An answer to "which one first?" that names neither request but gives a fact goes on with the
  // request the fact belongs to ("the total was $80": the cancellation), else with the first.
  const goesOnWith =
    pending?.question === settings.twoRequestsQuestion
      ? requestGoneOnWith(compiled, pending.options, perception, input.text)
      : undefined
  if (goesOnWith !== undefined) {
    // The request gone on with leaves the queue; the other is offered once it is done.
    const chosen = pending?.options.find((option) => option.id === goesOnWith.intent)?.value
    // It goes on with its own clause's facts, never the other request's order or amount.
    const own = chosen === undefined ? undefined : sensor.senseSync?.(chosen, senseContext).entities
    if (own !== undefined) {
      state.fields = profileFields(compiled, state.fields)
      mergeEntityFields(state.fields, withoutProfile(compiled, own))
    }
    // "Actually don't cancel anything, just tell me where NW-3003 is": the other one is taken back.
    const queue = withdrawsRequest(input.text)
      ? undefined
      : state.queuedRequests?.filter((request) => !sameRequest(request, chosen))
    if (queue === undefined || queue.length === 0) delete state.queuedRequests
    else state.queuedRequests = queue
  }
  // "Neither, I just want to know the price of Plus" to "which one first?": both requests go
  // (outside review rv55 M5: the cancellation was offered after the price).
  if (pending?.question === settings.twoRequestsQuestion && neitherOne.test(input.text))
    delete state.queuedRequests
  // An answer that takes the clarified request back ("no", "never mind") or only asks what was
  // meant ("what?", "huh?") says nothing of its own to read the clarified message with.
  const declines =
    pending !== undefined &&
    Object.keys(perception.entities).length === 0 &&
    (perception.act === 'deny' ||
      withdrawsRequest(input.text) ||
      (pending.question === settings.twoRequestsQuestion && neitherAlone.test(input.text)))
  // Nor does a "thanks" to "which one first?": read with the two requests, it was the first one
  // (it cancelled the first request's order: outside review rv55 F2); the question is asked again.
  const addsNothing =
    declines ||
    perception.act === 'hesitate' ||
    (pending?.question === settings.twoRequestsQuestion && perception.act === 'thank')
  // The clarified message read with this answer, when the answer alone is unclear.
  let together: Perception | undefined
  if (
    goesOnWith === undefined &&
    !addsNothing &&
    joinable &&
    pending?.unclear !== undefined &&
    sensor.senseSync !== undefined &&
    perception.ambiguity.score > settings.ambiguityThreshold
  ) {
    const joined = `${pending.unclear} ${input.text}`.slice(-unclearMemory)
    together = sensor.senseSync(joined, senseContext)
    if (together.ambiguity.score < perception.ambiguity.score) {
      // The turn's own entities, act and switch cue stay its own.
      together.entities = perception.entities
      together.topicShift = perception.topicShift
      if (perception.act === undefined) delete together.act
      else together.act = perception.act
      perception = together
      readWith = pending.unclear
    }
    scratch.unclear = joined
  }
  scratch.emit({
    type: 'perception-created',
    intent: perception.intent,
    ambiguity: roundScore(perception.ambiguity.score),
  })
  // "NW-1001… wait no, NW-2002": the message's own correction wins over its first id.
  const corrected = correctedIds(compiled, input.text)
  Object.assign(perception.entities, corrected)
  /** Whether the message corrects the id of the request at hand, rather than naming another. */
  // So does "sorry, I meant NW-1002" to "Shall I refund $20 for order NW-1001 now?" (or after an
  // aside that asked it again): the request asked about keeps its amount, and is asked about again
  // on the order meant; the amount was dropped and asked for (outside review rv55 S4).
  let correctsId =
    correctsYes ||
    Object.keys(corrected).length > 0 ||
    (awaiting !== undefined && correctsWhatWasDone(input.text))
  // "No, not NW-1001 - I meant my other order": the id taken back is forgotten (the step asks for
  // it again), or replaced by the one the message gives instead ("not NW-1001 but NW-2002").
  for (const { name, denied, instead } of deniedIds(compiled, input.text)) {
    if (instead !== undefined) {
      perception.entities[name] = instead
      correctsId = true
    } else if (perception.entities[name] === denied) delete perception.entities[name]
    if (state.fields[name] === denied) delete state.fields[name]
  }
  // "And $25 on the other one" names no id, and says it is not the one at hand: the step asks
  // which (it had offered the $25 on the order just refunded: outside review rv54 M1).
  if (otherOne.test(input.text))
    for (const name of identifiersOf(compiled))
      if (perception.entities[name] === undefined) delete state.fields[name]
  // "check where NW-1001 is, and refund me $20 for NW-2002": the refund is NW-2002's; the first
  // clause is another request, offered once this one is done.
  const breaks = idBreaks(compiled, input.text)
  const leading = leadingOtherRequest(compiled, breaks, perception.intent)
  if (leading !== undefined) Object.assign(perception.entities, leading.ids)
  // The scenario whose request was just done (its step is terminal), if any.
  const done = finishedScenario(compiled, state.navigation)
  // "fine. forty then": a counter-offer's spelled number is its number, for the readers below.
  readSpelledOffer(perception, input.text)
  // "What about 25?" in place of an amount a step has (a refused one: "capped at $50"), or right
  // after a $30 refund, offers another amount: the number is the amount (see `counterOffer`). The
  // one reading of a counter-offer, before routing: the request just done goes on with it.
  // Not while the step asks for an id: "1001" to "Which order is the refund for?" is the order
  // typed without its prefix, not $1001 in place of the $20 given (it was refused by the cap).
  if (
    state.fields.amount !== undefined &&
    state.navigation.scenario !== null &&
    (done === undefined
      ? takesAmount(compiled, state.navigation.scenario, state.navigation.step) &&
        askedIdentifier(compiled, state.navigation.scenario, state.navigation.step, state.fields) ===
          undefined
      : done.steps.some((step) => takesAmount(compiled, done.id, step.id))) &&
    offersAmount(perception, input.text)
  )
    perception.entities.amount = perception.entities.number as number
  // "now refund $50 on NW-1001" after a refund of NW-2002 names another order and amount than the
  // facts before it: a new request, though no word of it but the action's own asks for anything.
  const namesOtherFacts = restatesOtherFacts(state.fields, perception)
  // "That's not my email, it's my friend's", "wrong account", "sorry, typo: it's ann@…": the
  // customer takes back the profile this session was given. It is dropped (the steps that need
  // it ask again), so nothing more runs on an account they say is not theirs; only while nothing
  // has run on it yet does the same message give another (a typo fixed), else that is refused below.
  if (
    compiled.definition.profileFields.some((field) => state.fields[field] !== undefined) &&
    disownsProfile.test(input.text.slice(0, 500))
  ) {
    // Once something ran on it, no other one is taken in this session (`disownedProfile`); an
    // order looked up, which reads nothing of the account, is not that (outside review rv55 F9:
    // "my email is actually anne@…, typo earlier" after a lookup was refused, and the refund then
    // ran on the mistyped account).
    if (state.toolCalls?.some((call) => usesProfile(compiled, call.tool)) === true)
      state.disownedProfile = true
    for (const field of compiled.definition.profileFields) delete state.fields[field]
    // The scenario goes back to the step that asks for it ("What's the email on your account?").
    const { scenario } = state.navigation
    const asking = compiled.scenariosById
      .get(scenario ?? '')
      ?.steps.find((step) =>
        step.required.some((entry) => compiled.definition.profileFields.includes(requiredFieldName(entry))),
      )
    if (
      asking !== undefined &&
      compiled.definition.profileFields.every((field) => perception.entities[field] === undefined)
    )
      state.navigation = { ...state.navigation, step: asking.id }
  }
  // A profile field (the customer's email) given in this session is who the session is: another
  // value later ("actually use bob@example.com", "and bob@example.com's card?") is refused, never
  // taken in its place (it switched the verified account silently).
  const otherProfile = compiled.definition.profileFields.find(
    (field) =>
      (state.fields[field] !== undefined || state.disownedProfile === true) &&
      perception.entities[field] !== undefined &&
      perception.entities[field] !== state.fields[field],
  )
  if (otherProfile !== undefined) delete perception.entities[otherProfile]
  // The facts before this message: a scenario it leaves pauses with these (a detour's order is
  // not the paused refund's), and a message split into requests gives each request its own.
  const fieldsBefore = { ...state.fields }
  // Another order named as a new request ("ok then a refund for NW-1005") is asked for its own
  // amount; one named as a correction of the request at hand ("yes, but for NW-2002 instead",
  // "not NW-1001 but NW-2002") keeps the request's amount, and a `confirm` call on it is asked about.
  const otherRecord = mergeRecordFields(
    state.fields,
    perception.entities,
    identifiersOf(compiled),
    correctsId,
  )
  const carriedToOther = otherRecord && correctsId
  /** Facts carried into a scenario started by this message from outside any scenario, not said in it. */
  const carriedIn = new Set<string>()
  dropRefusedFacts(compiled, state, perception, input.text)
  if (perception.intent !== 'unknown') state.fields.last_intent = perception.intent
  /** The facts this message states (`email`, `order_id`, `amount`, ...). */
  const stated = statedFacts(perception)
  // "Are you a real person?" asks what this is, not for a person: no handoff unless it asks for one.
  const asksWhatItIs = asksAboutAssistant(input.text) && !asksForSomeone.test(input.text)
  const cue = asksWhatItIs ? undefined : handoffCue(dependencies, input.text)
  if (cue !== undefined)
    return startHandoff(dependencies, state, scratch, `the user asked for a person ("${cue}")`)
  if (compiled.definition.kind === 'task') {
    const task = await runTaskTurn(dependencies, state, scratch, perception, pending)
    if (task !== undefined) return task
  }

  const navigation = state.navigation
  const currentStep =
    navigation.scenario === null
      ? undefined
      : compiled.scenariosById.get(navigation.scenario)?.steps.find((step) => step.id === navigation.step)
  const inFlow = currentStep !== undefined && !currentStep.terminal
  // "and NW-2002 for $30", "plus $49 for NW-1002", "and another $40 for NW-1001" right after a
  // refund: the facts the request just done takes (another order or amount, or the same ones
  // asked for again), in words that read clearly as no request ("plus" is the Plus plan's word
  // too; a request read clearly, "I also need a refund for NW-1002", starts afresh below). It is that request again, for these facts (afresh, below), and a `confirm` call on
  // it is asked about first (or refused, past a cap): the words never said what to do.
  const continuesDone =
    done !== undefined &&
    pending === undefined &&
    !asksDone &&
    (perception.act === undefined || perception.act === 'affirm' || perception.act === 'hesitate') &&
    (namesOtherFacts || asksAgain.test(input.text)) &&
    [...stated].some(
      (name) =>
        !compiled.definition.profileFields.includes(name) &&
        done.steps.some((step) => step.required.some((entry) => requiredFieldName(entry) === name)),
    ) &&
    !(
      perception.ambiguity.score <= settings.ambiguityThreshold &&
      perception.confidence >= settings.entryThreshold
    )
  if (continuesDone) {
    const intent = done.intents[0]
    if (intent !== undefined) {
      perception = pinnedTo(perception, intent, `continues the "${navigation.scenario}" request just done`)
      state.tentative = true
    }
  }
  // "Was the refund issued?" asks whether an action was done: an intent whose examples ask that
  // ("has my refund gone through") is meant when it is likely at all, never the action itself
  // (a refund request, asked about and run on a yes).
  // Its action must be one the intent's examples ask about: "has the cancellation gone through?"
  // is no refund's status.
  const named = asksDone ? namedActions(input.text) : []
  if (asksDone && pending === undefined && !asksStatusOf(compiled, named, perception.intent)) {
    const status = perception.alternatives.find(
      (entry) => entry.confidence >= statusMinimum && asksStatusOf(compiled, named, entry.intent),
    )
    if (status !== undefined)
      perception = {
        ...perception,
        intent: status.intent,
        confidence: Math.max(status.confidence, perception.confidence),
        // The action's own intents fall below it: the router scores a scenario by them too.
        alternatives: [
          { intent: status.intent, confidence: Math.max(status.confidence, perception.confidence) },
          ...perception.alternatives
            .filter((entry) => entry !== status)
            .map((entry) => ({ ...entry, confidence: Math.min(entry.confidence, status.confidence) })),
        ],
        ambiguity: { score: 0, reason: `asks whether it was done: "${status.intent}"` },
      }
  }
  // "What's the difference between Basic and Plus?" right after the price quote: an unclear
  // question that the scenario just finished could answer (its intent among the likely ones) is a
  // follow-up to that answer, not a new request to ask about ("Which one do you need?").
  const finishedIntent =
    currentStep?.terminal === true ? compiled.scenariosById.get(navigation.scenario!)?.intents[0] : undefined
  if (
    finishedIntent !== undefined &&
    pending === undefined &&
    !asksDone &&
    perception.ambiguity.score > settings.ambiguityThreshold &&
    isQuestion(input.text) &&
    perception.alternatives.some((entry) => entry.intent === finishedIntent && entry.confidence > 0)
  )
    perception = pinnedTo(
      perception,
      finishedIntent,
      `a question that follows up the "${navigation.scenario}" answer just given`,
    )
  // Torn between two readings, a message whose one request is set in a story ("my package
  // NW-1001 is lost, I want a refund": lost reads as the order's status) is what its request asks,
  // when that clause alone reads clearly as one of the two (outside review rv55 S16: the menu).
  // So is one sent to "Which one do you need?" that picks no option (rv56 N12: after the menu it
  // looked the order up).
  const request =
    (pending === undefined ||
      (pending.question === settings.clarificationQuestion &&
        typedOption(pending.options, input.text) === undefined)) &&
    sensor.senseSync !== undefined &&
    perception.alternatives.length > 1
      ? perception.ambiguity.score > settings.ambiguityThreshold
        ? requestClauseOf(input.text)
        : // Its other clauses only say what the customer's things are ("my card is 4111 …"):
          // their words ask for nothing (outside review rv58 3: the card on file was shown).
          requestBesideStatements(input.text)
      : undefined
  if (request !== undefined) {
    const own = sensor.senseSync!(request, senseContext)
    if (
      own.ambiguity.score <= settings.ambiguityThreshold &&
      perception.alternatives.slice(0, 2).some((entry) => entry.intent === own.intent && entry.confidence > 0)
    ) {
      // Its words are the turn's evidence too: the story's ("lost") would hold the conversation in
      // the order lookup it came from, against what the message asks.
      perception = pinnedTo(perception, own.intent, `the message's one request ("${request}") asks for it`)
      if (own.evidence !== undefined) perception.evidence = own.evidence
    }
  }
  // A finished scenario asked for again ("I also need a refund for NW-1002, $20") starts afresh:
  // its facts and tool results of the last run go (profile fields stay), so the router enters it
  // from its first step with only what this message says. A question about it that asks for
  // nothing to be done ("how long until I see the money?") is no new request.
  if (
    currentStep?.terminal === true &&
    (namesOtherFacts ||
      continuesDone ||
      !requestsNothing(input.text, { perception, offer: undefined, clarifying: pending !== undefined })) &&
    perception.intent !== 'unknown' &&
    perception.confidence >= settings.entryThreshold &&
    compiled.scenariosById.get(navigation.scenario!)?.intents.includes(perception.intent) === true
  ) {
    // The same request again for another amount ("what about 25?", "$10 more") is about the
    // record just done: its ids stay, unless the message names another. "The same for NW-1002"
    // asks for all of it again: every fact of the record stays but what the message names.
    const kept = !continuesDone
      ? {}
      : asksTheSame.test(input.text)
        ? requestFacts(compiled, fieldsBefore)
        : recordIds(compiled, state.fields)
    state.fields = { ...kept, ...profileFields(compiled, state.fields) }
    mergeEntityFields(state.fields, perception.entities)
    state.toolResults = {}
  }
  const offer = acceptedOffer(
    compiled.evidence,
    state,
    perception,
    stated.size > 0 && !asksForSomething(input.text) && !input.text.includes('?') && !isQuestion(input.text),
  )
  // "It was for NW-1001, $20" to "If you'd like a refund now, tell me the order and the amount":
  // the request the reply invited, with these facts, when its scenario asks for one of them. A
  // `confirm` call on it is asked about first: the words never said what to do.
  const invited = offer?.invited === true ? invitedIntent(compiled, offer.evidence, stated) : undefined
  if (invited !== undefined) {
    perception = pinnedTo(perception, invited, `takes up the last reply's invitation to "${invited}"`)
    state.tentative = true
  }
  const variables = buildTurnVariables(state, perception, input.text)
  // A message that only thanks or takes leave gets the definition's reply to it, and the
  // conversation stays where it is. A thank-you while the step still needs something is asked the
  // step's question again.
  // "Yes, thank you" to "Shall I book the car for you?" takes the offer: thanks said with a yes to
  // a proposal of the engine's last reply is no closing (it answered "You're welcome" and booked
  // nothing). A yes with thanks to a confirmation ("Is that correct?") still only thanks.
  const closing =
    offer?.proposal === true && offer.last === true ? undefined : closingOf(perception, input.text)
  const question = inFlow
    ? missingFieldQuestion(compiled, navigation.scenario, navigation.step, state.fields)
    : undefined
  const staying: StayingTurn = { dependencies, state, scratch, perception, navigation }
  if (otherProfile !== undefined)
    return stayWith(
      staying,
      `the message gives another ${otherProfile} than the one this session was given`,
      renderTemplate(settings.profileChangeReply, { field: otherProfile }),
    )
  // "Am I talking to a bot?" gets a straight answer; a step that is asking asks again after it. A
  // message that also asks for something ("are you a bot? I want a refund") goes on as a request.
  if (asksWhatItIs && stated.size === 0 && perception.confidence < settings.entryThreshold)
    return stayWith(
      staying,
      'the message asks what it is talking to',
      settings.assistantDisclosureReply,
      question,
    )
  // "Did it go through?": what the last request acted on did, or why not, or that nothing was yet.
  // "Did you refund $20 for NW-1001?" names the facts of what was done: still a status question.
  // "Is NW-9999 cancelled?" after NW-2222 was is not about what was done: it is never answered
  // with NW-2222's cancellation, but read as a message of its own.
  // "Did the refund go through?" after only a lookup or a cancellation (or before anything was
  // done) asks about an action this conversation did not do: it is read as a message of its own
  // (the refund-status flow), never answered with what was done ("Yes, it went through. Order
  // NW-3003 has shipped").
  // "Did the cancellation go through?" after only a refund (or nothing), when no status flow is
  // about cancellations: no cancellation was done or asked for here, and the answer says so. Not
  // read as a request to cancel, nor answered with the refund. An order it names ("did the
  // cancellation for NW-8316 go through?" after a refund for NW-8301) only says what it asks about:
  // no request to cancel it (it asked for the total, and the next answer cancelled).
  if (
    asksDone &&
    (stated.size === 0 || input.text.includes('?')) &&
    pending === undefined &&
    asksUnaskedAction(compiled, input.text, state)
  ) {
    const last = state.lastOutcome
    const { undone, undoneAfter } = settings.statusReplies
    // "And NW-2002, is it cancelled?" to "Shall I refund $20 for order NW-1001 now?": answered, and
    // the request asked about still waits, its facts its own (outside review rv60 2: the next
    // "$20 please" refunded NW-2002).
    const call = awaitedCalls?.[0]
    let again = question
    if (awaiting !== undefined && awaitedCalls !== undefined && call !== undefined) {
      restoreFacts(compiled, state.fields, fieldsBefore, perception.entities)
      state.awaitingConfirmation = awaiting
      state.awaitingCalls = awaitedCalls
      state.offeredRequest = awaiting
      again = confirmationQuestion(compiled, { toolId: call.tool, args: call.args }, variables)
    }
    return stayWith(
      staying,
      'the message asks about an action this conversation did not do',
      last?.done === true ? renderTemplate(undoneAfter, { done: last.text }) : undone,
      again,
    )
  }
  if (
    asksDone &&
    (stated.size === 0 || ((!namesOtherFacts || scratch.recalled === true) && input.text.includes('?'))) &&
    pending === undefined &&
    !namesOtherRecord(compiled, perception, state.lastOutcome, input.text) &&
    !namesUndoneAction(input.text, state.lastOutcome)
  ) {
    const status = settings.statusReplies
    const last = state.lastOutcome
    // "Is it cancelled?" names the action done before (the cancellation) while a refund now asks:
    // it asks about that one, not the request at hand ("Not yet" was false).
    const asksWhatWas = asksWhatWasDone(input.text) || namesDoneAction(input.text, last)
    // "Did it go through?" while a step still asks: not yet. "Which order did you refund?" asks
    // about what was done before, whatever is asked now.
    if (question !== undefined && (last === undefined || !asksWhatWas))
      return stayWith(staying, 'the message asks whether it was done', status.notYet, question)
    // A request of the same message still waiting ("refund NW-1001 and NW-1002") is offered again.
    const next = state.queuedRequests?.[0]
    const note =
      last === undefined
        ? status.nothing
        : last.done
          ? asksWhatWas
            ? last.text
            : renderTemplate(next === undefined ? status.done : status.partly, { done: last.text })
          : renderTemplate(status.notDone, { reason: last.text })
    if (next !== undefined && question === undefined) state.offeredRequest = next
    return stayWith(
      staying,
      'the message asks whether it was done',
      note,
      question ??
        (next === undefined
          ? undefined
          : settings.queuedRequestOffer.replaceAll('{{request}}', quoteRequest(next))),
    )
  }
  // "Sorry, I meant NW-2002 not NW-3003" right after something was done: what was done stays done
  // (a refund is not taken back by a chat message, nor a second one issued on a guess); the user
  // hears what it was and where to go, not the menu.
  const last = state.lastOutcome
  const lastReply = state.history.findLast((entry) => entry.role === 'assistant')?.content
  if (
    last?.done === true &&
    lastReply?.includes(last.text) === true &&
    pending === undefined &&
    correctsWhatWasDone(input.text)
  )
    return stayWith(
      staying,
      'the message corrects what was just done',
      renderTemplate(settings.correctionReply, { done: last.text }),
    )
  // "No, never mind" to "Which one do you need?" or "Which one first?" (or to "Shall I refund … now?"):
  // nothing is done, and the requests waiting on the answer go.
  if ((declines && !inFlow) || declinedConfirmation) {
    delete state.queuedRequests
    // Nothing is done, and nothing of it is kept: "no need to refund NW-3003 ($20)" to "Shall I
    // cancel NW-1001 ($40)?" leaves the cancellation its own order and total.
    restoreFacts(compiled, state.fields, fieldsBefore, perception.entities)
    return stayWith(staying, 'the answer to the clarification takes the request back', settings.declinedReply)
  }
  if (closing === 'bye') return stayWith(staying, 'the message only takes leave', settings.goodbyeReply)
  // "Thanks" to "which one first?": both requests still wait, and the question is asked again.
  if (closing === 'thank' && pending?.question === settings.twoRequestsQuestion) {
    state.pendingClarification = pending
    return stayWith(staying, 'the message only thanks; the two requests still wait', pending.question)
  }
  // "Thanks" to "Shall I cancel order NW-2002 now?": no answer; the question stands, asked again
  // (outside review rv55 S1d: "You're welcome!", and the yes after it found nothing to confirm).
  const asked = awaitedCalls?.[0]
  if (
    closing === 'thank' &&
    awaiting !== undefined &&
    awaitedCalls !== undefined &&
    asked !== undefined &&
    input.text === message.text
  ) {
    state.awaitingConfirmation = awaiting
    state.awaitingCalls = awaitedCalls
    state.offeredRequest = awaiting
    const again = confirmationQuestion(compiled, { toolId: asked.tool, args: asked.args }, variables)
    return stayWith(staying, 'the message only thanks; the request asked about still waits', again)
  }
  if (closing === 'thank' && question === undefined)
    return stayWith(staying, 'the message only thanks', settings.thanksReply)
  const requests = twoRequests(compiled, input.text, settings.stickiness, navigation.scenario)
  if (requests !== undefined && pending?.question !== settings.twoRequestsQuestion) {
    const labels = new Map(
      compiled.definition.intents.map((intent) => [intent.id, intent.label ?? intent.id]),
    )
    // Both requests wait in the session; the one not chosen is offered once the chosen one is done.
    state.queuedRequests = requests.map((request) => request.clause)
    // Each runs with its own facts, read from its clause when it is chosen: none of this message's
    // facts but the customer's own (an email) is kept for both ("cancel NW-2002 and refund me $10
    // for NW-1001" → "Cancel an order" cancelled NW-2002 as a $10 order).
    restoreFacts(compiled, state.fields, fieldsBefore, perception.entities)
    // The first request's own facts stay: a yes, "both" or a fact alone goes on with it.
    const first = sensor.senseSync?.(requests[0]!.clause, senseContext).entities
    if (first !== undefined) mergeEntityFields(state.fields, withoutProfile(compiled, first))
    const options = requests.map(({ intent, clause }) => ({
      id: intent,
      label: labels.get(intent) ?? intent,
      value: withLongNumbersHidden(clause),
    }))
    return clarify(
      dependencies,
      state,
      scratch,
      { ...perception, alternatives: [] },
      settings.twoRequestsQuestion,
      {
        kind: 'twoRequests',
        detail: `two requests in one message: ${requests.map((request) => labels.get(request.intent)).join(' and ')}`,
      },
      undefined,
      options,
    )
  }

  // The same request twice, each with its own id: the first runs now, the second is offered
  // once it is done ("You also asked: …"), never dropped.
  if (requests === undefined && state.queuedRequests === undefined) {
    const second =
      leading === undefined
        ? secondRequestOf(
            compiled,
            breaks,
            // Facts alone in a flow ("NW-1001, $20 and another $20 for NW-1002" to its question)
            // are its own request twice (outside review rv58 20: "How much?" came twice).
            perception.intent === 'unknown' && inFlow
              ? (compiled.scenariosById.get(navigation.scenario!)?.intents[0] ?? perception.intent)
              : perception.intent,
            input.text,
          )
        : undefined
    const rest = leading === undefined ? second?.requests : [leading.head]
    if (rest !== undefined)
      state.queuedRequests =
        second === undefined ? rest : rest.map((request) => withSameAmount(request, second.head))
    // The request that runs now has the facts of its own clause: "cancel NW-2002, it was $900, and
    // I need $40 back on NW-1001" cancels a $900 order (it ran as a $40 one, with no approval).
    if (second !== undefined) {
      const own = sensor.senseSync?.(second.head, senseContext).entities
      if (own !== undefined) {
        restoreFacts(compiled, state.fields, fieldsBefore, perception.entities)
        for (const name of Object.keys(perception.entities))
          if (!compiled.definition.profileFields.includes(name)) delete perception.entities[name]
        for (const [name, value] of Object.entries(own))
          if (!compiled.definition.profileFields.includes(name) && perception.entities[name] === undefined)
            perception.entities[name] = value
        mergeEntityFields(state.fields, perception.entities)
      }
    }
  }
  // An answer to the ambiguity question that picks no option but goes on with something of its
  // own (a fact, or words of a topic: "my email is …", "#NW-3003") is not asked the same question
  // again: the message it answered, read with it, goes to the likeliest of the options offered.
  const unresolved =
    goesOnWith ??
    (!inFlow &&
    together !== undefined &&
    pending !== undefined &&
    pending.question === settings.clarificationQuestion &&
    perception.ambiguity.score > settings.ambiguityThreshold &&
    (Object.keys(perception.entities).length > 0 || (perception.evidence?.words ?? 0) > 0)
      ? guessedOption(compiled, pending.options, together, stated)
      : undefined)
  /** A message of facts alone ("$15", "15 dollars please"). */
  const onlyFacts = factsAlone(input.text)
  // "Great, $25 please" once the card asked about on the way was shown: the paused refund asks for
  // the amount, and the router brings it back (no "which one do you need?"). Read last: only an
  // unclear message outside a flow is asked which one it needs.
  if (
    !inFlow &&
    unresolved === undefined &&
    offer?.invited !== true &&
    perception.ambiguity.score > settings.ambiguityThreshold &&
    !(onlyFacts && resumesPaused(compiled, navigation, perception, stated)) &&
    !sameTopicChoice(compiled, perception) &&
    !cueMatchesHere(dependencies, state, perception, input.text, variables)
  ) {
    // A message naming two orders keeps neither until the user says what they want: an option
    // chosen ("I want a refund") must not run on whichever id or amount the message said last
    // (it refunded $20 on NW-2002, the order of the other clause).
    if (breaks.length > 0) restoreFacts(compiled, state.fields, fieldsBefore, perception.entities)
    return clarify(dependencies, state, scratch, perception, settings.clarificationQuestion, {
      kind: 'ambiguous',
      detail: perception.ambiguity.reason,
    })
  }

  // "I don't know the order number", "no idea": the user says they cannot give what the step asks
  // for. Understood, not unclear: they hear `cannotAnswerReply` before the step's question.
  const cannotGive =
    inFlow &&
    stated.size === 0 &&
    (cannotAnswer.test(input.text.slice(0, 300)) || asksValueBack.test(input.text.slice(0, 300)))
  if (inFlow && !cannotGive) {
    const unclear = unclearTurnReason(perception, input.text)
    if (unclear !== undefined && !cueMatchesHere(dependencies, state, perception, input.text, variables)) {
      const scenario = compiled.scenariosById.get(navigation.scenario!)!
      return clarify(
        dependencies,
        state,
        scratch,
        perception,
        settings.unclearQuestion,
        { kind: 'unclear', detail: unclear },
        undefined,
        [goOnWith(scenario)],
      )
    }
  }
  const evidence = perception.evidence ?? compiled.evidence.measure(input.text)
  // A question naming another record than the task's ("where is NW-3003?" while NW-2002 is being
  // cancelled) asks about that record: no detail of the task at hand, it moves like a switch cue,
  // and it never becomes the task's order (the cancellation ran on NW-3003).
  // Not a question of the task's own kind ("can you refund $15 on NW-3003?" in a refund is a new
  // request of it, "where is NW-1002?" after a lookup another lookup): those take the new facts.
  // And the record is one the question's own scenario works on (the order a lookup needs).
  // So does a question of another kind while the task waits for an approver ("has NW-2002
  // shipped?" while its cancellation waits): the task has nothing to do until the decision, and
  // the question was read as a second cancellation ("already waiting for a supervisor").
  const asksBesideWaiting =
    inFlow &&
    state.pendingApproval !== undefined &&
    asksBack(input.text) &&
    compiled.scenariosById.get(navigation.scenario!)?.intents.includes(perception.intent) !== true &&
    compiled.definition.scenarios.some((scenario) => scenario.intents.includes(perception.intent))
  const asksAboutOther =
    asksBesideWaiting ||
    (inFlow &&
      namesOtherFacts &&
      asksBack(input.text) &&
      compiled.scenariosById.get(navigation.scenario!)?.intents.includes(perception.intent) !== true &&
      compiled.definition.scenarios.some(
        (scenario) =>
          scenario.intents.includes(perception.intent) &&
          scenario.steps.some((step) =>
            step.required.some((entry) => {
              const field = requiredFieldName(entry)
              const value = perception.entities[field]
              return value !== undefined && fieldsBefore[field] !== undefined && fieldsBefore[field] !== value
            }),
          ),
      ))
  // A yes to a confirmation goes on with the task: it still answers, or asks for nothing, as far
  // as leaving the topic goes ("Correct. How many days will it take?" is no hotel question).
  const continuing = offer?.confirmation === true ? undefined : offer
  // "I want a refund of $20 for order NW-1001" while a cancellation asks for its order: a request
  // of its own (a sentence opening "I want", "please", an imperative, or a question: "can I get $20
  // back on NW-1001 instead?") that the sensor reads, clearly (no clarification needed), as
  // another scenario's intent, and that gives facts the flow asks for, is a move like a switch cue,
  // twice over (`topicShift` and `requested`). Its words had fallen just
  // short of the stickiness ("order" speaks for the cancellation too): the cancellation ran on the
  // refund's order, and then the general menu was shown for it (outside review rv49). Only where
  // the flow would take the facts: elsewhere the sensor's reading of a request is no surer than
  // the words (SGD dev, whose flows ask for nothing, lost 0.6 points of per-turn accuracy).
  const flowHere = inFlow ? compiled.scenariosById.get(navigation.scenario!) : undefined
  const requestsOther =
    flowHere !== undefined &&
    perception.ambiguity.score <= settings.ambiguityThreshold &&
    perception.confidence >= settings.entryThreshold &&
    !flowHere.intents.includes(perception.intent) &&
    compiled.definition.scenarios.some((scenario) => scenario.intents.includes(perception.intent)) &&
    (flowHere.steps.some((step) => step.required.some((entry) => stated.has(requiredFieldName(entry)))) ||
      asksMoneyBack.test(input.text)) &&
    // "cancle nw-2002 totl $30" opens with the verb it misspells (outside review rv60 3).
    (opensRequest(withSwappedVerbsFixed(input.text)) || asksBack(input.text)) &&
    !namesOwnActionOnly(flowHere, input.text)
  // An option of the engine's own question picked as such (clicked, or its id or label typed;
  // `typedOption`, the sensor's own reading): "I want a refund" to "Shall we go on, or do you need
  // something else?" moves there whatever the stickiness (it stayed in the cancellation, which
  // then cancelled the refund's order).
  const chosenOption = typedOption(pending?.options, message.text)
  // A correction of what the engine just asked ("No, actually on the 5th") changes a value of the
  // task: its cue is none, and it answers like any answer (`correctsLastQuestion`).
  // Not when it names a task that the sensor reads as another scenario's ("Actually, a refund would
  // be better" during a cancellation: that cancelled the order, outside review rv51 R1).
  const currentScenario =
    navigation.scenario === null ? undefined : compiled.scenariosById.get(navigation.scenario)
  const readsOtherTask =
    currentScenario !== undefined &&
    perception.intent !== 'unknown' &&
    !currentScenario.intents.includes(perception.intent)
  const correcting = perception.topicShift && correctsLastQuestion(state, input.text, readsOtherTask)
  // "Also" / "by the way" in a question about the item at hand is no cue to the sensor ("Also,
  // what's their number?"), but still one when the message clearly reads as another topic's:
  // "By the way, where is it right now?" during a cancellation asks order status (outside review
  // rv51 R6: it had been refused and the cancellation asked on).
  const otherTopic =
    readsOtherTask &&
    (currentScenario.topic === undefined ||
      topicOfIntent(compiled, perception.intent) !== currentScenario.topic) &&
    perception.confidence >= settings.entryThreshold &&
    perception.ambiguity.score <= settings.ambiguityThreshold
  // So is an opening that breaks off to ask ("wait, where is it right now?" during a
  // cancellation: outside review rv54 S9 was told "Sorry, I can't answer that here").
  // So is a scenario whose work is done (see `scenarioDone`): "how much is Basic?" right after an
  // order lookup stayed in it and got "Sorry, I can't answer that here" (outside review rv55 S17).
  const addsToOtherTopic =
    !perception.topicShift &&
    otherTopic &&
    (additiveCue.test(input.text) || breaksOffToAsk.test(input.text) || scenarioDone(state, currentStep))
  // Its switch cue is all the readers below read of it: no copy (a spread parses the goal).
  const heard = correcting ? { topicShift: false } : perception
  const answering = answersQuestion(state, input.text, {
    perception: heard,
    offer: continuing,
    clarifying: pending !== undefined,
  })
  // A request taken back, read once in a flow: the route takes it, and so does `tentative` below.
  // Not one that asks for this scenario again after it ("never mind, I'd like a refund of $20 for
  // NW-1001" during a refund): that restates the request (see `restatesRequest`).
  const withdraws =
    inFlow &&
    (callsOffUnderWay ||
      (withdrawsRequest(input.text) &&
        !restatesRequest(compiled, input.text, flowHere?.intents ?? [], settings.stickiness)))
  const route = compiled.router.route(navigation, {
    alternatives:
      unresolved === undefined
        ? perception.alternatives
        : [
            { intent: unresolved.intent, confidence: 1 },
            ...perception.alternatives.filter((entry) => entry.intent !== unresolved.intent),
          ],
    intent: perception.intent,
    // Accepting the engine's own proposal is a deliberate move, like a switch cue; a "yes" to a
    // bare question moves only by what the question says (its evidence is added to the turn's).
    // A switch cue in a correction of what the engine just asked ("No, actually I'll be leaving
    // on the 5th") changes a value of the task: it lowers nothing.
    topicShift: (perception.topicShift && !correcting) || addsToOtherTopic || asksAboutOther || requestsOther,
    ...(offer?.proposal === true ? { offerProposal: true } : {}),
    variables,
    // Only a message of facts alone ("$15", "15 dollars please") answers a paused scenario: "ok,
    // that one was $15" after a lookup says what the looked-up order cost (it paid a refund).
    ...(onlyFacts ? { stated } : {}),
    evidence,
    ...(offer === undefined ? {} : { offer: offer.evidence }),
    ...(answering ? { answersQuestion: true } : {}),
    ...(asksAboutOther
      ? {}
      : messageAsksForAnother(input.text)
        ? { asksAnother: true }
        : requestsNothing(input.text, {
              perception: heard,
              offer: continuing,
              clarifying: pending !== undefined,
            })
          ? asksWhatIsThere(input.text)
            ? { requestsNothing: true, asksWhatThereIs: true }
            : { requestsNothing: true }
          : {}),
    ...(withdraws ? { withdraws: true } : {}),
    ...(chosenOption === undefined ? {} : { chosen: chosenOption.id }),
    ...(requestsOther ? { requested: perception.intent } : {}),
  })
  // Staying, the task keeps its own record: the other one was only asked about.
  if (asksAboutOther && route.scenario === navigation.scenario)
    restoreFacts(compiled, state.fields, fieldsBefore, perception.entities)
  // A request read clearly as another scenario's that the words still could not move to is never
  // taken as the task's own facts (its order was cancelled on a refund request): the user is asked
  // whether to go on or to do what they asked, and nothing runs on it.
  if (
    requestsOther &&
    flowHere !== undefined &&
    route.scenario === navigation.scenario &&
    route.decision === 'stayed'
  ) {
    restoreFacts(compiled, state.fields, fieldsBefore, perception.entities)
    const scenario = flowHere
    return clarify(
      dependencies,
      state,
      scratch,
      perception,
      settings.clarificationQuestion,
      {
        kind: 'ambiguous',
        detail: `a request of "${perception.intent}" inside "${scenario.id}": ${route.reason}`,
      },
      undefined,
      [goOnWith(scenario)],
    )
  }
  if (route.previousScenario !== route.scenario) {
    // The scenario left unfinished keeps its own fields until the user comes back to it.
    const left = route.state.paused?.find((entry) => entry.scenario === route.previousScenario)
    // Its own, as before this message: "where is NW-3003?" during a refund of NW-1001 leaves the
    // refund with NW-1001 (it resumed as a refund of NW-3003). The customer's own facts are kept.
    if (left !== undefined) left.fields = { ...fieldsBefore, ...profileFields(compiled, state.fields) }
    // A new scenario starts clean: only profile fields (identity) and this turn's entities carry
    // over; a resumed one gets back what it had collected.
    state.toolResults = {}
    // Facts gathered outside any scenario (a vague first message, a clarification) carry in whole.
    const carried = route.previousScenario === null ? state.fields : profileFields(compiled, state.fields)
    // Those not said again in this message: a `confirm` call made with them is asked about first
    // ("$20" said to the menu after a refund was taken back, then "refund NW-1002 please", had
    // refunded the $20 at once: outside review rv54 F2).
    // Not those of a request the menu clarified ("please cancel NW-2002, it was €700"): its own.
    const clarifiedRequest = pending?.unclear !== undefined && plainlyRequests(pending.unclear)
    if (route.previousScenario === null && !clarifiedRequest)
      for (const name of Object.keys(withoutProfile(compiled, fieldsBefore)))
        if (!stated.has(name) && name !== 'last_intent') carriedIn.add(name)
    // A new request that points back at what was just discussed ("track NW-3003" → "it arrived
    // broken, I want my money back") is about the same thing: the identifiers the new scenario
    // asks for (an order, a ticket; never an amount) carry over from the scenario left.
    // Not when it picks one of several by its place ("cancel the first one", "the other one"):
    // the last one discussed may not be it (it cancelled NW-1001 for "the first one" after
    // NW-3003, then NW-1001, were tracked), so the step asks which.
    const referred =
      route.previousScenario !== null &&
      route.resumed === undefined &&
      refersBack(input.text) &&
      !picksByPlace.test(input.text)
        ? referencedFields(compiled, route.scenario, state.fields)
        : {}
    // A paused request taken up again about the record just discussed ("refund that one instead,
    // $20", "the one you just looked up" after a detour to NW-3003) is about that record, not the
    // one it paused with; a bare "it" could be either, so the step asks which (each refunded the
    // paused order: outside review rv56 N7).
    const resumedAbout =
      route.resumed !== undefined && route.previousScenario !== null && !picksByPlace.test(input.text)
        ? recordOfResumed(compiled, route.scenario, route.resumed.fields ?? {}, state.fields, input.text)
        : undefined
    state.fields = { ...(route.resumed?.fields ?? {}), ...referred, ...carried }
    if (resumedAbout !== undefined)
      for (const [name, value] of Object.entries(resumedAbout))
        if (value === undefined) delete state.fields[name]
        else state.fields[name] = value
    mergeRecordFields(state.fields, perception.entities, identifiersOf(compiled))
  }
  state.navigation = route.state
  scratch.emit({
    type: 'route-decided',
    scenario: route.scenario,
    step: route.step,
    decision: route.decision,
  })
  const provenanceRoute = {
    scenario: route.scenario,
    step: route.step,
    decision: route.decision,
    previousScenario: route.previousScenario,
    scores: route.scores,
    reason:
      unresolved !== undefined
        ? `the answer to "${pending?.question ?? settings.clarificationQuestion}" chose no option: going with ${pending?.question === settings.twoRequestsQuestion ? 'the first request' : 'the likeliest reading'}, "${unresolved.intent}"${
            pending?.unclear === undefined ? '' : ` (read with "${pending.unclear}")`
          }`
        : readWith === undefined
          ? route.reason
          : `${route.reason} (read with the message the clarification asked about: "${readWith}")`,
  }
  if (route.loop !== undefined && settings.handoff.enabled && settings.handoff.onLoop)
    return startHandoff(
      dependencies,
      state,
      scratch,
      `loop guard: ${route.loop.transition} taken ${route.loop.count} times`,
    )
  if (route.loop !== undefined)
    return clarify(
      dependencies,
      state,
      scratch,
      perception,
      settings.loopReply,
      { kind: 'loop', detail: `loop guard: ${route.loop.transition} taken ${route.loop.count} times` },
      provenanceRoute,
    )

  // A bare number answering "how much?" becomes the amount here: the facts are read again after it.
  answerAskedAmount(compiled, navigation, route, state, perception, input.text)
  answerAskedIdDigits(compiled, navigation, route, state, perception, input.text)
  const answered = statedFacts(perception)
  const routed = buildTurnVariables(state, perception, input.text)
  // Facts a newly entered scenario carries in (given in a message a clarification asked about, or
  // outside any scenario) are new to its rules: `Cancel NW-2002, it cost $700` → clarification →
  // "Cancel an order" cancels NW-2002. A resumed scenario's own facts were judged before it paused.
  const changedFacts = new Set(answered)
  if (route.scenario !== null && route.previousScenario !== route.scenario && route.resumed === undefined)
    for (const name of Object.keys(state.fields)) changedFacts.add(name)
  // So are the facts a step just moved to asks for and already has ("refund NW-1002 $50" → the
  // email verifies → the refund step has its order and amount): the step acts on them now. The
  // same when a paused scenario resumes and moves on ("refund $20 for NW-1001" → "where is
  // NW-3003?" → the email): it had said only "verified", and the refund never ran.
  else if (
    route.scenario !== null &&
    (route.scenario === navigation.scenario
      ? route.step !== navigation.step
      : route.resumed !== undefined && route.step !== route.resumed.step)
  )
    for (const entry of compiled.scenariosById
      .get(route.scenario)
      ?.steps.find((step) => step.id === route.step)?.required ?? []) {
      const name = requiredFieldName(entry)
      if (state.fields[name] !== undefined) changedFacts.add(name)
    }
  // "Cancel it please" where the step has every fact it asks for (after the cancellation was
  // declined or refused): a plain request that names the scenario's own action asks for it again
  // on those facts, no new fact needed; its rules act, and their checks say why not again. It got
  // the menu: no fact had changed (outside review rv55 S18).
  else if (
    route.scenario !== null &&
    route.scenario === navigation.scenario &&
    route.step === navigation.step &&
    answered.size === 0 &&
    asksAgainForAction(compiled, route.scenario, input.text)
  )
    for (const entry of compiled.scenariosById
      .get(route.scenario)
      ?.steps.find((step) => step.id === route.step)?.required ?? []) {
      const name = requiredFieldName(entry)
      if (state.fields[name] !== undefined) changedFacts.add(name)
    }
  // An answer to the step's question that also speaks of another intent ("NW-1001, it cost me 30
  // bucks" answering "how much should be refunded?") is no aside about it: its rules stay quiet.
  const answeredStep =
    answering &&
    route.scenario === navigation.scenario &&
    currentStep?.required.some((entry) => answered.has(requiredFieldName(entry))) === true
  const aside =
    answeredStep && compiled.scenariosById.get(route.scenario!)?.intents.includes(perception.intent) === false
  const retrieval = compiled.rules.retrieve({
    scenario: route.scenario,
    step: route.step,
    text: input.text,
    intent: aside ? 'unknown' : perception.intent,
    variables: routed,
    turn: state.turn + 1,
    fires: state.ruleFires,
    changedFacts,
  })
  scratch.emit({ type: 'rules-retrieved', ruleIds: retrieval.matched.map((entry) => entry.rule.id) })
  // "Can I get a refund on it too?" right after NW-2002 was cancelled: the refund's gate refuses
  // it whatever the amount, so the customer hears why now instead of being asked for an amount
  // that is then refused (outside review rv58 26).
  const refusedAhead = refusalAhead(compiled, route.scenario, route.step, state.fields, routed)
  const followUp =
    refusedAhead === undefined
      ? missingFieldQuestion(compiled, route.scenario, route.step, state.fields)
      : undefined
  // The request ends there: nothing of it waits for an answer ("ok thanks" is thanked), and a new
  // one starts afresh, keeping only the customer's own facts (an email).
  if (refusedAhead !== undefined) {
    state.navigation = { ...state.navigation, scenario: null, step: null }
    state.fields = profileFields(compiled, state.fields)
  }
  const planned = planToolCalls(retrieval.matched, routed)
  // A call of a `confirm` tool runs only when asked for plainly: a message that only asks about
  // the action, supposes it or puts it off (and what follows it until a plain request) is asked
  // "Shall I … now?" instead, and the call runs on a yes.
  // "Did you refund $20 for NW-2002?" about another order asks; it is no request to do it.
  // A message that takes a request back ("actually forget it") ends what was held with it: the
  // next request is read on its own words.
  // A question in a scenario whose tools need no yes ("where is NW-3003?" in a detour from a
  // refund) asks about no such action: the refund it paused is not held by it on its return.
  // (The cheap conditions are read first: the readers of the words only when they can matter.)
  // An answer to a clarification goes on with the message it clarified: either may be the request.
  const plainRequest = () =>
    plainlyRequests(input.text) || (pending?.unclear !== undefined && plainlyRequests(pending.unclear))
  if (planned.length === 0 && (inFlow ? withdraws : withdrawsRequest(input.text))) delete state.tentative
  else if (
    confirmsActions(compiled, route.scenario) &&
    (onlyAsksAboutAction(input.text) ||
      (asksDone && !asksWhatWasDone(input.text)) ||
      // "Refund the difference": the amount is worked out, so it is shown before it runs.
      worksOutAmount(input.text))
  )
    state.tentative = true
  // The other way round, by default: a request that is not plain ("I was told I'd get a $20
  // refund on NW-1001", "do you think I deserve $20 back?", a statement of facts) is asked about
  // first, whatever words it asks with (outside review rv54 B: each list of "only asking" cues
  // had missed the next customer's words). It is the request when it starts the scenario or names
  // an action with facts of its own; facts alone ("$40"), a return to a paused request ("back to
  // the refund") and "so, my refund?" go on with the request they answer.
  else if (
    !confirmed &&
    confirmsActions(compiled, route.scenario) &&
    route.resumed === undefined &&
    (route.scenario !== navigation.scenario || (stated.size > 0 && namedActions(input.text).length > 0)) &&
    !plainRequest()
  )
    state.tentative = true
  // The facts of the request just done, given again ("$10 more please"), say what to do only when
  // they name its action: a "please" alone is no request to run it (it refunded $10 unasked).
  else if (
    'tentative' in state &&
    (confirmed || (plainlyRequests(input.text) && (!continuesDone || namedActions(input.text).length > 0)))
  )
    delete state.tentative
  if (
    planned.length === 0 &&
    route.scenario !== null &&
    requestHoldsConfirmWhen(compiled, route.scenario, routed)
  )
    state.tentative = true
  // An answer to "which one do you need?" that chose none goes on with the likeliest reading: a
  // guess the customer never made ("bob@example.com" to the menu refunded $40), so a `confirm`
  // call on it is asked about, not run.
  const guessed = unresolved !== undefined && pending?.question !== settings.twoRequestsQuestion
  // A `confirm` call the same as one that already ran in this session ("refund $10 for NW-1001",
  // once more) is asked about first: a message sent twice must not pay twice.
  // One the policy refuses anyway (the cap reached) is refused, not asked about.
  // A yes runs the calls its question named and no other: the request read again may give
  // another (a model sensor reads it anew; words read against the question read differently), and
  // that one is asked about, never run on a yes given to something else. A session stored before
  // the calls were kept (no `awaitingCalls`) runs what the reading gives, as it did.
  const repeats = confirmed
    ? []
    : planned.filter((call) => confirmsCall(compiled, call) && ranBefore(state, call))
  const unconfirmed = confirmed
    ? planned.filter((call) => confirmsCall(compiled, call) && !askedBefore(awaitedCalls, call))
    : []
  // A call its policy refuses anyway is not asked about: it is refused now, with its reason.
  // A question that asks for nothing to be done states facts, it does not ask for the action
  // ("hang on, where is NW-1001? it was $30", "I paid $45 for NW-2002, is that right?"): a
  // `confirm` call on them is asked about this once, never run on the question.
  const held =
    planned.length === 0
      ? []
      : (confirmed
          ? unconfirmed
          : state.tentative !== true &&
              !guessed &&
              !carriedToOther &&
              !onlyQuestions(input.text) &&
              !planned.some((call) => usesFacts(call, carriedIn, state.fields))
            ? planned.filter((call) => repeats.includes(call) || asksFirstNow(compiled, routed, call))
            : planned.filter((call) => confirmsCall(compiled, call))
        ).filter((call) => !refusedByPolicy(compiled, state, routed, input.sessionId, call))
  const plan = held.length === 0 ? planned : planned.filter((call) => !held.includes(call))
  if (held.length > 0) {
    // A guess is confirmed as the message read with the answer ("I was charged $40 for NW-2002
    // … bob@example.com"): the answer alone asks for nothing.
    const request = guessed ? (scratch.unclear ?? input.text) : input.text
    state.awaitingConfirmation = request
    state.awaitingCalls = held.map((call) => ({ tool: call.toolId, args: call.args }))
    state.offeredRequest = request
  }
  const acted = await actOnPlan(plan, {
    compiled,
    tools: dependencies.tools,
    sessionId: input.sessionId,
    turnId,
    toolsRun: state.toolsRun,
    session: routed.session as Record<string, unknown>,
    emit: scratch.emit,
    ...(input.signal === undefined ? {} : { signal: input.signal }),
  })
  // A question asked inside a flow that no rule answers (no matched rule has an action: a style
  // guideline answers nothing) and that gives nothing the step asks for
  // ("do you ship to Canada?" while the refund waits for an email) is said to be unanswered before
  // the step's question comes again, not met with the question alone.
  // "So, my refund?" in the refund asks for it to go on: the step's question answers it.
  const asksForCurrent =
    route.scenario !== null &&
    compiled.scenariosById.get(route.scenario)?.intents.includes(perception.intent) === true
  const answersNothing =
    !retrieval.matched.some((entry) => entry.rule.action !== undefined) &&
    planned.length === 0 &&
    perception.act === undefined &&
    answered.size === 0 &&
    !asksForCurrent &&
    isQuestion(input.text)
  const unanswered =
    answersNothing &&
    followUp !== undefined &&
    inFlow &&
    route.scenario === navigation.scenario &&
    route.resumed === undefined
  // The same where no step asks anything: a question that reaches no rule with an action, no tool
  // and no step ("why was it rejected?" after a rejection) is said to be unanswered before the
  // fallback offers what can be done, not met with the fallback alone as if it were a greeting.
  const unansweredHere = answersNothing && followUp === undefined
  // A rule whose call waits for the user's yes says nothing yet: its action would claim it ran.
  const heldRules = new Set(held.map((call) => call.ruleId))
  // A yes re-reads the request it answers: a rule with no tool said its piece when the question
  // was asked ("Thanks, I've verified the account…"), or had nothing to say then, and is not said
  // now (a style aside read anew from the request's words: "plus $49 for NW-1002", taken as a
  // refund when asked about, got the Plus plan's price on its yes). A hard-safety rule still speaks.
  const turn = {
    perception,
    route: provenanceRoute,
    matched: retrieval.matched.filter(
      (entry) =>
        !heldRules.has(entry.rule.id) &&
        !(confirmed && saidWhenAsked(entry.rule)) &&
        // "How much was it? I don't remember": the answer that it can be looked up, not the
        // aside its words would get (the plans' prices).
        !(cannotGive && (entry.rule.intents ?? []).length > 0 && entry.rule.tier === 'style'),
    ),
    completed: acted.completed,
    ...(followUp === undefined ? {} : { followUp }),
    ...(unanswered ? { note: settings.unansweredQuestionReply } : {}),
    ...(refusedAhead === undefined ? {} : { followUp: refusedAhead }),
    ...(cannotGive &&
    followUp !== undefined &&
    route.scenario === navigation.scenario &&
    retrieval.matched.every(
      (entry) =>
        entry.rule.action === undefined ||
        ((entry.rule.intents ?? []).length > 0 && entry.rule.tier === 'style'),
    )
      ? { note: settings.cannotAnswerReply }
      : {}),
    // "Roughly $40" to "What was the order total?": no estimate is the amount; they hear why.
    ...(followUp !== undefined &&
    route.scenario === navigation.scenario &&
    statesInexactAmount(input.text) &&
    missingFields(compiled, route.scenario, route.step, state.fields)[0]?.field === 'amount'
      ? { note: settings.inexactAmountReply }
      : {}),
    ...(unansweredHere ? { note: settings.unansweredQuestionReply, followUp: settings.fallbackReply } : {}),
    ...(held.length > 0
      ? { followUp: confirmationQuestion(compiled, held[0]!, routed, repeats.includes(held[0]!)) }
      : {}),
  }
  if (
    asksAboutAwaited &&
    held.length === 0 &&
    !planned.some((call) => confirmsCall(compiled, call)) &&
    (route.scenario === navigation.scenario ||
      // Not over the question of the scenario it moved to ("where is my other order?" is asked
      // its order number first: see `detour` below).
      (state.navigation.paused?.some((entry) => entry.scenario === navigation.scenario) === true &&
        turn.followUp === undefined)) &&
    state.awaitingConfirmation === undefined
  ) {
    const [call] = awaitedCalls
    state.awaitingConfirmation = awaiting
    state.awaitingCalls = awaitedCalls
    state.offeredRequest = awaiting
    turn.followUp = confirmationQuestion(compiled, { toolId: call!.tool, args: call!.args }, routed)
  }
  // "Where is my order NW-3003?" to "Shall I refund $20 for order NW-1001 now?": a question that
  // another scenario takes up leaves the request asked about paused, not dropped. Its question
  // comes again once the detour is answered in full (it asks nothing back and nothing is asked
  // about: this turn, or a later one while the detour asks for its facts), so the yes that
  // follows still confirms it (outside review rv60 22: that yes got the menu).
  const detour =
    awaiting !== undefined &&
    awaitedCalls !== undefined &&
    awaitedCalls.length > 0 &&
    isQuestion(message.text) &&
    navigation.scenario !== null &&
    route.scenario !== navigation.scenario
      ? { request: awaiting, calls: awaitedCalls, scenario: navigation.scenario }
      : detouredFrom
  if (
    detour !== undefined &&
    !confirmed &&
    !correctsYes &&
    !declinedConfirmation &&
    route.scenario !== detour.scenario &&
    state.navigation.paused?.some((entry) => entry.scenario === detour.scenario) === true &&
    held.length === 0 &&
    !planned.some((call) => confirmsCall(compiled, call)) &&
    acted.type !== 'paused' &&
    state.awaitingConfirmation === undefined
  ) {
    if (turn.followUp === undefined && !('note' in turn)) {
      const [call] = detour.calls
      state.awaitingConfirmation = detour.request
      state.awaitingCalls = detour.calls
      state.offeredRequest = detour.request
      turn.followUp = confirmationQuestion(compiled, { toolId: call!.tool, args: call!.args }, routed)
    } else state.detouredFrom = detour
  }
  if (confirmed && acted.completed.some((call) => call.status === 'ran' || call.status === 'approved'))
    delete state.tentative
  if (acted.type === 'paused') return pause(dependencies, state, scratch, turn, acted)
  // A value a hard-safety rule refused is kept apart: it does not stand in for the next request's.
  const refused = refusedFacts(turn.matched, state.fields, compiled.definition.profileFields, {
    calls: acted.completed,
    rules: compiled.rulesById,
    identifiers: identifiersOf(compiled),
  })
  if (refused !== undefined) state.refusedFacts = { ...state.refusedFacts, ...refused }
  return finishTurn(dependencies, state, scratch, turn)
}

/** What a turn that stays where it is is finished with ({@link stayWith}). */
interface StayingTurn {
  dependencies: TurnDependencies
  state: EngineSessionState
  scratch: TurnScratch
  perception: Perception
  navigation: EngineSessionState['navigation']
}

/** The turn stays where it is and says `note` (then the step's `followUp`, when given). */
function stayWith(turn: StayingTurn, reason: string, note: string, followUp?: string): Promise<TurnOutcome> {
  const { navigation } = turn
  return finishTurn(turn.dependencies, turn.state, turn.scratch, {
    perception: turn.perception,
    route: {
      scenario: navigation.scenario,
      step: navigation.step,
      decision: 'stayed',
      previousScenario: navigation.scenario,
      scores: [],
      reason: `stayed: ${reason}`,
    },
    matched: [],
    completed: [],
    note,
    ...(followUp === undefined ? {} : { followUp }),
  })
}

/** Whether `intent`'s examples ask about the status of every action `named` (see `statusIntents`). */
function asksStatusOf(
  compiled: TurnDependencies['compiled'],
  named: readonly string[],
  intent: string,
): boolean {
  const actions = compiled.statusIntents.get(intent)
  return actions !== undefined && named.every((stem) => actions.has(stem))
}

/**
 * Does a sentence of the message plainly ask for the action of `scenario` by name ("why not?
 * cancel it please" in the cancellation; its intents' ids and labels name it)? Not one that only
 * asks about it or puts it off, nor a message that calls the request off ("cancel that").
 */
function asksAgainForAction(compiled: TurnDependencies['compiled'], scenario: string, text: string): boolean {
  if (text.length > 300) return false
  const stems = compiled.actionStems.get(scenario) ?? []
  // The cheap test first: most messages name no action of the scenario at all.
  const lower = text.toLowerCase()
  if (!stems.some((stem) => lower.includes(stem))) return false
  // "Cancel that" calls the request off; "cancel it" is the record's own action.
  if (cancelsThatAlone(text) || withdrawsRequest(text)) return false
  return text
    .split(/(?<=[.!?])\s+/u)
    .some(
      (sentence) =>
        namedActions(sentence).some((stem) => stems.includes(stem)) &&
        plainlyRequests(sentence) &&
        !onlyAsksAboutAction(sentence),
    )
}

/**
 * Whether a yes says again what made one of the calls it answers be asked about: that call's
 * tool's `confirmWhen` holds on the yes's own words (not on the request it re-reads, which still
 * holds it), and not on no words at all. One that cannot be decided on the yes raises nothing:
 * the question was asked once.
 */
function raisesConfirmWhen(
  compiled: TurnDependencies['compiled'],
  state: EngineSessionState,
  calls: EngineSessionState['awaitingCalls'],
  text: string,
): boolean {
  if (calls === undefined || compiled.confirmWhen.size === 0) return false
  return calls.some((call) => {
    const condition = compiled.confirmWhen.get(call.tool)
    if (condition === undefined) return false
    const holdsOn = (words: string) => {
      const outcome = condition.evaluate({
        ...state.fields,
        text: words,
        sensitive: sensitiveIn(words),
        fields: state.fields,
        args: call.args,
      })
      return outcome.type === 'value' && outcome.value === true
    }
    // Its words make it hold: one that holds on the call alone (`args.amount > 10`) was answered.
    return holdsOn(text) && !holdsOn('')
  })
}

/**
 * Whether a request under way, its call not planned yet (a fact still missing), holds a
 * `confirmWhen` of a tool its scenario's rules call ("refund $20 to card 5500…" before the order
 * is given): the request is then asked about when its call comes, as one only asked about is
 * (`tentative`). It ran on the order alone (outside review rv56 N11). Only a condition that holds
 * without the call's arguments counts.
 */
function requestHoldsConfirmWhen(
  compiled: TurnDependencies['compiled'],
  scenario: string,
  routed: Record<string, unknown>,
): boolean {
  const tools = compiled.confirmToolsByScenario.get(scenario)
  if (tools === undefined || compiled.confirmWhen.size === 0) return false
  let variables: Record<string, unknown> | undefined
  return tools.some((tool) => {
    const condition = compiled.confirmWhen.get(tool)
    if (condition === undefined) return false
    // Built once, and only for a tool with a condition: the copy reads `sensitive`, a scan.
    variables ??= { ...routed, args: {} }
    const outcome = condition.evaluate(variables)
    return outcome.type === 'value' && outcome.value === true
  })
}

/** Whether a planned call is of a `confirm` tool (one with `confirm: true` or a `confirmWhen`). */
function confirmsCall(compiled: TurnDependencies['compiled'], call: { toolId: string }): boolean {
  return compiled.confirmTools.has(call.toolId)
}

/**
 * Whether a planned call's tool asks first on this turn whatever the words (its `confirmWhen`
 * holds over the turn's variables and the call's `args`): "refund $20 to card 5500-…" is asked
 * about, since the refund cannot go where it was asked to. A condition that cannot be decided
 * (an error) asks too: asking is the safe side of a money action.
 */
function asksFirstNow(
  compiled: TurnDependencies['compiled'],
  routed: Record<string, unknown>,
  call: { toolId: string; args: Record<string, unknown> },
): boolean {
  const condition = compiled.confirmWhen.get(call.toolId)
  if (condition === undefined) return false
  const outcome = condition.evaluate({ ...routed, args: call.args })
  return outcome.type !== 'value' || outcome.value !== false
}

/** Whether the tool gate refuses a planned call now (a cap reached). */
function refusedByPolicy(
  compiled: TurnDependencies['compiled'],
  state: EngineSessionState,
  routed: Record<string, unknown>,
  sessionId: string,
  call: { toolId: string; args: Record<string, unknown> },
): boolean {
  return (
    compiled.gate.check(
      { toolId: call.toolId, args: call.args },
      { toolsRun: state.toolsRun, session: routed.session as Record<string, unknown>, sessionId },
    ).type === 'blocked'
  )
}

/**
 * A rule that said its piece when its yes was asked for (or had nothing to say then): one with
 * no tool that is no hard-safety rule.
 */
function saidWhenAsked(rule: { tier: string; tools?: readonly unknown[] | undefined }): boolean {
  return rule.tier !== 'hard-safety' && (rule.tools?.length ?? 0) === 0
}

/**
 * The identifiers among `fields` that a step of `scenario` asks for: the definition's own entities
 * (`order_id` by its pattern) and the built-in order and ticket numbers. Amounts, dates and
 * numbers are a request's own and never carried.
 */
/**
 * The identifiers a resumed scenario takes when its message points back at the record of the
 * scenario it leaves and that record is another than its own: that record's ("that one", "the
 * one you just looked up"), or none, to be asked, for a bare "it" or "the order". Undefined when
 * the message points at nothing or at the same record.
 */
function recordOfResumed(
  compiled: TurnDependencies['compiled'],
  scenario: string | null,
  paused: Record<string, unknown>,
  left: Record<string, unknown>,
  text: string,
): Record<string, unknown> | undefined {
  const pointed = justDiscussed.test(text)
  if (!pointed && !refersBack(text)) return undefined
  const referred = referencedFields(compiled, scenario, left)
  const differing = Object.entries(referred).filter(
    ([name, value]) => paused[name] !== undefined && paused[name] !== value,
  )
  if (differing.length === 0) return undefined
  return Object.fromEntries(differing.map(([name, value]) => [name, pointed ? value : undefined]))
}

/** Words that point at the record just shown: "that one", "this order", "the one you just looked up". */
const justDiscussed =
  /\b(?:th(?:at|is) (?:one|order|package|parcel)|the one (?:you )?(?:just )?(?:looked up|checked|tracked|found|showed|mentioned))\b/i

function referencedFields(
  compiled: TurnDependencies['compiled'],
  scenario: string | null,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const steps = scenario === null ? [] : (compiled.scenariosById.get(scenario)?.steps ?? [])
  const identifiers = new Set([
    'order_id',
    'ticket_id',
    ...compiled.entityPatterns.map((entity) => entity.name),
  ])
  const referred: Record<string, unknown> = {}
  for (const step of steps)
    for (const required of step.required) {
      const field = requiredFieldName(required)
      const value = fields[field]
      if (identifiers.has(field) && typeof value === 'string') referred[field] = value
    }
  return referred
}

/** The definition's profile fields (identity) among `fields`. */
/**
 * Puts the facts `stated` (a message's entities) back as they were `before` it, except the
 * customer's own (profile) fields: the message's facts belong to one of its requests, not all.
 */
function restoreFacts(
  compiled: TurnDependencies['compiled'],
  fields: Record<string, unknown>,
  before: Record<string, unknown>,
  stated: Record<string, unknown>,
): void {
  // A record's own facts the message's other id took away (`mergeRecordFields`) come back with it.
  for (const name of ['amount', 'currency', 'date', 'number'])
    if (!(name in stated) && name in before && !(name in fields)) fields[name] = before[name]
  for (const name of Object.keys(stated)) {
    if (compiled.definition.profileFields.includes(name)) continue
    if (name in before) fields[name] = before[name]
    else delete fields[name]
  }
}

/** The fields that name a record: the definition's entities (`order_id`) and the built-in ids. */
function identifiersOf(compiled: TurnDependencies['compiled']): string[] {
  return ['order_id', 'ticket_id', ...compiled.entityPatterns.map(({ name }) => name)]
}

/** The record ids (`order_id`) among `fields`. */
function recordIds(
  compiled: TurnDependencies['compiled'],
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const ids: Record<string, unknown> = {}
  for (const name of identifiersOf(compiled)) if (typeof fields[name] === 'string') ids[name] = fields[name]
  return ids
}

/**
 * The intent the last reply's invitation speaks for most ("If you'd like a refund now, tell me the
 * order and the amount"), when a scenario of it asks for a fact the message states.
 */
function invitedIntent(
  compiled: CompiledEngine,
  evidence: IntentEvidence,
  stated: ReadonlySet<string>,
): string | undefined {
  let best: string | undefined
  for (const [intent, value] of Object.entries(evidence.logLikelihoods))
    if (best === undefined || value > evidence.logLikelihoods[best]!) best = intent
  if (best === undefined) return undefined
  const asks = compiled.definition.scenarios.some(
    (scenario) =>
      scenario.intents.includes(best) &&
      scenario.steps.some((step) => step.required.some((entry) => stated.has(requiredFieldName(entry)))),
  )
  return asks ? best : undefined
}

/** The perception read as `intent` for sure (confidence 1, nothing ambiguous), for `reason`. */
function pinnedTo(perception: Perception, intent: string, reason: string): Perception {
  return {
    ...perception,
    intent,
    confidence: 1,
    alternatives: [
      { intent, confidence: 1 },
      ...perception.alternatives.filter((entry) => entry.intent !== intent),
    ],
    ambiguity: { score: 0, reason },
  }
}

/** A record's facts but the customer's own (profile) fields and the engine's `last_intent`. */
function requestFacts(
  compiled: TurnDependencies['compiled'],
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const facts: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(fields))
    if (name !== 'last_intent' && !compiled.definition.profileFields.includes(name)) facts[name] = value
  return facts
}

/** A message's entities but the customer's own (profile) fields. */
function withoutProfile(
  compiled: TurnDependencies['compiled'],
  entities: Perception['entities'],
): Perception['entities'] {
  const own: Perception['entities'] = {}
  for (const [name, value] of Object.entries(entities))
    if (!compiled.definition.profileFields.includes(name)) own[name] = value
  return own
}

function profileFields(
  compiled: TurnDependencies['compiled'],
  fields: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    compiled.definition.profileFields
      .filter((field) => field in fields)
      .map((field) => [field, fields[field]]),
  )
}

/**
 * Does `text` name an id of the definition's entities, or an amount, that `request` does not
 * ("yes, but for NW-2002 instead" to a request about NW-1001)?
 */
function statesOtherFacts(compiled: TurnDependencies['compiled'], text: string, request: string): boolean {
  const stated = extractEntities(text, { patterns: compiled.entityPatterns })
  const asked = extractEntities(request, { patterns: compiled.entityPatterns })
  for (const entity of compiled.entityPatterns) {
    const value = stated[entity.name]
    if (value !== undefined && value !== asked[entity.name]) return true
  }
  return stated.amount !== undefined && stated.amount !== asked.amount
}

/**
 * A yes with another request joined after it ("yes please, and refund $20 on NW-1001 too", "yep,
 * also where is NW-3003?"): the yes, and the request, when it reads as another intent than the
 * request the yes answers. Not a yes that corrects it ("yes, but for NW-2002"), nor one that asks
 * for another action in its place ("go ahead and cancel it instead": see `correctsYes`).
 */
function yesAndMore(
  compiled: TurnDependencies['compiled'],
  text: string,
  awaiting: string,
  calls: EngineSessionState['awaitingCalls'],
): { yes: string; rest: string[] } | undefined {
  const split = yesThenAnother.exec(text)
  if (split === null || namesOtherActionInstead(compiled, split[2]!, awaiting, calls)) return undefined
  // "Ok and NW-2002, is it cancelled?": an "ok" before a question acknowledges, it confirms nothing
  // (outside review rv60 5: the refund ran); "yes, and where is NW-3003?" still says yes.
  if (acknowledgesOnly.test(split[1]!) && asksBack(split[2]!)) return undefined
  const { sensor, definition } = compiled
  const rest = split[2]!.trim()
  const read = sensor.senseSync?.(rest)
  const asked = sensor.senseSync?.(awaiting)
  if (read === undefined || asked === undefined) return undefined
  const another =
    read.intent !== 'unknown' &&
    read.intent !== asked.intent &&
    read.confidence >= definition.settings.entryThreshold &&
    read.ambiguity.score <= definition.settings.ambiguityThreshold
  return another ? { yes: split[1]!, rest: [rest] } : undefined
}

/**
 * A yes that says the request it answers again and then asks the same for another id ("yes, $40
 * for NW-1001 and $40 for NW-1002" to "Shall I refund $40 for order NW-1001 now?"): the yes, and
 * the second request, as the same message without a yes would queue it. Not when the yes's own
 * words change the request asked about ("yes, $30 for NW-1001 and …": a correction).
 */
function yesAndSecondOrder(
  compiled: TurnDependencies['compiled'],
  text: string,
  awaiting: string,
): { yes: string; rest: string[] } | undefined {
  const yes = leadingYes.exec(text)
  if (yes === null) return undefined
  const breaks = idBreaks(compiled, text)
  const first = breaks[0]
  if (first === undefined || statesOtherFacts(compiled, first.head, awaiting)) return undefined
  const asked = compiled.sensor.senseSync?.(awaiting)
  if (asked === undefined) return undefined
  const second = secondRequestOf(compiled, breaks, asked.intent, text)
  return second === undefined ? undefined : { yes: yes[1]!, rest: second.requests }
}

/**
 * The refusal a tool call of the step's rules meets whatever its missing facts turn out to be
 * (`ToolGate.refusesAhead`), rendered, when every fact the step still asks for is an argument of
 * that call: a refund on an order cancelled here is refused before its amount is asked. Not while
 * the step asks for anything else (an email that verifies who asks: telling an unverified user
 * what happened to an order would give it away).
 */
function refusalAhead(
  compiled: TurnDependencies['compiled'],
  scenario: string | null,
  step: string | null,
  fields: Record<string, unknown>,
  variables: Record<string, unknown>,
): string | undefined {
  if (scenario === null) return undefined
  const calls = compiled.scopedToolCalls.get(scenario)
  if (calls === undefined) return undefined
  const missing = missingFields(compiled, scenario, step, fields).map((entry) => entry.field)
  if (missing.length === 0) return undefined
  for (const { step: ruleStep, call, named } of calls) {
    if ((ruleStep !== undefined && ruleStep !== step) || !missing.every((field) => named.has(field))) continue
    const args = Object.fromEntries(
      Object.entries(renderArguments(call.args ?? {}, variables)).filter(
        ([, value]) => value !== undefined && value !== '',
      ),
    )
    const refused = compiled.gate.refusesAhead(
      { toolId: call.id, args },
      { toolsRun: [], session: variables.session as Record<string, unknown> },
    )
    if (refused !== undefined) return renderTemplate(refused.refusal, { ...variables, args })
  }
  return undefined
}

/** A yes word that opens a message, and what follows it. */
const leadingYes = /^(\W*(?:yes|yep|yeah|yup|sure|ok(?:ay)?|please do|go ahead|do it))\b\W+\S/i

/** A yes word that may only acknowledge: "ok", "okay", "alright", "fine". */
const acknowledgesOnly = /^\W*(?:ok(?:ay)?|alright|all right|fine)\W*$/i

/** A yes word, then "and", "also" or "plus" and the words after it. */
const yesThenAnother =
  /^(\W*(?:yes|yep|yeah|yup|ya|sure|ok(?:ay)?|please do|go ahead|do it|sounds good)(?:\s+(?:please|thanks|thank you|go ahead|do it))?)\W+(?:and(?:\s+also)?|also|plus)\s+(\S.*)$/is

/**
 * The message to work on: the user's own, or, when they accept the engine's offer of a request
 * they made earlier ("You also asked: ... Shall I do that now?" → "yes"), that request's words,
 * so it runs with its own order id and amount. A chosen or declined request leaves the queue.
 */
function takeQueuedRequest(
  compiled: TurnDependencies['compiled'],
  state: EngineSessionState,
  message: TurnInput,
  asksDone: boolean,
  confirming: boolean,
): TurnInput {
  const offered = state.offeredRequest
  // "Did both go through?" answers nothing about the offer: it stays queued, and is offered again.
  if (asksDone) return message
  delete state.offeredRequest
  // "And what about NW-3003?" to "You also asked: \"refund $20 on NW-3003\". Shall I do that
  // now?" goes on with the request offered, the customer's own, with its own facts (outside review
  // rv60 9: its $20 was forgotten, and the amount asked for again).
  if (offered !== undefined && asksAboutOffered(compiled, message.text, offered)) {
    const rest = state.queuedRequests?.filter((request) => !sameRequest(request, offered)) ?? []
    if (rest.length === 0) delete state.queuedRequests
    else state.queuedRequests = rest
    return { ...message, text: offered }
  }
  const queue = state.queuedRequests
  if (queue === undefined)
    return offered !== undefined && accepts(message.text, offered, confirming)
      ? { ...message, text: offered }
      : message
  const remaining = queue.filter(
    (request) => !sameRequest(request, message.text.trim()) && !sameRequest(request, offered),
  )
  if (remaining.length === 0) delete state.queuedRequests
  else state.queuedRequests = remaining
  if (offered === undefined) return message
  if (detectConversationAct(message.text) === 'deny') delete state.queuedRequests
  return accepts(message.text, offered, confirming) ? { ...message, text: offered } : message
}

/**
 * Does the message take the request offered: a yes, or "cancel it" when the offer is to cancel
 * ("Shall I cancel order NW-2002 now?" → "cancel it"; to a refund offer it calls the refund off)?
 */
function accepts(text: string, offered: string, confirming: boolean): boolean {
  // "Okay, no thanks, bye" to "You also asked … Shall I do that now?" takes nothing (a confirmation
  // question reads such a yes itself: it is asked again, or is a no).
  if (!confirming && (hedges(text) || saysNoWithYes(text, offered))) return false
  if (detectConversationAct(text) === 'affirm') return true
  if (callsOffAction.test(text) && /^\W*(?:please\W+)?cancel\b/i.test(text) && /\bcancel/i.test(offered))
    return true
  // "Refund it", "k do it", "ok process it" to "Shall I refund …?": the offered action, said back.
  const echoed = echoedAction.exec(text)?.[1]?.toLowerCase()
  return (
    echoed !== undefined &&
    (echoed === 'do' || echoed === 'process' || offered.toLowerCase().includes(echoed))
  )
}

/** The offered action said back, alone: "refund it", "k do it", "ok, process it please". */
const echoedAction =
  /^\W*(?:(?:ok(?:ay)?|k|kk|yes|ya|yeah|sure|fine|please|just)\W+)*(refund|do|process)\W+(?:it|that|this)(?:\W+(?:please|now|thanks|then))*\W*$/i

/** "Cancel it", "no, stop that", "abort the refund": the message only calls an action off. */
const callsOffAction =
  /^\W*(?:no\W+)?(?:please\W+)?(?:cancel|stop|abort|scrap|drop|call off)\W+(?:it|that|this|the (?:refund|request|whole thing))\W*(?:please)?\W*$/i

/**
 * "Which one should I do first?" answered with an option's label as typed ("Cancel an order")
 * rather than clicked: the request behind it is the one its option carries ("cancel NW-1001 total
 * $30"), with its own order and amount, as a click sends it (typed, the ids were lost).
 */
/**
 * Does the message ask about the request offered by its record alone ("and what about NW-3003?",
 * "how about NW-3003"): a "what/how about" with ids the offered request names and no amount?
 */
function asksAboutOffered(compiled: TurnDependencies['compiled'], text: string, offered: string): boolean {
  if (!whatAbout.test(text)) return false
  const stated = extractEntities(text, { patterns: compiled.entityPatterns })
  if (stated.amount !== undefined) return false
  const ids = recordIds(compiled, stated)
  const named = recordIds(compiled, extractEntities(offered, { patterns: compiled.entityPatterns }))
  const names = Object.keys(ids)
  return names.length > 0 && names.every((name) => ids[name] === named[name])
}
const whatAbout = /^\W*(?:(?:and|so|ok(?:ay)?|then)\W+)?(?:what|how)\s+about\b/i

/**
 * Is `request`, a queued clause as written, the option `shown` stands for? An option shows its
 * clause with long numbers hidden (`withLongNumbersHidden`), and the widget sends what it shows:
 * the request chosen by it stayed queued, and was offered again once done ("You also asked: …").
 */
function sameRequest(request: string, shown: string | undefined): boolean {
  return shown !== undefined && (request === shown || withLongNumbersHidden(request) === shown)
}

function chosenRequest(state: EngineSessionState, question: string, message: TurnInput): TurnInput {
  const pending = state.pendingClarification
  if (pending?.question !== question) return message
  const option = pickedOption(pending.options, message.text)
  return option === undefined || option.value === message.text ? message : { ...message, text: option.value }
}

/** The option of "which one first?" typed as such, or named by its action alone. */
function pickedOption(
  options: readonly ClarificationOption[],
  text: string,
): ClarificationOption | undefined {
  return typedOption(options, text) ?? requestNamedByAction(options, text)
}

/**
 * The request of "which one first?" an answer names by its action alone ("the cancellation
 * first", "do the refund", "just the refund, forget the cancellation"): the one option whose
 * request names an action the answer names, once what the answer takes back is set aside. It
 * goes on with its own clause's facts; "the cancellation first" had cancelled the refund's order
 * at the refund's amount (outside review rv54 F11). An answer with facts of its own is read as itself.
 */
function requestNamedByAction(
  options: readonly ClarificationOption[],
  text: string,
): ClarificationOption | undefined {
  if (text.length > 160 || /\d/.test(text)) return undefined
  const named = new Set(namedActions(withRequestCalledOffAsNeverMind(text)))
  if (named.size === 0) return undefined
  const naming = options.filter((option) =>
    namedActions(`${option.label} ${option.value}`).some((stem) => named.has(stem)),
  )
  return naming.length === 1 ? naming[0] : undefined
}

/**
 * What a yes may carry beyond the denials and put-offs a request may (`declinesOrDefers`): a
 * take-back or a goodbye ("fine, forget it", "ok, bye", "I'll think about it", "yeah right"), or
 * someone else to ask first ("yes — actually, let me check with my wife first", "ok, on second
 * thought let me ask my husband": each refunded, outside review rv56 N6).
 */
const noInYes =
  /\b(?:forget|cancel|stop|hold on|think about|think it over|bye|goodbye|skip|scrap|scratch|drop it|yeah right|non|let me (?:check|ask|think|talk|see|confirm|discuss|sleep on|run it by)|on second thoughts?|second thoughts|check with|talk (?:to|with) my|ask my|run it by|nvm|ignore|disregard)\b/i

/**
 * Does a yes carry a no ("okay no thanks", "sure, tomorrow"), read on the whole message as a
 * reader sees it? "Cancel" is a yes to an offer to cancel.
 */
function saysNoWithYes(text: string, offered: string): boolean {
  const words = /\bcancel/i.test(offered) ? text.replace(/\bcancel(?:l?ed|l?ing)?\b/gi, '') : text
  return declinesOrDefers(words) || noInYes.test(foldLookalikes(words))
}

/** A yes that doubts or asks: a question mark, "not sure", "maybe", "I guess", "wait". */
const hedge =
  /\?|\b(?:not sure|unsure|maybe|perhaps|i guess|i think|probably|don['\u2019]?t know|dunno|wait|hold on|hang on|hmm+|not yet)\b/i

/**
 * A value a hard-safety rule refused (the $80 over the $50 cap) goes once the customer asks for
 * the scenario's action again without stating it ("I want a refund for NW-1005", "ok, a refund
 * for NW-1001 then"): the step asks for it. Kept, it filled the step, so nothing was asked, and
 * the rule that refused it spoke only on a turn that stated it, so the customer got the fallback.
 * A question meanwhile ("when will I get my money?") keeps it; a value stated since ends it.
 */
function dropRefusedFacts(
  compiled: TurnDependencies['compiled'],
  state: EngineSessionState,
  perception: Perception,
  text: string,
): void {
  const refused = state.refusedFacts
  if (refused === undefined) return
  const { scenario } = state.navigation
  const renewed =
    scenario !== null &&
    perception.confidence >= compiled.definition.settings.entryThreshold &&
    compiled.scenariosById.get(scenario)?.intents.includes(perception.intent) === true &&
    asksForSomething(text)
  for (const [name, value] of Object.entries(refused)) {
    if (state.fields[name] !== value) delete refused[name]
    else if (renewed && perception.entities[name] === undefined) {
      delete state.fields[name]
      delete refused[name]
      // An amount's currency goes with it: a refused 80 € left EUR on the next "20".
      if (name === 'amount' && perception.entities.currency === undefined) delete state.fields.currency
    }
  }
  if (Object.keys(refused).length === 0) delete state.refusedFacts
}

/** Does the message doubt or question while it agrees ("yes? what happens then?")? */
function hedges(text: string): boolean {
  return hedge.test(text.slice(0, 500))
}

/**
 * A number offered as an amount: the number with at most a short lead-in and tail ("what about
 * 25?", "25 then", "can you do 25", "ok, refund 25 instead", "ok just do 45 then", "I'd like 25
 * back", "about 25", "the 25 please", "25 of it please"), nothing after it that makes it a count
 * of something else ("it's been 25 days", "25 items", "2 of them").
 */
const counterOffer = new RegExp(
  String.raw`^\W*(?:(?:ok(?:ay)?|fine|well|alright|all right|then|so|and|but|hmm+|please)\W+){0,3}(?:(?:(?:what|how) about|(?:can|could) (?:you|i) (?:do|get|have)|make it|try|just|only|refund(?: me)?|do|give me|i['\u2019]?ll take|i['\u2019]?d like|i would like|i want|about|around|roughly|approximately|say|the)\W*){0,2}(\d{1,6}(?:\.\d{1,2})?|${spelledNumberPattern})\W*(?:then|instead|please|dollars?|bucks|back|of it)?\W*(?:then|instead|please|back)?\W*$`,
  'i',
)

/**
 * The number a counter-offer spells ("fine. forty then", "ok, twenty-five instead"), read into the
 * message's numbers as "40 then" is: only in a message with no digit and no amount of its own
 * (blind attack suite, session 70: "fine. forty then" after a refused $80 got the greeting's "What
 * do you need?"). A lone "one" ("just one then") counts a thing, not a dollar.
 */
function readSpelledOffer(perception: Perception, text: string): void {
  const { entities } = perception
  if (entities.amount !== undefined || entities.numbers !== undefined || /\d/u.test(text)) return
  const words = counterOffer.exec(text.slice(0, 200))?.[1]
  if (words === undefined || /^one$/i.test(words)) return
  const value = spelledNumberValue(words)
  if (value !== undefined) Object.assign(entities, { numbers: [value], number: value })
}

/**
 * Does the message offer one plain number as an amount: a number with at most a short lead-in
 * ("what about 25?", "25 then", "forty then"; see `counterOffer`), no amount of its own and no
 * money in a form the reader does not take? (A spelled one is read first: `readSpelledOffer`.)
 */
function offersAmount(perception: Perception, text: string): boolean {
  const { entities } = perception
  return (
    entities.amount === undefined &&
    entities.numbers?.length === 1 &&
    typeof entities.number === 'number' &&
    counterOffer.test(text) &&
    !unreadMoney.test(text)
  )
}

/** The scenario whose terminal step the conversation is at (its request was just done), if any. */
function finishedScenario(
  compiled: TurnDependencies['compiled'],
  navigation: EngineSessionState['navigation'],
): TurnDependencies['compiled']['definition']['scenarios'][number] | undefined {
  const scenario = navigation.scenario === null ? undefined : compiled.scenariosById.get(navigation.scenario)
  return scenario?.steps.find((step) => step.id === navigation.step)?.terminal === true ? scenario : undefined
}

/** Words that ask for the same again ("and another $40 for NW-1001", "$20 more", "again"). */
/** "The same for NW-1002", "same again", "do the same": the request just done, all of it, again. */
const asksTheSame = /\b(?:the same|same (?:again|thing|amount))\b/i

const asksAgain = /\b(?:another|again|more|once more|one more|also|too|as well|plus)\b/i

/** A number alone, of at most three digits before its cents ("20", "19.99"). */
const bareAmount = /^\s*\d{1,3}(?:\.\d{1,2})?\s*$/

/**
 * A currency sign or word next to a digit, before it or after it ("1.000 €"): money, whether or
 * not it reads as an amount. And a number grouped by a dot ("1.000", "2.500"): a thousand or one
 * with three decimals, so asked about (the `1` of "1.000 €" was refunded as $1).
 */
const unreadMoney =
  /[$\u20ac\u00a3\u00a5\u20b9\u20a9]\s?\d|\d\s?(?:[$\u20ac\u00a3\u00a5\u20b9\u20a9]|(?:usd|dollars?|bucks|eur|euros?|gbp|pounds?)\b)|\d\.\d{3}(?!\d)/i

/** Does the step require an `amount`? */
function takesAmount(compiled: TurnDependencies['compiled'], scenario: string, step: string | null): boolean {
  return (
    compiled.scenariosById
      .get(scenario)
      ?.steps.find((candidate) => candidate.id === step)
      ?.required.some((entry) => requiredFieldName(entry) === 'amount') === true
  )
}

/**
 * A bare number answering the step's question for the amount ("How much should be refunded?" →
 * "20", "19.99") is the amount: the message stays in the step whose first missing field is
 * `amount`, and names no amount of its own but exactly one plain number. (A number offered in
 * place of the amount the step already has, "what about 25?", is read before routing, by
 * `offersAmount`.)
 */
function answerAskedAmount(
  compiled: TurnDependencies['compiled'],
  before: EngineSessionState['navigation'],
  route: { scenario: string | null; step: string | null },
  state: EngineSessionState,
  perception: Perception,
  text: string,
): void {
  const { entities } = perception
  if (route.scenario === null || route.scenario !== before.scenario || route.step !== before.step) return
  if (entities.amount !== undefined || entities.numbers?.length !== 1 || typeof entities.number !== 'number')
    return
  // Money written in a form the reader does not take ("$3,45", "$6OO") is asked about: the plain
  // number left of it ("45") is no amount (it refunded $45 for "$3,45").
  if (unreadMoney.test(text)) return
  // Only a number offered as the amount is the amount: the number alone ("20") or with a short
  // lead-in or tail ("what about 25?", "25 then", "I'd like 25 back"). A number in a sentence
  // counts something else, whatever follows it ("it's been 25 days", "25 working days", "I
  // ordered 2 of them").
  // A number in words alone ("forty", "one thousand") is one too, and never an order's number.
  const spelled = isNumberInWords(text)
  if (!bareAmount.test(text) && !counterOffer.test(text) && !spelled) return
  const missing = missingFields(compiled, route.scenario, route.step, state.fields)
  // "20" to "Which order is it, and how much should be refunded?" (the step's one question for
  // all it lacks): the number is the amount when the message is that number alone, of at most
  // three digits. A count in a sentence ("it arrived 2 days late") is no amount, nor an order
  // number typed without its prefix ("2002"): both are asked about again.
  const step = compiled.scenariosById.get(route.scenario)?.steps.find((entry) => entry.id === route.step)
  const askedTogether =
    missing.length > 1 &&
    step?.ask !== undefined &&
    missing.some((entry) => entry.field === 'amount') &&
    (bareAmount.test(text) || spelled) &&
    compiled.entityPatterns.every(({ name }) => entities[name] === undefined)
  if (missing[0]?.field !== 'amount' && !askedTogether) return
  entities.amount = entities.number
  state.fields.amount = entities.number
}

/**
 * An id typed without the prefix the step's own question shows ("#1001", "order 1001" to "What's
 * your order number? (for example NW-1001)"): the number is read with that prefix when the message
 * is that number alone (after "#", "order", "number", "it's"), the step's first missing field is
 * that entity's, and the prefixed number is an id the entity's pattern takes (outside review rv60
 * 23: the same question came back word for word until "NW1001"). It is the one reading of the
 * answer to that question, as "NW1001" is; the reply names the id it read.
 */
function answerAskedIdDigits(
  compiled: TurnDependencies['compiled'],
  before: EngineSessionState['navigation'],
  route: { scenario: string | null; step: string | null },
  state: EngineSessionState,
  perception: Perception,
  text: string,
): void {
  if (route.scenario === null || route.scenario !== before.scenario || route.step !== before.step) return
  const typed = bareIdDigits.exec(text)?.[1]
  if (typed === undefined) return
  const asked = askedIdentifier(compiled, route.scenario, route.step, state.fields)
  if (asked?.question === undefined) return
  const { entity, question } = asked
  if (perception.entities[entity.name] !== undefined) return
  const example = extractEntities(question, { patterns: [entity] })[entity.name]
  if (typeof example !== 'string' || !/\d$/u.test(example)) return
  const value = extractEntities(`${example.replace(/\d+$/u, '')}${typed}`, { patterns: [entity] })[
    entity.name
  ]
  if (
    typeof value !== 'string' ||
    value.replace(/\D+/gu, '').replace(/^0+/u, '') !== typed.replace(/^0+/u, '')
  )
    return
  perception.entities[entity.name] = value
  state.fields[entity.name] = value
}

/** The entity whose id is the step's first missing field ("Which order is the refund for?"), with its question. */
function askedIdentifier(
  compiled: TurnDependencies['compiled'],
  scenario: string | null,
  step: string | null,
  fields: EngineSessionState['fields'],
): { entity: EntityPattern; question: string | undefined } | undefined {
  const first = missingFields(compiled, scenario, step, fields)[0]
  const entity = first && compiled.entityPatterns.find((candidate) => candidate.name === first.field)
  return entity === undefined ? undefined : { entity, question: first?.question }
}

/** A number alone, maybe after "#", "order", "number", "it's" or "the": an id typed without its prefix. */
const bareIdDigits =
  /^\s*(?:(?:it['\u2019]?s|it is|that['\u2019]?s|the|my|order|number|no\.?|nr\.?|id|ref)\s+)*#?\s?(\d{3,12})\s*[.!]?\s*$/iu

/**
 * `bye` or `thank` for a message that thanks or takes leave and says nothing more: no content word
 * of any intent and no fact (an order number, an amount, an email), else undefined.
 */
function closingOf(perception: Perception, text: string): 'thank' | 'bye' | undefined {
  if ((perception.evidence?.words ?? 0) > 0 || asksAfterClosing.test(text)) return undefined
  for (const value of Object.values(perception.entities))
    if (value !== undefined && !Array.isArray(value) && typeof value !== 'object') return undefined
  return closingActOf(text)
}

/**
 * A question that opens a clause of its own, after a thank-you or alone, worded as one ("ok
 * thanks when will i get it", "thanks! how long does it take?") or ending in "?". Not a question
 * word inside a clause ("thanks, that's what I needed") or an exclamation ("thanks, what a relief").
 */
const asksAfterClosing =
  /(?:^|[,.;:!?]|\b(?:thanks|thank you|thank u|thx|ty|ok|okay|great|cool|perfect)\b)\s*(?:(?:so|and|but|then)\s+)?(?:what|where|when|which|who|how|why)\s+(?:will|would|is|are|was|were|do|does|did|can|could|should|long|much|many|soon|about)\b|(?:what|where|when|which|who|how|why)\b[^.!]*\?\s*$/i

/** How much of the unclear messages a pending clarification keeps, in characters. */
const unclearMemory = 400

/** Words that ask to be put through to someone ("can I talk to one?", "get me a human"). */
const asksForSomeone = /\b(?:talk|speak|chat|connect|transfer|want|need|get|put|give)\b/i

/**
 * The request an answer to "which one first?" goes on with when it names neither but gives a fact:
 * the first option whose scenario asks for a fact the answer states, else the first option.
 * Undefined when the answer names an option (the sensor picked it) or gives no fact.
 */
function requestGoneOnWith(
  compiled: TurnDependencies['compiled'],
  options: readonly ClarificationOption[],
  perception: Perception,
  text: string,
): IntentScore | undefined {
  if (options.some((option) => option.id === perception.intent && perception.confidence >= 1))
    return undefined
  const stated = statedFacts(perception)
  // "Yes", "ok", "both please": the requests in the order they were asked, the first now.
  if (stated.size === 0 && (perception.act === 'affirm' || /\bboth\b/i.test(text)))
    return options[0] === undefined ? undefined : { intent: options[0].id, confidence: 1 }
  // "Tracking first": an option's intent read from its own words goes on with that option's clause
  // and facts (outside review rv55 S7: it looked up the first request's order).
  const { settings } = compiled.definition
  if (
    stated.size === 0 &&
    options.some((option) => option.id === perception.intent) &&
    perception.confidence >= settings.entryThreshold &&
    perception.ambiguity.score <= settings.ambiguityThreshold
  )
    return { intent: perception.intent, confidence: 1 }
  if (stated.size === 0) return undefined
  // A request of its own for neither, on a record neither names ("actually first refund $10 on
  // NW-1001" to "cancel NW-2002 or look NW-3003 up first?"), answers nothing: its facts went to the
  // cancellation, which cancelled NW-1001 at $10 (outside review rv55 F1). Both stay queued.
  const ids = Object.values(recordIds(compiled, perception.entities))
  if (
    ids.length > 0 &&
    ids.every((id) => !options.some((option) => option.value.includes(String(id)))) &&
    perception.intent !== 'unknown' &&
    !options.some((option) => option.id === perception.intent) &&
    perception.confidence >= settings.entryThreshold &&
    perception.ambiguity.score <= settings.ambiguityThreshold
  )
    return undefined
  // "Just tell me where NW-3003 is": the option whose own clause names the record (rv55 S8 went
  // with the first option that asks for an order, the cancellation, and showed the menu).
  const naming = options.filter((option) => ids.some((id) => option.value.includes(String(id))))
  if (naming.length === 1) return { intent: naming[0]!.id, confidence: 1 }
  const asksFor = (intent: string) =>
    compiled.definition.scenarios.some(
      (scenario) =>
        scenario.intents.includes(intent) &&
        scenario.steps.some((step) => step.required.some((entry) => stated.has(requiredFieldName(entry)))),
    )
  const chosen = options.find((option) => asksFor(option.id)) ?? options[0]
  return chosen === undefined ? undefined : { intent: chosen.id, confidence: 1 }
}

/**
 * The option an answer to "which one do you need?" that picks none goes on with: the likeliest
 * reading of the clarified message read with the answer, among the options whose scenario asks
 * for a fact the answer states ("NW-3003" is no answer to a refund's status, which asks for no
 * order). Readings about equally likely (within the sensor's tie margin) are a guess either way:
 * the one whose scenario changes nothing (its tools only read) is taken, never an action the
 * customer did not ask for ("NW-3003, it was $30" after "I want to check on my order" asked to
 * cancel NW-3003, the first option listed).
 */
function guessedOption(
  compiled: TurnDependencies['compiled'],
  options: readonly ClarificationOption[],
  reading: Perception,
  stated: ReadonlySet<string>,
): IntentScore | undefined {
  const offered = reading.alternatives.filter(
    (entry) => entry.confidence > 0 && options.some((option) => option.id === entry.intent),
  )
  const fitting =
    stated.size === 0 ? [] : offered.filter((entry) => asksForFacts(compiled, entry.intent, stated))
  const candidates = fitting.length > 0 ? fitting : offered
  const top = candidates[0]
  if (top === undefined) return undefined
  return (
    candidates.find(
      (entry) => top.confidence - entry.confidence < aboutEquallyLikely && onlyReads(compiled, entry.intent),
    ) ?? top
  )
}

/** How close two readings' confidences are to be about equally likely (the sensor's tie margin). */
const aboutEquallyLikely = 0.15

/** Does a scenario of `intent` ask, at some step, for one of the facts `stated`? */
function asksForFacts(
  compiled: TurnDependencies['compiled'],
  intent: string,
  stated: ReadonlySet<string>,
): boolean {
  return compiled.definition.scenarios.some(
    (scenario) =>
      scenario.intents.includes(intent) &&
      scenario.steps.some((step) => step.required.some((entry) => stated.has(requiredFieldName(entry)))),
  )
}

/**
 * Does every scenario of `intent` change nothing: no rule scoped to it calls a tool but one the
 * definition annotates as only reading (MCP's `readOnlyHint`)? A scenario that calls none does not.
 */
function onlyReads(compiled: TurnDependencies['compiled'], intent: string): boolean {
  const { scenarios, rules, tools } = compiled.definition
  const reads = (toolId: string) =>
    tools.find((tool) => tool.id === toolId)?.annotations?.readOnlyHint === true
  const scenariosOf = scenarios.filter((scenario) => scenario.intents.includes(intent))
  return (
    scenariosOf.length > 0 &&
    scenariosOf.every((scenario) =>
      rules.every(
        (rule) =>
          rule.scope === 'global' ||
          rule.scope.scenario !== scenario.id ||
          (rule.tools ?? []).every((call) => reads(call.id)),
      ),
    )
  )
}

/** Does the message state a fact (an order, an amount) the session already holds another value of? */
function restatesOtherFacts(fields: Record<string, unknown>, perception: Perception): boolean {
  for (const [name, value] of Object.entries(perception.entities))
    if (
      value !== undefined &&
      !Array.isArray(value) &&
      typeof value !== 'object' &&
      fields[name] !== undefined &&
      fields[name] !== value
    )
      return true
  return false
}

/**
 * Does a message ask for another action than the request it answers, in its place ("go ahead and
 * cancel it instead" to "Shall I refund $30 for order NW-7801 now?")?
 */
function namesOtherActionInstead(
  compiled: TurnDependencies['compiled'],
  text: string,
  request: string,
  calls: EngineSessionState['awaitingCalls'],
): boolean {
  if (!insteadWord.test(text)) return false
  // What the question asked to do: its calls' tools ("issue_refund", "Refund"), else its words.
  const asked = [
    ...namedActions(request),
    ...(calls ?? []).flatMap((call) => {
      const tool = compiled.definition.tools.find((entry) => entry.id === call.tool)
      return namedActions(`${call.tool.replaceAll('_', ' ')} ${tool?.label ?? ''}`)
    }),
  ]
  return asked.length > 0 && namedActions(text).some((stem) => !asked.includes(stem))
}
const insteadWord =
  /\b(?:instead|rather|make it an?|switch (?:it |that )?to|change (?:it |that )?to|turn it into)\b/i

/** "The other one", "my other order", "the other purchase": not the record at hand. */
const otherOne = /\b(?:the|my)\s+other\s+(?:one|order|package|parcel|item|purchase)\b/i

/** One of several picked by its place: "the first one", "the other order", "the previous one". */
const picksByPlace =
  /\b(?:1st|2nd|3rd|first|second|third|earlier|earliest|previous|older|oldest|former|latter|latest|newest|other)\b|\blast\s+(?:one|order|package|parcel|item|purchase)\b|\bthe one (?:i|we) (?:asked|tracked|mentioned|said)\b/i

/**
 * Does the message name a record (a value of the definition's own entities: an order id) that
 * is not what was last done, or ask of it another action than the one done? "Is NW-9999
 * cancelled?" after "Order NW-2222 is cancelled", "is NW-2002 cancelled?" after NW-2002 was only
 * looked up, "is NW-2222 refunded?" after it was cancelled: never answered with the last outcome.
 * Ids are compared whole ("NW-1001" is not in "NW-10010").
 */
function namesOtherRecord(
  compiled: TurnDependencies['compiled'],
  perception: Perception,
  last: EngineSessionState['lastOutcome'],
  text: string,
): boolean {
  const named = compiled.entityPatterns.flatMap(({ name }) => {
    const value = perception.entities[name]
    return typeof value === 'string' ? [value] : []
  })
  if (named.length === 0) return false
  // A refused call on that record ("is NW-2002 cancelled?" after its cancellation was withdrawn):
  // about it when every record named is one of the call's and any action named is the call's.
  if (last?.done === false && last.about !== undefined) {
    const { tool, values } = last.about
    const actions = namedActions(text)
    return !(
      named.every((value) => values.includes(value)) &&
      (actions.length === 0 || actions.some((stem) => tool.toLowerCase().includes(stem)))
    )
  }
  // "Did it go through for NW-1001?" names no action: the record alone decides.
  if (last?.done !== true || (namedActions(text).length > 0 && !namesDoneAction(text, last))) return true
  const tokens = new Set(last.text.split(/[^\p{L}\p{N}_-]+/u))
  return named.some((value) => !tokens.has(value))
}

/** The session facts this turn states: its singular entities (`amount`, `order_id`, `email`, ...). */
function statedFacts(perception: Perception): Set<string> {
  const stated = new Set<string>()
  for (const [name, value] of Object.entries(perception.entities))
    if (value !== undefined && !Array.isArray(value) && typeof value !== 'object') stated.add(name)
  return stated
}

/**
 * The two likeliest intents are scenarios of one `topic` and together clear the entry threshold:
 * the message is clear about what it is about ("I'd like to rent a car") and only the step within
 * the topic is open (search or reserve). The router enters the likelier and moves within the topic
 * on the next message; asking would only repeat the user's own words back.
 */
function sameTopicChoice(compiled: TurnDependencies['compiled'], perception: Perception): boolean {
  const [top, second] = perception.alternatives
  if (top === undefined || second === undefined) return false
  const topic = topicOfIntent(compiled, top.intent)
  return (
    topic !== undefined &&
    topicOfIntent(compiled, second.intent) === topic &&
    top.confidence + second.confidence >= compiled.definition.settings.entryThreshold
  )
}

/**
 * A rule whose lexical cue is in the text, global or of the scenario the conversation is in (a
 * finished one too: "what carrier?" after an order lookup), is a deterministic signal: the
 * message is not vague.
 */
function cueMatchesHere(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  perception: Perception,
  text: string,
  variables: Record<string, unknown>,
): boolean {
  const { matched } = dependencies.compiled.rules.retrieve({
    scenario: state.navigation.scenario,
    step: state.navigation.step,
    text,
    intent: perception.intent,
    variables,
    turn: state.turn + 1,
    fires: state.ruleFires,
  })
  return matched.some((entry) => entry.cue !== undefined)
}

/** "Shall I refund $25 for order NW-1001 now?": `settings.confirmActionQuestion` for `call`. */
function confirmationQuestion(
  compiled: TurnDependencies['compiled'],
  call: { toolId: string; args: Record<string, unknown> },
  values: Record<string, unknown>,
  repeat = false,
): string {
  const tool = compiled.definition.tools.find((entry) => entry.id === call.toolId)
  const summary = describeCall(tool, call, values)
  const action = summary.charAt(0).toLowerCase() + summary.slice(1)
  const { settings } = compiled.definition
  const template = repeat ? settings.repeatActionQuestion : settings.confirmActionQuestion
  return renderTemplate(template, { action, summary }).trim()
}

/**
 * Does a rule scoped to `scenario` call a tool the definition asks a yes for (`confirm`, or a
 * `confirmWhen`)?
 */
function confirmsActions(compiled: TurnDependencies['compiled'], scenario: string | null): boolean {
  return scenario !== null && compiled.confirmToolsByScenario.has(scenario)
}

/**
 * Was `call` among those a confirmation asked about? Always, for a session stored before they
 * were kept (`awaitingCalls` undefined): it runs what the reading gives, as it did.
 */
function askedBefore(
  asked: EngineSessionState['awaitingCalls'],
  call: { toolId: string; args: Record<string, unknown> },
): boolean {
  return asked === undefined || asked.some((entry) => sameCall(entry, call))
}

/** Are these the same tool with the same arguments (in any key order)? */
function sameCall(
  asked: { tool: string; args: Record<string, unknown> },
  call: { toolId: string; args: Record<string, unknown> },
): boolean {
  return (
    asked.tool === call.toolId &&
    JSON.stringify(sortedArgs(asked.args)) === JSON.stringify(sortedArgs(call.args))
  )
}

/** Did a call of the same tool with the same arguments already run in this session? */
function ranBefore(
  state: EngineSessionState,
  call: { toolId: string; args: Record<string, unknown> },
): boolean {
  const args = JSON.stringify(sortedArgs(call.args))
  return (state.toolCalls ?? []).some(
    (done) => done.tool === call.toolId && JSON.stringify(sortedArgs(done.args)) === args,
  )
}

/** Arguments with their keys in order, so `{a, b}` and `{b, a}` compare equal. */
function sortedArgs(args: Record<string, unknown>): Array<[string, unknown]> {
  return Object.entries(args).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
}

/**
 * Does the message name the action of the last thing done ("is it cancelled?" after "Order NW-2222
 * is cancelled …"): a word of it with the same stem (cancel, refund) in the outcome's text?
 */
function namesDoneAction(text: string, last: EngineSessionState['lastOutcome']): boolean {
  if (last?.done !== true) return false
  const outcome = last.text.toLowerCase()
  return namedActions(text).some((stem) => outcome.includes(stem))
}

/**
 * How likely a status intent must be for a status question to be read as it (the sensor's least
 * confidence for an intent at all).
 */
const statusMinimum = 0.3

/**
 * Does the message name actions, all of them the flow's own ("refund $20 for NW-1001 to my card
 * 5500…" in a refund)? Then the request it opens is the flow's, whatever else its words speak for:
 * the card's words had read as a request for the card on file, and the refund was dropped (blind
 * attack suite, session 70).
 */
function namesOwnActionOnly(flow: { id: string; intents: readonly string[] }, text: string): boolean {
  const named = namedActions(text)
  if (named.length === 0) return false
  const own = namedActions(`${flow.id} ${flow.intents.join(' ')}`)
  return named.every((stem) => own.includes(stem))
}

/**
 * Does a status question name an action ("did the refund go through?") that the last outcome is
 * not about: nothing was done, or what was done (or refused) was another action (a lookup, a
 * cancellation)?
 */
function namesUndoneAction(text: string, last: EngineSessionState['lastOutcome']): boolean {
  const named = namedActions(text)
  if (named.length === 0) return false
  const outcome = `${last?.text ?? ''} ${last?.about?.tool ?? ''}`.toLowerCase()
  return !named.some((stem) => outcome.includes(stem))
}

/**
 * Does a status question name an action the last outcome is not about (see `namesUndoneAction`)
 * that no status intent of the definition asks about either ("did the cancellation go through?"
 * after a refund, with a refund-status flow but none for cancellations)? Nothing can answer it but
 * the session's record: that action was not done here.
 */
function asksUnaskedAction(
  compiled: TurnDependencies['compiled'],
  text: string,
  state: EngineSessionState,
): boolean {
  const last = state.lastOutcome
  if (!namesUndoneAction(text, last)) return false
  // Only the actions neither done nor asked for now: "is the refund automatic once it's
  // cancelled?" in a cancellation asks about the cancellation under way, not one never asked for.
  const { scenario, step } = state.navigation
  const flow = scenario === null ? undefined : compiled.scenariosById.get(scenario)
  const inProgress =
    flow?.steps.find((entry) => entry.id === step)?.terminal === false
      ? namedActions(`${flow.id} ${flow.intents.join(' ')}`)
      : []
  const outcome = `${last?.text ?? ''} ${last?.about?.tool ?? ''}`.toLowerCase()
  const unasked = namedActions(text).filter((stem) => !inProgress.includes(stem) && !outcome.includes(stem))
  const statuses = [...compiled.statusIntents.values()]
  return unasked.some((stem) => !statuses.some((actions) => actions.has(stem)))
}

/**
 * Is the message its facts and at most two other words, none of which points at something
 * ("that", "it", "one") or says what a fact was ("was", "cost", "paid")?
 */
function factsAlone(text: string): boolean {
  if (text.length > 80) return false
  // A fact labelled with what it is for ("the total was $40", "order total: $40") says which
  // question it answers: no pointing at something looked up ("that one was $15").
  if (labelledTotal.test(text)) return true
  // Each fact has a digit or an "@": a text with neither has none to read past.
  const rest = (anyFactMark.test(text) ? text.replace(factWords, ' ') : text).toLowerCase()
  const words = rest.match(letterRuns) ?? []
  return words.length <= 2 && !words.some((word) => pointingWords.has(word))
}

/** An email, an amount or number, or an id: the facts `factsAlone` reads past. */
const factWords =
  /\S+@\S+|[$€£]?\d[\d.,:]*(?:\s*(?:usd|eur|gbp|dollars?|euros?|pounds?))?|\b[a-z]{1,4}-?\d{2,}\b/gi
const letterRuns = /\p{L}+/gu
const anyFactMark = /[0-9@]/

/** "The total was $40", "my order total is 40 dollars", "total: $40". */
const labelledTotal =
  /^\W*(?:(?:ok|so|and|well|oh)\W+)?(?:(?:the|my|our)\s+)?(?:order\s+)?(?:total|amount)\s*(?:was|is|came to|of|:)?\s*[$€£]?\d[\d.,]*(?:\s*(?:usd|eur|gbp|dollars?|euros?|pounds?|bucks))?\W*$/i

const pointingWords: ReadonlySet<string> = new Set([
  'that',
  'this',
  'it',
  'one',
  'was',
  'were',
  'is',
  'cost',
  'costs',
  'paid',
  'price',
  'shipping',
])

/** Does the call pass, as one of its arguments, the value of one of the `names` facts? */
function usesFacts(
  call: ReturnType<typeof planToolCalls>[number],
  names: ReadonlySet<string>,
  fields: Record<string, unknown>,
): boolean {
  if (names.size === 0) return false
  const values = Object.values(call.args)
  for (const name of names) if (fields[name] !== undefined && values.includes(fields[name])) return true
  return false
}

/** The `topic` of the first scenario that lists the intent, if it has one. */
function topicOfIntent(compiled: TurnDependencies['compiled'], intent: string): string | undefined {
  return compiled.definition.scenarios.find((scenario) => scenario.intents.includes(intent))?.topic
}

/**
 * Is the message a bare "cancel that" while a request is under way (its step still asks for a
 * fact) and no yes is awaited? The "that" is the request at hand. Once nothing is asked (an order
 * was looked up: "cancel that" may be that order) or while "Shall I cancel…?" waits for a yes,
 * "cancel that" is read as it stands. A bare "cancel it" is read so only while no record is known.
 */
function callsOffRequestUnderWay(
  compiled: CompiledEngine,
  state: EngineSessionState,
  awaiting: string | undefined,
  text: string,
): boolean {
  if (awaiting !== undefined) return false
  // "Cancel it" with no record known ("refund please" → "cancel it"): "it" can only be the request.
  const bareIt = cancelsItAlone(text) && Object.keys(recordIds(compiled, state.fields)).length === 0
  if (!bareIt && !cancelsThatAlone(text)) return false
  const { scenario, step } = state.navigation
  return missingFields(compiled, scenario, step, state.fields).length > 0
}
