import { FocalError } from '@focal/core/errors'
import type { FocalUiMessageChunk } from './types.ts'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const invalidChunk = (path: string, message: string): FocalError =>
  new FocalError({
    code: 'invalid-stream',
    message: `ui message chunk ${path}: ${message}`,
    issues: [{ path, message }],
  })

const requireString = (chunk: Record<string, unknown>, field: string): string => {
  const value = chunk[field]
  if (typeof value !== 'string') {
    throw invalidChunk(`${String(chunk.type)}.${field}`, 'expected a string')
  }
  return value
}

const dataTypes = new Set([
  'data-session',
  'data-clarification',
  'data-approval',
  'data-provenance',
  'data-enforcement',
  'data-goal-gate',
  'data-handoff',
])

/**
 * Validates one decoded JSON value of the UI message stream and returns it as a typed chunk.
 * Unknown chunk types come back as `unknown:<type>`; a malformed known chunk throws a located
 * `FocalError` with code `invalid-stream` (the server broke the protocol).
 */
export function parseUiMessageChunk(value: unknown): FocalUiMessageChunk {
  if (!isRecord(value) || typeof value.type !== 'string') {
    throw invalidChunk('type', 'expected an object with a string "type"')
  }
  const type = value.type
  switch (type) {
    case 'start':
      return typeof value.messageId === 'string' ? { type, messageId: value.messageId } : { type }
    case 'text-start':
    case 'text-end':
      return { type, id: requireString(value, 'id') }
    case 'text-delta':
      return { type, id: requireString(value, 'id'), delta: requireString(value, 'delta') }
    case 'error':
      return { type, errorText: requireString(value, 'errorText') }
    case 'finish':
      return typeof value.finishReason === 'string' ? { type, finishReason: value.finishReason } : { type }
    case 'abort':
      return typeof value.reason === 'string' ? { type, reason: value.reason } : { type }
  }
  if (dataTypes.has(type)) {
    if (!isRecord(value.data)) throw invalidChunk(`${type}.data`, 'expected an object')
    // The data payloads are Focal's own serialised core types; the store reads them defensively.
    const chunk =
      typeof value.id === 'string' ? { type, id: value.id, data: value.data } : { type, data: value.data }
    return chunk as FocalUiMessageChunk
  }
  return { type: `unknown:${type}`, chunk: value }
}
