import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseServerSentEvents } from './parse-server-sent-events.ts'

function streamOf(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece))
      controller.close()
    },
  })
}

async function collect(pieces: string[]): Promise<string[]> {
  const events: string[] = []
  for await (const data of parseServerSentEvents(streamOf(pieces))) events.push(data)
  return events
}

describe('parseServerSentEvents', () => {
  it('yields each data payload, ignoring comments and other fields, with CRLF too', async () => {
    expect(await collect([': ping\n\nevent: x\ndata: {"a":1}\n\r\ndata:b\r\n\r\ndata: [DONE]\n\n'])).toEqual([
      '{"a":1}',
      'b',
      '[DONE]',
    ])
  })

  it('yields the same events however the bytes are split', async () => {
    const text = 'data: {"delta":"héllo"}\n\ndata: line1\ndata: line2\n\ndata: [DONE]\n\n'
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 8 }), async (cuts) => {
        const bytes = new TextEncoder().encode(text)
        const points = [...new Set(cuts.map((cut) => Math.min(cut, bytes.length)))].sort((a, b) => a - b)
        const pieces: Uint8Array[] = []
        let start = 0
        for (const point of [...points, bytes.length]) {
          pieces.push(bytes.slice(start, point))
          start = point
        }
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            for (const piece of pieces) controller.enqueue(piece)
            controller.close()
          },
        })
        const events: string[] = []
        for await (const data of parseServerSentEvents(stream)) events.push(data)
        expect(events).toEqual(['{"delta":"héllo"}', 'line1\nline2', '[DONE]'])
      }),
    )
  })
})
