import { asRecord } from './encode-sse-event.ts'
import type { SseEvent, StreamFormat } from './types.ts'

const anthropicTypes = new Set([
  'message_start',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'message_delta',
  'message_stop',
  'ping',
])
const uiMessageTypes = new Set([
  'start',
  'start-step',
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-available',
  'tool-output-available',
  'finish-step',
  'finish',
  'message-metadata',
])

/**
 * The SSE format of a stream from one of its events (Chat Completions and Responses are both
 * `text/event-stream`: told apart by event names and fields): `undefined` while the event says
 * nothing either way (a comment, an `error` event, `[DONE]`), `'unknown'` for a shape none of the
 * formats has.
 */
export function detectSseFormat(event: SseEvent, data: unknown): StreamFormat | 'unknown' | undefined {
  if (event.data === undefined || event.data === '[DONE]') return undefined
  const record = asRecord(data)
  const type = typeof record?.type === 'string' ? record.type : (event.name ?? '')
  if (type.startsWith('response.') || event.name?.startsWith('response.')) return 'openai-responses'
  if (anthropicTypes.has(type)) return 'anthropic-messages'
  if (record && (Array.isArray(record.choices) || record.object === 'chat.completion.chunk'))
    return 'openai-chat'
  if (uiMessageTypes.has(type) || type.startsWith('data-')) return 'ui-message-stream'
  if (type === 'error' || event.name === 'error') return undefined
  return 'unknown'
}
