import { FocalError } from '@focal/core/errors'
import { parseUiMessageChunk } from './parse-ui-message-chunk.ts'
import type { FocalUiMessageChunk } from './types.ts'

/** Splits decoded text into complete lines, keeping the unfinished tail for the next read. */
function takeLines(buffer: string): { lines: string[]; rest: string } {
  // A trailing "\r" may be half of a "\r\n" split across reads: keep it for the next read.
  const held = buffer.endsWith('\r') ? '\r' : ''
  const parts = (held ? buffer.slice(0, -1) : buffer).split(/\r\n|\r|\n/)
  const rest = (parts.pop() ?? '') + held
  return { lines: parts, rest }
}

function parseJson(payload: string): unknown {
  try {
    return JSON.parse(payload)
  } catch (cause) {
    const message = `expected JSON after "data:", got ${JSON.stringify(payload.slice(0, 40))}`
    throw new FocalError({ code: 'invalid-stream', message, issues: [{ path: 'data', message }], cause })
  }
}

/**
 * Reads a Server-Sent Events body in the AI SDK UI message stream shape (`data: {json}` events,
 * ended by `data: [DONE]`) and yields each chunk as soon as its event is complete. Comments,
 * `event:`/`id:` fields and blank keep-alives are ignored; multi-line `data:` fields are joined.
 *
 * @example
 * const response = await fetch('/v1/chat', { method: 'POST', body })
 * for await (const chunk of parseUiMessageStream(response.body!)) console.log(chunk.type)
 */
export async function* parseUiMessageStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<FocalUiMessageChunk, void, undefined> {
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
