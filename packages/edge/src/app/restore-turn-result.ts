import type { TurnEvent, TurnResult } from '@focal/core'
import type { FocalValueRestorer } from './create-value-restorer.ts'

/**
 * Restores allowed placeholders in a guarded `TurnResult` (its `text` and its text deltas, a
 * placeholder split across deltas included) for the session's own client. Call it on the result
 * `guardTurnResult` returned: what the engine stored and recorded keeps the placeholders.
 */
export async function restoreTurnResult(
  result: TurnResult,
  restorer: FocalValueRestorer,
): Promise<TurnResult> {
  const events: TurnEvent[] = []
  let stream = restorer.createStream()
  for (const event of result.events) {
    if (event.type === 'text-delta') {
      const delta = await stream.push(event.delta)
      if (delta !== '') events.push({ ...event, delta })
      continue
    }
    // Any other event ends the text run (a retraction, the finish): release what was held first.
    const rest = await stream.flush()
    if (rest !== '') events.push({ type: 'text-delta', delta: rest })
    stream = restorer.createStream()
    events.push(event)
  }
  const rest = await stream.flush()
  if (rest !== '') events.push({ type: 'text-delta', delta: rest })
  if (!('text' in result) || typeof result.text !== 'string') return { ...result, events }
  return { ...result, text: await restorer.restore(result.text), events }
}
