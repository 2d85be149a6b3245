import type { TurnEvent, TurnResult } from '../engine/types.ts'
import type { FocalErrorCode } from '../errors/codes.ts'
import { FocalError } from '../errors/focal-error.ts'
import type { EnforcementData, RetractionData, SessionData, UiMessageChunk } from './ui-message-chunk.ts'

/**
 * A streaming text guard (core's `StreamRedactor`, or a definition's stream guard): holds back only
 * what could still become a match, replaces or blocks what matched.
 */
export interface UiTextGuard {
  /** Feed a chunk; returns the text that is now safe to emit (may be ''). */
  push(chunk: string): string
  /** End of input; returns whatever was still held back, redacted. */
  flush(): string
  /** Every finding so far. */
  findings(): ReadonlyArray<{ type: string }>
  /** Once it blocked, the block; otherwise undefined. */
  blocked(): unknown
}

/** Options of {@link toUiMessageChunks}. */
export interface ToUiMessageChunksOptions {
  /** Id of the assistant message (`start.messageId`). @default the turn's id (`turn-started`) */
  messageId?: string
  /**
   * Builds a guard every text part passes through before it is emitted (a transport's second line
   * of defence over the engine's own Lane 1 stream); a new one per text part, so a retracted draft's
   * held-back tail is dropped, never released.
   */
  guard?: () => UiTextGuard
  /** Sent right after `start` as a transient `data-session` part (browser clients learn their token). */
  session?: SessionData
  /** Called with every engine event, in order, before it is mapped. */
  onEvent?: (event: TurnEvent) => void | Promise<void>
}

/** The chunks the caller sees when the turn fails: a fixed message, no internals. */
const failedTurnText = 'The turn failed.'

/**
 * Failures that are the caller's own to act on, shown with their code and message (`/v1/turn`
 * answers them as 4xx JSON): a session past `settings.maxTurns` must start a new one.
 */
const callerFailures: ReadonlySet<FocalErrorCode> = new Set(['session-turn-limit'])

function failureText(error: unknown): string {
  return error instanceof FocalError && callerFailures.has(error.code)
    ? `${error.code}: ${error.message}`
    : failedTurnText
}

/**
 * The code and message of an `error` part's text when it names a failure that is the caller's to
 * act on (`session-turn-limit: …`), else undefined: a client shows the message and acts on the
 * code (start a new session) instead of retrying what cannot succeed.
 *
 * @example
 * readFailureText('session-turn-limit: this session has taken its 1000 turns') // { code: 'session-turn-limit', message: '…' }
 */
export function readFailureText(errorText: string): { code: FocalErrorCode; message: string } | undefined {
  const colon = errorText.indexOf(': ')
  const code = errorText.slice(0, colon) as FocalErrorCode
  return colon > 0 && callerFailures.has(code) ? { code, message: errorText.slice(colon + 2) } : undefined
}

/**
 * Maps a turn's events (`engine.turnStream`) to the UI message stream every Focal transport sends:
 * `start`, text parts (each through the guard, retracted with a `data-retraction` part when a
 * verdict rejects a streamed draft), the outcome's `data-*` parts, `finish`. The one mapping the
 * HTTP server and the in-page transport share, so both produce the same chunks for the same turn.
 *
 * @example
 * for await (const chunk of toUiMessageChunks(engine.turnStream({ sessionId, text }))) send(chunk)
 */
export async function* toUiMessageChunks(
  events: AsyncIterable<TurnEvent> | Iterable<TurnEvent>,
  options: ToUiMessageChunksOptions = {},
): AsyncGenerator<UiMessageChunk, void, undefined> {
  let messageId = options.messageId
  let started = false
  let parts = 0
  let text: { id: string; guard: UiTextGuard | undefined } | undefined
  let streamedText = false
  let result: TurnResult | undefined
  const findings: Array<{ type: string }> = []
  let blocked = false
  const guarded = options.guard !== undefined
  /** Prefix of the message's part ids. */
  const base = () => messageId ?? 'message'

  function* start(turnId?: string): Generator<UiMessageChunk> {
    if (started) return
    started = true
    messageId ??= turnId
    yield messageId === undefined ? { type: 'start' } : { type: 'start', messageId }
    if (options.session !== undefined)
      yield { type: 'data-session', id: `${base()}:session`, data: options.session, transient: true }
  }
  function* emitText(delta: string): Generator<UiMessageChunk> {
    if (delta === '' || blocked) return
    if (text === undefined) {
      parts += 1
      const id = parts === 1 ? `${base()}:text` : `${base()}:text-${parts}`
      text = { id, guard: options.guard?.() }
      yield { type: 'text-start', id }
    }
    const safe = text.guard === undefined ? delta : text.guard.push(delta)
    if (safe !== '') yield { type: 'text-delta', id: text.id, delta: safe }
    if (text.guard?.blocked() !== undefined) blocked = true
  }
  /** Ends the open text part; `release` flushes the guard's held tail, otherwise it is dropped. */
  function* endText(release: boolean): Generator<UiMessageChunk> {
    if (text === undefined) return
    const { id, guard } = text
    text = undefined
    if (release && guard !== undefined && !blocked) {
      const rest = guard.flush()
      if (rest !== '') yield { type: 'text-delta', id, delta: rest }
    }
    if (guard !== undefined) findings.push(...guard.findings())
    if (guard?.blocked() !== undefined) blocked = true
    yield { type: 'text-end', id }
  }

  try {
    for await (const event of events) {
      await options.onEvent?.(event)
      yield* start(event.type === 'turn-started' ? event.turnId : undefined)
      if (event.type === 'text-delta') {
        streamedText = true
        yield* emitText(event.delta)
      } else if (event.type === 'text-retracted') {
        const textId = text?.id ?? `${base()}:text`
        yield* endText(false)
        const data: RetractionData = {
          textId,
          code: event.code,
          reason: event.reason,
          ruleIds: event.ruleIds,
        }
        yield { type: 'data-retraction', id: `${base()}:retraction-${parts}`, data }
      } else if (event.type === 'goal-progress') {
        yield { type: 'data-goal-gate', id: `${base()}:goal-progress`, data: event.snapshot }
      } else if (event.type === 'turn-finished') {
        result = event.result
      }
    }
  } catch (error) {
    yield* start()
    yield* endText(false)
    yield { type: 'error', errorText: failureText(error) }
    yield { type: 'finish', finishReason: 'error' }
    return
  }
  yield* start(result?.turnId)
  if (result !== undefined && !streamedText && 'text' in result && typeof result.text === 'string')
    yield* emitText(result.text)
  yield* endText(true)
  if (result !== undefined) yield* outcomeChunks(result, base(), guarded, findings, blocked)
  yield { type: 'finish', finishReason: blocked ? 'content-filter' : 'stop' }
}

function* outcomeChunks(
  result: TurnResult,
  messageId: string,
  guarded: boolean,
  findings: ReadonlyArray<{ type: string }>,
  blocked: boolean,
): Generator<UiMessageChunk> {
  if (result.type === 'clarification')
    yield { type: 'data-clarification', id: `${messageId}:clarification`, data: result.clarification }
  if (result.type === 'approval-required')
    yield { type: 'data-approval', id: `${messageId}:approval`, data: result.approval }
  if (result.type === 'handoff')
    yield { type: 'data-handoff', id: `${messageId}:handoff`, data: result.handoff }
  const enforcement = enforcementData(result, guarded, findings, blocked)
  if (enforcement !== undefined)
    yield { type: 'data-enforcement', id: `${messageId}:enforcement`, data: enforcement }
  for (const gate of result.provenance.gates)
    if (gate.name === 'goal-gate') yield { type: 'data-goal-gate', id: `${messageId}:goal-gate`, data: gate }
  yield { type: 'data-provenance', id: `${messageId}:provenance`, data: result.provenance }
}

/** The engine's enforcement of the reply merged with what the transport's guard did on the way out. */
function enforcementData(
  result: TurnResult,
  guarded: boolean,
  findings: ReadonlyArray<{ type: string }>,
  blocked: boolean,
): EnforcementData | undefined {
  const engine = result.provenance.enforcement
  if (engine === undefined && findings.length === 0 && !blocked) return undefined
  const outcome = blocked
    ? 'blocked'
    : findings.length > 0 && (engine === undefined || engine.outcome === 'allowed')
      ? 'redacted'
      : (engine?.outcome ?? 'allowed')
  const violations = engine?.violations ?? []
  return {
    outcome,
    ruleIds: [...new Set(violations.map((violation) => violation.ruleId))],
    violations,
    redactions: engine?.redactions ?? [],
    ...(engine?.lane2 === undefined ? {} : { lane2: engine.lane2 }),
    ...(guarded ? { stream: { redactions: countByType(findings), blocked } } : {}),
  }
}

function countByType(findings: ReadonlyArray<{ type: string }>): Array<{ type: string; count: number }> {
  const counts = new Map<string, number>()
  for (const finding of findings) counts.set(finding.type, (counts.get(finding.type) ?? 0) + 1)
  return [...counts].map(([type, count]) => ({ type, count }))
}

/** The events of a turn that finished without streaming (`engine.turn`, `engine.resolveApproval`). */
export function turnResultEvents(result: TurnResult): TurnEvent[] {
  return [
    { type: 'turn-started', turnId: result.turnId, sessionId: result.sessionId },
    { type: 'turn-finished', result },
  ]
}
