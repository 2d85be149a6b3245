import type { TurnEvent } from '@focal/core'
import { turnOutcomeChunks } from './turn-result-to-chunks.ts'
import type { FocalUiMessageChunk } from './types.ts'

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
    if (event.type === 'goal-progress')
      yield { type: 'data-goal-gate', id: 'goal-progress', data: event.snapshot }
    if (event.type === 'text-delta' && event.delta) {
      if (!textOpen) yield { type: 'text-start', id: 'text-0' }
      textOpen = true
      textSent = true
      yield { type: 'text-delta', id: 'text-0', delta: event.delta }
    }
    if (event.type === 'turn-finished') {
      if (textOpen) yield { type: 'text-end', id: 'text-0' }
      textOpen = false
      yield* turnOutcomeChunks(event.result, textSent)
      yield { type: 'finish', finishReason: 'stop' }
    }
  }
}
