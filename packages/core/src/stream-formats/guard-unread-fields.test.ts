import { describe, expect, it } from 'vitest'
import { createStreamRedactor } from '../enforcement/create-stream-redactor.ts'
import { guardModelResponse } from './guard-model-response.ts'

// An outside review found events and fields no format filter read passed as they came: a
// mid-stream error repeating the user's card, an Anthropic `error` event, a UI stream's source
// title, an audio reply's transcript, a comment; in block mode too. What a filter does not read
// is guarded whole now.
const card = '4111 1111 1111 1111'
const ssn = '536-22-4817'
const email = 'jane.doe@example.com'
const leak = /4111[ -]?1111|536-22-4817|jane\.doe@example\.com/

const sse = (name: string | undefined, data: unknown) =>
  `${name === undefined ? '' : `event: ${name}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`
const chat = (delta: object, extra: object = {}) =>
  sse(undefined, {
    id: 'c1',
    object: 'chat.completion.chunk',
    ...extra,
    choices: [{ index: 0, delta, finish_reason: null }],
  })
const named = (data: { type: string }) => sse(data.type, data)
const started = named({
  type: 'message_start',
  message: { id: 'm', type: 'message', role: 'assistant', content: [] },
} as never)
const created = named({
  type: 'response.created',
  response: { id: 'r', object: 'response', output: [] },
} as never)

const streams: Array<[string, string]> = [
  [
    'a Chat Completions error after a chunk',
    `${chat({ content: 'hi ' })}${sse(undefined, { error: { message: `declined ${card} for ${email}` } })}`,
  ],
  [
    'an error event before the format is known',
    `${named({ type: 'error', error: { message: `card ${card}` } } as never)}${chat({ content: 'hi' })}`,
  ],
  ['data that is not JSON', `${chat({ content: 'hi ' })}data: card ${card}\n\n`],
  [
    'an audio reply’s transcript',
    `${chat({ audio: { id: 'a', transcript: `card ${card.slice(0, 9)}` } })}${chat({ audio: { transcript: card.slice(9) } })}data: [DONE]\n\n`,
  ],
  [
    'a citation’s title and URL',
    chat({
      annotations: [
        { type: 'url_citation', url_citation: { title: `ssn ${ssn}`, url: `https://x.test/?e=${email}` } },
      ],
    }),
  ],
  ['a string beside the choices', chat({ content: 'x' }, { system_fingerprint: `card ${card}` })],
  [
    'an Anthropic error event',
    `${started}${named({ type: 'error', error: { type: 'overloaded_error', message: `ssn ${ssn}` } } as never)}`,
  ],
  [
    'an Anthropic event type added later',
    `${started}${named({ type: 'content_block_whatever', text: `ssn ${ssn}` } as never)}`,
  ],
  [
    'a field of message_delta',
    `${started}${named({ type: 'message_delta', delta: { stop_reason: 'end_turn', container: { note: `ssn ${ssn}` } } } as never)}`,
  ],
  ['a UI stream error first', sse(undefined, { type: 'error', errorText: `card ${card}` })],
  [
    'an upstream’s own data part',
    `${sse(undefined, { type: 'start' })}${sse(undefined, { type: 'data-note', data: { card } })}`,
  ],
  [
    'a source’s URL and title',
    `${sse(undefined, { type: 'start' })}${sse(undefined, { type: 'source-url', sourceId: 's', url: `https://x.test/?e=${email}`, title: `ssn ${ssn}` })}`,
  ],
  ['message metadata', sse(undefined, { type: 'start', messageMetadata: { note: `ssn ${ssn}` } })],
  [
    'a failed Response',
    `${created}${named({ type: 'response.failed', response: { id: 'r', object: 'response', error: { message: `ssn ${ssn}` }, output: [] } } as never)}`,
  ],
  [
    'a Responses error event',
    `${created}${named({ type: 'error', message: `ssn ${ssn}`, code: 'x' } as never)}`,
  ],
  ['a comment', `: ssn ${ssn}\n\n${chat({ content: 'hi' })}`],
  // Text fields in another shape than a string (session 42's review): content as an array of
  // parts, arguments as an object, a legacy completion's text as an object.
  ['delta content as an array of parts', chat({ content: [{ type: 'text', text: `card ${card}` }] })],
  [
    'tool-call arguments as an object',
    chat({ tool_calls: [{ index: 0, function: { name: 'save', arguments: { card } } }] }),
  ],
  ['legacy function_call arguments as an object', chat({ function_call: { name: 'f', arguments: { ssn } } })],
  [
    'a legacy completion text as an object',
    sse(undefined, { object: 'text_completion', choices: [{ index: 0, text: { value: `card ${card}` } }] }),
  ],
  ['an id before the end', `id: ${card.replaceAll(' ', '')}\ndata: [DONE]\n\n`],
]

describe.each(['redact', 'block'] as const)('guardModelResponse, %s mode', (mode) => {
  const guard = async (body: string, type = 'text/event-stream') =>
    (
      await guardModelResponse(new Response(body, { headers: { 'content-type': type } }), {
        createGuard: () => createStreamRedactor({ mode }),
      })
    ).text()

  it.each(streams)('lets nothing out of %s', async (_name, body) => {
    expect(await guard(body)).not.toMatch(leak)
  })

  it('guards the strings of a non-streamed completion it does not read as text', async () => {
    const body = JSON.stringify({
      object: 'chat.completion',
      choices: [
        { index: 0, message: { role: 'assistant', content: null, audio: { transcript: `card ${card}` } } },
      ],
    })
    expect(await guard(body, 'application/json')).not.toMatch(leak)
  })

  it('guards a non-streamed completion whose text fields are not strings', async () => {
    const body = JSON.stringify({
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          text: { value: `email ${email}` },
          message: {
            role: 'assistant',
            content: [{ type: 'text', text: `card ${card}` }],
            refusal: { note: `ssn ${ssn}` },
            function_call: { name: 'f', arguments: { email } },
            tool_calls: [{ id: 't', type: 'function', function: { name: 'save', arguments: { card } } }],
          },
        },
      ],
    })
    expect(await guard(body, 'application/json')).not.toMatch(leak)
  })
})

describe('guardModelResponse, what it reads still reads as before', () => {
  it('keeps ids, the model and a finish reason, and redacts only the card', async () => {
    const body = `${chat({ content: `card ${card}` }, { model: 'gpt-4o-2024-08-06', system_fingerprint: 'fp_44709d6fcb' })}data: [DONE]\n\n`
    const text = await (
      await guardModelResponse(new Response(body, { headers: { 'content-type': 'text/event-stream' } }), {
        createGuard: () => createStreamRedactor({}),
      })
    ).text()
    expect(text).toContain('"model":"gpt-4o-2024-08-06"')
    expect(text).toContain('"system_fingerprint":"fp_44709d6fcb"')
    expect(text).toContain('"id":"c1"')
    expect(text).toContain('[CREDIT_CARD]')
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true)
  })
})

describe('guardModelResponse, bodies in another charset or still compressed', () => {
  const guard = (response: Response) =>
    guardModelResponse(response, { createGuard: () => createStreamRedactor({}) })
  const utf16 = (text: string) => {
    const bytes = new Uint8Array(text.length * 2)
    for (let index = 0; index < text.length; index++) {
      bytes[2 * index] = text.charCodeAt(index) & 255
      bytes[2 * index + 1] = text.charCodeAt(index) >> 8
    }
    return bytes
  }
  const compressed = async (text: string, format: 'gzip' | 'deflate') =>
    new Uint8Array(
      await new Response(
        new Blob([text]).stream().pipeThrough(new CompressionStream(format) as never),
      ).arrayBuffer(),
    )
  const reply = `${chat({ content: `card ${card}` })}data: [DONE]\n\n`

  // Read as UTF-8, a UTF-16 body's digits came with NULs between them and nothing matched.
  it.each([
    ['text/plain; charset=utf-16le', `Your card is ${card}`],
    [
      'application/json; charset=UTF-16LE',
      JSON.stringify({ choices: [{ message: { content: `card ${card}` } }] }),
    ],
    ['text/event-stream; charset="utf-16le"', reply],
  ])('reads a %s body in its charset and sends it as UTF-8', async (type, text) => {
    const guarded = await guard(new Response(utf16(text), { headers: { 'content-type': type } }))
    expect(guarded.headers.get('content-type')).toMatch(/charset=utf-8$/)
    const body = await guarded.text()
    expect(body).not.toMatch(leak)
    expect(body).toContain('[CREDIT_CARD]')
  })

  it.each(['gzip', 'deflate'] as const)(
    'decompresses a %s body the runtime left compressed',
    async (format) => {
      const body = await compressed(reply, format)
      const headers = { 'content-type': 'text/event-stream', 'content-encoding': format }
      const guarded = await guard(new Response(body, { headers }))
      expect(guarded.headers.get('content-encoding')).toBeNull()
      const text = await guarded.text()
      expect(text).not.toMatch(leak)
      expect(text).toContain('[CREDIT_CARD]')
    },
  )

  it('reads a body the runtime already decompressed (the header kept), as it is', async () => {
    const headers = { 'content-type': 'text/event-stream', 'content-encoding': 'br' }
    const text = await (await guard(new Response(reply, { headers }))).text()
    expect(text).toContain('[CREDIT_CARD]')
  })

  it('refuses a body still compressed in a way it cannot read, and one of an unknown charset', async () => {
    const zstd = new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x10, 0x85, 0x00, 0x00, 0xff, 0x13, 0x9c])
    const encoded = await guard(
      new Response(zstd, { headers: { 'content-type': 'text/event-stream', 'content-encoding': 'zstd' } }),
    )
    expect(encoded.status).toBe(502)
    expect(await encoded.json()).toMatchObject({ error: { code: 'unknown-stream-format' } })
    const charset = await guard(
      new Response(`card ${card}`, { headers: { 'content-type': 'text/plain; charset=x-unknown-9' } }),
    )
    expect(charset.status).toBe(502)
  })
})
