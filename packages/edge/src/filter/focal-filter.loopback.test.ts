import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Anthropic from '@anthropic-ai/sdk'
import { redact, scanText } from '@focal/core'
import { serve } from '@hono/node-server'
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai'
import { Hono } from 'hono'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type UpstreamFormatName, upstreamFormats } from '../../../core/src/testing/upstream-formats.ts'
import { listenOnLoopback, writeInPieces } from '../testing/loopback-upstream.ts'
import { focalFilter } from './focal-filter.ts'

const scan = { detectors: ['credit-card', 'email'] } as const
const text = 'Your card 4242 4242 4242 4242 and ann@example.com are on file.'
const args = '{"card":"4242 4242 4242 4242","email":"ann@example.com"}'
const expectedText = redact(text, scanText(text, scan))
const expectedArgs = redact(args, scanText(args, scan))
const leak = /4242|ann@|@example|example\.com/
// The model streams word by word; the server writes 5-byte pieces, so values cross TCP reads too.
const script = { text: text.split(/(?<= )/), args: args.split(/(?<=[,:])/) }
// A reply with credentials inside URLs (a password in the userinfo, a token in the query), served
// at `/url-secrets/…` to a proxy that runs only the secret detector: the secret findings hide them.
const urlSecretsReply =
  'Clone it with git clone https://deploy:Qm7vX2kLp9@git.example.net/app.git then call ' +
  'https://api.example.net/v1/r?format=json&access_token=HYZHPP4PBYXCOZAVK4FH55W4MRHYLALPU1&page=2 to check.'
const urlSecretsScript = { text: urlSecretsReply.split(/(?<= )/), args: ['{}'] }
/** `text` in tag characters (U+E0020 to U+E007E): invisible copies of its ASCII. */
const tagged = (value: string) =>
  [...value].map((char) => String.fromCodePoint(0xe0000 + (char.codePointAt(0) as number))).join('')
// Secrets a prompt-injected model might write to get them past a filter, served at
// `/hidden-secrets/…`: a short value whose name ends one chunk and whose value starts the next,
// keys with a fill-in word or run glued to them (`xxxx`, `XXXX`: placeholders' marks), a chosen
// password holding a word, a key written in hex, a key split by a zero-width joiner, a key written in invisible tag
// characters, one in base64, keys with a dash or a dot slipped between their characters, and one
// written with Cyrillic letters drawn like ASCII ones.
const hiddenSecretsReply =
  'Config: password = "hunter2Xyz9Qp" and Authorization: Bearer 2qn2nzgds0tn1wjydzhc then ' +
  'token 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xxxx and AKIAY34FZKBOKMUTVV7AXXXX with ' +
  'DB_PASSWORD=Herewego2024! then in hex 6768705f77575077356b34615863615434664e503055636e5a774a5556466b364c4f3070494e5578 then ' +
  `export AWS_ACCESS_KEY_ID=AKIALALEM\u200dEL33243OLIB and${tagged(' key ASIAY34FZKBOKMUTVV7A ')}done, ` +
  `or ${btoa('AKIALALEMEL33243OLIB')} in base64, or split: ghp_c3B5MKO9P8QFxHhale-j2ek9XjZEaUVzzYOhi, ` +
  'AKIAQ3B5MKO9P8.QFXHHZ and sk-proj-c3B5MKO9P8QFxHhalej2ek9Xj.ZEaUVzzYOhiid3OWohpAqSVptBFL4FWAC2F, ' +
  'or in look-alike letters: \u0410\u041a\u0406\u0410C3B5MKO9P8QFXHHA.'
const hiddenSecretsScript = { text: hiddenSecretsReply.split(/(?<= )/), args: ['{}'] }

/** An Ollama `/api/chat` stream (application/x-ndjson): one token per line, then a done line. */
const ollamaChat = (tokens: readonly string[]) =>
  [
    ...tokens.map((content) => ({
      model: 'llama3',
      created_at: '2026-11-29T08:20:00.000Z',
      message: { role: 'assistant', content },
      done: false,
    })),
    { model: 'llama3', message: { role: 'assistant', content: '' }, done: true, eval_count: 12 },
  ]
    .map((line) => `${JSON.stringify(line)}\n`)
    .join('')

let upstream: Server
let proxies: Array<ReturnType<typeof serve>> = []
let upstreamOrigin: string
const proxyOrigin: Record<'redact' | 'block' | 'secret', string> = { redact: '', block: '', secret: '' }

beforeAll(async () => {
  upstream = createServer(async (request, response) => {
    const route = request.url?.split('/')[1]
    const { contentType, body } =
      route === 'ollama'
        ? { contentType: 'application/x-ndjson', body: ollamaChat(script.text) }
        : route === 'url-secrets'
          ? upstreamFormats['openai-chat-sse'](urlSecretsScript)
          : route === 'hidden-secrets'
            ? upstreamFormats['openai-chat-sse'](hiddenSecretsScript)
            : upstreamFormats[route as UpstreamFormatName](script)
    await writeInPieces(response, contentType, body)
  })
  upstreamOrigin = await listenOnLoopback(upstream)
  const scans = {
    redact: scan,
    block: { detectors: ['credit-card'] },
    secret: { detectors: ['secret'] },
  } as const
  for (const mode of ['redact', 'block', 'secret'] as const) {
    const app = new Hono()
    app.use('*', focalFilter({ mode: mode === 'block' ? 'block' : 'redact', scan: scans[mode] }))
    app.post('/:format/*', (context) =>
      fetch(`${upstreamOrigin}/${context.req.param('format')}`, { method: 'POST', body: '{}' }),
    )
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
    proxies.push(server as never)
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)))
    proxyOrigin[mode] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }
})

afterAll(async () => {
  for (const server of [upstream, ...(proxies as unknown as Server[])])
    await new Promise((resolve) => server?.close(resolve))
  proxies = []
})

/** The reply the secret-only proxy streams for an upstream route, read by the openai SDK. */
async function secretProxyReply(route: 'url-secrets' | 'hidden-secrets'): Promise<string> {
  const client = new OpenAI({ apiKey: 'test', baseURL: `${proxyOrigin.secret}/${route}/v1`, maxRetries: 0 })
  const stream = client.chat.completions.stream({ model: 'm', messages: [] })
  return (await stream.finalChatCompletion()).choices[0]?.message.content ?? ''
}

/** The raw bytes the proxy sends for a format, read with plain fetch. */
const rawBody = async (mode: 'redact' | 'block', format: UpstreamFormatName) =>
  (await fetch(`${proxyOrigin[mode]}/${format}/x`, { method: 'POST' })).text()

const openAi = (mode: 'redact' | 'block', format: UpstreamFormatName) =>
  new OpenAI({ apiKey: 'test', baseURL: `${proxyOrigin[mode]}/${format}/v1`, maxRetries: 0 })

describe('focalFilter over a real HTTP server on 127.0.0.1', () => {
  it('redacts an Ollama NDJSON stream read line by line as a client joins it, and blocks it in its own way', async () => {
    const lines = async (mode: 'redact' | 'block') => {
      const raw = await (await fetch(`${proxyOrigin[mode]}/ollama/x`, { method: 'POST' })).text()
      expect(raw).not.toMatch(leak)
      return raw
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { message?: { content: string }; error?: string; done?: boolean })
    }
    const redacted = await lines('redact')
    expect(redacted.map((line) => line.message?.content ?? '').join('')).toBe(expectedText)
    expect(redacted.at(-1)?.done).toBe(true)
    const blocked = await lines('block')
    expect(blocked.at(-1)).toEqual({ error: 'stream-blocked', done: true })
    expect(blocked.map((line) => line.message?.content ?? '').join('')).toBe('Your card ')
  })

  it('redacts OpenAI Chat Completions SSE (text and tool-call arguments), read by the openai SDK', async () => {
    expect(await rawBody('redact', 'openai-chat-sse')).not.toMatch(leak)
    const stream = openAi('redact', 'openai-chat-sse').chat.completions.stream({ model: 'm', messages: [] })
    const { message } = (await stream.finalChatCompletion()).choices[0]!
    expect(message.content).toBe(expectedText)
    const call = message.tool_calls?.[0]
    expect(call?.type === 'function' ? call.function.arguments : undefined).toBe(expectedArgs)
  })

  it('redacts OpenAI Responses SSE, read by the openai SDK', async () => {
    expect(await rawBody('redact', 'openai-responses-sse')).not.toMatch(leak)
    const response = await openAi('redact', 'openai-responses-sse')
      .responses.stream({ model: 'm', input: 'hi' })
      .finalResponse()
    expect(response.output_text).toBe(expectedText)
    const call = response.output.find((item) => item.type === 'function_call')
    expect(call?.arguments).toBe(expectedArgs)
  })

  it('redacts Anthropic Messages SSE (text and tool input), read by @anthropic-ai/sdk', async () => {
    expect(await rawBody('redact', 'anthropic-messages-sse')).not.toMatch(leak)
    const client = new Anthropic({
      apiKey: 'test',
      baseURL: `${proxyOrigin.redact}/anthropic-messages-sse`,
      maxRetries: 0,
    })
    const message = await client.messages.stream({ model: 'm', max_tokens: 10, messages: [] }).finalMessage()
    expect(message.content).toEqual([
      { type: 'text', text: expectedText },
      { type: 'tool_use', id: 'toolu_1', name: 'save', input: JSON.parse(expectedArgs) },
    ])
  })

  it('redacts the AI SDK UI message stream, read by ai’s DefaultChatTransport', async () => {
    expect(await rawBody('redact', 'ui-message-stream')).not.toMatch(leak)
    const transport = new DefaultChatTransport({ api: `${proxyOrigin.redact}/ui-message-stream/api/chat` })
    const chunks = await transport.sendMessages({
      trigger: 'submit-message',
      chatId: 'c',
      messageId: undefined,
      messages: [],
      abortSignal: undefined,
    })
    let last: UIMessage | undefined
    for await (const message of readUIMessageStream({ stream: chunks, terminateOnError: true }))
      last = message
    const textPart = last?.parts.find((part) => part.type === 'text')
    expect(textPart?.type === 'text' ? textPart.text : undefined).toBe(expectedText)
    const tool = last?.parts.find((part) => part.type === 'tool-save') as { input?: unknown } | undefined
    expect(tool?.input).toEqual(JSON.parse(expectedArgs))
  })

  it('blocks each SSE format at the card, ending it in the format’s own way', async () => {
    for (const format of ['openai-chat-sse', 'openai-responses-sse', 'anthropic-messages-sse'] as const)
      expect(await rawBody('block', format)).not.toMatch(/4242/)
    const chat = await openAi('block', 'openai-chat-sse')
      .chat.completions.stream({ model: 'm', messages: [] })
      .finalChatCompletion()
    expect(chat.choices[0]?.finish_reason).toBe('content_filter')
    const responses = await openAi('block', 'openai-responses-sse')
      .responses.stream({ model: 'm', input: 'hi' })
      .finalResponse()
    expect(responses.status).toBe('incomplete')
    expect(responses.incomplete_details?.reason).toBe('content_filter')
    const anthropic = new Anthropic({ apiKey: 't', baseURL: `${proxyOrigin.block}/anthropic-messages-sse` })
    const message = await anthropic.messages
      .stream({ model: 'm', max_tokens: 10, messages: [] })
      .finalMessage()
    expect(message.stop_reason).toBe('refusal')
    expect(message.stop_details?.explanation).toContain('stream-blocked')
    expect(JSON.stringify(message.content)).not.toContain('on file')
  })

  it('hides a URL password and a query token streamed in 5-byte pieces, and keeps the rest of each URL', async () => {
    const content = await secretProxyReply('url-secrets')
    expect(content).not.toContain('Qm7vX2kLp9')
    expect(content).not.toContain('HYZHPP4PBYXCOZAVK4FH55W4MRHYLALPU1')
    expect(content).toContain('git.example.net/app.git')
    expect(content).toContain('format=json&access_token=')
    expect(content).toContain('&page=2 to check.')
  })

  it('hides a short value streamed apart from its name and keys split by a zero-width joiner, a dash or a dot, in tag characters, look-alike letters or base64', async () => {
    const content = await secretProxyReply('hidden-secrets')
    // Every secret is gone, however it was written; the words around them are not.
    for (const secret of [
      'hunter2Xyz9Qp',
      '2qn2nzgds0tn1wjydzhc',
      'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINU',
      'Y34FZKBOKMUTVV7A',
      'Herewego2024',
      '6768705f77575077356b3461',
      'EL33243OLIB',
      tagged('Y34FZKBOKMUTVV7A'),
      'QUtJQUxBTEVN',
      'j2ek9XjZEaUVzzYOhi',
      'QFXHHZ',
      'ZEaUVzzYOhiid3OWohpAqSVptBFL4FWAC2F',
      'C3B5MKO9P8QFXHHA',
    ])
      expect(content).not.toContain(secret)
    expect(content).toContain('Config: password = "')
    expect(content).toContain('Authorization: Bearer ')
    expect(content).toContain('export AWS_ACCESS_KEY_ID=')
    expect(content).toContain(`and${tagged(' key ')}`)
    expect(content).toContain('done, or [AWS_ACCESS_KEY] in base64, or split: ')
    expect(content.endsWith(' and [OPENAI_KEY], or in look-alike letters: [AWS_ACCESS_KEY].')).toBe(true)
    // The stream says what a scan of the whole reply says.
    expect(content).toBe(redact(hiddenSecretsReply, scanText(hiddenSecretsReply, { detectors: ['secret'] })))
  })
})
