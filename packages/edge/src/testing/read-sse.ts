/** Reads a whole SSE body into its `data:` payloads (JSON-parsed; `[DONE]` kept as a string). */
export async function readSse(response: Response): Promise<Array<Record<string, unknown> | '[DONE]'>> {
  const text = await response.text()
  const events: Array<Record<string, unknown> | '[DONE]'> = []
  for (const block of text.split('\n\n')) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6))
      .join('\n')
    if (!data) continue
    events.push(data === '[DONE]' ? '[DONE]' : (JSON.parse(data) as Record<string, unknown>))
  }
  return events
}
