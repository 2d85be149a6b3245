import { createGuardChannels } from './create-guard-channels.ts'
import { asRecord, encodeSseEvent } from './encode-sse-event.ts'
import { guardLooseEvent, guardOtherStrings } from './guard-other-strings.ts'
import { guardResponsesItem, isJsonKey } from './guard-responses-item.ts'
import type { CreateStreamGuard, SseEvent, SseFormatFilter } from './types.ts'

/** The text field of each `response.*.done` event that closes a streamed value. */
const doneFields = ['text', 'arguments', 'refusal', 'input', 'code'] as const

/**
 * Keys of a Responses event that are structure (types, ids, indexes, status, the model,
 * obfuscation padding, encrypted reasoning) or that the filter guards itself (deltas, done texts,
 * parts, items, a response's output): every other string (an `error` event's message, a failed
 * response's error, instructions) is guarded whole.
 */
export const responsesKeep: ReadonlySet<string> = new Set([
  'type',
  'id',
  'item_id',
  'output_index',
  'content_index',
  'summary_index',
  'sequence_number',
  'status',
  'role',
  'model',
  'object',
  'created_at',
  'call_id',
  'name',
  'obfuscation',
  'encrypted_content',
  'logprobs',
  'delta',
  ...doneFields,
  'part',
  'item',
  'output',
  'output_text',
])

const channelKey = (kind: string, event: Record<string, unknown>) =>
  `${kind}|${String(event.item_id ?? '')}|${Number(event.content_index ?? event.summary_index ?? 0)}`

/**
 * Guards OpenAI Responses SSE: every `response.*.delta` (output text, refusals, function-call and
 * tool arguments, reasoning) runs through the guard of its item and part; the matching `.done`,
 * `content_part.done`, `output_item.done` and the final `response.*` objects carry the guarded
 * text, held text is released as one more delta before them, and `sequence_number`s are renumbered.
 * A block ends the stream with `response.incomplete` (`incomplete_details.reason: "content_filter"`).
 */
export function filterOpenAiResponsesSse(createGuard: CreateStreamGuard): SseFormatFilter {
  const channels = createGuardChannels(createGuard)
  let sequence = 0
  let named = true
  let response: Record<string, unknown> = {}
  let stopped = false
  const encode = (data: Record<string, unknown>) => {
    if ('sequence_number' in data) data.sequence_number = sequence++
    return encodeSseEvent(named ? String(data.type) : undefined, data)
  }
  let pending = ''
  const settle = (key: string, original: string) => {
    if (channels.openKeys().includes(key)) pending += channels.closeEvent(key)
    return channels.released(key) ?? channels.whole(original, { json: isJsonKey(key) })
  }
  const guardResponse = (value: unknown) => {
    const snapshot = asRecord(value)
    if (!snapshot) return
    if (Array.isArray(snapshot.output))
      snapshot.output = snapshot.output.map((item) => guardResponsesItem(item, settle, channels))
    if (typeof snapshot.output_text === 'string') snapshot.output_text = channels.whole(snapshot.output_text)
    // Its error, instructions and metadata: guarded before it is kept for the blocked end.
    guardOtherStrings(snapshot, channels, responsesKeep)
    response = { ...snapshot, output: [] }
  }
  const guardEvent = (data: Record<string, unknown>) => {
    const type = String(data.type)
    const kind = type.slice('response.'.length, type.lastIndexOf('.'))
    // Audio deltas are base64 bytes, not text (their transcript deltas are guarded).
    if (type.endsWith('.delta') && typeof data.delta === 'string' && kind !== 'audio') {
      const template = { ...data }
      const key = channelKey(kind, data)
      data.delta = channels.push(key, data.delta, (rest) => encode({ ...template, delta: rest }), {
        json: isJsonKey(key),
      })
      return data.delta !== ''
    }
    if (type.endsWith('.done')) {
      for (const field of doneFields)
        if (typeof data[field] === 'string') data[field] = settle(channelKey(kind, data), data[field])
    }
    const part = asRecord(data.part)
    if (part && (type === 'response.content_part.done' || type === 'response.reasoning_summary_part.done')) {
      const partKind =
        type === 'response.reasoning_summary_part.done'
          ? 'reasoning_summary_text'
          : part.type === 'refusal'
            ? 'refusal'
            : part.type === 'reasoning_text'
              ? 'reasoning_text'
              : 'output_text'
      const field = part.type === 'refusal' ? 'refusal' : 'text'
      if (typeof part[field] === 'string') part[field] = settle(channelKey(partKind, data), part[field])
    }
    if (data.item !== undefined) data.item = guardResponsesItem(data.item, settle, channels)
    if (data.response !== undefined) guardResponse(data.response)
    guardOtherStrings(data, channels, responsesKeep)
    return true
  }
  const blockedEnd = () => {
    stopped = true
    const incomplete = {
      ...response,
      status: 'incomplete',
      incomplete_details: { reason: 'content_filter' },
      output: [],
    }
    return encode({ type: 'response.incomplete', response: incomplete, sequence_number: 0 })
  }
  return {
    get stopped() {
      return stopped
    },
    event(event: SseEvent, value: unknown) {
      if (stopped) return ''
      const data = asRecord(value)
      if (!data || typeof data.type !== 'string') {
        const guarded = guardLooseEvent(event, value, channels)
        return channels.blocked ? `${channels.closeAll()}${blockedEnd()}` : guarded
      }
      named = event.name !== undefined
      pending = ''
      emptyLogprobs(data)
      const emit = guardEvent(data)
      if (channels.blocked) {
        const released = typeof data.delta === 'string' && data.delta !== '' ? encode(data) : ''
        return `${pending}${released}${blockedEnd()}`
      }
      const output = `${pending}${emit ? encode(data) : ''}`
      pending = ''
      return output
    },
    end() {
      if (stopped) return ''
      const output = channels.closeAll()
      return channels.blocked ? `${output}${blockedEnd()}` : output
    },
  }
}

/**
 * Empties every `logprobs` list in a Responses value (deltas, parts, items, snapshots): they repeat
 * the reply token by token, where no guard reads it whole (a card's digits were readable in them
 * beside `[CREDIT_CARD]`). The lists stay, empty, so the shape is the API's.
 */
export function emptyLogprobs(value: unknown, depth = 0): void {
  if (depth > 16 || typeof value !== 'object' || value === null) return
  if (Array.isArray(value)) {
    for (const item of value) emptyLogprobs(item, depth + 1)
    return
  }
  const record = value as Record<string, unknown>
  for (const key of Object.keys(record)) {
    if (key === 'logprobs' && Array.isArray(record[key])) record[key] = []
    else emptyLogprobs(record[key], depth + 1)
  }
}
