/** One SSE event: an optional `event:` line and a `data:` line with the JSON of `data`. */
export function encodeSseEvent(name: string | undefined, data: unknown): string {
  const json = typeof data === 'string' ? data : JSON.stringify(data)
  return `${name === undefined ? '' : `event: ${name}\n`}data: ${json}\n\n`
}

/** The parsed JSON of an event's data, or undefined when it is not JSON. */
export function parseEventData(data: string | undefined): unknown {
  if (data === undefined || data === '[DONE]') return undefined
  try {
    return JSON.parse(data)
  } catch {
    return undefined
  }
}

/** `value` as a plain object, or undefined. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}
