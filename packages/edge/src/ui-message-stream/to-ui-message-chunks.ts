import type { TurnEvent, TurnResult } from '@focal/core'
import type { FocalStreamGuard } from '../filter/stream-guard.ts'
import type { FocalUiMessageChunk } from './ui-message-chunk.ts'

/** Options of {@link toUiMessageChunks}. */
export interface ToUiMessageChunksOptions {
  /** Id of the assistant message (`start.messageId`). */
  messageId: string
  /** Streaming Lane 1 guard every text delta passes through before it is emitted. */
  redactor: FocalStreamGuard
  /** Sent first as a transient `data-session` part so browser clients learn their session token. */
  session?: { sessionId: string; token?: string }
  /** Called with every engine event, in order, before it is mapped. */
  onEvent?: (event: TurnEvent) => void | Promise<void>
}

function countByType(
  findings: ReturnType<FocalStreamGuard['findings']>,
): Array<{ type: string; count: number }> {
  const counts = new Map<string, number>()
  for (const finding of findings) counts.set(finding.type, (counts.get(finding.type) ?? 0) + 1)
  return [...counts].map(([type, count]) => ({ type, count }))
}

function resultText(result: TurnResult): string {
  return 'text' in result && typeof result.text === 'string' ? result.text : ''
}

/**
 * Maps the engine's turn events to AI SDK UI message chunks: `start`, text parts released only by
 * the streaming redactor, Focal's `data-*` parts, `finish`. Engine failures become an `error` chunk
 * with a fixed message (no internals).
 */
export async function* toUiMessageChunks(
  events: AsyncIterable<TurnEvent>,
  { messageId, redactor, session, onEvent }: ToUiMessageChunksOptions,
): AsyncGenerator<FocalUiMessageChunk> {
  const textId = `${messageId}:text`
  let textOpen = false
  let streamedText = false
  let result: TurnResult | undefined
  function* emitText(text: string): Generator<FocalUiMessageChunk> {
    if (!text) return
    if (!textOpen) yield { type: 'text-start', id: textId }
    textOpen = true
    yield { type: 'text-delta', id: textId, delta: text }
  }
  yield { type: 'start', messageId }
  if (session) yield { type: 'data-session', id: `${messageId}:session`, data: session, transient: true }
  try {
    for await (const event of events) {
      await onEvent?.(event)
      if (event.type === 'text-delta') {
        streamedText = true
        yield* emitText(redactor.push(event.delta))
      } else if (event.type === 'clarification-requested') {
        yield { type: 'data-clarification', id: `${messageId}:clarification`, data: event.clarification }
      } else if (event.type === 'approval-requested') {
        yield { type: 'data-approval', id: `${messageId}:approval`, data: event.approval }
      } else if (event.type === 'goal-progress') {
        yield { type: 'data-goal-gate', id: `${messageId}:goal-progress`, data: event.snapshot }
      } else if (event.type === 'enforcement-applied') {
        const data = { outcome: event.outcome, ruleIds: event.ruleIds }
        yield { type: 'data-enforcement', id: `${messageId}:enforcement`, data }
      } else if (event.type === 'turn-finished') {
        result = event.result
      }
    }
  } catch {
    yield { type: 'error', errorText: 'The turn failed.' }
    yield { type: 'finish', finishReason: 'error' }
    return
  }
  if (result && !streamedText) yield* emitText(redactor.push(resultText(result)))
  yield* emitText(redactor.flush())
  if (textOpen) yield { type: 'text-end', id: textId }
  if (result) yield* resultParts(result, messageId, redactor)
  yield { type: 'finish', finishReason: redactor.blocked() ? 'content-filter' : 'stop' }
}

function* resultParts(
  result: TurnResult,
  messageId: string,
  redactor: FocalStreamGuard,
): Generator<FocalUiMessageChunk> {
  if (result.type === 'clarification') {
    yield { type: 'data-clarification', id: `${messageId}:clarification`, data: result.clarification }
  }
  if (result.type === 'approval-required') {
    yield { type: 'data-approval', id: `${messageId}:approval`, data: result.approval }
  }
  if (result.type === 'handoff')
    yield { type: 'data-handoff', id: `${messageId}:handoff`, data: result.handoff }
  const findings = redactor.findings()
  const engine = result.provenance.enforcement
  const stream = { redactions: countByType(findings), blocked: redactor.blocked() !== undefined }
  if (engine || findings.length > 0) {
    const outcome = stream.blocked
      ? 'blocked'
      : findings.length > 0
        ? 'redacted'
        : (engine?.outcome ?? 'allowed')
    const data = { ...engine, outcome, violations: engine?.violations ?? [], stream }
    yield { type: 'data-enforcement', id: `${messageId}:enforcement`, data }
  }
  for (const gate of result.provenance.gates) {
    if (gate.name === 'goal-gate') yield { type: 'data-goal-gate', id: `${messageId}:goal-gate`, data: gate }
  }
  yield { type: 'data-provenance', id: `${messageId}:provenance`, data: result.provenance }
}
