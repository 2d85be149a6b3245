import Anthropic from '@anthropic-ai/sdk'
import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai'
import fc from 'fast-check'
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { createStreamRedactor } from '../enforcement/create-stream-redactor.ts'
import { redact } from '../enforcement/redact.ts'
import { scanText } from '../enforcement/scan-text.ts'
import {
  chunkedResponse,
  type UpstreamFormatName,
  type UpstreamScript,
  upstreamFormats,
} from '../testing/upstream-formats.ts'
import { guardModelResponse } from './guard-model-response.ts'

const scan = { detectors: ['credit-card', 'email'] } as const
const text = 'Your card 4242 4242 4242 4242 and ann@example.com are on file.'
const args = '{"card":"4242 4242 4242 4242","email":"ann@example.com"}'
const expectedText = redact(text, scanText(text, scan))
const expectedArgs = redact(args, scanText(args, scan))
/** Any piece of either value that would tell it: a digit group or the email's parts. */
const leak = /4242|ann@|@example|example\.com/

const offline = 'http://127.0.0.1:9'
const openAi = (response: Response) =>
  new OpenAI({ apiKey: 'test', baseURL: `${offline}/v1`, maxRetries: 0, fetch: async () => response })
const anthropic = (response: Response) =>
  new Anthropic({ apiKey: 'test', baseURL: offline, maxRetries: 0, fetch: async () => response })

/** What a format's own client makes of a guarded response: the reply text and the tool call's input. */
interface Parsed {
  text: string
  args: unknown
  /** The format's own reason for the end (finish reason, status, stop reason). */
  end: unknown
}

async function readUiMessage(response: Response): Promise<UIMessage> {
  const transport = new DefaultChatTransport({ api: `${offline}/api/chat`, fetch: async () => response })
  const chunks = await transport.sendMessages({
    trigger: 'submit-message',
    chatId: 'chat-1',
    messageId: undefined,
    messages: [],
    abortSignal: undefined,
  })
  let last: UIMessage | undefined
  for await (const message of readUIMessageStream({ stream: chunks, terminateOnError: true })) last = message
  return last!
}

const parsers: Record<UpstreamFormatName, (response: Response) => Promise<Parsed>> = {
  async 'openai-chat-sse'(response) {
    const stream = openAi(response).chat.completions.stream({ model: 'gpt-test', messages: [] })
    const { choices } = await stream.finalChatCompletion()
    const { message, finish_reason } = choices[0]!
    const call = message.tool_calls?.[0]
    return {
      text: message.content ?? '',
      args: call?.type === 'function' ? call.function.arguments : undefined,
      end: finish_reason,
    }
  },
  async 'openai-responses-sse'(response) {
    const final = await openAi(response).responses.stream({ model: 'gpt-test', input: 'hi' }).finalResponse()
    const call = final.output.find((item) => item.type === 'function_call')
    return { text: final.output_text, args: call?.arguments, end: final.status }
  },
  async 'anthropic-messages-sse'(response) {
    const message = await anthropic(response)
      .messages.stream({ model: 'claude-test', max_tokens: 100, messages: [] })
      .finalMessage()
    const textBlock = message.content.find((block) => block.type === 'text')
    const tool = message.content.find((block) => block.type === 'tool_use')
    return { text: textBlock?.text ?? '', args: tool?.input, end: message.stop_reason }
  },
  async 'ui-message-stream'(response) {
    const message = await readUiMessage(response)
    const textPart = message.parts.find((part) => part.type === 'text')
    const tool = message.parts.find((part) => part.type === 'tool-save') as
      | { input?: unknown; state: string }
      | undefined
    return { text: textPart?.type === 'text' ? textPart.text : '', args: tool?.input, end: tool?.state }
  },
  async 'openai-chat-json'(response) {
    const { choices } = await openAi(response).chat.completions.create({ model: 'gpt-test', messages: [] })
    const { message, finish_reason } = choices[0]!
    const call = message.tool_calls?.[0]
    return {
      text: message.content ?? '',
      args: call?.type === 'function' ? call.function.arguments : undefined,
      end: finish_reason,
    }
  },
  async 'openai-responses-json'(response) {
    const result = await openAi(response).responses.create({ model: 'gpt-test', input: 'hi' })
    const call = result.output.find((item) => item.type === 'function_call')
    return { text: result.output_text, args: call?.arguments, end: result.status }
  },
  async 'anthropic-messages-json'(response) {
    const message = await anthropic(response).messages.create({
      model: 'claude-test',
      max_tokens: 100,
      messages: [],
    })
    const textBlock = message.content.find((block) => block.type === 'text')
    const tool = message.content.find((block) => block.type === 'tool_use')
    return { text: textBlock?.text ?? '', args: tool?.input, end: message.stop_reason }
  },
  async 'plain-text'(response) {
    return { text: await response.text(), args: undefined, end: undefined }
  },
}

/** Tool input as each format's client exposes it: a JSON string (OpenAI) or the parsed object. */
const expectedInput = (format: UpstreamFormatName) =>
  format === 'plain-text'
    ? undefined
    : format.startsWith('openai')
      ? expectedArgs
      : (JSON.parse(expectedArgs) as unknown)

const formats = Object.keys(upstreamFormats) as UpstreamFormatName[]
const redacting = () => createStreamRedactor({ ...scan, mode: 'redact' })
const blocking = () => createStreamRedactor({ detectors: ['credit-card'], mode: 'block' })

async function run(
  format: UpstreamFormatName,
  script: UpstreamScript,
  cuts: number[],
  createGuard = redacting,
) {
  const guarded = await guardModelResponse(chunkedResponse(upstreamFormats[format](script), cuts), {
    createGuard,
  })
  const raw = await guarded.clone().text()
  return { raw, parsed: await parsers[format](guarded) }
}

const splitAt = (value: string, points: number[]) => {
  const sorted = [...new Set(points.map((point) => point % (value.length + 1)))].sort((a, b) => a - b)
  return [0, ...sorted].map((start, index) => value.slice(start, sorted[index] ?? value.length))
}

describe('guardModelResponse', () => {
  describe.each(formats)('%s', (format) => {
    it('redacts the card and the email split at every single point, parsed by the format’s own client', async () => {
      for (let point = 0; point <= text.length; point++) {
        const script = { text: splitAt(text, [point]), args: splitAt(args, [point]) }
        const { raw, parsed } = await run(format, script, [])
        expect(raw, `split at ${point}`).not.toMatch(leak)
        expect(parsed.text).toBe(expectedText)
        expect(parsed.args).toEqual(expectedInput(format))
      }
    })

    it('emits the same bytes, leaking nothing, when the upstream bytes are cut at every single boundary', async () => {
      const script = { text: text.split(/(?<= )/), args: args.split(/(?<=,)/) }
      const whole = await run(format, script, [])
      expect(whole.parsed.text).toBe(expectedText)
      expect(whole.parsed.args).toEqual(expectedInput(format))
      const length = new TextEncoder().encode(upstreamFormats[format](script).body).length
      for (let cut = 1; cut < length; cut++) {
        const guarded = await guardModelResponse(chunkedResponse(upstreamFormats[format](script), [cut]), {
          createGuard: redacting,
        })
        const raw = await guarded.text()
        expect(raw, `cut at byte ${cut}`).not.toMatch(leak)
        // Byte for byte what the uncut upstream gives, which the format's own client parsed above.
        expect(raw).toBe(whole.raw)
      }
    }, 60_000)

    it('redacts under random multi-splits of the values and of the bytes', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.nat(200), { maxLength: 8 }),
          fc.array(fc.nat(200), { maxLength: 8 }),
          fc.array(fc.nat(4000), { maxLength: 12 }),
          async (textPoints, argPoints, cuts) => {
            const script = { text: splitAt(text, textPoints), args: splitAt(args, argPoints) }
            const { raw, parsed } = await run(format, script, cuts)
            expect(raw).not.toMatch(leak)
            expect(parsed.text).toBe(expectedText)
            expect(parsed.args).toEqual(expectedInput(format))
          },
        ),
        { numRuns: 40 },
      )
    })
  })

  // A model (or a prompt-injected one) can write a value with JSON escapes: `\u0034` is `4` to every
  // JSON parser, so the tool call's arguments are read decoded.
  const escapedArgs = args.replace(
    /[0-9@]/gu,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
  const escapedLeak = /4242|ann@|@example|\\u0034\\u0032|\\u0040/

  it.each(formats.filter((format) => format !== 'plain-text'))(
    '%s: redacts a card and an email written with \\u escapes in tool arguments, split at every point',
    async (format) => {
      expect(JSON.parse(escapedArgs)).toEqual(JSON.parse(args))
      for (let point = 0; point <= escapedArgs.length; point++) {
        const script = { text: [text], args: splitAt(escapedArgs, [point]) }
        const { raw, parsed } = await run(format, script, [])
        expect(raw, `split at ${point}`).not.toMatch(escapedLeak)
        expect(parsed.args).toEqual(expectedInput(format))
      }
    },
  )

  it('keeps the escapes JSON needs: a backslash before u0034 stays a backslash, quotes stay escaped', async () => {
    const tricky = '{"path":"C:\\\\u0034dir","quote":"say \\"hi\\"","tab":"a\\u0009b"}'
    for (let point = 0; point <= tricky.length; point++) {
      const { parsed } = await run('openai-chat-sse', { text: ['ok'], args: splitAt(tricky, [point]) }, [])
      expect(JSON.parse(parsed.args as string), `split at ${point}`).toEqual(JSON.parse(tricky))
    }
  })

  it.each(formats.filter((format) => format !== 'plain-text'))(
    '%s: reads \\n, \\t, \\" and \\/ in tool arguments as what they stand for, split at every point, the JSON kept whole',
    async (format) => {
      // `\n536-…` is an SSN on a line of its own to every JSON parser, not the word `n536-…`.
      const values = {
        note: 'Customer SSN:\n536-22-1234\tcard\t4111111111111111',
        env: 'aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ8Lm2',
        quoted: '{"password": "Zx8Qp2LmN7vRt5Kw", "key": "AKIAQ3EGX7MZ5K2P4WRN"}',
      }
      const raw = JSON.stringify(values).replaceAll('/', '\\/')
      const leak = /22-1234|1111111111|FEMI|Zx8Qp2|AKIAQ3/
      const all = () => createStreamRedactor({ mode: 'redact' })
      for (let point = 0; point <= raw.length; point++) {
        const script = { text: ['ok'], args: splitAt(raw, [point]) }
        const { raw: body, parsed } = await run(format, script, [], all)
        expect(body, `split at ${point}`).not.toMatch(leak)
        const args = typeof parsed.args === 'string' ? JSON.parse(parsed.args) : parsed.args
        expect(args, `split at ${point}`).toEqual({
          note: 'Customer SSN:\n[US_SSN]\tcard\t[CREDIT_CARD]',
          env: 'aws_secret_access_key=[GENERIC_API_KEY]',
          quoted: expect.not.stringMatching(leak),
        })
      }
    },
  )

  const blockedEnds: Record<UpstreamFormatName, unknown> = {
    'openai-chat-sse': 'content_filter',
    'openai-responses-sse': 'incomplete',
    'anthropic-messages-sse': 'refusal',
    'ui-message-stream': undefined,
    'openai-chat-json': 'content_filter',
    'openai-responses-json': 'incomplete',
    'anthropic-messages-json': 'refusal',
    'plain-text': undefined,
  }

  it.each(formats)(
    '%s: blocks at the card at every split point, ending in the format’s own way',
    async (format) => {
      for (let point = 0; point <= text.length; point++) {
        const script = { text: splitAt(text, [point]), args: splitAt(args, [point]) }
        const { raw, parsed } = await run(format, script, [], blocking)
        expect(raw, `split at ${point}`).not.toMatch(/4242/)
        expect(parsed.text.startsWith('Your card'.slice(0, parsed.text.length))).toBe(true)
        expect(parsed.text).not.toContain('on file')
        if (format !== 'plain-text') expect(parsed.args ?? undefined).not.toEqual(expectedInput(format))
        expect(parsed.end).toEqual(blockedEnds[format])
      }
    },
  )

  it('guards UI stream tool outputs, errors and data parts; Focal’s own parts pass only in a stream Focal wrote', async () => {
    // Focal's provenance quotes its rules, whose text may hold what the guard redacts elsewhere.
    const provenance = {
      type: 'data-provenance',
      id: 'm1:provenance',
      data: { ledgerHash: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', rule: 'Never echo 4242 4242 4242 4242' },
    }
    // An app's own status part: the same name as Focal's, the model's words in it.
    const status = {
      type: 'data-status',
      data: { note: 'Mailed ann@example.com the card 4242 4242 4242 4242' },
    }
    const body = [
      { type: 'start', messageId: 'm1' },
      { type: 'tool-output-available', toolCallId: 'c1', output: { card: '4242 4242 4242 4242' } },
      { type: 'error', errorText: 'upstream said ann@example.com' },
      provenance,
      status,
      { type: 'data-weather', data: { city: 'card 4242 4242 4242 4242' } },
      { type: 'finish' },
    ]
      .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
      .join('')
    const guard = async (headers: Record<string, string>) => {
      const response = chunkedResponse({ contentType: 'text/event-stream', body: `${body}data: [DONE]\n\n` })
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
      const guarded = await guardModelResponse(response, {
        createGuard: () => createStreamRedactor({ mode: 'redact' }),
      })
      return guarded.text()
    }
    // Any upstream: every data part's strings are guarded, Focal's part names too.
    const anyUpstream = await guard({})
    expect(anyUpstream).not.toMatch(leak)
    expect(anyUpstream).toContain('"type":"data-provenance"')
    expect(anyUpstream).toContain('a1b2c3d4e5f60718293a4b5c6d7e8f90')
    // Focal's chat route marks its stream: its own parts pass as they are, the others are guarded.
    const focal = await guard({ 'x-focal-stream': 'v1' })
    expect(focal).toContain(JSON.stringify(provenance))
    expect(focal).toContain(JSON.stringify(status))
    expect(focal.replace(JSON.stringify(provenance), '').replace(JSON.stringify(status), '')).not.toMatch(
      leak,
    )
  })

  it('ends a blocked UI message stream with finishReason content-filter and [DONE]', async () => {
    const script = { text: [text], args: [args] }
    const { raw } = await run('ui-message-stream', script, [], blocking)
    expect(raw).toContain('{"type":"text-end","id":"t1"}')
    expect(
      raw.trimEnd().endsWith('data: {"type":"finish","finishReason":"content-filter"}\n\ndata: [DONE]'),
    ).toBe(true)
  })
})
