import { describe, expect, it } from 'vitest'
import { createStreamRedactor } from '../enforcement/create-stream-redactor.ts'
import { guardModelResponse } from './guard-model-response.ts'
import { guardToolCardEcho, requestToolResults } from './guard-tool-card-echo.ts'

const card = '4111 1111 1111 1111'
const spelled =
  'Sure, the card on file reads four one one one, one one one one, one one one one, one one one one.'
const harmless = 'Your refund of $20 for order NW-1001 is on its way.'

/** A Chat Completions request whose tool result holds the card. */
const chatRequest = {
  model: 'm',
  messages: [
    { role: 'user', content: 'Which card is on file?' },
    {
      role: 'assistant',
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'card', arguments: '{}' } }],
    },
    { role: 'tool', tool_call_id: 'c1', content: JSON.stringify({ card, holder: 'Ann' }) },
  ],
}

/** A Chat Completions SSE body streaming `text` two words at a time. */
function chatStream(text: string): Response {
  const words = text.split(/(?<= )/)
  let body = ''
  for (let index = 0; index < words.length; index += 2)
    body += `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: words.slice(index, index + 2).join('') } }] })}\n\n`
  body += `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
}

/** The text a Chat Completions SSE body streams, and whether it ended blocked. */
function readChat(body: string): { text: string; blocked: boolean } {
  let text = ''
  let blocked = false
  for (const line of body.split('\n')) {
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue
    const event = JSON.parse(line.slice(6)) as {
      choices?: Array<{ delta?: { content?: string }; finish_reason?: string }>
      error?: unknown
    }
    text += event.choices?.[0]?.delta?.content ?? ''
    if (event.error !== undefined || event.choices?.[0]?.finish_reason === 'content_filter') blocked = true
  }
  return { text, blocked }
}

const redactor = () => createStreamRedactor({ detectors: ['credit-card', 'email'] })

describe('requestToolResults', () => {
  it('reads the tool results of every request format the guard reads, and nothing else', () => {
    expect(requestToolResults(chatRequest)).toEqual([chatRequest.messages[2]?.content])
    expect(
      requestToolResults({
        input: [
          { role: 'user', content: 'card?' },
          { type: 'function_call', call_id: 'c', name: 'card', arguments: '{}' },
          { type: 'function_call_output', call_id: 'c', output: card },
        ],
      }),
    ).toEqual([card])
    expect(
      requestToolResults({
        messages: [
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: card }] }],
          },
        ],
      }),
    ).toEqual([[{ type: 'text', text: card }]])
    expect(
      requestToolResults({
        messages: [
          { role: 'assistant', parts: [{ type: 'tool-card', state: 'output-available', output: { card } }] },
        ],
      }),
    ).toEqual([{ card }])
    // The user's own words are no tool result.
    expect(requestToolResults({ messages: [{ role: 'user', content: `my card is ${card}` }] })).toEqual([])
    expect(requestToolResults('not json')).toEqual([])
  })
})

describe('guardToolCardEcho', () => {
  it('blocks a reply that spells out the card a tool result holds, releasing none of it', async () => {
    const createGuard = guardToolCardEcho(redactor, chatRequest)
    const guarded = await (await guardModelResponse(chatStream(spelled), { createGuard })).text()
    const read = readChat(guarded)
    expect(read.blocked).toBe(true)
    expect(read.text).not.toMatch(/four|one one/)
  })

  it('releases any other reply whole and unchanged', async () => {
    const createGuard = guardToolCardEcho(redactor, chatRequest)
    const read = readChat(await (await guardModelResponse(chatStream(harmless), { createGuard })).text())
    expect(read).toEqual({ text: harmless, blocked: false })
  })

  it('streams live when no tool result holds a card, so a spelled number there is not its business', async () => {
    const createGuard = guardToolCardEcho(redactor, { messages: [{ role: 'user', content: spelled }] })
    expect(createGuard).toBe(redactor)
    const plain = guardToolCardEcho(redactor, {
      messages: [{ role: 'tool', content: '{"order":"NW-1001","total":620}' }],
    })
    expect(plain).toBe(redactor)
  })

  it('keeps the detectors at work inside a held reply', async () => {
    const createGuard = guardToolCardEcho(redactor, chatRequest)
    const read = readChat(
      await (
        await guardModelResponse(chatStream(`Write to ann@example.com. ${harmless}`), { createGuard })
      ).text(),
    )
    expect(read.blocked).toBe(false)
    expect(read.text).not.toContain('ann@example.com')
    expect(read.text).toContain(harmless)
  })
})
