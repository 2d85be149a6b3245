import { FocalError } from '../errors/focal-error.ts'
import {
  focalDataPartSchemas,
  type ReadUiMessageChunk,
  type UiMessageChunk,
  uiMessageChunkSchema,
} from './ui-message-chunk.ts'

const knownTypes = new Set<string>([
  'start',
  'text-start',
  'text-delta',
  'text-end',
  'error',
  'finish',
  'abort',
  ...Object.keys(focalDataPartSchemas),
])

const invalidStream = (path: string, problem: string, cause?: unknown): FocalError =>
  new FocalError({
    code: 'invalid-stream',
    message: `ui message chunk ${path}: ${problem}`,
    issues: [{ path, message: problem }],
    ...(cause === undefined ? {} : { cause }),
  })

/**
 * Validates one decoded JSON value of the UI message stream. A chunk type this version does not
 * know comes back as `unknown:<type>` (carried, not rendered); a malformed known chunk throws a
 * located `FocalError` with code `invalid-stream` (the server broke the protocol).
 */
export function parseUiMessageChunk(value: unknown): ReadUiMessageChunk {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('type' in value))
    throw invalidStream('type', 'expected an object with a string "type"')
  const { type } = value as { type: unknown }
  if (typeof type !== 'string') throw invalidStream('type', 'expected an object with a string "type"')
  if (!knownTypes.has(type)) return { type: `unknown:${type}`, chunk: value as Record<string, unknown> }
  const parsed = uiMessageChunkSchema.safeParse(value)
  if (parsed.success) return parsed.data as UiMessageChunk
  const issue = parsed.error.issues[0]!
  throw invalidStream([type, ...issue.path.map(String)].join('.'), issue.message)
}

/** Splits decoded text into complete lines, keeping the unfinished tail for the next read. */
function takeLines(buffer: string): { lines: string[]; rest: string } {
  // A trailing "\r" may be half of a "\r\n" split across reads: keep it for the next read.
  const held = buffer.endsWith('\r') ? '\r' : ''
  const parts = (held ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/)
  return { lines: parts, rest: (parts.pop() ?? '') + held }
}

function parseJson(payload: string): unknown {
  try {
    return JSON.parse(payload)
  } catch (cause) {
    throw invalidStream(
      'data',
      `expected JSON after "data:", got ${JSON.stringify(payload.slice(0, 40))}`,
      cause,
    )
  }
}

/**
 * Reads a UI message stream body (Server-Sent Events of `data: {json}`, ended by `data: [DONE]`)
 * and yields each chunk, validated, as soon as its event is complete. Comments, `event:`/`id:`
 * fields and keep-alives are ignored; multi-line `data:` fields are joined. Cancels the body when
 * the caller stops reading.
 *
 * @example
 * const response = await fetch('/v1/chat', { method: 'POST', body })
 * for await (const chunk of readUiMessageStream(response.body!)) console.log(chunk.type)
 */
export async function* readUiMessageStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ReadUiMessageChunk, void, undefined> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let data: string[] = []
  try {
    while (true) {
      const { done, value } = await reader.read()
      buffer += done ? `${decoder.decode()}\n\n` : decoder.decode(value, { stream: true })
      const { lines, rest } = takeLines(buffer)
      buffer = rest
      for (const line of lines) {
        if (line === '') {
          if (data.length === 0) continue
          const payload = data.join('\n')
          data = []
          if (payload === '[DONE]') return
          yield parseUiMessageChunk(parseJson(payload))
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line.startsWith('data: ') ? 6 : 5))
        }
      }
      if (done) return
    }
  } finally {
    await reader.cancel().catch(() => {})
  }
}
