import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { readUiMessageStream } from './read-ui-message-stream.ts'

function streamOf(pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece))
      controller.close()
    },
  })
}

async function collect(pieces: string[]) {
  const chunks = []
  for await (const chunk of readUiMessageStream(streamOf(pieces))) chunks.push(chunk)
  return chunks
}

describe('readUiMessageStream', () => {
  it('yields each chunk once its event is complete, however the bytes are split', async () => {
    const wire =
      'data: {"type":"start"}\n\ndata: {"type":"text-start","id":"t"}\r\n\r\n' +
      'data: {"type":"text-delta","id":"t","delta":"héllo"}\n\ndata: [DONE]\n\n'
    const whole = await collect([wire])
    const bytes = new TextEncoder().encode(wire)
    for (const cut of [1, 7, 30, 41, 42, 60, bytes.length - 3]) {
      const pieces = [bytes.slice(0, cut), bytes.slice(cut)]
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(piece)
          controller.close()
        },
      })
      const chunks = []
      for await (const chunk of readUiMessageStream(stream)) chunks.push(chunk)
      expect(chunks).toEqual(whole)
    }
    expect(whole).toEqual([
      { type: 'start' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'héllo' },
    ])
  })

  it('stops at [DONE] and ignores comments, event fields and keep-alives', async () => {
    const chunks = await collect([
      ': keep-alive\n\nevent: message\ndata: {"type":"finish"}\n\n',
      'data: [DONE]\n\ndata: {"type":"start"}\n\n',
    ])
    expect(chunks).toEqual([{ type: 'finish' }])
  })

  it('joins multi-line data fields and dispatches a final event without a blank line', async () => {
    const chunks = await collect(['data: {"type":\ndata: "abort"}'])
    expect(chunks).toEqual([{ type: 'abort' }])
  })

  it('types Focal data parts and passes unknown chunk types through as unknown', async () => {
    const chunks = await collect([
      'data: {"type":"data-clarification","data":{"question":"Which?","options":[],"reason":"vague"}}\n\n',
      'data: {"type":"tool-input-start","toolCallId":"c","toolName":"x"}\n\n',
    ])
    expect(chunks[0]).toEqual({
      type: 'data-clarification',
      data: { question: 'Which?', options: [], reason: 'vague' },
    })
    expect(chunks[1]?.type).toBe('unknown:tool-input-start')
  })

  it('rejects malformed JSON and malformed known chunks with an invalid-stream FocalError', async () => {
    for (const wire of ['data: {nope\n\n', 'data: {"type":"text-delta","id":"t"}\n\n']) {
      const error = await collect([wire]).catch((caught: unknown) => caught)
      expect(FocalError.isInstance(error) && error.code).toBe('invalid-stream')
    }
  })
})
