import { type ChannelOptions, createGuardChannels } from './create-guard-channels.ts'
import { asRecord } from './encode-sse-event.ts'
import { messageKeep, structuralKeys } from './filter-anthropic-sse.ts'
import { chatKeep, chatTextFields as textFields } from './filter-openai-chat-sse.ts'
import { emptyLogprobs, responsesKeep } from './filter-openai-responses-sse.ts'
import { guardJsonValue } from './guard-json-value.ts'
import { guardNonStringFields, guardOtherStrings } from './guard-other-strings.ts'
import { guardResponsesItem, isJsonKey } from './guard-responses-item.ts'
import { type CreateStreamGuard, type StreamFormat, streamBlockedCode } from './types.ts'

/** The outcome of {@link guardJsonBody}. */
export interface GuardedJsonBody {
  /** The body to send: the guarded value, or the format's own blocked shape. */
  body: unknown
  /** Which shape it was read as. */
  format: Extract<StreamFormat, 'openai-chat' | 'openai-responses' | 'anthropic-messages' | 'json'>
  blocked: boolean
}

type JsonRecord = Record<string, unknown>

function guardChat(body: JsonRecord, channels: ReturnType<typeof createGuardChannels>) {
  const whole = (text: string, options?: ChannelOptions) => channels.whole(text, options)
  for (const choice of body.choices as JsonRecord[]) {
    if (!asRecord(choice)) continue
    // Log probabilities repeat the reply token by token, where no guard reads it whole.
    if (choice.logprobs != null) choice.logprobs = null
    // A legacy completion (`/v1/completions`): its text per choice.
    guardNonStringFields(choice, ['text'], channels)
    if (typeof choice.text === 'string') choice.text = whole(choice.text)
    const message = asRecord(choice.message)
    if (!message) continue
    const legacy = asRecord(message.function_call)
    if (legacy) guardNonStringFields(legacy, ['arguments'], channels)
    if (legacy && typeof legacy.arguments === 'string')
      legacy.arguments = whole(legacy.arguments, { json: true })
    // Text in another shape than a string (content parts): every string in it, whole.
    guardNonStringFields(message, textFields, channels)
    for (const field of textFields)
      if (typeof message[field] === 'string') message[field] = whole(message[field])
    for (const call of Array.isArray(message.tool_calls) ? (message.tool_calls as JsonRecord[]) : []) {
      const fn = asRecord(call.function)
      if (fn) guardNonStringFields(fn, ['arguments'], channels)
      if (fn && typeof fn.arguments === 'string') fn.arguments = whole(fn.arguments, { json: true })
    }
  }
}

function blockChat(body: JsonRecord) {
  for (const choice of body.choices as JsonRecord[]) {
    choice.message = { role: 'assistant', content: null, refusal: null }
    choice.finish_reason = 'content_filter'
  }
}

function guardAnthropic(body: JsonRecord, channels: ReturnType<typeof createGuardChannels>) {
  body.content = (body.content as unknown[]).map((block) => {
    const record = asRecord(block)
    if (!record) return block
    // Text, thinking, tool input, and every other string of any block type (citations' cited
    // text, server tool results' output), ids and signatures aside.
    for (const [key, value] of Object.entries(record))
      if (!structuralKeys.has(key)) record[key] = guardJsonValue(value, channels)
    return record
  })
}

/**
 * Guards a non-streamed JSON body: an OpenAI Chat Completion (message text, reasoning, tool-call
 * arguments), an OpenAI Response (every output item) or an Anthropic Message (text, thinking,
 * tool inputs), each value through a fresh guard; any other JSON has every string guarded. A block
 * answers in the format's own way: `finish_reason: "content_filter"`, `status: "incomplete"` with
 * `incomplete_details.reason: "content_filter"`, `stop_reason: "refusal"`, or for other JSON
 * `{ error: { code: "stream-blocked" } }`.
 */
export function guardJsonBody(value: unknown, createGuard: CreateStreamGuard): GuardedJsonBody {
  const channels = createGuardChannels(createGuard)
  const whole = (text: string, options?: ChannelOptions) => channels.whole(text, options)
  const body = asRecord(value)
  if (body && Array.isArray(body.choices)) {
    guardChat(body, channels)
    // Every other string (an audio reply's transcript, annotations, a field added later) whole.
    guardOtherStrings(body, channels, chatKeep)
    if (channels.blocked) blockChat(body)
    return { body, format: 'openai-chat', blocked: channels.blocked }
  }
  if (body && body.object === 'response' && Array.isArray(body.output)) {
    emptyLogprobs(body)
    body.output = body.output.map((item) =>
      guardResponsesItem(item, (key, text) => whole(text, { json: isJsonKey(key) }), channels),
    )
    if (typeof body.output_text === 'string') body.output_text = whole(body.output_text)
    guardOtherStrings(body, channels, responsesKeep)
    if (channels.blocked)
      Object.assign(body, {
        status: 'incomplete',
        incomplete_details: { reason: 'content_filter' },
        output: [],
      })
    if (channels.blocked && 'output_text' in body) body.output_text = ''
    return { body, format: 'openai-responses', blocked: channels.blocked }
  }
  if (body && body.type === 'message' && Array.isArray(body.content)) {
    guardAnthropic(body, channels)
    guardOtherStrings(body, channels, messageKeep)
    if (channels.blocked) Object.assign(body, { content: [], stop_reason: 'refusal', stop_sequence: null })
    return { body, format: 'anthropic-messages', blocked: channels.blocked }
  }
  const guarded = guardJsonValue(value, channels)
  if (!channels.blocked) return { body: guarded, format: 'json', blocked: false }
  const error = { code: streamBlockedCode, message: 'Focal blocked this response: it held a blocked item.' }
  return { body: { error }, format: 'json', blocked: true }
}
