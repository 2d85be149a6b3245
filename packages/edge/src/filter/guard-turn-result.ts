import type { FocalStreamGuard, TurnEvent, TurnResult } from '@focal/core'
import { guardWholeText } from '@focal/core/enforcement'

/** The guards `guardTurnResult` uses: the app's services. */
export interface TurnResultGuards {
  createStreamGuard(): FocalStreamGuard
  /** Whole-text guard; without one, a fresh stream guard per text. */
  guardText?: ((text: string) => string) | undefined
}

/**
 * Runs a whole `TurnResult`'s text (and its text deltas) through the stream guard before it
 * leaves as JSON, so `/v1/turn` releases no more than `/v1/chat` would. `turn-finished` events keep
 * only the turn id (their `result` is this object).
 */
export function guardTurnResult(result: TurnResult, guards: TurnResultGuards): TurnResult {
  // Built on the first text delta only: a non-streamed turn has none, and a guard costs scanners.
  let deltas: FocalStreamGuard | undefined
  const events = result.events.map((event): TurnEvent => {
    // The finished event carries the result itself; on the wire it would be a cycle.
    if (event.type === 'turn-finished') return { type: 'turn-finished', turnId: result.turnId } as never
    if (event.type !== 'text-delta') return event
    deltas ??= guards.createStreamGuard()
    return { type: 'text-delta', delta: deltas.push(event.delta) }
  })
  const tail = deltas === undefined ? '' : deltas.flush()
  if (tail) events.push({ type: 'text-delta', delta: tail })
  if (!('text' in result) || typeof result.text !== 'string') return { ...result, events }
  const text = guards.guardText
    ? guards.guardText(result.text)
    : guardWholeText(guards.createStreamGuard(), result.text)
  return { ...result, text, events }
}
