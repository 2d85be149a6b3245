import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createStreamRedactor } from '../enforcement/create-stream-redactor.ts'
import { redact } from '../enforcement/redact.ts'
import { scanText } from '../enforcement/scan-text.ts'
import { chunkedResponse } from '../testing/upstream-formats.ts'
import { guardModelResponse } from './guard-model-response.ts'

const scan = { detectors: ['credit-card', 'email'] } as const
const redacting = () => createStreamRedactor({ ...scan, mode: 'redact' })
const blocking = () => createStreamRedactor({ ...scan, mode: 'block' })

// An Ollama chat stream: one token of the reply per line, a closing `done: true` line.
const tokens = ['Your card is ', '4111', ' 1111', ' 1111', ' 1111', ', mail ', 'ann', '@example', '.com', '.']
const reply = tokens.join('')
const ollamaChat = (parts: readonly string[]) =>
  [
    ...parts.map((content) =>
      JSON.stringify({
        model: 'llama3',
        created_at: '2026-11-29T07:10:00.123456789Z',
        message: { role: 'assistant', content },
        done: false,
      }),
    ),
    JSON.stringify({
      model: 'llama3',
      message: { role: 'assistant', content: '' },
      done: true,
      eval_count: 10,
    }),
  ]
    .map((line) => `${line}\n`)
    .join('')
const ollamaGenerate = (parts: readonly string[]) =>
  [
    ...parts.map((response) => JSON.stringify({ model: 'llama3', response, done: false })),
    JSON.stringify({ model: 'llama3', response: '', done: true }),
  ]
    .map((line) => `${line}\n`)
    .join('')

async function guardNdjson(body: string, cuts: readonly number[] = [], createGuard = redacting) {
  const guarded = await guardModelResponse(
    chunkedResponse({ contentType: 'application/x-ndjson', body }, cuts),
    {
      createGuard,
    },
  )
  const raw = await guarded.text()
  const lines = raw
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  return { raw, lines }
}

const leak = /4111|1111 1111|ann@|@example/

describe('guardModelResponse: newline-delimited JSON (Ollama)', () => {
  it('reads a reply spread over lines as one text: every line JSON, the joined reply the whole-text redaction', async () => {
    const expected = redact(reply, scanText(reply, scan))
    for (const [build, read] of [
      [ollamaChat, (line: Record<string, unknown>) => (line.message as { content: string }).content],
      [ollamaGenerate, (line: Record<string, unknown>) => line.response as string],
    ] as const) {
      const { raw, lines } = await guardNdjson(build(tokens))
      expect(raw).not.toMatch(leak)
      expect(lines.map(read).join('')).toBe(expected)
      expect(lines.at(-1)).toMatchObject({ done: true })
      // Other fields pass as they were, each read on its own (no timestamp joined to the next).
      expect(lines[0]).toMatchObject({ model: 'llama3' })
    }
  })

  it('redacts under random splits of the reply and of the bytes', async () => {
    const expected = redact(reply, scanText(reply, scan))
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(reply.length), { maxLength: 10 }),
        fc.array(fc.nat(3000), { maxLength: 12 }),
        async (points, cuts) => {
          const sorted = [...new Set(points)].sort((left, right) => left - right)
          const parts = [...sorted, reply.length].map((point, index) =>
            reply.slice(sorted[index - 1] ?? 0, point),
          )
          const { raw, lines } = await guardNdjson(ollamaChat(parts), cuts)
          expect(raw).not.toMatch(leak)
          expect(lines.map((line) => (line.message as { content: string }).content).join('')).toBe(expected)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('sends what was held in a line of its own when the stream ends without a done line', async () => {
    const body = ollamaChat(tokens).split('\n').slice(0, -2).join('\n')
    const { raw, lines } = await guardNdjson(body)
    expect(raw).not.toMatch(leak)
    expect(lines.map((line) => (line.message as { content: string }).content).join('')).toBe(
      redact(reply, scanText(reply, scan)),
    )
  })

  it('ends with a stream-blocked line in block mode, sending nothing of the card', async () => {
    const { raw, lines } = await guardNdjson(ollamaChat(tokens), [], blocking)
    expect(raw).not.toMatch(/4111|1111/)
    expect(lines.at(-1)).toEqual({ error: 'stream-blocked', done: true })
    expect(
      lines
        .slice(0, -1)
        .map((line) => (line.message as { content: string }).content)
        .join(''),
    ).toBe('Your card is ')
  })

  it('reads a line that is not JSON as text of its own', async () => {
    // A field of no known meaning is read whole too (another vendor's shape); only Ollama's own
    // metadata (model, times, counts) passes unread.
    const body =
      'not json: mail ann@example.com\n{"note":"card 4111 1111 1111 1111","message":{"role":"assistant","tip":"ann@example.com"}}\n{"response":"ok","done":true}\n'
    const guarded = await guardModelResponse(chunkedResponse({ contentType: 'application/x-ndjson', body }), {
      createGuard: redacting,
    })
    const raw = await guarded.text()
    expect(raw).not.toMatch(leak)
    expect(raw).toContain('[EMAIL_ADDRESS]')
  })
})

describe('guardModelResponse: an event stream sent as text', () => {
  it('is read as an event stream, so a card split over events is caught', async () => {
    const events = ['Your card is ', '4111', ' 1111', ' 1111', ' 1111', '.']
      .map((content) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`)
      .join('')
    for (const contentType of ['text/plain; charset=utf-8', 'text/html']) {
      const guarded = await guardModelResponse(
        chunkedResponse({ contentType, body: `${events}data: [DONE]\n\n` }, [3, 40, 77]),
        { createGuard: redacting },
      )
      const raw = await guarded.text()
      expect(raw, contentType).not.toMatch(/4111|1111/)
      expect(raw).toContain('[CREDIT_CARD]')
    }
  })

  it('leaves plain text plain', async () => {
    const guarded = await guardModelResponse(
      chunkedResponse({ contentType: 'text/plain', body: 'Dear data: team, card 4111 1111 1111 1111.' }, [5]),
      { createGuard: redacting },
    )
    expect(await guarded.text()).toBe('Dear data: team, card [CREDIT_CARD].')
  })
})
