import { createGuardChannels } from './create-guard-channels.ts'
import { asRecord, encodeSseEvent } from './encode-sse-event.ts'
import type { CreateStreamGuard, SseEvent, SseFormatFilter } from './types.ts'

/** Text fields of a Chat Completions delta (`reasoning_content`: OpenAI-compatible reasoning models). */
const textFields = ['content', 'reasoning_content', 'reasoning', 'refusal'] as const

type Choice = Record<string, unknown> & { index?: number; delta?: Record<string, unknown> }

/**
 * Guards OpenAI Chat Completions SSE: per choice, `delta.content` (and reasoning, refusal) and each
 * tool call's `function.arguments` deltas run through their own guard. Held text is released in
 * the choice's `finish_reason` chunk, or in chunks of its own before `[DONE]`; a block ends the
 * stream with a `finish_reason: "content_filter"` chunk per choice and `[DONE]`.
 */
export function filterOpenAiChatSse(createGuard: CreateStreamGuard): SseFormatFilter {
  const channels = createGuardChannels(createGuard)
  const choiceIndexes = new Set<number>()
  let template: Record<string, unknown> = {}
  let stopped = false
  const chunk = (index: number, delta: Record<string, unknown>, finishReason: string | null) =>
    encodeSseEvent(undefined, { ...template, choices: [{ index, delta, finish_reason: finishReason }] })
  const toolDelta = (toolIndex: number, rest: string) => ({
    tool_calls: [{ index: toolIndex, function: { arguments: rest } }],
  })
  const guardDelta = (index: number, delta: Record<string, unknown>) => {
    for (const field of textFields) {
      const text = delta[field]
      if (typeof text === 'string')
        delta[field] = channels.push(`${index}:${field}`, text, (rest) =>
          chunk(index, { [field]: rest }, null),
        )
    }
    if (!Array.isArray(delta.tool_calls)) return
    for (const call of delta.tool_calls as Array<Record<string, unknown>>) {
      const toolIndex = typeof call.index === 'number' ? call.index : 0
      const fn = asRecord(call.function)
      if (fn && typeof fn.arguments === 'string')
        fn.arguments = channels.push(
          `${index}:tool:${toolIndex}`,
          fn.arguments,
          (rest) => chunk(index, toolDelta(toolIndex, rest), null),
          { json: true },
        )
    }
  }
  /** Held text of a finishing choice goes into its finish chunk, after the text it already carries. */
  const releaseInto = (index: number, delta: Record<string, unknown>) => {
    for (const key of channels.openKeys()) {
      if (!key.startsWith(`${index}:`)) continue
      const rest = channels.close(key)
      if (!rest) continue
      const [, kind, toolIndex] = key.split(':')
      if (kind !== 'tool') delta[kind!] = `${(delta[kind!] as string | undefined) ?? ''}${rest}`
      else {
        if (!Array.isArray(delta.tool_calls)) delta.tool_calls = []
        const calls = delta.tool_calls as Array<Record<string, unknown>>
        const call = calls.find((entry) => entry.index === Number(toolIndex))
        const fn = asRecord(call?.function)
        if (fn) fn.arguments = `${(fn.arguments as string | undefined) ?? ''}${rest}`
        else calls.push(toolDelta(Number(toolIndex), rest).tool_calls[0]!)
      }
    }
  }
  const blockedEnd = () =>
    `${[...choiceIndexes].map((index) => chunk(index, {}, 'content_filter')).join('')}data: [DONE]\n\n`
  return {
    get stopped() {
      return stopped
    },
    event(event: SseEvent, data: unknown) {
      if (stopped) return ''
      if (event.data === '[DONE]') {
        const output = channels.closeAll()
        stopped = channels.blocked
        return stopped ? `${output}${blockedEnd()}` : `${output}data: [DONE]\n\n`
      }
      const parsed = asRecord(data)
      if (!parsed || !Array.isArray(parsed.choices)) return `${event.raw}\n\n`
      const { choices: _choices, usage: _usage, ...rest } = parsed
      template = rest
      for (const choice of parsed.choices as Choice[]) {
        const index = typeof choice.index === 'number' ? choice.index : 0
        choiceIndexes.add(index)
        if (!asRecord(choice.delta)) choice.delta = {}
        const delta = choice.delta as Record<string, unknown>
        guardDelta(index, delta)
        if (choice.finish_reason != null && !channels.blocked) releaseInto(index, delta)
      }
      if (channels.blocked) {
        stopped = true
        for (const choice of parsed.choices as Choice[]) choice.finish_reason = null
        return `${encodeSseEvent(undefined, parsed)}${blockedEnd()}`
      }
      return encodeSseEvent(undefined, parsed)
    },
    end() {
      if (stopped) return ''
      const output = channels.closeAll()
      if (channels.blocked) {
        stopped = true
        return blockedEnd()
      }
      return output
    },
  }
}
