import type { FocalStreamGuard } from '@focal/core'

interface ChatChunk {
  choices?: Array<{ index?: number; delta?: { content?: unknown }; finish_reason?: unknown }>
  [key: string]: unknown
}

/**
 * Filters decoded OpenAI Chat Completions SSE events (one event per call): each choice's
 * `delta.content` runs through its own guard, held-back text is flushed before the choice's
 * `finish_reason` chunk and before `[DONE]`, and a block ends the stream with a
 * `finish_reason: "content_filter"` chunk and `[DONE]`.
 */
export function createOpenAiSseFilter(createGuard: () => FocalStreamGuard) {
  const guards = new Map<number, FocalStreamGuard>()
  let template: ChatChunk | undefined
  let stopped = false
  const guardFor = (index: number) => {
    const existing = guards.get(index)
    if (existing) return existing
    const guard = createGuard()
    guards.set(index, guard)
    return guard
  }
  const chunkEvent = (index: number, content: string | undefined, finishReason: string | null) => {
    const delta = content === undefined ? {} : { content }
    const chunk = { ...template, choices: [{ index, delta, finish_reason: finishReason }] }
    return `data: ${JSON.stringify(chunk)}\n\n`
  }
  const blockedEnd = (index: number, released: string) =>
    `${released ? chunkEvent(index, released, null) : ''}${chunkEvent(index, undefined, 'content_filter')}data: [DONE]\n\n`
  const flushAll = () => {
    let output = ''
    for (const [index, guard] of guards) {
      const rest = guard.flush()
      if (rest) output += chunkEvent(index, rest, null)
    }
    guards.clear()
    return output
  }
  return {
    get stopped() {
      return stopped
    },
    /** The SSE text to emit for one upstream event (may be ''). */
    event(data: string | undefined, raw: string): string {
      if (stopped) return ''
      if (data === '[DONE]') return `${flushAll()}data: [DONE]\n\n`
      let chunk: ChatChunk
      try {
        chunk = JSON.parse(data ?? '') as ChatChunk
      } catch {
        return `${raw}\n\n`
      }
      if (!Array.isArray(chunk.choices)) return `${raw}\n\n`
      template ??= Object.fromEntries(
        Object.entries(chunk).filter(([key]) => key !== 'choices' && key !== 'usage'),
      )
      let prefix = ''
      for (const choice of chunk.choices) {
        const index = choice.index ?? 0
        const guard = guardFor(index)
        if (typeof choice.delta?.content === 'string') {
          const released = guard.push(choice.delta.content)
          if (guard.blocked() !== undefined) {
            stopped = true
            return blockedEnd(index, released)
          }
          choice.delta.content = released
        }
        if (choice.finish_reason != null) {
          const rest = guard.flush()
          guards.delete(index)
          if (rest) prefix += chunkEvent(index, rest, null)
        }
      }
      return `${prefix}data: ${JSON.stringify(chunk)}\n\n`
    },
    /** Upstream ended without `[DONE]`: release what is held. */
    end(): string {
      return stopped ? '' : flushAll()
    },
  }
}
