import type { TurnEvent, TurnResult } from '@focal/core'
import type { FocalStreamGuard } from './stream-guard.ts'

function guardText(guard: FocalStreamGuard, text: string): string {
  const released = guard.push(text) + guard.flush()
  return guard.blocked() === undefined ? released : ''
}

/**
 * Runs a whole `TurnResult`'s text (and its text deltas) through a fresh stream guard before it
 * leaves as JSON, so `/v1/turn` releases no more than `/v1/chat` would. `turn-finished` events keep
 * only the turn id (their `result` is this object).
 */
export function guardTurnResult(result: TurnResult, createGuard: () => FocalStreamGuard): TurnResult {
  // Built on the first text delta only: a non-streamed turn has none, and a guard costs scanners.
  let deltas: FocalStreamGuard | undefined
  const events = result.events.map((event): TurnEvent => {
    // The finished event carries the result itself; on the wire it would be a cycle.
    if (event.type === 'turn-finished') return { type: 'turn-finished', turnId: result.turnId } as never
    if (event.type !== 'text-delta') return event
    deltas ??= createGuard()
    return { type: 'text-delta', delta: deltas.push(event.delta) }
  })
  const tail = deltas === undefined ? '' : deltas.flush()
  if (tail) events.push({ type: 'text-delta', delta: tail })
  if (!('text' in result) || typeof result.text !== 'string') return { ...result, events }
  return { ...result, text: guardText(createGuard(), result.text), events }
}
