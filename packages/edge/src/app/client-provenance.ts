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
  if (app.provenance === 'full') return result
  const summarized = { ...result, provenance: summarizeProvenance(result.provenance) }
  return summarized.type === 'handoff'
    ? { ...summarized, handoff: clientHandoff(summarized.handoff) }
    : summarized
}

/** A handoff as a customer sees it: what the person wrote, not who they are on the staff (`by`). */
function clientHandoff<T extends { replies?: ReadonlyArray<{ by?: string }> }>(handoff: T): T {
  if (handoff.replies === undefined) return handoff
  return { ...handoff, replies: handoff.replies.map(({ by: _by, ...reply }) => reply) }
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
        : chunk.type === 'data-handoff'
          ? { ...chunk, data: clientHandoff(chunk.data) }
          : chunk
}

/**
 * A ledger record's payload as the app's clients get it: a turn's provenance summarised, and the
 * internal why of a clarification, a tool check or a rule's expression, and who on the staff wrote
 * a handoff reply, left out.
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
    case 'handoff-replied': {
      const { by: _by, ...rest } = record
      return rest
    }
    default:
      return payload
  }
}

/**
 * A session snapshot as the app's clients get it: a paused turn keeps only the approval it waits
 * for (the engine's copy of that turn holds its rule conditions, router scores and intent scores),
 * and a handoff's replies do not name the staff member who wrote them.
 */
export function clientSnapshot(app: Level, state: unknown): unknown {
  if (app.provenance === 'full' || typeof state !== 'object' || state === null) return state
  const { pendingApproval, handoff, lastHandoff, ...rest } = state as Record<string, unknown>
  type Handed = { replies?: Array<{ by?: string }> }
  return {
    ...rest,
    ...(typeof pendingApproval === 'object' && pendingApproval !== null
      ? { pendingApproval: { approval: (pendingApproval as { approval?: unknown }).approval } }
      : {}),
    ...(handoff === undefined ? {} : { handoff: clientHandoff(handoff as Handed) }),
    ...(lastHandoff === undefined ? {} : { lastHandoff: clientHandoff(lastHandoff as Handed) }),
  }
}
