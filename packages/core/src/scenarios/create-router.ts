import { compileExpression } from '../enforcement/compile-expression.ts'
import type { CompiledExpression } from '../enforcement/types.ts'
import {
  type IntentEvidence,
  type IntentEvidenceArrays,
  intentEvidenceArrays,
  logLikelihoodAt,
} from '../sensor/create-intent-evidence.ts'
import type {
  NavigationState,
  PausedScenario,
  RouteDecision,
  RouteInput,
  Scenario,
  Transition,
} from './types.ts'

/** Options of {@link createRouter}. */
export interface RouterOptions {
  scenarios: readonly Scenario[]
  /**
   * Evidence (natural-log likelihood ratio of the turn's content words) another topic needs over
   * the current scenario's to pull the user out of it: 2.5 means "the words are e^2.5 ≈ 12 times
   * likelier under the other topic". A ratio, so it means the same for 5 or 50 intents. @default 2.5
   */
  stickiness?: number
  /**
   * Evidence another scenario of the current scenario's `topic` needs, counting only the words
   * that tell the topic's scenarios apart. @default 0.75
   */
  topicStickiness?: number
  /** Taken off the stickiness when the user signals a change ("actually", "instead", "back to"). @default 1.5 */
  switchCueDiscount?: number
  /**
   * Added to `stickiness` and to `topicStickiness` when the turn answers the engine's own question
   * ({@link RouteInput.answersQuestion}) or asks for nothing to be done
   * ({@link RouteInput.requestsNothing}). @default 1
   */
  answerStickiness?: number
  /** Confidence needed to enter a scenario from outside one. @default 0.5 */
  entryThreshold?: number
  /** Paused scenarios kept for a return ("back to the refund"), most recent first. @default 5 */
  maxPaused?: number
  /**
   * Intents a scenario answers itself, as an aside, by scenario id (a rule scoped to the scenario
   * names the intent): a price question during a refund stays in the refund. @default {}
   */
  asides?: Readonly<Record<string, readonly string[]>>
  /** The same transition taken more than this many times stops and asks. @default 3 */
  loopGuard?: number
  /**
   * Among topics the message clears the stickiness for, the nats a topic the user has been in
   * (a paused scenario's) is preferred by: "reserve the hotel you found" goes back to the hotel
   * service the user searched, not to another of equal words. Never lowers the stickiness. @default 1
   */
  returnPreference?: number
}

/** Does the message say anything of a topic: a known word, a value kind, or an offer it accepts? */
function informedBy(input: Pick<RouteInput, 'evidence' | 'offer'>): boolean {
  const evidence = input.evidence
  const offer = input.offer
  return (
    (evidence?.words ?? 0) > 0 ||
    (evidence?.values ?? 0) > 0 ||
    (offer?.words ?? 0) > 0 ||
    (offer?.values ?? 0) > 0
  )
}

/** The stickiness router. */
export interface Router {
  route(state: NavigationState, input: RouteInput): RouteDecision
  /**
   * Follows the current step's transitions that fire now: after the turn's tools ran, a
   * condition over what they did (`"issue_refund" in session.toolsRun`) moves the scenario on in
   * the same turn, so a finished scenario is known finished when the next message comes.
   */
  settle(state: NavigationState, input: RouteInput): NavigationState
  /**
   * The paused scenario `route` resumes on this input once the current scenario is done (a
   * terminal step): facts alone (`RouteInput.stated`), no topic word, that its step asks for and
   * lacks. The engine asks no "which one?" then.
   */
  resumableAfterDone(
    state: NavigationState,
    input: Pick<RouteInput, 'evidence' | 'offer' | 'stated'>,
  ): string | undefined
}

interface CompiledTransition {
  transition: Transition
  condition?: CompiledExpression
}

interface CompiledScenario {
  scenario: Scenario
  entry?: CompiledExpression
  initialStep: string
  steps: Map<string, { terminal: boolean; transitions: CompiledTransition[] }>
  transitions: CompiledTransition[]
}

/**
 * Builds the stickiness router of seed 002: current-step transitions first, then scenario-wide
 * transitions, then other scenarios' entry points, penalised. Inside an unfinished scenario the
 * router leaves only when the turn's content words are `stickiness` nats (log-likelihood ratio)
 * likelier under another scenario; a message with no topic words (an answer, a "yes", a "thanks")
 * stays. Leaving pauses the scenario at its step; coming back resumes it there.
 *
 * @example
 * const router = createRouter({ scenarios: definition.scenarios })
 * router.route({ scenario: null, step: null, transitionCounts: {} }, { intent: 'refund', alternatives, topicShift: false, variables })
 */
export function createRouter(options: RouterOptions): Router {
  const {
    stickiness = 2.5,
    topicStickiness = 0.75,
    switchCueDiscount = 1.5,
    answerStickiness = 1,
    entryThreshold = 0.5,
    maxPaused = 5,
    loopGuard = 3,
    asides = {},
    returnPreference = 1,
  } = options
  const scenarios = new Map(
    options.scenarios.map((scenario, index) => [scenario.id, compileScenario(scenario, index)]),
  )
  /** Scenario ids in the order `scenarios` iterates. */
  const scenarioIds = [...scenarios.keys()]
  /** Each scenario's evidence and its weight, reused from route to route (never kept). */
  const scenarioValues = new Float64Array(scenarioIds.length)
  const scoreWeights = new Float64Array(scenarioIds.length)
  /** One scenario's levels at a time in `routeActive`'s loop, reused (each is read in its own pass). */
  const scenarioLevels: Levels = { topic: 0, within: 0, value: 0 }
  /**
   * What one word that only one topic uses is worth, in nats, at most the stickiness: the log of
   * the number of topics (a word of one topic in four is about 4 times likelier under it). An
   * accepted proposal moves to another topic only when its own words say that much for it.
   */
  const topicWord = Math.min(
    stickiness,
    Math.log(new Set(options.scenarios.map((scenario) => scenario.topic ?? `scenario:${scenario.id}`)).size),
  )

  /** A scenario's score: the highest confidence among its intents (`confidences`: by intent). */
  function scoreOf(compiled: CompiledScenario, input: RouteInput, confidences: Map<string, number>): number {
    let best = 0
    for (const intent of compiled.scenario.intents) {
      const confidence = confidences.get(intent) ?? 0
      if (confidence > best) best = confidence
    }
    if (best > 0 && compiled.entry !== undefined && !isTrue(compiled.entry, input.variables)) return 0
    return best
  }

  /**
   * A scenario's evidence: its best intent's (or an aside's it answers), per level; written into
   * `levels` when given (a caller that keeps none of it from scenario to scenario).
   */
  function levelsOf(
    compiled: CompiledScenario,
    read: TurnEvidence,
    withAsides = false,
    levels: Levels = { topic: 0, within: 0, value: 0 },
  ): Levels {
    levels.topic = Number.NEGATIVE_INFINITY
    levels.within = Number.NEGATIVE_INFINITY
    levels.value = Number.NEGATIVE_INFINITY
    addIntentLevels(levels, compiled.scenario.intents, read)
    if (withAsides) addIntentLevels(levels, asides[compiled.scenario.id] ?? noAsides, read)
    return levels
  }

  /** A scenario with no asides: one list, so its positions are found once (see `positionsOf`). */
  const noAsides: readonly string[] = []
  // Intent positions in the evidence model's arrays, found once per model.
  let indexedIntents: readonly string[] | undefined
  let intentIndex = new Map<string, number>()
  /** The positions of each list of intents (a scenario's, its asides), found once per list and model. */
  let listPositions = new Map<readonly string[], Int32Array>()
  function positionsOf(intents: readonly string[]): Int32Array {
    let positions = listPositions.get(intents)
    if (positions === undefined) {
      positions = Int32Array.from(intents, (intent) => intentIndex.get(intent) ?? -1)
      // Bounded like the evidence model's memos, should a caller pass lists made per turn.
      if (listPositions.size >= 1_000) listPositions.clear()
      listPositions.set(intents, positions)
    }
    return positions
  }
  /** How to read one evidence: from the model's arrays when it has them, else from its records. */
  function readerOf(evidence: IntentEvidence): EvidenceReader {
    const arrays = intentEvidenceArrays(evidence)
    // Methods, not arrow properties: an arrow bound to a property name is given its name on every
    // call under tsx/esbuild's keepNames.
    if (arrays === undefined)
      return {
        own(intent) {
          return evidence.withinTopic[intent] ?? 0
        },
        total(intent) {
          return evidence.logLikelihoods[intent] ?? Number.NEGATIVE_INFINITY
        },
      }
    if (arrays.intents !== indexedIntents) {
      indexedIntents = arrays.intents
      intentIndex = new Map(arrays.intents.map((id, index) => [id, index]))
      listPositions = new Map()
    }
    const positions = intentIndex
    return {
      own(intent) {
        const index = positions.get(intent)
        return index === undefined ? 0 : arrays.within[index]!
      },
      total(intent) {
        const index = positions.get(intent)
        return index === undefined ? Number.NEGATIVE_INFINITY : logLikelihoodAt(arrays, index)
      },
    }
  }

  /** The turn's evidence and an accepted offer's, each read once per route. */
  function readTurn(input: RouteInput): TurnEvidence {
    const read: TurnEvidence = {}
    if (input.evidence !== undefined) read.evidence = readerOf(input.evidence)
    if (input.offer !== undefined) read.offer = readerOf(input.offer)
    else if (input.evidence !== undefined) {
      const arrays = intentEvidenceArrays(input.evidence)
      if (arrays !== undefined) read.arrays = arrays
    }
    return read
  }

  /**
   * Raises `levels` to each intent's evidence of the turn (plus an accepted offer's): its topic's
   * (the total less its own) and its own within the topic.
   */
  function addIntentLevels(levels: Levels, intents: readonly string[], read: TurnEvidence): void {
    const { evidence, offer, arrays } = read
    if (arrays !== undefined) {
      addArrayLevels(levels, positionsOf(intents), arrays)
      return
    }
    for (const intent of intents) {
      let topic = 0
      let within = 0
      if (evidence !== undefined) {
        const own = evidence.own(intent)
        topic += evidence.total(intent) - own
        within += own
      }
      if (offer !== undefined) {
        const own = offer.own(intent)
        topic += offer.total(intent) - own
        within += own
      }
      levels.topic = Math.max(levels.topic, topic)
      levels.within = Math.max(levels.within, within)
      levels.value = Math.max(levels.value, topic + within)
    }
  }

  /**
   * The paused scenario (the latest first) whose step, or a step after it, asks for a fact the
   * message states and it lacks, when the current step asks for none of the stated facts; else
   * undefined.
   */
  function waitingFor(
    current: CompiledScenario,
    state: NavigationState,
    stated: ReadonlySet<string> | undefined,
  ): PausedScenario | undefined {
    if (stated === undefined || stated.size === 0 || (state.paused ?? []).length === 0) return undefined
    // The current step, or a later one of the scenario the user is in: a refund at its email
    // question keeps "NW-1001, $20" for its own next step (a paused cancellation took them, and
    // cancelled NW-1001).
    const here = current.scenario.steps.findIndex((step) => step.id === state.step)
    const asksHere = current.scenario.steps
      .slice(Math.max(0, here))
      .some((step) =>
        step.required.some((required) =>
          stated.has(typeof required === 'string' ? required : required.field),
        ),
      )
    if (asksHere) return undefined
    // Its paused step or a later one: a refund paused at the email question, whose email came in
    // the detour ("which card will it go to?" → the email), asks next for the amount ("$25 please").
    return (state.paused ?? []).find((entry) => {
      const steps = scenarios.get(entry.scenario)?.scenario.steps ?? []
      const from = steps.findIndex((candidate) => candidate.id === entry.step)
      return (
        from >= 0 &&
        steps.slice(from).some((step) =>
          step.required.some((required) => {
            const field = typeof required === 'string' ? required : required.field
            return stated.has(field) && entry.fields?.[field] === undefined
          }),
        )
      )
    })
  }

  /** {@link Router.resumableAfterDone}: the paused scenario, found by `waitingFor`. */
  function waitingAfterDone(
    state: NavigationState,
    input: Pick<RouteInput, 'evidence' | 'offer' | 'stated'>,
  ): PausedScenario | undefined {
    const current = state.scenario === null ? undefined : scenarios.get(state.scenario)
    if (current === undefined || current.steps.get(state.step ?? '')?.terminal !== true) return undefined
    if (input.evidence === undefined || informedBy(input)) return undefined
    return waitingFor(current, state, input.stated)
  }

  /** The paused scenario `waiting` resumed: the message gives what its step asked for. */
  function resumeWaiting(
    waiting: PausedScenario,
    state: NavigationState,
    input: RouteInput,
    base: Pick<RouteDecision, 'previousScenario' | 'scores'>,
  ): RouteDecision {
    const why = `the message gives what "${waiting.scenario}" asked for`
    const target = scenarios.get(waiting.scenario)!
    return resume(target, waiting, state.paused ?? [], why, state, input, base, loopGuard)
  }

  /**
   * Inside an unfinished scenario, in two levels: leave for another topic only when the words are
   * `stickiness` nats likelier under it (then take that topic's best scenario); otherwise move to
   * another scenario of the same topic only when its own words are `topicStickiness` nats likelier.
   */
  function routeActive(
    state: NavigationState,
    input: RouteInput,
    current: CompiledScenario,
  ): RouteDecision | undefined {
    const evidence = input.evidence
    if (evidence === undefined) return undefined
    const informed = informedBy(input)
    const read = readTurn(input)
    const leaving =
      input.withdraws === true ||
      (evidence.negatedIntent !== undefined && current.scenario.intents.includes(evidence.negatedIntent))
    // The scenario's asides hold only while it goes on: "forget the refund. how much is Plus?"
    // leaves for pricing (the refund's pricing aside kept the user in the refund).
    const stay = levelsOf(current, read, !leaving)
    const discount = input.topicShift ? switchCueDiscount : 0
    // An accepted proposal is a move to what it proposes: like a switch cue within the topic, and
    // towards another topic only when the proposal's own words say at least as much for it as one
    // word of that topic alone (`topicWord`: "Shall I book a cab there?"). "Would you like to try
    // 11 am instead?" → "yes, okay" during a booking is no move to whichever topic "try" leans to.
    const proposed = input.offerProposal === true ? read.offer : undefined
    const proposedHere = proposed === undefined ? 0 : proposedTopic(proposed, current)
    const continues = input.answersQuestion === true || input.requestsNothing === true
    // An answer, or a message that asks for nothing to be done, continues the task at hand: a
    // move to another topic, or to another task of this one, needs `answerStickiness` more.
    const raise = continues ? answerStickiness : 0
    // Another option of what was shown ("any other buses?") keeps to the topic, not to the task.
    // A question for what there is ("any hotels nearby?") is a search: across topics, a request.
    const holdsTopic = (continues && input.asksWhatThereIs !== true) || input.asksAnother === true
    const acrossTopics = stickiness + (holdsTopic ? answerStickiness : 0)
    // Within the topic an accepted offer (a yes to a confirmation) moves on its own evidence.
    const withinTopic = topicStickiness + (input.offer === undefined ? raise : 0)
    // Whether an answer, a message asking for nothing or for another option raised what a move
    // needed: across topics, and within the topic.
    const raisedAcross = answerStickiness > 0 && !leaving && holdsTopic
    const raisedWithin = answerStickiness > 0 && !leaving && continues && input.offer === undefined
    const raisedBy =
      input.answersQuestion === true
        ? 'it answers the last question'
        : continues
          ? 'it asks for nothing to be done'
          : 'it asks for another option of the task at hand'
    const group = groupOf(current)
    // One known word that the current topic explains too ("leave" on a bus trip, "visit" with a
    // counsellor) is little to leave it on for another topic that shares the word: that needs
    // `answerStickiness` more.
    const oneSharedWord = (evidence.words ?? 0) <= 1 && stay.topic > 0
    // Every position is written below before it is read.
    const values = scenarioValues
    const levels = scenarioLevels
    let best: Candidate | undefined
    let closest: Candidate | undefined
    let position = -1
    for (const [id, compiled] of scenarios) {
      position++
      levelsOf(compiled, read, false, levels)
      if (id === current.scenario.id) {
        values[position] = levels.value + stickiness
        continue
      }
      values[position] = levels.value
      // No evidence for it (-Infinity), or evidence no number can rank (NaN from a custom model).
      if (!informed || !(levels.value > Number.NEGATIVE_INFINITY)) continue
      if (evidence.negatedIntent !== undefined && compiled.scenario.intents.includes(evidence.negatedIntent))
        continue
      if (compiled.entry !== undefined && !isTrue(compiled.entry, input.variables)) continue
      const across = groupOf(compiled) !== group
      // A request of its own for it (`requested`) counts as a second switch cue.
      const requested = input.requested !== undefined && compiled.scenario.intents.includes(input.requested)
      const cue =
        (discount > 0
          ? discount
          : proposesMove(proposed, proposedHere, compiled, across, topicWord)
            ? switchCueDiscount
            : 0) + (requested ? switchCueDiscount : 0)
      // Saying it is not the current scenario ("not a refund") drops the stickiness: any evidence
      // for another moves there. Taking the request back ("never mind", "don't cancel it") counts
      // like a switch cue: what comes next needs its own evidence, else the scenario ends below.
      // So does choosing it from the engine's own question: the user was asked.
      const chosen = input.chosen !== undefined && compiled.scenario.intents.includes(input.chosen)
      const needed =
        chosen && !leaving
          ? 0
          : input.withdraws === true
            ? Math.max(0, (across ? stickiness : topicStickiness) - switchCueDiscount)
            : leaving
              ? 0
              : Math.max(
                  0,
                  (across ? acrossTopics + (oneSharedWord ? answerStickiness : 0) : withinTopic) - cue,
                )
      const lift = across ? levels.topic - stay.topic : levels.within - stay.within
      const margin = lift - needed
      if (Number.isNaN(margin)) continue
      if (margin <= 0) {
        if (closest === undefined || margin > closest.margin)
          closest = { id, margin, within: levels.within, lift, needed, across, rank: margin }
        continue
      }
      const rank = margin + (across && visited(state, scenarios, groupOf(compiled)) ? returnPreference : 0)
      const candidate: Candidate = { id, margin, within: levels.within, lift, needed, across, rank }
      if (chosen && !leaving) candidate.chosen = true
      if (better(candidate, best)) best = candidate
    }
    const scores = normalise(scenarioIds, values, state.scenario, scoreWeights)
    const base = { previousScenario: state.scenario, scores }
    if (best !== undefined) {
      const target = scenarios.get(best.id)!
      const paused = pauseCurrent(state, maxPaused)
      const resumed = paused.find((entry) => entry.scenario === best.id)
      // A move on values alone ("7:30 pm, the 5 of us") says so in the audit trail.
      const what =
        evidence.words === 0 && (evidence.values ?? 0) > 0 ? 'the time or count given is' : 'the words are'
      const why =
        best.chosen === true
          ? `the user chose it from the options asked: ${what} e^${round(best.lift)} times likelier under "${best.id}"`
          : `${what} e^${round(best.lift)} times likelier under ${best.across ? `the topic of "${best.id}"` : `"${best.id}"`} (needed e^${round(best.needed)}${
              input.topicShift
                ? ', lowered by a switch cue'
                : proposesMove(proposed, proposedHere, target, best.across, topicWord)
                  ? ', lowered: the user accepted the proposal'
                  : ''
            }${input.requested !== undefined && target.scenario.intents.includes(input.requested) ? ', and by a request of its own for it' : ''}${(best.across ? raisedAcross : raisedWithin) ? `, raised: ${raisedBy}` : ''}${best.across && oneSharedWord && !leaving ? ', raised: one word, which the current topic explains too' : ''}${input.withdraws === true ? `, lowered: the user took back "${state.scenario}"` : leaving ? `, none: the user said it is not "${state.scenario}"` : ''})`
      if (resumed !== undefined) return resume(target, resumed, paused, why, state, input, base, loopGuard)
      const decision = enter(target, 'switched', why, state, input, base, loopGuard)
      return { ...decision, state: navigation(decision.state, paused) }
    }
    if (input.withdraws === true) {
      // Taken back, with nothing else asked: the scenario ends (it is not paused to come back to).
      const others = (state.paused ?? []).filter((entry) => entry.scenario !== current.scenario.id)
      return {
        ...base,
        scenario: null,
        step: null,
        decision: 'exited',
        reason: `the user took back "${current.scenario.id}", and asked for nothing else`,
        transitions: [],
        state: {
          scenario: null,
          step: null,
          transitionCounts: state.transitionCounts,
          ...(others.length === 0 ? {} : { paused: others }),
        },
      }
    }
    // Facts alone after a detour ("$15" once the order was looked up) that the current step does not
    // ask for answer what a paused scenario's step asks: it comes back (it stayed in the detour).
    const waiting = informed ? undefined : waitingFor(current, state, input.stated)
    if (waiting !== undefined) return resumeWaiting(waiting, state, input, base)
    const moved = advance(current, state.step!, state, input, loopGuard)
    const why = !informed
      ? 'no topic words: the message continues the current scenario'
      : closest === undefined
        ? 'no other scenario matched'
        : `best other ${closest.across ? `topic ("${closest.id}")` : `"${closest.id}"`} is e^${round(closest.lift)} times likelier, under the stickiness e^${round(closest.needed)}${(closest.across ? raisedAcross : raisedWithin) ? `, raised: ${raisedBy}` : ''}${closest.across && oneSharedWord && !leaving ? ', raised: one word, which the current topic explains too' : ''}`
    const kept = navigation(moved.state, state.paused)
    return decided(base, moved, current.scenario.id, 'stayed', `stayed: ${why}`, kept)
  }

  return {
    resumableAfterDone(state, input) {
      return waitingAfterDone(state, input)?.scenario
    },
    settle(state, input) {
      const current = state.scenario === null ? undefined : scenarios.get(state.scenario)
      if (current === undefined || state.step === null) return state
      const moved = advance(current, state.step, state, input, loopGuard)
      if (moved.loop !== undefined) return state
      return navigation(moved.state, state.paused)
    },
    route(state, input) {
      const current = state.scenario === null ? undefined : scenarios.get(state.scenario)
      const currentStep = current?.steps.get(state.step ?? '')
      const active = current !== undefined && currentStep !== undefined && !currentStep.terminal
      if (active) {
        const decided = routeActive(state, input, current)
        if (decided !== undefined) return decided
      }
      // Facts alone with no topic word ("great, $25 please") once a detour is done (the card on
      // file was shown) answer what a paused scenario's step asks: it comes back, as from a detour
      // still going on (`routeActive`).
      const waiting = waitingAfterDone(state, input)
      if (waiting !== undefined)
        return resumeWaiting(waiting, state, input, { previousScenario: state.scenario, scores: [] })
      const scores: RouteDecision['scores'] = []
      const confidences = new Map<string, number>()
      for (const entry of input.alternatives)
        if (entry.confidence > (confidences.get(entry.intent) ?? 0))
          confidences.set(entry.intent, entry.confidence)
      let best: { id: string; score: number } | undefined
      // A request the message denies ("I don't want a refund, just tell me when it arrives") is
      // never entered on the words that deny it.
      const denied = input.evidence?.negatedIntent
      for (const [id, compiled] of scenarios) {
        const score =
          denied !== undefined && compiled.scenario.intents.includes(denied)
            ? 0
            : round(scoreOf(compiled, input, confidences))
        scores.push({ scenario: id, score, boosted: false })
        if (id !== state.scenario || !active) {
          if (best === undefined || score > best.score) best = { id, score }
        }
      }
      sortedByScore(scores)
      const base = { previousScenario: state.scenario, scores }
      if (active) {
        const moved = advance(current, state.step!, state, input, loopGuard)
        return {
          ...base,
          ...moved,
          scenario: current.scenario.id,
          decision: 'stayed',
          reason: 'stayed: no evidence model',
        }
      }
      // A topic the message is clearly about enters its likeliest scenario even when the topic's
      // scenarios split the confidence ("rent a car": search or reserve); the next message moves
      // within the topic on `topicStickiness`.
      const topic = best === undefined ? undefined : scenarios.get(best.id)!.scenario.topic
      let topicScore = 0
      if (topic !== undefined)
        for (const entry of scores)
          if (scenarios.get(entry.scenario)!.scenario.topic === topic) topicScore += entry.score
      topicScore = round(Math.min(1, topicScore))
      if (best !== undefined && (best.score >= entryThreshold || topicScore >= entryThreshold)) {
        const decision = current === undefined ? 'entered' : 'switched'
        const why =
          best.score >= entryThreshold
            ? `"${best.id}" scored ${best.score} ≥ entry threshold ${entryThreshold}`
            : `its topic "${topic}" scored ${topicScore} ≥ entry threshold ${entryThreshold}, "${best.id}" the most`
        const paused = state.paused ?? []
        const resumed = paused.find((entry) => entry.scenario === best.id)
        if (resumed !== undefined)
          return resume(scenarios.get(best.id)!, resumed, paused, why, state, input, base, loopGuard)
        const decided = enter(scenarios.get(best.id)!, decision, why, state, input, base, loopGuard)
        return paused.length === 0 ? decided : { ...decided, state: { ...decided.state, paused } }
      }
      const finished = current !== undefined
      return {
        ...base,
        scenario: null,
        step: null,
        decision: finished ? 'exited' : 'none',
        reason: finished
          ? `scenario "${state.scenario}" finished`
          : 'no scenario reached the entry threshold',
        transitions: [],
        state: {
          scenario: null,
          step: null,
          transitionCounts: state.transitionCounts,
          ...(state.paused === undefined ? {} : { paused: state.paused }),
        },
      }
    },
  }
}

type Base = Pick<RouteDecision, 'previousScenario' | 'scores'>

/** An evidence's values by intent: `own` within its topic and `total` (its log-likelihood), in nats. */
interface EvidenceReader {
  own(intent: string): number
  total(intent: string): number
}

/**
 * `addIntentLevels` for a turn's evidence read from its arrays (no offer): the same sums, by
 * position (-1: an intent the model does not know, which has no evidence).
 */
function addArrayLevels(levels: Levels, positions: Int32Array, arrays: IntentEvidenceArrays): void {
  for (let at = 0; at < positions.length; at++) {
    const index = positions[at]!
    const own = index < 0 ? 0 : arrays.within[index]!
    const total = index < 0 ? Number.NEGATIVE_INFINITY : logLikelihoodAt(arrays, index)
    const topic = 0 + (total - own)
    const within = 0 + own
    levels.topic = Math.max(levels.topic, topic)
    levels.within = Math.max(levels.within, within)
    levels.value = Math.max(levels.value, topic + within)
  }
}

/** A scenario's evidence per level, in nats: its topic's, its own within the topic, and their sum. */
interface Levels {
  topic: number
  within: number
  value: number
}

/** The turn's evidence and an accepted offer's, as readers. */
interface TurnEvidence {
  evidence?: EvidenceReader
  offer?: EvidenceReader
  /** The turn's evidence as its model's arrays, when it has them and no offer is read with it. */
  arrays?: IntentEvidenceArrays
}

/** The paused stack after leaving the current scenario: it goes on top, an older copy of it goes. */
function pauseCurrent(state: NavigationState, maxPaused: number): PausedScenario[] {
  const rest = (state.paused ?? []).filter((entry) => entry.scenario !== state.scenario)
  if (state.scenario === null || state.step === null) return rest.slice(0, maxPaused)
  return [{ scenario: state.scenario, step: state.step }, ...rest].slice(0, maxPaused)
}

/** Comes back to a paused scenario at the step it was left at. */
function resume(
  compiled: CompiledScenario,
  paused: PausedScenario,
  stack: readonly PausedScenario[],
  reason: string,
  state: NavigationState,
  input: RouteInput,
  base: Base,
  loopGuardLimit: number,
): RouteDecision {
  const start: NavigationState = { scenario: compiled.scenario.id, step: paused.step, transitionCounts: {} }
  const moved = advance(compiled, paused.step, start, input, loopGuardLimit)
  const remaining = stack.filter((entry) => entry.scenario !== compiled.scenario.id)
  return {
    ...base,
    ...moved,
    state: { ...moved.state, transitionCounts: state.transitionCounts, paused: remaining },
    scenario: compiled.scenario.id,
    decision: 'resumed',
    resumed: paused,
    reason: `resumed at step "${paused.step}": ${reason}`,
  }
}

/** Scenarios of one `topic` share a group; a scenario without one is a group of its own. */
function groupOf(compiled: CompiledScenario): string {
  return compiled.scenario.topic ?? `scenario:${compiled.scenario.id}`
}

/** What an accepted proposal's words say for the topic of `compiled`: its best intent's topic evidence. */
function proposedTopic(proposed: EvidenceReader, compiled: CompiledScenario): number {
  let level = Number.NEGATIVE_INFINITY
  for (const intent of compiled.scenario.intents)
    level = Math.max(level, proposed.total(intent) - proposed.own(intent))
  return level
}

/**
 * Whether accepting the proposal (if any) is a move to `compiled`: within the topic always, across
 * topics when its words say at least `topicWord` more for that topic than for the current one.
 */
function proposesMove(
  proposed: EvidenceReader | undefined,
  proposedHere: number,
  compiled: CompiledScenario,
  across: boolean,
  topicWord: number,
): boolean {
  return proposed !== undefined && (!across || proposedTopic(proposed, compiled) - proposedHere >= topicWord)
}

/** Whether the user has been in `topic`: a paused scenario belongs to it. */
function visited(
  state: NavigationState,
  scenarios: ReadonlyMap<string, CompiledScenario>,
  topic: string,
): boolean {
  return (state.paused ?? []).some((entry) => {
    const paused = scenarios.get(entry.scenario)
    return paused !== undefined && groupOf(paused) === topic
  })
}

/** A scenario the turn's evidence could move to, in `routeActive`. */
interface Candidate {
  id: string
  margin: number
  within: number
  lift: number
  needed: number
  across: boolean
  /** The margin the choice between eligible topics uses: a topic the user has been in counts more. */
  rank: number
  /** Chosen by the user from the engine's own options: it goes before any other. */
  chosen?: true
}

/** Whether `candidate` is a better move than `than`. */
function better(candidate: Candidate, than: Candidate | undefined): boolean {
  return (
    than === undefined ||
    (candidate.chosen !== than.chosen
      ? candidate.chosen === true
      : candidate.across !== than.across
        ? candidate.across
        : candidate.across
          ? // Scenarios of one topic share its margin (up to float noise): the best within it wins.
            candidate.rank > than.rank + 1e-9 ||
            (candidate.rank > than.rank - 1e-9 && candidate.within > than.within)
          : candidate.margin > than.margin)
  )
}

/** Turns raw log-likelihoods into probabilities (softmax), rounded for display; highest first. */
function normalise(
  ids: readonly string[],
  values: Float64Array,
  current: string | null,
  /** Where the weights go: as long as `values`, its contents overwritten. */
  weights: Float64Array,
): RouteDecision['scores'] {
  let top = Number.NEGATIVE_INFINITY
  for (const value of values) if (value > top) top = value
  let total = 0
  for (let index = 0; index < values.length; index++) {
    const value = values[index]!
    // -Infinity and NaN weigh 0; with no such value `top` stays -Infinity and is never subtracted.
    if (value > Number.NEGATIVE_INFINITY) total += weights[index] = Math.exp(value - top)
    else weights[index] = 0
  }
  total ||= 1
  const scores: RouteDecision['scores'] = new Array(values.length)
  for (let index = 0; index < values.length; index++) {
    const id = ids[index]!
    scores[index] = { scenario: id, score: round(weights[index]! / total), boosted: id === current }
  }
  return sortedByScore(scores)
}

/**
 * `scores` sorted in place, highest first, ties in their order: what the stable `sort` by
 * `right.score - left.score` gives, by insertion (no comparator calls) when every score is a
 * number, else by that sort.
 */
function sortedByScore(scores: RouteDecision['scores']): RouteDecision['scores'] {
  if (scores.some((entry) => Number.isNaN(entry.score)))
    return scores.sort((left, right) => right.score - left.score)
  for (let index = 1; index < scores.length; index++) {
    const entry = scores[index]!
    let at = index
    while (at > 0 && scores[at - 1]!.score < entry.score) {
      scores[at] = scores[at - 1]!
      at--
    }
    scores[at] = entry
  }
  return scores
}

function enter(
  compiled: CompiledScenario,
  decision: RouteDecision['decision'],
  reason: string,
  state: NavigationState,
  input: RouteInput,
  base: Base,
  loopGuardLimit: number,
): RouteDecision {
  // A scenario entered again after it finished starts its counts afresh (a second refund).
  const finished = state.step !== null && compiled.steps.get(state.step)?.terminal === true
  const counts = compiled.scenario.id === state.scenario && !finished ? state.transitionCounts : {}
  const start: NavigationState = {
    scenario: compiled.scenario.id,
    step: compiled.initialStep,
    transitionCounts: counts,
  }
  const moved = advance(compiled, compiled.initialStep, start, input, loopGuardLimit)
  return decided(base, moved, compiled.scenario.id, decision, reason)
}

type Moved = Pick<RouteDecision, 'step' | 'transitions' | 'loop' | 'state'>

/**
 * A decision from its parts, field by field: a spread of `base` and `moved` given more fields
 * gets a new hidden class on every call in V8, and the router decides on every turn.
 */
function decided(
  base: Base,
  moved: Moved,
  scenario: string,
  decision: RouteDecision['decision'],
  reason: string,
  state: NavigationState = moved.state,
): RouteDecision {
  return {
    previousScenario: base.previousScenario,
    scores: base.scores,
    step: moved.step,
    transitions: moved.transitions,
    ...(moved.loop === undefined ? {} : { loop: moved.loop }),
    state,
    scenario,
    decision,
    reason,
  }
}

/** A navigation state with its paused stack (none: no `paused` key). */
function navigation(state: NavigationState, paused: PausedScenario[] | undefined): NavigationState {
  return {
    scenario: state.scenario,
    step: state.step,
    transitionCounts: state.transitionCounts,
    ...(paused === undefined ? {} : { paused }),
  }
}

/** Follows firing transitions from `step` (step-level first, then scenario-wide), bounded by the step count. */
function advance(
  compiled: CompiledScenario,
  step: string,
  state: NavigationState,
  input: RouteInput,
  loopGuard: number,
): Pick<RouteDecision, 'step' | 'transitions' | 'loop' | 'state'> {
  const counts = { ...state.transitionCounts }
  const transitions: string[] = []
  let at = step
  for (let hop = 0; hop < compiled.steps.size; hop++) {
    const node = compiled.steps.get(at)
    if (node === undefined || node.terminal) break
    const next = firstFiring(node.transitions, input) ?? firstFiring(compiled.transitions, input, at)
    if (next === undefined) break
    const key = `${compiled.scenario.id}:${at}->${next}`
    const count = counts[key] ?? 0
    if (count >= loopGuard) {
      return {
        step: at,
        transitions,
        loop: { transition: key, count },
        state: { scenario: compiled.scenario.id, step: at, transitionCounts: counts },
      }
    }
    counts[key] = count + 1
    transitions.push(key)
    at = next
  }
  return {
    step: at,
    transitions,
    state: { scenario: compiled.scenario.id, step: at, transitionCounts: counts },
  }
}

function firstFiring(
  transitions: readonly CompiledTransition[],
  input: RouteInput,
  from?: string,
): string | undefined {
  for (const { transition, condition } of transitions) {
    if (transition.to === from) continue
    if (transition.intents !== undefined && !transition.intents.includes(input.intent)) continue
    if (condition !== undefined && !isTrue(condition, input.variables)) continue
    if (condition === undefined && transition.intents === undefined) continue
    return transition.to
  }
  return undefined
}

function compileScenario(scenario: Scenario, index: number): CompiledScenario {
  const path = `scenarios[${index}]`
  const compileAll = (transitions: readonly Transition[], at: string): CompiledTransition[] =>
    transitions
      .map((transition, position) => ({
        transition,
        position,
        ...(transition.condition === undefined
          ? {}
          : { condition: compileExpression(transition.condition, { path: `${at}[${position}].condition` }) }),
      }))
      .sort(
        (left, right) =>
          right.transition.priority - left.transition.priority || left.position - right.position,
      )
  const compiled: CompiledScenario = {
    scenario,
    initialStep: scenario.initialStep ?? scenario.steps[0]!.id,
    steps: new Map(
      scenario.steps.map((step, stepIndex) => [
        step.id,
        {
          terminal: step.terminal,
          transitions: compileAll(step.transitions, `${path}.steps[${stepIndex}].transitions`),
        },
      ]),
    ),
    transitions: compileAll(scenario.transitions, `${path}.transitions`),
  }
  if (scenario.entryCondition !== undefined)
    compiled.entry = compileExpression(scenario.entryCondition, { path: `${path}.entryCondition` })
  return compiled
}

function isTrue(expression: CompiledExpression, variables: Record<string, unknown>): boolean {
  const outcome = expression.evaluate(variables)
  return outcome.type === 'value' && outcome.value === true
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000
}
