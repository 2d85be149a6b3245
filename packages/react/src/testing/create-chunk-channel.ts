import type { ChatTransport, FocalUiMessageChunk } from '../transport/types.ts'

/** A hand-driven stream of chunks: tests push chunks, fail or end it while the store reads it. */
export interface ChunkChannel {
  push(...chunks: FocalUiMessageChunk[]): void
  fail(error: Error): void
  end(): void
  iterable: AsyncIterable<FocalUiMessageChunk>
}

/** Creates a {@link ChunkChannel}. */
export function createChunkChannel(): ChunkChannel {
  const queue: Array<{ chunk: FocalUiMessageChunk } | { error: Error } | { end: true }> = []
  let wake: (() => void) | undefined
  const notify = () => {
    wake?.()
    wake = undefined
  }
  async function* read(): AsyncGenerator<FocalUiMessageChunk> {
    while (true) {
      const item = queue.shift()
      if (!item) {
        await new Promise<void>((resolve) => {
          wake = resolve
        })
        continue
      }
      if ('error' in item) throw item.error
      if ('end' in item) return
      yield item.chunk
    }
  }
  return {
    push: (...chunks) => {
      queue.push(...chunks.map((chunk) => ({ chunk })))
      notify()
    },
    fail: (error) => {
      queue.push({ error })
      notify()
    },
    end: () => {
      queue.push({ end: true })
      notify()
    },
    iterable: read(),
  }
}

/** A transport whose every call opens a new channel the test drives; calls are recorded. */
export function createChannelTransport() {
  const channels: ChunkChannel[] = []
  const sends: Array<{ sessionId: string; messageId: string; text: string; signal: AbortSignal }> = []
  const approvals: Array<{ approvalId: string; decision: string }> = []
  const open = () => {
    const channel = createChunkChannel()
    channels.push(channel)
    return channel.iterable
  }
  const transport: ChatTransport = {
    sendMessage(request) {
      sends.push(request)
      return open()
    },
    resolveApproval(request) {
      approvals.push({ approvalId: request.approvalId, decision: request.decision })
      return open()
    },
  }
  const latest = () => channels.at(-1)!
  return { transport, channels, sends, approvals, latest }
}
