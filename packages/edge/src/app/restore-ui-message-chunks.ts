import type { UiMessageChunk } from '@focal/core'
import type { FocalRestoringStream, FocalValueRestorer } from './create-value-restorer.ts'

/**
 * Restores allowed placeholders in the text parts of a guarded UI message stream: each part's
 * deltas go through one restoring stream (a `[EMAIL_ADDRESS_1]` split across deltas is held back, at most
 * `maxHeldPlaceholderLength` characters, and restored whole); its tail is released before
 * `text-end`. Every other chunk passes unchanged.
 */
export async function* restoreUiMessageChunks(
  chunks: AsyncIterable<UiMessageChunk>,
  restorer: FocalValueRestorer,
): AsyncGenerator<UiMessageChunk, void, undefined> {
  const parts = new Map<string, FocalRestoringStream>()
  for await (const chunk of chunks) {
    if (chunk.type === 'text-delta') {
      let stream = parts.get(chunk.id)
      if (stream === undefined) {
        stream = restorer.createStream()
        parts.set(chunk.id, stream)
      }
      const delta = await stream.push(chunk.delta)
      if (delta !== '') yield { ...chunk, delta }
      continue
    }
    if (chunk.type === 'text-end') {
      const rest = await parts.get(chunk.id)?.flush()
      parts.delete(chunk.id)
      if (rest) yield { type: 'text-delta', id: chunk.id, delta: rest }
    }
    yield chunk
  }
}
