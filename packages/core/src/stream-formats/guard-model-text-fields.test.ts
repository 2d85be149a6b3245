import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { describe, expect, it } from 'vitest'
import { createStreamRedactor } from '../enforcement/create-stream-redactor.ts'
import { guardModelResponse } from './guard-model-response.ts'

// Fields that carry model text besides the main text deltas: each was passed unguarded (found by
// an outside review), read here by the providers' own SDKs as a client would.
const createGuard = () => createStreamRedactor({ detectors: ['credit-card', 'email'] })
const card = ['4111', ' 1111', ' 1111', ' 1111']
const leak = /4111|1111 1111|ann@/
const sse = (events: unknown[]) =>
  events.map((event) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`).join('')
const named = (events: Array<Record<string, unknown>>) =>
  events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`).join('')
const guard = (body: string) =>
  guardModelResponse(new Response(body, { headers: { 'content-type': 'text/event-stream' } }), {
    createGuard,
  })
const openai = (response: Response) =>
  new OpenAI({ apiKey: 'x', baseURL: 'http://127.0.0.1:9/v1', maxRetries: 0, fetch: async () => response })
const chunk = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-test' }
const choice = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  ...chunk,
  choices: [{ index: 0, delta, finish_reason: null, ...extra }],
})

describe('guardModelResponse: every field that carries model text', () => {
  it('Chat Completions: logprobs are removed, and the functions API arguments are guarded', async () => {
    const logprob = (token: string) => ({ content: [{ token, logprob: -0.1, bytes: [], top_logprobs: [] }] })
    const body = sse([
      choice({ role: 'assistant', content: '' }),
      ...card.map((token) => choice({ content: token }, { logprobs: logprob(token) })),
      { ...chunk, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
      '[DONE]',
    ])
    const response = await guard(body)
    const raw = await response.clone().text()
    expect(raw).not.toMatch(leak)
    const completion = await openai(response)
      .chat.completions.stream({ model: 'm', messages: [], logprobs: true })
      .finalChatCompletion()
    expect(completion.choices[0]?.message.content).toBe('[CREDIT_CARD]')

    const functions = sse([
      choice({ role: 'assistant', content: null, function_call: { name: 'save', arguments: '' } }),
      ...['{"card":"', ...card, '"}'].map((part) => choice({ function_call: { arguments: part } })),
      { ...chunk, choices: [{ index: 0, delta: {}, finish_reason: 'function_call' }] },
      '[DONE]',
    ])
    expect(await (await guard(functions)).text()).not.toMatch(leak)
  })

  it('a legacy completion stream has its text guarded, and text after a finish is not sent', async () => {
    const base = { id: 'cmpl-1', object: 'text_completion', created: 1, model: 'gpt-3.5-turbo-instruct' }
    const body = sse([
      ...['Card: ', ...card].map((text) => ({ ...base, choices: [{ index: 0, text, finish_reason: null }] })),
      '[DONE]',
    ])
    let text = ''
    for await (const part of await openai(await guard(body)).completions.create({
      model: 'm',
      prompt: 'x',
      stream: true,
    }))
      text += part.choices[0]?.text ?? ''
    expect(text).toBe('Card: [CREDIT_CARD]')

    // A card split across a choice's finish chunk: what follows the finish is never sent.
    const split = sse([
      choice({ role: 'assistant', content: 'Card 4111 1111' }),
      { ...chunk, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
      choice({ content: ' 1111 1111.' }),
      '[DONE]',
    ])
    const completion = await openai(await guard(split))
      .chat.completions.stream({ model: 'm', messages: [] })
      .finalChatCompletion()
    expect(completion.choices[0]?.message.content ?? '').not.toMatch(/4111 1111 1111 1111/)
  })

  it('Responses: logprobs lists are emptied', async () => {
    const response = { id: 'resp_1', object: 'response', status: 'in_progress', model: 'm', output: [] }
    const body = named([
      { type: 'response.created', response, sequence_number: 0 },
      ...['Card ', ...card].map((delta) => ({
        type: 'response.output_text.delta',
        item_id: 'msg_1',
        output_index: 0,
        content_index: 0,
        delta,
        logprobs: [{ token: delta, logprob: -0.1, top_logprobs: [] }],
        sequence_number: 1,
      })),
      {
        type: 'response.completed',
        response: { ...response, status: 'completed' },
        sequence_number: 9,
      },
    ])
    const raw = await (await guard(body)).text()
    expect(raw).not.toMatch(leak)
    expect(raw).toContain('"logprobs":[]')
  })

  it('Anthropic: citations, server tool results and text in a block start are guarded', async () => {
    const body = named([
      {
        type: 'message_start',
        message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'c', content: [], usage: {} },
      },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'Card 4111' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: ' 1111 1111 1111.' } },
      {
        type: 'content_block_delta',
        index: 0,
        delta: {
          type: 'citations_delta',
          citation: { type: 'char_location', cited_text: 'mail ann@example.com' },
        },
      },
      { type: 'content_block_stop', index: 0 },
      {
        type: 'content_block_start',
        index: 1,
        content_block: {
          type: 'code_execution_tool_result',
          tool_use_id: 'srvtoolu_1',
          content: {
            type: 'code_execution_result',
            stdout: '4111 1111 1111 1111\n',
            stderr: '',
            return_code: 0,
          },
        },
      },
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 5 } },
      { type: 'message_stop' },
    ])
    const response = await guard(body)
    expect(await response.clone().text()).not.toMatch(leak)
    const client = new Anthropic({ apiKey: 'x', maxRetries: 0, fetch: async () => response })
    const message = await client.messages.stream({ model: 'c', max_tokens: 10, messages: [] }).finalMessage()
    const text = message.content[0]
    expect(text?.type === 'text' ? text.text : '').toBe('Card [CREDIT_CARD].')
  })
})

describe('guardModelResponse: SSE line endings', () => {
  it('reads events ended by CR, LF or CRLF alike, wherever the bytes are cut', async () => {
    const events = [
      choice({ role: 'assistant', content: 'Your card is ' }),
      ...card.map((token) => choice({ content: token })),
      { ...chunk, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
      '[DONE]',
    ]
    for (const ending of ['\n', '\r\n', '\r']) {
      const body = events
        .map(
          (event) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}${ending}${ending}`,
        )
        .join('')
      for (const cut of [0, 7, 40, 91, 200, 333]) {
        const bytes = new TextEncoder().encode(body)
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            if (cut > 0) controller.enqueue(bytes.slice(0, cut))
            controller.enqueue(bytes.slice(cut))
            controller.close()
          },
        })
        const response = await guardModelResponse(
          new Response(stream, { headers: { 'content-type': 'text/event-stream' } }),
          { createGuard },
        )
        const raw = await response.clone().text()
        expect(raw, `${JSON.stringify(ending)} cut at ${cut}`).not.toMatch(leak)
        const completion = await openai(response)
          .chat.completions.stream({ model: 'm', messages: [] })
          .finalChatCompletion()
        expect(completion.choices[0]?.message.content).toBe('Your card is [CREDIT_CARD]')
      }
    }
  })
})
