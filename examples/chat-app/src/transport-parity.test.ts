import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import {
  createEngine,
  createStreamRedactor,
  loadDefinition,
  type Provenance,
  summarizeEnforcement,
  summarizeProvenance,
} from '@focal/core'
import { serveFocal } from '@focal/edge/node'
import {
  type ChatTransport,
  createHttpTransport,
  createLocalTransport,
  type FocalUiMessageChunk,
} from '@focal/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoFlows } from './demo-messages.ts'

const definition = loadDefinition(
  readFileSync(join(import.meta.dirname, '..', '..', 'definitions', 'refund-support.yaml'), 'utf8'),
)

/** An engine whose ids and clock repeat exactly, so two of them run the same turns alike. */
function deterministicEngine() {
  let next = 0
  return createEngine({
    definition,
    idGenerator: { next: (prefix = 'id') => `${prefix}_${++next}` },
    clock: { now: () => Date.parse('2026-11-24T12:00:00.000Z') },
  })
}

/** The supervisor's credential: over HTTP an approval is decided by an approver, never the session. */
const supervisor = {
  token: 'parity-supervisor-credential-0123456789abcdef',
  id: 'sam',
  roles: ['supervisor'],
}

/** The same second-line guard on both sides, as the edge runs on `/v1/chat`. */
const guard = () => createStreamRedactor()

let served: ReturnType<typeof serveFocal>
let http: ChatTransport
const local = createLocalTransport({ engine: deterministicEngine(), guard })

beforeAll(async () => {
  served = serveFocal({
    engine: deterministicEngine(),
    definition,
    services: { createStreamGuard: guard },
    approvers: [supervisor],
    port: 0,
    hostname: '127.0.0.1',
  })
  await new Promise<void>((resolve) => served.server.once('listening', () => resolve()))
  http = createHttpTransport({
    baseUrl: `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`,
    approverToken: supervisor.token,
  })
})

afterAll(async () => {
  await new Promise((resolve) => served.server.close(resolve))
})

/**
 * What a customer's client of the edge gets of the in-page chunks: the edge sends a summary of each
 * turn's provenance and enforcement (its default `provenance: 'summary'`), the in-page engine has the whole
 * definition anyway.
 */
const asServed = (chunks: FocalUiMessageChunk[]) =>
  chunks.map((chunk) =>
    chunk.type === 'data-provenance'
      ? { ...chunk, data: summarizeProvenance(chunk.data as Provenance) }
      : chunk.type === 'data-enforcement'
        ? { ...chunk, data: summarizeEnforcement(chunk.data) }
        : chunk,
  )

/** A transport's chunks for one request; `data-session` is the HTTP session handshake, not the turn. */
async function chunksOf(replies: AsyncIterable<FocalUiMessageChunk>): Promise<FocalUiMessageChunk[]> {
  const chunks: FocalUiMessageChunk[] = []
  for await (const chunk of replies) if (chunk.type !== 'data-session') chunks.push(chunk)
  return chunks
}

// Each message its own id, as the widget sends: the server replays a turn whose id it has seen.
let messages = 0
const send = (transport: ChatTransport, text: string) =>
  chunksOf(
    transport.sendMessage({
      sessionId: 'parity',
      messageId: `m${++messages}`,
      text,
      signal: new AbortController().signal,
    }),
  )

describe('the in-page and the HTTP transport send the same chunks for the same turn', () => {
  it('over every demo flow, clicked in order in one session, approval included', async () => {
    const { clarification, refusal, redaction, approval } = demoFlows
    const steps: Array<(transport: ChatTransport) => Promise<FocalUiMessageChunk[]>> = [
      (transport) => send(transport, clarification.text),
      (transport) => send(transport, 'a refund'),
      (transport) => send(transport, refusal.text),
      (transport) => send(transport, redaction.text),
      (transport) => send(transport, approval.text),
    ]
    let approvalId: string | undefined
    for (const step of steps) {
      const inPage = await step(local)
      const overHttp = await step(http)
      expect(overHttp).toEqual(asServed(inPage))
      expect(inPage.map((chunk) => chunk.type)).toContain('data-provenance')
      const asked = inPage.find((chunk) => chunk.type === 'data-approval')
      if (asked?.type === 'data-approval') approvalId = asked.data.id
    }
    // The flows did what the demo promises, so the comparison covered every kind of part.
    expect(approvalId).toBeDefined()
    const resolve = (transport: ChatTransport) =>
      chunksOf(
        transport.resolveApproval({
          sessionId: 'parity',
          approvalId: approvalId!,
          decision: 'approve',
          signal: new AbortController().signal,
        }),
      )
    const inPage = await resolve(local)
    expect(await resolve(http)).toEqual(asServed(inPage))
    expect(inPage.some((chunk) => chunk.type === 'text-delta')).toBe(true)
  })
})
