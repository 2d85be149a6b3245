/**
 * Scripted upstream model responses in every format the stream guard reads, built from the text
 * deltas and tool-call argument deltas a test chooses (so a value can be split at any boundary).
 * Shapes follow each API's documented events; tests import this file by relative path.
 */
import { encodeSseEvent } from '../stream-formats/encode-sse-event.ts'

/** What one scripted upstream says: the reply text and one tool call's JSON arguments, as deltas. */
export interface UpstreamScript {
  text: readonly string[]
  args: readonly string[]
}

/** A scripted upstream body and its content type. */
export interface UpstreamBody {
  contentType: string
  body: string
}

const sse = (events: unknown[], named = false) =>
  events
    .map((event) =>
      event === '[DONE]'
        ? 'data: [DONE]\n\n'
        : encodeSseEvent(named ? String((event as { type: string }).type) : undefined, event),
    )
    .join('')

const created = 1_767_225_600
const join = (parts: readonly string[]) => parts.join('')

function openAiChatSse({ text, args }: UpstreamScript): string {
  const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created, model: 'gpt-test' }
  const chunk = (delta: object, finishReason: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })
  return sse([
    chunk({ role: 'assistant', content: '' }),
    ...text.map((content) => chunk({ content })),
    chunk({
      tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'save', arguments: '' } }],
    }),
    ...args.map((part) => chunk({ tool_calls: [{ index: 0, function: { arguments: part } }] })),
    chunk({}, 'tool_calls'),
    '[DONE]',
  ])
}

function responsesMessage(text: string, status = 'completed') {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    status,
    content: status === 'completed' ? [{ type: 'output_text', text, annotations: [], logprobs: [] }] : [],
  }
}

function responsesCall(args: string, status = 'completed') {
  return { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'save', arguments: args, status }
}

function responsesObject(status: string, output: unknown[]) {
  return {
    id: 'resp_1',
    object: 'response',
    created_at: created,
    status,
    model: 'gpt-test',
    output,
    error: null,
    incomplete_details: null,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    usage: null,
  }
}

function openAiResponsesSse({ text, args }: UpstreamScript): string {
  const fullText = join(text)
  const fullArgs = join(args)
  const part = (value: string) => ({ type: 'output_text', text: value, annotations: [], logprobs: [] })
  const events: Array<Record<string, unknown>> = [
    { type: 'response.created', response: responsesObject('in_progress', []) },
    { type: 'response.in_progress', response: responsesObject('in_progress', []) },
    { type: 'response.output_item.added', output_index: 0, item: responsesMessage('', 'in_progress') },
    {
      type: 'response.content_part.added',
      item_id: 'msg_1',
      output_index: 0,
      content_index: 0,
      part: part(''),
    },
    ...text.map((delta) => ({
      type: 'response.output_text.delta',
      item_id: 'msg_1',
      output_index: 0,
      content_index: 0,
      delta,
      logprobs: [],
    })),
    {
      type: 'response.output_text.done',
      item_id: 'msg_1',
      output_index: 0,
      content_index: 0,
      text: fullText,
      logprobs: [],
    },
    {
      type: 'response.content_part.done',
      item_id: 'msg_1',
      output_index: 0,
      content_index: 0,
      part: part(fullText),
    },
    { type: 'response.output_item.done', output_index: 0, item: responsesMessage(fullText) },
    { type: 'response.output_item.added', output_index: 1, item: responsesCall('', 'in_progress') },
    ...args.map((delta) => ({
      type: 'response.function_call_arguments.delta',
      item_id: 'fc_1',
      output_index: 1,
      delta,
    })),
    { type: 'response.function_call_arguments.done', item_id: 'fc_1', output_index: 1, arguments: fullArgs },
    { type: 'response.output_item.done', output_index: 1, item: responsesCall(fullArgs) },
    {
      type: 'response.completed',
      response: responsesObject('completed', [responsesMessage(fullText), responsesCall(fullArgs)]),
    },
  ]
  return sse(
    events.map((event, index) => ({ ...event, sequence_number: index })),
    true,
  )
}

function anthropicSse({ text, args }: UpstreamScript): string {
  const message = {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 1 },
  }
  return sse(
    [
      { type: 'message_start', message },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'ping' },
      ...text.map((part) => ({
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: part },
      })),
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_start',
        index: 1,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'save', input: {} },
      },
      ...args.map((part) => ({
        type: 'content_block_delta',
        index: 1,
        delta: { type: 'input_json_delta', partial_json: part },
      })),
      { type: 'content_block_stop', index: 1 },
      {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { output_tokens: 30 },
      },
      { type: 'message_stop' },
    ],
    true,
  )
}

function uiMessageSse({ text, args }: UpstreamScript): string {
  return sse([
    { type: 'start', messageId: 'm1' },
    { type: 'start-step' },
    { type: 'text-start', id: 't1' },
    ...text.map((delta) => ({ type: 'text-delta', id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'tool-input-start', toolCallId: 'call_1', toolName: 'save' },
    ...args.map((inputTextDelta) => ({ type: 'tool-input-delta', toolCallId: 'call_1', inputTextDelta })),
    { type: 'tool-input-available', toolCallId: 'call_1', toolName: 'save', input: JSON.parse(join(args)) },
    { type: 'finish-step' },
    { type: 'finish', finishReason: 'tool-calls' },
    '[DONE]',
  ])
}

function openAiChatJson({ text, args }: UpstreamScript): string {
  return JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created,
    model: 'gpt-test',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: join(text),
          refusal: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'save', arguments: join(args) } }],
        },
        finish_reason: 'tool_calls',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
  })
}

function openAiResponsesJson({ text, args }: UpstreamScript): string {
  return JSON.stringify(
    responsesObject('completed', [responsesMessage(join(text)), responsesCall(join(args))]),
  )
}

function anthropicJson({ text, args }: UpstreamScript): string {
  return JSON.stringify({
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content: [
      { type: 'text', text: join(text) },
      { type: 'tool_use', id: 'toolu_1', name: 'save', input: JSON.parse(join(args)) },
    ],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 12, output_tokens: 30 },
  })
}

/** Every upstream format, by name: its body for a script. */
export const upstreamFormats = {
  'openai-chat-sse': (script: UpstreamScript): UpstreamBody => ({
    contentType: 'text/event-stream; charset=utf-8',
    body: openAiChatSse(script),
  }),
  'openai-responses-sse': (script: UpstreamScript): UpstreamBody => ({
    contentType: 'text/event-stream',
    body: openAiResponsesSse(script),
  }),
  'anthropic-messages-sse': (script: UpstreamScript): UpstreamBody => ({
    contentType: 'text/event-stream; charset=utf-8',
    body: anthropicSse(script),
  }),
  'ui-message-stream': (script: UpstreamScript): UpstreamBody => ({
    contentType: 'text/event-stream',
    body: uiMessageSse(script),
  }),
  'openai-chat-json': (script: UpstreamScript): UpstreamBody => ({
    contentType: 'application/json',
    body: openAiChatJson(script),
  }),
  'openai-responses-json': (script: UpstreamScript): UpstreamBody => ({
    contentType: 'application/json',
    body: openAiResponsesJson(script),
  }),
  'anthropic-messages-json': (script: UpstreamScript): UpstreamBody => ({
    contentType: 'application/json',
    body: anthropicJson(script),
  }),
  'plain-text': (script: UpstreamScript): UpstreamBody => ({
    contentType: 'text/plain; charset=utf-8',
    body: join(script.text),
  }),
} as const

export type UpstreamFormatName = keyof typeof upstreamFormats

/** A Response whose body arrives as the given byte chunks of `body`. */
export function chunkedResponse({ contentType, body }: UpstreamBody, cuts: readonly number[] = []): Response {
  const bytes = new TextEncoder().encode(body)
  const points = [...new Set(cuts.map((cut) => Math.min(Math.max(cut, 0), bytes.length)))].sort(
    (a, b) => a - b,
  )
  const ends = [...points, bytes.length]
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let start = 0
      for (const end of ends) {
        if (end > start) controller.enqueue(bytes.slice(start, end))
        start = end
      }
      controller.close()
    },
  })
  return new Response(stream, { headers: { 'content-type': contentType } })
}
