import type { TurnEvent, TurnResult } from '@focal/core'
import type { FocalUiMessageChunk } from './types.ts'

const textId = 'text-0'

/** The chunks that carry a finished turn's non-text outcome (clarification, approval, provenance). */
function outcomeChunks(result: TurnResult, textSent: boolean): FocalUiMessageChunk[] {
  const chunks: FocalUiMessageChunk[] = []
  const text = 'text' in result ? result.text : undefined
  if (!textSent && text) {
    chunks.push({ type: 'text-start', id: textId }, { type: 'text-delta', id: textId, delta: text })
    chunks.push({ type: 'text-end', id: textId })
  }
  if (result.type === 'clarification') chunks.push({ type: 'data-clarification', data: result.clarification })
  if (result.type === 'approval-required') chunks.push({ type: 'data-approval', data: result.approval })
  const enforcement = result.provenance.enforcement
  if (enforcement) {
    const ruleIds = enforcement.violations.map((violation) => violation.ruleId)
    chunks.push({
      type: 'data-enforcement',
      data: { outcome: enforcement.outcome, ruleIds, redactions: enforcement.redactions },
    })
  }
  chunks.push({ type: 'data-provenance', data: result.provenance })
  return chunks
}

/** The UI message chunks of one finished turn, as `@focal/edge` would stream them. */
export function turnResultToChunks(result: TurnResult): FocalUiMessageChunk[] {
  return [
    { type: 'start', messageId: result.turnId },
    ...outcomeChunks(result, false),
    { type: 'finish', finishReason: 'stop' },
  ]
}

/**
 * Maps an engine's streamed turn events to UI message chunks, the same shape `@focal/edge` sends,
 * so a chat store renders a local engine and a remote one alike.
 */
export async function* turnEventsToChunks(
  events: AsyncIterable<TurnEvent>,
): AsyncGenerator<FocalUiMessageChunk, void, undefined> {
  let textOpen = false
  let textSent = false
  for await (const event of events) {
    if (event.type === 'turn-started') yield { type: 'start', messageId: event.turnId }
    if (event.type === 'text-delta' && event.delta) {
      if (!textOpen) yield { type: 'text-start', id: textId }
      textOpen = true
      textSent = true
      yield { type: 'text-delta', id: textId, delta: event.delta }
    }
    if (event.type === 'turn-finished') {
      if (textOpen) yield { type: 'text-end', id: textId }
      textOpen = false
      yield* outcomeChunks(event.result, textSent)
      yield { type: 'finish', finishReason: 'stop' }
    }
  }
}
