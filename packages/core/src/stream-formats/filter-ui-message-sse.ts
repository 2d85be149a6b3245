import { createGuardChannels } from './create-guard-channels.ts'
import { asRecord, encodeSseEvent } from './encode-sse-event.ts'
import { guardLooseEvent, guardOtherStrings } from './guard-other-strings.ts'
import type { CreateStreamGuard, SseEvent, SseFormatFilter } from './types.ts'

/** Streamed chunk types: the channel they belong to, the field carrying text, and their end chunk. */
const deltas: Record<string, { channel: string; field: string; idField: string }> = {
  'text-delta': { channel: 'text', field: 'delta', idField: 'id' },
  'reasoning-delta': { channel: 'reasoning', field: 'delta', idField: 'id' },
  'tool-input-delta': { channel: 'tool', field: 'inputTextDelta', idField: 'toolCallId' },
}
const ends: Record<string, string> = { 'text-end': 'text', 'reasoning-end': 'reasoning' }
/**
 * Keys of a chunk that are structure (types, ids, names, a finish reason, a media type) or the
 * text a channel guarded: every other string (tool inputs and outputs, errors, a source's title
 * and URL, message metadata, an upstream's own data parts) is guarded whole.
 */
const chunkKeep: ReadonlySet<string> = new Set([
  'type',
  'id',
  'toolCallId',
  'toolName',
  'messageId',
  'finishReason',
  'providerExecuted',
  'dynamic',
  'transient',
  'sourceId',
  'mediaType',
  'delta',
  'inputTextDelta',
])
/** A file part's URL is its content (a `data:` URL of base64 bytes), not text: it is kept too. */
const fileKeep: ReadonlySet<string> = new Set([...chunkKeep, 'url'])
/**
 * Data parts Focal writes itself (provenance with rule texts and ledger hashes, enforcement,
 * approvals): they pass as they are when a stream Focal's chat route wrote is guarded again
 * (`passFocalParts`). Any other `data-*` part, and these in any other stream, has its strings guarded.
 */
const focalDataParts: ReadonlySet<string> = new Set([
  'data-approval',
  'data-clarification',
  'data-enforcement',
  'data-goal-gate',
  'data-handoff',
  'data-provenance',
  'data-retraction',
  'data-session',
  'data-status',
])

/**
 * Guards the AI SDK UI message stream (`data: {chunk}` events ending with `data: [DONE]`): text and
 * reasoning deltas per part id and tool-input deltas per tool call run through their own guard,
 * held text is released as one more delta before the part's end (`text-end`, `reasoning-end`,
 * `tool-input-available`), and the strings of tool inputs and outputs, errors and `data-*` parts
 * are guarded whole (Focal's own data parts pass when `passFocalParts`: a stream Focal wrote). A block ends the open parts (`text-end`, `reasoning-end`, `tool-input-error`)
 * and finishes with `finishReason: "content-filter"` and `[DONE]`.
 */
export function filterUiMessageSse(createGuard: CreateStreamGuard, passFocalParts = false): SseFormatFilter {
  const channels = createGuardChannels(createGuard)
  const toolNames = new Map<string, string>()
  /** Parts started and not ended yet (`text:<id>`, `reasoning:<id>`, `tool:<toolCallId>`). */
  const started = new Set<string>()
  let stopped = false
  const chunk = (data: Record<string, unknown>) => encodeSseEvent(undefined, data)
  const blockedEnd = () => {
    stopped = true
    const closing = [...started].map((key) => {
      const [channel, id = ''] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)]
      if (channel === 'tool') {
        const errorText = 'Focal blocked this tool input (stream-blocked).'
        return chunk({
          type: 'tool-input-error',
          toolCallId: id,
          toolName: toolNames.get(id) ?? '',
          input: null,
          errorText,
        })
      }
      return chunk({ type: `${channel}-end`, id })
    })
    return `${closing.join('')}${chunk({ type: 'finish', finishReason: 'content-filter' })}data: [DONE]\n\n`
  }
  const guardChunk = (data: Record<string, unknown>): string => {
    const type = String(data.type)
    const delta = deltas[type]
    if (delta) {
      // Beside the delta (provider metadata): guarded whole, before the template is taken.
      guardOtherStrings(data, channels, chunkKeep)
      const text = data[delta.field]
      if (typeof text !== 'string') return chunk(data)
      const key = `${delta.channel}:${String(data[delta.idField])}`
      const template = { ...data }
      data[delta.field] = channels.push(key, text, (rest) => chunk({ ...template, [delta.field]: rest }), {
        json: delta.channel === 'tool',
      })
      return data[delta.field] === '' ? '' : chunk(data)
    }
    let before = ''
    let ended: string | undefined
    if (type === 'text-start' || type === 'reasoning-start')
      started.add(`${type.slice(0, -6)}:${String(data.id)}`)
    if (type === 'tool-input-start') {
      toolNames.set(String(data.toolCallId), String(data.toolName))
      started.add(`tool:${String(data.toolCallId)}`)
    }
    if (ends[type]) ended = `${ends[type]}:${String(data.id)}`
    if (type === 'tool-input-available' || type === 'tool-input-error')
      ended = `tool:${String(data.toolCallId)}`
    if (ended !== undefined) before = channels.closeEvent(ended)
    if (type === 'finish' || type === 'finish-step') before = channels.closeAll()
    if (!(passFocalParts && focalDataParts.has(type)))
      guardOtherStrings(data, channels, type === 'file' ? fileKeep : chunkKeep)
    if (channels.blocked) return before
    if (ended !== undefined) started.delete(ended)
    return `${before}${chunk(data)}`
  }
  return {
    get stopped() {
      return stopped
    },
    event(event: SseEvent, value: unknown) {
      if (stopped) return ''
      if (event.data === '[DONE]') {
        const output = channels.closeAll()
        return channels.blocked ? `${output}${blockedEnd()}` : `${output}data: [DONE]\n\n`
      }
      const data = asRecord(value)
      if (!data || typeof data.type !== 'string') {
        const guarded = guardLooseEvent(event, value, channels)
        return channels.blocked ? `${channels.closeAll()}${blockedEnd()}` : guarded
      }
      const output = guardChunk(data)
      if (!channels.blocked) return output
      return `${output}${blockedEnd()}`
    },
    end() {
      if (stopped) return ''
      const output = channels.closeAll()
      return channels.blocked ? `${output}${blockedEnd()}` : output
    },
  }
}
