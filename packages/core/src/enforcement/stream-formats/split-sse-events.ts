import type { SseEvent } from './types.ts'

/**
 * A TransformStream from decoded text to whole SSE events (the text between blank lines, without
 * the separator). Handles `\n\n` and `\r\n\r\n` separators split across chunks.
 */
export function splitSseEvents(): TransformStream<string, string> {
  let buffer = ''
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      // Normalised on the buffer, not the chunk: a `\r` may end one chunk and its `\n` start the next.
      buffer = (buffer + chunk).replaceAll('\r\n', '\n')
      let boundary = buffer.indexOf('\n\n')
      while (boundary !== -1) {
        const event = buffer.slice(0, boundary)
        buffer = buffer.slice(boundary + 2)
        if (event.trim() !== '') controller.enqueue(event)
        boundary = buffer.indexOf('\n\n')
      }
    },
    flush(controller) {
      if (buffer.trim() !== '') controller.enqueue(buffer)
    },
  })
}

/** The joined `data:` lines of one SSE event, or undefined when it has none. */
export function sseData(event: string): string | undefined {
  return sseField(event, 'data')
}

function sseField(event: string, field: string): string | undefined {
  const lines = event
    .split('\n')
    .filter((line) => line.startsWith(`${field}:`))
    .map((line) => line.slice(line.startsWith(`${field}: `) ? field.length + 2 : field.length + 1))
  return lines.length === 0 ? undefined : lines.join('\n')
}

/** One raw event's `event:` name and `data:`. */
export function toSseEvent(raw: string): SseEvent {
  return { raw, name: sseField(raw, 'event'), data: sseField(raw, 'data') }
}
