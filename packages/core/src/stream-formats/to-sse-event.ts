import type { SseEvent } from './types.ts'

function sseField(event: string, field: string): string | undefined {
  const lines = event
    .split('\n')
    .filter((line) => line.startsWith(`${field}:`))
    .map((line) => line.slice(line.startsWith(`${field}: `) ? field.length + 2 : field.length + 1))
  return lines.length === 0 ? undefined : lines.join('\n')
}

/** One raw event's (the text between blank lines) `event:` name and joined `data:` lines. */
export function toSseEvent(raw: string): SseEvent {
  return { raw, name: sseField(raw, 'event'), data: sseField(raw, 'data') }
}
