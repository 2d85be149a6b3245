import { createGuardChannels } from './create-guard-channels.ts'
import { asRecord, encodeSseEvent } from './encode-sse-event.ts'
import { guardJsonValue } from './guard-json-value.ts'
import { guardLooseEvent, guardOtherStrings } from './guard-other-strings.ts'
import { type CreateStreamGuard, type SseEvent, type SseFormatFilter, streamBlockedCode } from './types.ts'

/** The text field of each Anthropic content-block delta type that carries model text. */
const deltaFields: Record<string, string> = {
  text_delta: 'text',
  input_json_delta: 'partial_json',
  thinking_delta: 'thinking',
}

/** The delta type that continues a block's text or thinking. */
const deltaTypes: Record<string, string> = { text: 'text_delta', thinking: 'thinking_delta' }

/** Fields of an Anthropic block or delta that are no model text: types, ids, names, signatures, encrypted data. */
export const structuralKeys: ReadonlySet<string> = new Set([
  'type',
  'id',
  'tool_use_id',
  'name',
  'signature',
  'data',
  'encrypted_index',
  'encrypted_content',
])

/** Keys of a message event that are structure: a stop reason, the model, usage counts. */
const eventKeep: ReadonlySet<string> = new Set([
  ...structuralKeys,
  'model',
  'role',
  'stop_reason',
  'index',
  'usage',
])

/** A message's keys: its structure, and its content, guarded block by block. */
export const messageKeep: ReadonlySet<string> = new Set([...eventKeep, 'content'])

/**
 * Guards Anthropic Messages SSE: each content block (text, tool-use input JSON, thinking) runs
 * through its own guard; held text is released as one more `content_block_delta` before the
 * block's `content_block_stop`. A block closes the open blocks and ends the message with
 * `stop_reason: "refusal"` (its `stop_details.explanation` names the `stream-blocked` code) and
 * `message_stop`.
 */
export function filterAnthropicSse(createGuard: CreateStreamGuard): SseFormatFilter {
  const channels = createGuardChannels(createGuard)
  const openBlocks = new Set<number>()
  let outputTokens = 0
  let stopped = false
  const event = (data: Record<string, unknown>) => encodeSseEvent(String(data.type), data)
  /**
   * A whole content block: its text or thinking (through the block's channel when `index` is
   * given, so deltas after it are read with it), its tool input, and every other string of any
   * block type (citations' `cited_text`, server tool results' `stdout`...) but ids and signatures.
   */
  const guardBlock = (block: Record<string, unknown> | undefined, index?: number) => {
    if (!block) return
    for (const [key, value] of Object.entries(block)) {
      if (structuralKeys.has(key)) continue
      if ((key === 'text' || key === 'thinking') && typeof value === 'string')
        block[key] =
          index === undefined
            ? channels.whole(value)
            : channels.push(String(index), value, (rest) =>
                event({ type: 'content_block_delta', index, delta: { type: deltaTypes[key], [key]: rest } }),
              )
      else block[key] = guardJsonValue(value, channels)
    }
  }
  const blockedEnd = () => {
    stopped = true
    const stops = [...openBlocks].map((index) => event({ type: 'content_block_stop', index })).join('')
    const stopDetails = {
      type: 'refusal',
      category: null,
      explanation: `Focal blocked this reply (${streamBlockedCode}).`,
    }
    return `${stops}${event({
      type: 'message_delta',
      delta: { stop_reason: 'refusal', stop_sequence: null, stop_details: stopDetails },
      usage: { output_tokens: outputTokens },
    })}${event({ type: 'message_stop' })}`
  }
  const guardEvent = (data: Record<string, unknown>): string => {
    const index = Number(data.index ?? 0)
    switch (data.type) {
      case 'message_start': {
        const message = asRecord(data.message)
        if (Array.isArray(message?.content))
          message.content.forEach((block) => {
            guardBlock(asRecord(block))
          })
        guardOtherStrings(data, channels, messageKeep)
        return event(data)
      }
      case 'content_block_start':
        guardBlock(asRecord(data.content_block), index)
        if (!channels.blocked) openBlocks.add(index)
        return event(data)
      case 'content_block_delta': {
        const delta = asRecord(data.delta)
        const field = deltaFields[String(delta?.type)]
        if (!delta || !field || typeof delta[field] !== 'string') {
          // Any other delta (a citation, a signature) has its strings read whole, ids aside.
          if (delta) guardBlock(delta)
          return event(data)
        }
        const template = { ...delta }
        delta[field] = channels.push(
          String(index),
          delta[field],
          (rest) => event({ type: 'content_block_delta', index, delta: { ...template, [field]: rest } }),
          { json: field === 'partial_json' },
        )
        return delta[field] === '' ? '' : event(data)
      }
      case 'content_block_stop': {
        const rest = channels.closeEvent(String(index))
        if (channels.blocked) return rest
        openBlocks.delete(index)
        return `${rest}${event(data)}`
      }
      case 'message_delta':
      case 'message_stop': {
        const usage = asRecord(data.usage)
        if (typeof usage?.output_tokens === 'number') outputTokens = usage.output_tokens
        const closed = channels.closeAll()
        guardOtherStrings(data, channels, eventKeep)
        return `${closed}${event(data)}`
      }
      default:
        // An `error` event, a `ping`, an event type added after this filter: every string but
        // its structure guarded whole.
        guardOtherStrings(data, channels, eventKeep)
        return event(data)
    }
  }
  return {
    get stopped() {
      return stopped
    },
    event(sse: SseEvent, value: unknown) {
      if (stopped) return ''
      const data = asRecord(value)
      if (!data || typeof data.type !== 'string') {
        const guarded = guardLooseEvent(sse, value, channels)
        return channels.blocked ? `${channels.closeAll()}${blockedEnd()}` : guarded
      }
      const output = guardEvent(data)
      if (!channels.blocked) return output
      // A blocked delta released only what preceded the item; the event as built carries just that.
      return `${data.type === 'content_block_delta' ? output : ''}${blockedEnd()}`
    },
    end() {
      if (stopped) return ''
      const output = channels.closeAll()
      return channels.blocked ? `${output}${blockedEnd()}` : output
    },
  }
}
