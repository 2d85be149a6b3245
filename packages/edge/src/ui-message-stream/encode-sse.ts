import type { UiMessageChunk } from '@focal/core'

const encoder = new TextEncoder()

/**
 * Serialises chunks as Server-Sent Events (`data: {json}\n\n`) and closes with `data: [DONE]`.
 * Cancelling the response cancels the source iterator.
 */
export function encodeSse(
  chunks: AsyncIterable<UiMessageChunk>,
  /** Awaited once when the stream ends, fails or is cancelled (releases the session lock). */
  onClose: () => Promise<void> = async () => {},
): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: IteratorResult<UiMessageChunk>
      try {
        next = await iterator.next()
      } catch (error) {
        await onClose()
        throw error
      }
      if (next.done) {
        // Release before closing: on Workers, I/O still running after the body ends is cancelled.
        await onClose()
        controller.enqueue(encoder.encode('data: [DONE]\n\n'))
        controller.close()
        return
      }
      controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`))
    },
    async cancel() {
      try {
        await iterator.return?.()
      } finally {
        await onClose()
      }
    },
  })
}
