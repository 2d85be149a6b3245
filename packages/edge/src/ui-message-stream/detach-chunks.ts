import type { UiMessageChunk } from '@focal/core'

/**
 * Reads `source` to its end whatever the client does, and hands the client a view of it: a client
 * that leaves mid-stream stops only its own reading, the turn's chunks are still all read (so the
 * whole reply can be recorded) and `onEnd` still runs once with every chunk, before the view ends.
 */
export function detachChunks(
  source: AsyncIterable<UiMessageChunk>,
  /** Called once with every chunk read (after a failure: those read before it, and the error). */
  onEnd: (chunks: UiMessageChunk[], error?: unknown) => Promise<void>,
): { chunks: AsyncIterable<UiMessageChunk>; ended: Promise<void> } {
  const read: UiMessageChunk[] = []
  let wake: (() => void) | undefined
  let finished = false
  let failure: { error: unknown } | undefined
  const notify = () => {
    wake?.()
    wake = undefined
  }
  const ended = (async () => {
    try {
      for await (const chunk of source) {
        read.push(chunk)
        notify()
      }
      await onEnd(read)
    } catch (error) {
      failure = { error }
      await onEnd(read, error).catch(() => {})
    } finally {
      finished = true
      notify()
    }
  })()
  async function* view(): AsyncGenerator<UiMessageChunk, void, undefined> {
    let index = 0
    for (;;) {
      while (index < read.length) yield read[index++]!
      if (finished) {
        if (failure !== undefined) throw failure.error
        return
      }
      await new Promise<void>((resolve) => {
        wake = resolve
      })
    }
  }
  return { chunks: view(), ended }
}
