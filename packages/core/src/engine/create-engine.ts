import { buildEnforcementPlan } from '../compiler/build-enforcement-plan.ts'
import { createMemoryCompileCache } from '../compiler/create-memory-compile-cache.ts'
import type { EnforcementPlan } from '../compiler/plan-types.ts'
import type { CompileCacheStore } from '../compiler/types.ts'
import type { FocalDefinition, FocalDefinitionInput } from '../definition/definition-schema.ts'
import { loadDefinition } from '../definition/load-definition.ts'
import { createEnforcer } from '../enforcement/create-enforcer.ts'
import { createLane2Judge } from '../enforcement/lane2/create-lane2-judge.ts'
import type { Lane2Judge } from '../enforcement/lane2/types.ts'
import { FocalError } from '../errors/focal-error.ts'
import { type AlignmentJudge, createAlignmentJudge } from '../judge/create-alignment-judge.ts'
import { defineIntentContract } from '../judge/define-intent-contract.ts'
import { createLedger, type Ledger } from '../ledger/create-ledger.ts'
import type { LedgerStore } from '../ledger/types.ts'
import { createModelRoles, type ModelRoles, resolveModel } from '../llm/model-roles.ts'
import type { LanguageModel } from '../llm/types.ts'
import type { Clock, IdGenerator, SessionStore, ToolRunner } from '../ports/ports.ts'
import type { SensorGoalParser, SensorIntentClassifier } from '../sensor/create-sensor.ts'
import { extractEntities } from '../sensor/extract-entities.ts'
import type { Sensor } from '../sensor/types.ts'
import { type CompiledEngine, compileEngine, createDefinitionGate } from './compile-engine.ts'
import { type CompleteGoalInput, type CompleteGoalResult, completeGoal } from './complete-goal.ts'
import { createEventChannel } from './create-event-channel.ts'
import { createMemorySessionStore } from './create-memory-session-store.ts'
import { endHandoff } from './handoff-turn.ts'
import { isoTimestamp } from './iso-timestamp.ts'
import { planEnforcementRules, type ReplyEnforcer } from './reply-enforcer.ts'
import { type ApprovalDecisionInput, resumeTurn } from './resume-turn.ts'
import { runTurn } from './run-turn.ts'
import { createInitialSessionState, type EngineSessionState } from './session-state.ts'
import { callKey, createSharedHistory, type SessionCalls } from './shared-history.ts'
import { maxNarrowedTurns } from './task-turn.ts'
import type { TurnDependencies, TurnOutcome } from './turn-types.ts'
import type { HandoffReply, TurnEvent, TurnInput, TurnResult } from './types.ts'

/** Replies of the person kept on a handoff (the oldest go first). */
const maxHandoffReplies = 50

/** Options of {@link createEngine}. */
export interface EngineOptions {
  /** The agent definition: YAML/JSON text, an object, or an already loaded definition. */
  definition: string | object
  /**
   * Overrides of the definition's settings (ambiguity threshold, stickiness, loop guard, the
   * finalization gate, ...), in the definition's own shape, validated like it. @default {}
   */
  settings?: Partial<NonNullable<FocalDefinitionInput['settings']>>
  /**
   * The model, or one per use (`{ default, sensor, generation, judge }`, seed 004 §4); without one
   * the engine answers from the matched rules' approved templates. @default undefined
   */
  model?: LanguageModel | ModelRoles
  /**
   * Makes a model from an id the definition names in `settings.models`; uses the explicit `model`
   * option does not cover are filled from it. @default undefined (definition ids are ignored)
   */
  provideModel?: (modelId: string) => LanguageModel
  /** Tool implementations by id; a declared tool without one uses its `fixture`. @default {} */
  tools?: ToolRunner
  /** Session state with optimistic versioning. @default createMemorySessionStore() */
  sessionStore?: SessionStore
  /**
   * Where the calls on the definition's `shared` entities (`entities[].shared`) are kept for every
   * session to read (`session.shared`). @default the session store (under keys no session id can take)
   */
  sharedStore?: SessionStore
  /**
   * Which sessions share the calls on `shared` entities: sessions of one scope read each other's
   * (a tenant, a customer account); a session whose scope is undefined keeps its calls to itself.
   * Given the session id and its fields (with the profile fields the message gives, such as the
   * email of "refund $50 for NW-1001, ann@x.com"). @default every session in one scope
   */
  sharedScope?: (session: { sessionId: string; fields: Record<string, unknown> }) => string | undefined
  /**
   * Serialises turns that name one shared value (an order) across processes, from reading what
   * every session did with it to recording what this turn did: two conversations refunding $30 on
   * one order at once each read the other's refund as not yet made, and both ran past a $50 cap.
   * Within one engine such turns always run one at a time; across processes pass a store-backed
   * lease (`@focal/edge` passes its `sessionLock`). Taken in key order, after the session's own.
   */
  sharedLock?: { acquire(key: string): Promise<() => Promise<void>> }
  /** Where turn events are recorded: a ledger, a store to build one over, or `false` for none. @default an in-memory ledger */
  ledger?: Ledger | LedgerStore | false
  /** @default { now: () => Date.now() } */
  clock?: Clock
  /** @default `${prefix}_${crypto.randomUUID()}` */
  idGenerator?: IdGenerator
  /** `'deterministic'`, `'llm'` (one JSON call to `model`, deterministic fallback) or your own sensor. @default 'deterministic' */
  sensor?: Sensor | 'deterministic' | 'llm'
  /** Intent classifier blended into the deterministic sensor (`'auto'` trains one on the definition's examples). @default 'auto' */
  classifier?: SensorIntentClassifier | 'auto' | false
  /** Fills `perception.goal` (`false` skips it). @default createGoalParser() */
  goalParser?: SensorGoalParser | false
  /** Lane 1 enforcer. @default built from the definition's rules, detectors and safety patterns */
  enforcer?: ReplyEnforcer
  /**
   * Lane 2 judge for the matched rules' `judge` rubrics (subjective rules, risky actions,
   * sampling), or `false` for none. @default createLane2Judge({ model }) when a model is given
   */
  lane2?: Lane2Judge | false
  /**
   * Final alignment judge, used when the definition's `settings.finalizationGate.enabled` is true,
   * or `false` for none. @default createAlignmentJudge({ model, strictness }) (heuristic without a model)
   */
  alignmentJudge?: AlignmentJudge | false
  /** How often a turn re-reads and reruns after losing a version race. @default 100 */
  maxConflictRetries?: number
  /**
   * The model that compiles free-text guardrails into the enforcement plan at load (two calls per
   * guardrail, checked against generated test cases), or `false` for the offline templates and
   * tier classifier only. @default the `compiler` model role, else the default model
   */
  compiler?: LanguageModel | false
  /**
   * Guardrail compilations by content hash, so a definition compiled before makes no model call
   * at its next cold start (a KV namespace on the edge, a JSON file in Node); share one between
   * engines of a process. @default a new in-memory cache per engine
   */
  compileCache?: CompileCacheStore
}

/** A running agent: one deterministic turn pipeline over a definition. */
export interface Engine {
  readonly definition: FocalDefinition
  /** Runs one whole turn. */
  turn(input: TurnInput): Promise<TurnResult>
  /** The same turn as typed events; `text-delta`s pass Lane 1 streaming enforcement first. */
  turnStream(input: TurnInput): AsyncIterable<TurnEvent>
  /** Approves or rejects a paused tool call and resumes the turn. */
  resolveApproval(input: ApprovalDecisionInput): Promise<TurnResult>
  /** The session's state, or undefined for an unknown session. */
  getSession(sessionId: string): Promise<EngineSessionState | undefined>
  /**
   * Ends a human handoff: the engine answers the session again. Recorded as `handoff-released`.
   * Resolves `false` when the session was not handed off.
   */
  releaseHandoff(input: { sessionId: string; releasedBy?: string }): Promise<boolean>
  /**
   * A message of the person who has the conversation during a handoff, for the customer: kept on
   * the session (`handoff.replies`, and in the history the model reads once the engine answers
   * again), recorded as `handoff-replied` with who wrote it. Resolves `undefined` when the session
   * is not handed off. The text is stored as given: check it first (`@focal/edge` runs the
   * definition's reply checks on it).
   */
  replyToHandoff(input: { sessionId: string; text: string; by: string }): Promise<HandoffReply | undefined>
  /**
   * How every rule is enforced: tier, lanes, compiled form and how it was obtained (template,
   * model, author). Built once at load; turns wait for it. Print it with `formatEnforcementPlan`.
   */
  enforcementPlan(): Promise<EnforcementPlan>
  /**
   * The completion step (seed 001): evaluates the goal contract against the run's output, the
   * trust gate and the decision matrix; the attempt budget lives in the session (stored through
   * the `SessionStore`), so it survives restarts and other instances. Recorded as
   * `goal-gate-evaluated`. A session with no contract, or an invalid one, is an error.
   */
  complete(input: CompleteGoalInput): Promise<CompleteGoalResult>
  /**
   * Undoes the session's last goal narrowing (seed 000 reversibility): records `GOAL_RESTORED`
   * and clears it. With `turnId` (the narrowing's, `provenance.goal.reformulation.turnId`), only
   * that turn's narrowing is undone: an Undo clicked on an older turn whose narrowing a later one
   * replaced undoes nothing (`superseded`), never the later one. Resolves `{ restored: false }`
   * when nothing is undone; a `turnId` that narrowed nothing in this session is the error
   * `goal-narrowing-not-found` (HTTP 404).
   */
  restoreGoal(input: { sessionId: string; turnId?: string; reason?: string }): Promise<RestoreGoalResult>
}

/** What {@link Engine.restoreGoal} did. */
export type RestoreGoalResult =
  | { restored: true; original: string; discarded: string; turnId: string }
  | {
      restored: false
      /** `nothing-narrowed`, or `superseded`: the turn's narrowing is no longer the active goal. */
      reason: 'nothing-narrowed' | 'superseded'
    }

/**
 * Creates an engine: sense → trap → route → retrieve → plan/tool gate → act → respond → enforce →
 * record, with every decision in `TurnResult.provenance`.
 *
 * @example
 * const engine = createEngine({ definition: yamlText })
 * const result = await engine.turn({ sessionId: 's1', text: 'I want a refund' })
 * if (result.type === 'clarification') console.log(result.clarification.options)
 */
export function createEngine(engineOptions: EngineOptions): Engine {
  const loaded = loadDefinition(engineOptions.definition)
  const definition =
    engineOptions.settings === undefined
      ? loaded
      : loadDefinition({ ...loaded, settings: mergeSettings(loaded.settings, engineOptions.settings) })
  const roles = modelRolesOf(engineOptions, definition)
  // From here on `options.model` is the generation model; the sensor and judges get their own.
  const { model: _roles, ...rest } = engineOptions
  const generation = resolveModel(roles, 'generation')
  const options: Omit<EngineOptions, 'model'> & { model?: LanguageModel } =
    generation === undefined ? rest : { ...rest, model: generation }
  const sensorModel = resolveModel(roles, 'sensor')
  const judgeModel = resolveModel(roles, 'judge')
  const compiled = compileEngine({
    definition,
    ...(options.sensor === undefined ? {} : { sensor: options.sensor }),
    ...(sensorModel === undefined ? {} : { model: sensorModel }),
    ...(options.classifier === undefined ? {} : { classifier: options.classifier }),
    ...(options.goalParser === undefined ? {} : { goalParser: options.goalParser }),
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.idGenerator === undefined ? {} : { idGenerator: options.idGenerator }),
  })
  const store = (options.sessionStore ?? createMemorySessionStore()) as SessionStore<EngineSessionState>
  const ledger = toLedger(options.ledger, options.clock)
  const clock = options.clock ?? { now: () => Date.now() }
  /** The scope of a session's shared calls: its fields, with the profile fields `text` gives. */
  const sharedScopeOf = (sessionId: string, state: EngineSessionState, text?: string) => {
    if (options.sharedScope === undefined) return ''
    const given = text === undefined ? {} : extractEntities(text, { patterns: compiled.entityPatterns })
    const profile = Object.fromEntries(
      definition.profileFields.flatMap((field) =>
        given[field] === undefined ? [] : [[field, given[field]]],
      ),
    )
    return options.sharedScope({ sessionId, fields: { ...profile, ...state.fields } })
  }
  const sharedHistory = createSharedHistory(
    compiled.entityPatterns,
    definition.entities.filter((entity) => entity.shared).map((entity) => entity.name),
    (options.sharedStore ?? store) as SessionStore<unknown>,
    () => clock.now(),
  )
  const idGenerator = options.idGenerator ?? { next: (prefix = 'id') => `${prefix}_${crypto.randomUUID()}` }
  const maxConflictRetries = options.maxConflictRetries ?? 100
  const lane2 = lane2Of(options, judgeModel)
  const compilerModel =
    options.compiler === false ? undefined : (options.compiler ?? resolveModel(roles, 'compiler'))
  const plan = buildEnforcementPlan({
    definition,
    ...(compilerModel === undefined ? {} : { model: compilerModel }),
    cache: options.compileCache ?? createMemoryCompileCache(),
    lane2: lane2.lane2 !== undefined,
  })
  // Built once at load; every turn waits for it. A failure surfaces on the first turn.
  const ready = plan.then(
    (built): Omit<TurnDependencies, 'streaming'> => ({
      compiled: { ...compiled, gate: createDefinitionGate(definition, built, options) },
      plan: built,
      tools: options.tools ?? {},
      clock,
      idGenerator,
      ...(options.model === undefined ? {} : { model: options.model }),
      ...lane2,
      ...alignmentJudgeOf(options, definition, judgeModel),
      enforcer:
        options.enforcer ??
        createEnforcer({
          rules: planEnforcementRules(built),
          refusal: definition.settings.refusalReply,
          masks: definition.settings.redaction,
        }),
    }),
  )
  ready.catch(() => undefined)
  // One dependencies object per mode, built once: spreading `ready` into a new object on every
  // turn gave V8 a new hidden class each time.
  const dependenciesFor = {
    streaming: ready.then((base): TurnDependencies => ({ ...base, streaming: true })),
    whole: ready.then((base): TurnDependencies => ({ ...base, streaming: false })),
  }
  dependenciesFor.streaming.catch(() => undefined)
  dependenciesFor.whole.catch(() => undefined)
  /** Serialises work per session in this process; the store's version check covers other processes. */
  const enqueue = createWorkQueue()
  /** Serialises the turns that name one shared value (an order), from its reading to its record. */
  const enqueueShared = createWorkQueue()

  /**
   * Runs `work` holding every shared value of `keys` (sorted): in this engine, and through
   * `sharedLock` across processes. A release that fails (a store's connection dropped) is let go:
   * the lease then expires, and the turn keeps its result.
   */
  function holdingShared<Value>(keys: readonly string[], work: () => Promise<Value>): Promise<Value> {
    const [key, ...rest] = keys
    if (key === undefined) return work()
    return enqueueShared(key, async () => {
      const release = await options.sharedLock?.acquire(key)
      try {
        return await holdingShared(rest, work)
      } finally {
        await release?.().catch(() => undefined)
      }
    })
  }

  async function commit(
    sessionId: string,
    streaming: boolean,
    emit: (event: TurnEvent) => void,
    /** The turn's own text (none for an approval): shared values it names are read before it. */
    text: string | undefined,
    step: (
      dependencies: TurnDependencies,
      state: EngineSessionState,
      emit: (event: TurnEvent) => void,
      goLive: (() => void) | undefined,
    ) => Promise<TurnOutcome>,
  ): Promise<TurnResult> {
    const dependencies = await (streaming ? dependenciesFor.streaming : dependenciesFor.whole)
    for (let attempt = 0; attempt <= maxConflictRetries; attempt++) {
      const stored = await store.get(sessionId)
      // Events wait for the commit, so a lost race is never seen, unless the turn went live (a
      // model's tokens streaming): then they go out as they happen and a lost race retracts them.
      const buffered: TurnEvent[] = []
      let live = false
      let shownText = false
      const goLive = streaming
        ? () => {
            if (live) return
            live = true
            for (const event of buffered.splice(0)) emit(event)
          }
        : undefined
      const base = stored?.state ?? createInitialSessionState()
      // What every session did with the shared values the session or the message names (an order
      // id in its fields, a queued request, a pending call, this message): read before the turn,
      // so a tool check of it sees calls made in other conversations. Never stored with the session.
      const scope = sharedHistory === undefined ? undefined : sharedScopeOf(sessionId, base, text)
      const keys =
        scope === undefined || sharedHistory === undefined
          ? []
          : sharedHistory.keys(text === undefined ? [callSources(base)] : [callSources(base), text], scope)
      // The shared values the turn names are its own until it recorded what it did with them.
      const result = await holdingShared(keys, async (): Promise<TurnResult | undefined> => {
        const before = scope === undefined ? undefined : sessionCalls(base)
        const shared = scope === undefined ? undefined : await sharedHistory?.load(keys, sessionId)
        const outcome = await step(
          dependencies,
          shared === undefined ? base : { ...base, shared },
          (event) => {
            if (!live) return void buffered.push(event)
            if (event.type === 'text-delta') shownText = true
            emit(event)
          },
          goLive,
        )
        if (outcome.state.shared !== undefined) delete outcome.state.shared
        const written = await store.put(sessionId, outcome.state, stored?.version ?? 0)
        // A turn whose tools ran (a refund, a cancellation) is never run again: running it again ran
        // them twice. What they did is kept, and the caller gets the conflict.
        const ran = written === false ? toolsThatRan(outcome.result, dependencies.compiled) : []
        if (ran.length > 0) {
          await keepRanCalls(sessionId, base, outcome, scope, before)
          throw new FocalError({
            code: 'version-conflict',
            message: `session "${sessionId}" changed while this turn ran ${ran.join(', ')}: it ran once (kept in the session and on the ledger) and the turn is not run again`,
          })
        }
        if (written === false) {
          if (shownText)
            emit({
              type: 'text-retracted',
              code: 'turn-retried',
              reason: 'The conversation changed while this reply was written, so it was written again.',
              ruleIds: [],
            })
          return undefined
        }
        // Recorded in the scope the session has now (an email given this turn counts).
        const recordScope = sharedHistory === undefined ? undefined : sharedScopeOf(sessionId, outcome.state)
        if (recordScope !== undefined)
          await sharedHistory?.record(sessionId, recordScope, before, outcome.state)
        for (const event of buffered) emit(event)
        await appendToLedger(sessionId, outcome)
        return outcome.result
      })
      if (result !== undefined) return result
    }
    throw new FocalError({
      code: 'version-conflict',
      message: `session "${sessionId}" changed under ${maxConflictRetries + 1} attempts in a row`,
    })
  }

  /**
   * The ledger keeps call order per session, so a turn's records are queued at once (their payload
   * hashes run in parallel) and awaited together.
   */
  async function appendToLedger(sessionId: string, outcome: TurnOutcome): Promise<void> {
    if (ledger !== undefined)
      await Promise.all(outcome.ledger.map((event) => ledger.append(sessionId, event, { actor: 'engine' })))
  }

  /**
   * What a turn's tools did when its session write lost a race: on the ledger first, then merged
   * into the session as stored now (its own checks see it) and recorded for every session (a
   * refund on no record ran again, past the cap). A store that keeps failing leaves the ledger's.
   */
  async function keepRanCalls(
    sessionId: string,
    base: EngineSessionState,
    outcome: TurnOutcome,
    scope: string | undefined,
    before: SessionCalls | undefined,
  ): Promise<void> {
    await appendToLedger(sessionId, outcome)
    const runs = outcome.state.toolsRun.slice(base.toolsRun.length)
    const known = new Set((base.toolCalls ?? []).map(callKey))
    const calls = (outcome.state.toolCalls ?? []).filter((call) => !known.has(callKey(call)))
    for (let attempt = 0; attempt <= maxConflictRetries; attempt++) {
      const latest = await store.get(sessionId)
      const now = latest?.state ?? createInitialSessionState()
      const merged = {
        ...now,
        toolsRun: [...now.toolsRun, ...runs],
        toolCalls: [...(now.toolCalls ?? []), ...calls],
      }
      if ((await store.put(sessionId, merged, latest?.version ?? 0)) !== false) break
    }
    if (scope !== undefined && before !== undefined)
      await sharedHistory
        ?.record(sessionId, scope, before, { ...before, toolCalls: [...(before.toolCalls ?? []), ...calls] })
        .catch(() => undefined)
  }

  const runOne = (input: TurnInput, streaming: boolean, emit: (event: TurnEvent) => void) =>
    enqueue(input.sessionId, () =>
      commit(input.sessionId, streaming, emit, input.text, (dependencies, state, sink, goLive) =>
        runTurn(dependencies, state, input, sink, goLive),
      ),
    )

  return {
    definition,
    turn: (input) => runOne(input, false, () => undefined),
    turnStream(input) {
      const channel = createEventChannel<TurnEvent>()
      runOne(input, true, channel.push).then(() => channel.close(), channel.fail)
      return channel.iterable
    },
    async resolveApproval(input) {
      return enqueue(input.sessionId, async () => {
        if ((await store.get(input.sessionId)) === undefined) {
          throw new FocalError({ code: 'session-not-found', message: `unknown session "${input.sessionId}"` })
        }
        return commit(
          input.sessionId,
          false,
          () => undefined,
          undefined,
          (dependencies, state, sink) => resumeTurn(dependencies, state, input, sink),
        )
      })
    },
    enforcementPlan: () => plan,
    restoreGoal({ sessionId, turnId, reason }) {
      return enqueue(sessionId, async (): Promise<RestoreGoalResult> => {
        for (let attempt = 0; attempt <= maxConflictRetries; attempt++) {
          const stored = await store.get(sessionId)
          if (stored === undefined)
            throw new FocalError({ code: 'session-not-found', message: `unknown session "${sessionId}"` })
          const narrowed = stored.state.activeGoal
          // A turn that never narrowed this session's goal is a wrong id, not a replaced one,
          // whether or not a narrowing is active now. The session remembers its last 50
          // narrowing turns; one from before that record (or before it was kept) reads as replaced.
          const known = stored.state.narrowedTurns ?? []
          if (turnId !== undefined && narrowed?.turnId !== turnId && !known.includes(turnId)) {
            const older = known.length >= maxNarrowedTurns || stored.state.narrowedTurns === undefined
            if (!older || narrowed === undefined)
              throw new FocalError({
                code: 'goal-narrowing-not-found',
                message: `turn "${turnId}" narrowed no goal of session "${sessionId}" that is still on record`,
                issues: [
                  { path: 'turnId', message: 'no goal narrowing of this session on record has this turn id' },
                ],
              })
          }
          // A later turn narrowed again, or asked something new: this narrowing is no longer the goal.
          if (turnId !== undefined && narrowed?.turnId !== turnId)
            return { restored: false, reason: 'superseded' }
          if (narrowed === undefined) return { restored: false, reason: 'nothing-narrowed' }
          const { activeGoal: _undone, ...state } = stored.state
          if ((await store.put(sessionId, state, stored.version)) === false) continue
          await ledger?.append(
            sessionId,
            {
              type: 'GOAL_RESTORED',
              payload: {
                original: narrowed.original,
                discarded: narrowed.active,
                ...(reason === undefined ? {} : { reason }),
              },
            },
            { actor: 'user' },
          )
          return {
            restored: true,
            original: narrowed.original,
            discarded: narrowed.active,
            turnId: narrowed.turnId,
          }
        }
        throw new FocalError({ code: 'version-conflict', message: `session "${sessionId}" kept changing` })
      })
    },
    complete(input) {
      return enqueue(input.sessionId, async () => {
        for (let attempt = 0; attempt <= maxConflictRetries; attempt++) {
          const stored = await store.get(input.sessionId)
          const completed = completeGoal(stored?.state ?? createInitialSessionState(), input, {
            // An agent whose tools run through the engine (a task agent or a support desk) must
            // have run one; a host that runs its own (a definition with none) reports its
            // evidence in the output.
            requireToolRun: compiled.definition.tools.length > 0,
            metricReporters: (toolId) =>
              compiled.definition.tools.find((tool) => tool.id === toolId)?.reportsMetrics,
          })
          if ((await store.put(input.sessionId, completed.state, stored?.version ?? 0)) === false) continue
          if (ledger !== undefined)
            await Promise.all(
              completed.ledger.map((event) => ledger.append(input.sessionId, event, { actor: 'engine' })),
            )
          return completed.result
        }
        throw new FocalError({
          code: 'version-conflict',
          message: `session "${input.sessionId}" kept changing`,
        })
      })
    },
    async getSession(sessionId) {
      return (await store.get(sessionId))?.state
    },
    replyToHandoff({ sessionId, text, by }) {
      return enqueue(sessionId, async () => {
        for (let attempt = 0; attempt <= maxConflictRetries; attempt++) {
          const stored = await store.get(sessionId)
          if (stored === undefined)
            throw new FocalError({ code: 'session-not-found', message: `unknown session "${sessionId}"` })
          const handoff = stored.state.handoff
          if (handoff === undefined) return undefined
          const reply: HandoffReply = {
            id: idGenerator.next('reply'),
            text,
            by,
            at: isoTimestamp(clock.now()),
          }
          const state: EngineSessionState = {
            ...stored.state,
            handoff: { ...handoff, replies: [...(handoff.replies ?? []), reply].slice(-maxHandoffReplies) },
            history: [...stored.state.history, { role: 'assistant' as const, content: text }].slice(-20),
          }
          if ((await store.put(sessionId, state, stored.version)) === false) continue
          await ledger?.append(
            sessionId,
            { type: 'handoff-replied', payload: { replyId: reply.id, by } },
            { actor: by },
          )
          return reply
        }
        throw new FocalError({ code: 'version-conflict', message: `session "${sessionId}" kept changing` })
      })
    },
    releaseHandoff({ sessionId, releasedBy }) {
      return enqueue(sessionId, async () => {
        for (let attempt = 0; attempt <= maxConflictRetries; attempt++) {
          const stored = await store.get(sessionId)
          if (stored === undefined)
            throw new FocalError({ code: 'session-not-found', message: `unknown session "${sessionId}"` })
          if (stored.state.handoff === undefined) return false
          const state = { ...stored.state }
          const released = endHandoff(state, isoTimestamp(clock.now()), releasedBy)
          if ((await store.put(sessionId, state, stored.version)) === false) continue
          await ledger?.append(sessionId, released, { actor: releasedBy ?? 'host' })
          return true
        }
        throw new FocalError({ code: 'version-conflict', message: `session "${sessionId}" kept changing` })
      })
    },
  }
}

function isLanguageModel(value: LanguageModel | ModelRoles): value is LanguageModel {
  return typeof (value as { generate?: unknown }).generate === 'function'
}

/**
 * The definition's settings with the host's over them, block by block: `{ finalizationGate:
 * { maxRetries: 1 } }` changes that one field and keeps the definition's `enabled` and `onFail`
 * (a shallow merge reset the rest of the block to its defaults, turning a gate off). Lists and
 * other values are replaced whole.
 */
function mergeSettings(base: object, override: object): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue
    const current = merged[key]
    merged[key] = isPlainObject(value) && isPlainObject(current) ? mergeSettings(current, value) : value
  }
  return merged
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype
}

/** Explicit roles first, then the definition's ids through `provideModel`. */
function modelRolesOf(options: EngineOptions, definition: FocalDefinition): ModelRoles {
  const fromDefinition =
    options.provideModel === undefined
      ? {}
      : createModelRoles({ ids: definition.settings.models, provide: options.provideModel })
  const explicit: ModelRoles =
    options.model === undefined
      ? {}
      : isLanguageModel(options.model)
        ? { default: options.model }
        : options.model
  // A single explicit model becomes the default; per-use ids from the definition still refine it.
  return { ...fromDefinition, ...explicit }
}

function alignmentJudgeOf(
  options: Pick<EngineOptions, 'alignmentJudge'>,
  definition: FocalDefinition,
  model: LanguageModel | undefined,
): { alignmentJudge?: AlignmentJudge } {
  if (options.alignmentJudge === false || !definition.settings.finalizationGate.enabled) return {}
  if (options.alignmentJudge !== undefined) return { alignmentJudge: options.alignmentJudge }
  const strictness = definition.settings.finalizationGate.strictness
  // Intents that list required elements get their own contract, keyed as the turn names them.
  const intentContracts = Object.fromEntries(
    definition.intents.flatMap((intent) =>
      intent.requiredElements === undefined
        ? []
        : [[intent.intentType ?? intent.id, defineIntentContract({ elements: intent.requiredElements })]],
    ),
  )
  return {
    alignmentJudge: createAlignmentJudge({
      strictness,
      intentContracts,
      customReasonCodes: definition.settings.finalizationGate.customReasonCodes,
      ...(model === undefined ? {} : { model }),
    }),
  }
}

function lane2Of(
  options: Pick<EngineOptions, 'lane2'>,
  model: LanguageModel | undefined,
): { lane2?: Lane2Judge } {
  if (options.lane2 === false) return {}
  if (options.lane2 !== undefined) return { lane2: options.lane2 }
  return model === undefined ? {} : { lane2: createLane2Judge({ model }) }
}

function toLedger(
  ledger: Ledger | LedgerStore | false | undefined,
  clock: Clock | undefined,
): Ledger | undefined {
  if (ledger === false) return undefined
  if (ledger !== undefined && 'append' in ledger) return ledger
  return createLedger({
    ...(ledger === undefined ? {} : { store: ledger }),
    ...(clock === undefined ? {} : { clock }),
  })
}

/**
 * Where a turn's tool calls can take their arguments from, besides the message: the session's
 * fields, the paused scenarios' fields, the requests waiting to be read again (queued, offered,
 * awaiting a yes, clarified) and the calls waiting for an approver. Not the conversation's
 * history: an order named ten turns ago and never taken up gives no call (and was read each turn).
 */
function callSources(state: EngineSessionState): string {
  return JSON.stringify([
    state.fields,
    state.navigation.paused,
    state.queuedRequests,
    state.offeredRequest,
    state.awaitingConfirmation,
    state.pendingClarification?.unclear,
    state.pendingApproval?.remaining,
  ])
}

/** A copy of the lists of calls a turn may add to (the turn appends to the state's own arrays). */
function sessionCalls(state: EngineSessionState): SessionCalls {
  return {
    ...(state.toolCalls === undefined ? {} : { toolCalls: [...state.toolCalls] }),
    ...(state.rejectedCalls === undefined ? {} : { rejectedCalls: [...state.rejectedCalls] }),
    ...(state.pendingApproval === undefined ? {} : { pendingApproval: state.pendingApproval }),
  }
}

/**
 * The tools a turn ran (or tried: a failed call may have acted) that running it again would
 * repeat: all but those the definition annotates as safe to repeat (MCP's `readOnlyHint` or
 * `idempotentHint`).
 */
function toolsThatRan(result: TurnResult, compiled: CompiledEngine): string[] {
  return result.provenance.tools
    .filter((tool) => tool.status === 'ran' || tool.status === 'failed' || tool.status === 'approved')
    .filter((tool) => {
      const annotations = compiled.definition.tools.find((entry) => entry.id === tool.id)?.annotations
      return annotations?.readOnlyHint !== true && annotations?.idempotentHint !== true
    })
    .map((tool) => tool.id)
}

/** A FIFO of work per key: each piece of work starts once the one before it on its key settled. */
function createWorkQueue(): <Value>(key: string, work: () => Promise<Value>) => Promise<Value> {
  const tails = new Map<string, Promise<unknown>>()
  return (key, work) => {
    const previous = tails.get(key) ?? Promise.resolve()
    const next = previous.then(work, work)
    const tail = next.catch(() => undefined)
    tails.set(key, tail)
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key)
    })
    return next
  }
}
