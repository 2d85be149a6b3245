import {
  type Provenance,
  summarizeEnforcement,
  summarizeProvenance,
  type TurnResult,
  type UiMessageChunk,
} from '@focal/core'
import type { FocalAppContext } from './app-context.ts'

type Level = Pick<FocalAppContext, 'provenance'>

/** A turn result as the app's clients get it (`provenance: 'summary'` leaves out how it was decided). */
export function clientTurnResult(app: Level, result: TurnResult): TurnResult {
  return app.provenance === 'full'
    ? result
    : { ...result, provenance: summarizeProvenance(result.provenance) }
}

/** A UI message stream as the app's clients get it: its `data-provenance` and `data-enforcement` parts summarised. */
export async function* clientChunks(
  app: Level,
  chunks: AsyncIterable<UiMessageChunk>,
): AsyncGenerator<UiMessageChunk> {
  if (app.provenance === 'full') return yield* chunks
  for await (const chunk of chunks)
    yield chunk.type === 'data-provenance'
      ? { ...chunk, data: summarizeProvenance(chunk.data as Provenance) }
      : chunk.type === 'data-enforcement'
        ? { ...chunk, data: summarizeEnforcement(chunk.data) }
        : chunk
}

/**
 * A ledger record's payload as the app's clients get it: a turn's provenance summarised, and the
 * internal why of a clarification, a tool check or a rule's expression left out.
 */
export function clientLedgerPayload(app: Level, type: string, payload: unknown): unknown {
  if (app.provenance === 'full' || typeof payload !== 'object' || payload === null) return payload
  const record = payload as Record<string, unknown>
  switch (type) {
    case 'turn-completed':
      return record.provenance === undefined
        ? payload
        : { ...record, provenance: summarizeProvenance(record.provenance as Provenance) }
    case 'clarification-requested':
    case 'tool-called': {
      const { reason: _reason, ...rest } = record
      return rest
    }
    case 'rule-violated':
      return { ...record, message: '' }
    default:
      return payload
  }
}

/**
 * A session snapshot as the app's clients get it: a paused turn keeps only the approval it waits
 * for (the engine's copy of that turn holds its rule conditions, router scores and intent scores).
 */
export function clientSnapshot(app: Level, state: unknown): unknown {
  if (app.provenance === 'full' || typeof state !== 'object' || state === null) return state
  const { pendingApproval, ...rest } = state as Record<string, unknown>
  if (typeof pendingApproval !== 'object' || pendingApproval === null) return state
  return { ...rest, pendingApproval: { approval: (pendingApproval as { approval?: unknown }).approval } }
}
