/**
 * The message id as an idempotency key, over a real socket: a refund turn whose client left
 * mid-stream (a dropped connection) is retried with the same `messageId`. The retry gets the turn's
 * recorded reply, with its confirmation, and nothing runs or is recorded again. Found by an outside
 * review (session 46): the retry ran a new turn, which asked "Shall I do it again?".
 */
import { openAICompatible, type ReadUiMessageChunk, readUiMessageStream } from '@focal/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentModelScript, isDraftRequest } from '../../../core/src/testing/agent-model-script.ts'
import {
  type ScriptedModelRequest,
  type ScriptedModelResponse,
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../core/src/testing/scripted-model-server.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

let release: () => void = () => undefined
const held = new Promise<void>((resolve) => {
  release = resolve
})
const refunds: unknown[] = []
let model: ScriptedModelServer
let served: LoopbackFocal

beforeAll(async () => {
  const base = agentModelScript({}) as (request: ScriptedModelRequest, index: number) => ScriptedModelResponse
  model = await startScriptedModelServer({
    script: (request, index) => {
      if (!isDraftRequest(request)) return base(request, index)
      // The refund's reply is held half-written (until the client leaves and the draft is stopped).
      return JSON.stringify(request.body).includes('Refund $30')
        ? { type: 'stream', chunks: ['Done: ', 'your refund ', 'is on its way.'], holdAfter: 1, hold: held }
        : { type: 'stream', chunks: ['Thanks, ', 'you are verified.'] }
    },
  })
  served = await serveOnLoopback({
    definition: readRefundSupport(),
    model: openAICompatible({ baseURL: model.baseURL, model: 'scripted', maxRetries: 0 }),
    tools: {
      issue_refund: (args) => {
        refunds.push(args)
        return { refundId: 'RF-55012', status: 'issued' }
      },
    },
  })
})

afterAll(async () => {
  release()
  await served.close()
  await model.close()
})

let token = ''
function chat(messageId: string, text: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${served.origin}/v1/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-focal-session-token': token } : {}) },
    body: JSON.stringify({
      id: 'retry-1',
      messageId,
      messages: [{ id: messageId, role: 'user', parts: [{ type: 'text', text }] }],
    }),
    ...(signal ? { signal } : {}),
  })
}

async function readAll(response: Response): Promise<ReadUiMessageChunk[]> {
  const chunks: ReadUiMessageChunk[] = []
  for await (const chunk of readUiMessageStream(response.body!)) chunks.push(chunk)
  return chunks
}

const textOf = (chunks: readonly ReadUiMessageChunk[]) =>
  chunks.flatMap((chunk) => (chunk.type === 'text-delta' ? [chunk.delta] : [])).join('')

async function ledgerTypes(): Promise<string[]> {
  const response = await fetch(`${served.origin}/v1/sessions/retry-1/ledger`, {
    headers: { 'x-focal-session-token': token },
  })
  const body = (await response.json()) as { records: Array<{ type: string }> }
  return body.records.map((record) => record.type)
}

describe('POST /v1/chat with a messageId', () => {
  it('answers the retry of a refund whose stream was cut with the recorded reply, and refunds once', async () => {
    const first = await chat('m-email', 'my email is ann@example.com')
    token = first.headers.get('x-focal-session-token') ?? ''
    await readAll(first)

    const leaving = new AbortController()
    const cut = await chat('m-refund', 'Refund $30 for order NW-1001 please', leaving.signal)
    const reader = readUiMessageStream(cut.body!)[Symbol.asyncIterator]()
    // Read until the reply has started: the refund ran, its reply is being written.
    for (;;) {
      const next = await reader.next()
      if (next.done || next.value.type === 'text-delta') break
    }
    expect(refunds).toHaveLength(1)

    // A retry while the turn still runs is told so; it waits for nothing and runs nothing.
    const early = await chat('m-refund', 'Refund $30 for order NW-1001 please')
    expect(early.status).toBe(409)
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe('message-in-progress')

    // The connection drops mid-stream: the model's draft is stopped, the turn ends with the
    // approved confirmation, and is recorded.
    leaving.abort()
    for (let wait = 0; (await ledgerTypes()).filter((type) => type === 'turn-completed').length < 2; wait++) {
      expect(wait).toBeLessThan(100)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const recorded = await ledgerTypes()

    const retry = await chat('m-refund', 'Refund $30 for order NW-1001 please')
    expect(retry.status).toBe(200)
    const chunks = await readAll(retry)
    const text = textOf(chunks)
    expect(text).toContain("I've refunded $30 for order NW-1001 (reference RF-55012)")
    expect(text).not.toMatch(/again/i)
    expect(chunks.map((chunk) => chunk.type)).toContain('finish')
    expect(chunks.find((chunk) => chunk.type === 'data-provenance')).toMatchObject({
      data: { tools: [{ id: 'issue_refund', status: 'ran' }] },
    })
    // Nothing ran and nothing was recorded for the retry.
    expect(refunds).toHaveLength(1)
    expect(await ledgerTypes()).toEqual(recorded)
    expect(recorded.filter((type) => type === 'tool-called')).toHaveLength(1)

    // The same id with another text is a client bug, not a retry.
    const reused = await chat('m-refund', 'Refund $20 for order NW-1001 please')
    expect(reused.status).toBe(422)
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe('message-id-reused')
  })
})

describe('POST /v1/turn with a messageId', () => {
  it('answers a repeated messageId with the recorded result, running and recording nothing', async () => {
    const send = (headers: Record<string, string> = {}) =>
      fetch(`${served.origin}/v1/turn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ sessionId: 'retry-2', messageId: 't-1', text: 'my email is ann@example.com' }),
      })
    const first = await send()
    const sessionToken = first.headers.get('x-focal-session-token') ?? ''
    const answered = await first.json()
    const ledger = async () =>
      (await (
        await fetch(`${served.origin}/v1/sessions/retry-2/ledger`, {
          headers: { 'x-focal-session-token': sessionToken },
        })
      ).json()) as { total: number }
    const before = await ledger()
    const again = await send({ 'x-focal-session-token': sessionToken })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(answered)
    expect((await ledger()).total).toBe(before.total)
  })
})
