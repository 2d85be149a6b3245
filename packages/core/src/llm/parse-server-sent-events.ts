/**
 * Reads a `text/event-stream` body and yields the `data:` payload of each event (multi-line data
 * joined with `\n`). Comments and other fields are ignored. `onChunk` runs on every network chunk.
 */
export async function* parseServerSentEvents(
  body: ReadableStream<Uint8Array>,
  onChunk: () => void = () => {},
): AsyncGenerator<string> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let data: string[] = []
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      onChunk()
      buffer += decoder.decode(value, { stream: true })
      let newline = buffer.indexOf('\n')
      while (newline !== -1) {
        const line = buffer.slice(0, buffer[newline - 1] === '\r' ? newline - 1 : newline)
        buffer = buffer.slice(newline + 1)
        if (line === '') {
          if (data.length > 0) yield data.join('\n')
          data = []
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line[5] === ' ' ? 6 : 5))
        }
        newline = buffer.indexOf('\n')
      }
    }
    if (buffer.startsWith('data:')) data.push(buffer.slice(buffer[5] === ' ' ? 6 : 5))
    if (data.length > 0) yield data.join('\n')
  } finally {
    reader.releaseLock()
  }
}
