import { type Provenance, summarizeProvenance, type TurnResult, type UiMessageChunk } from '@focal/core'
import type { FocalAppContext } from './app-context.ts'

/** A turn result as the app's clients get it (`provenance: 'summary'` leaves out how it was decided). */
export function clientTurnResult(app: Pick<FocalAppContext, 'provenance'>, result: TurnResult): TurnResult {
  return app.provenance === 'full'
    ? result
    : { ...result, provenance: summarizeProvenance(result.provenance) }
}

/** A UI message stream as the app's clients get it: its `data-provenance` part summarised. */
export async function* clientChunks(
  app: Pick<FocalAppContext, 'provenance'>,
  chunks: AsyncIterable<UiMessageChunk>,
): AsyncGenerator<UiMessageChunk> {
  if (app.provenance === 'full') return yield* chunks
  for await (const chunk of chunks)
    yield chunk.type === 'data-provenance'
      ? { ...chunk, data: summarizeProvenance(chunk.data as Provenance) }
      : chunk
}

/** A ledger record's payload as the app's clients get it: a turn's provenance summarised. */
export function clientLedgerPayload(
  app: Pick<FocalAppContext, 'provenance'>,
  type: string,
  payload: unknown,
): unknown {
  if (app.provenance === 'full' || type !== 'turn-completed') return payload
  const record = payload as { provenance?: Provenance } | undefined
  if (record?.provenance === undefined) return payload
  return { ...record, provenance: summarizeProvenance(record.provenance) }
}
