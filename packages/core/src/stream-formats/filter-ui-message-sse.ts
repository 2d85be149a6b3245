import { createGuardChannels } from './create-guard-channels.ts'
import { asRecord, encodeSseEvent } from './encode-sse-event.ts'
import { guardJsonValue } from './guard-json-value.ts'
import type { CreateStreamGuard, SseEvent, SseFormatFilter } from './types.ts'

/** Streamed chunk types: the channel they belong to, the field carrying text, and their end chunk. */
const deltas: Record<string, { channel: string; field: string; idField: string }> = {
  'text-delta': { channel: 'text', field: 'delta', idField: 'id' },
  'reasoning-delta': { channel: 'reasoning', field: 'delta', idField: 'id' },
  'tool-input-delta': { channel: 'tool', field: 'inputTextDelta', idField: 'toolCallId' },
}
const ends: Record<string, string> = { 'text-end': 'text', 'reasoning-end': 'reasoning' }
/**
 * Fields of other chunks whose strings are model or tool output. `data-*` parts are the app's own
 * structured data (Focal's provenance, with rule texts and ledger hashes): they pass as they are.
 */
const valueFields = ['input', 'output', 'errorText']

/**
 * Guards the AI SDK UI message stream (`data: {chunk}` events ending with `data: [DONE]`): text and
 * reasoning deltas per part id and tool-input deltas per tool call run through their own guard,
 * held text is released as one more delta before the part's end (`text-end`, `reasoning-end`,
 * `tool-input-available`), and the strings of tool inputs and outputs and errors are guarded
 * whole (`data-*` parts, the app's own data, pass). A block ends the open parts (`text-end`, `reasoning-end`, `tool-input-error`)
 * and finishes with `finishReason: "content-filter"` and `[DONE]`.
 */
export function filterUiMessageSse(createGuard: CreateStreamGuard): SseFormatFilter {
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
    if (!type.startsWith('data-'))
      for (const field of valueFields) if (field in data) data[field] = guardJsonValue(data[field], channels)
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
      if (!data || typeof data.type !== 'string') return `${event.raw}\n\n`
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
