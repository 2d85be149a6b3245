import { FocalError, type LanguageModel } from '@focal/core'
import { describe, expect, it } from 'vitest'
import { createFocalApp } from '../create-focal-app.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'

const definition = readRefundSupport()

async function postTurn(app: ReturnType<typeof createFocalApp>, controller: AbortController) {
  return app.request('/v1/turn', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'where is my order NW-1001' }),
    signal: controller.signal,
  })
}

describe('registerTurnRoutes', () => {
  it("hands tool runners the client's abort signal on POST /v1/turn", async () => {
    const signals: Array<AbortSignal | undefined> = []
    const app = createFocalApp({
      definition,
      tools: {
        lookup_order: (_args, context) => {
          signals.push(context.signal)
          return { status: 'shipped', carrier: 'UPS', eta: 'Thursday' }
        },
      },
    })
    const controller = new AbortController()
    const response = await postTurn(app, controller)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { text: string }).text).toContain('shipped with UPS')
    expect(signals).toHaveLength(1)
    expect(signals[0]).toBeInstanceOf(AbortSignal)
    expect(signals[0]?.aborted).toBe(false)
    controller.abort()
    expect(signals[0]?.aborted).toBe(true)
  })

  it('records a tool that ran though the client left before the reply was written: a refund counts toward its cap', async () => {
    // Found by an outside review (session 46): a client that left mid-reply (or pressed Stop) had
    // its refund run but the turn never recorded, so three $30 refunds passed the $50 cap.
    const refunds: unknown[] = []
    let leaving = new AbortController()
    const model = {
      generate: async (options: { signal?: AbortSignal }) => {
        if (options.signal?.aborted) throw new FocalError({ code: 'aborted', message: 'model call aborted' })
        return { text: 'Done.' }
      },
    } as unknown as LanguageModel
    const app = createFocalApp({
      definition,
      model,
      tools: {
        issue_refund: (args) => {
          refunds.push(args)
          // The client leaves once the refund ran, while the reply is being written.
          leaving.abort()
          return { refundId: 'RF-1', status: 'issued' }
        },
      },
    })
    const first = await app.request('/v1/turn', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'my email is ann@example.com' }),
    })
    const { sessionId } = (await first.json()) as { sessionId: string }
    const token = first.headers.get('x-focal-session-token') ?? ''
    /** "Refund $30 for order NW-1001" in the session, the client leaving once the refund ran. */
    const refund = async () => {
      leaving = new AbortController()
      const response = await app.request('/v1/turn', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-focal-session-token': token },
        body: JSON.stringify({ sessionId, text: 'Refund $30 for order NW-1001 please' }),
        signal: leaving.signal,
      })
      return (await response.json()) as { provenance: { tools: Array<{ id: string; status: string }> } }
    }
    expect((await refund()).provenance.tools).toEqual([{ id: 'issue_refund', status: 'ran' }])
    expect(refunds).toHaveLength(1)
    const ledger = (await (
      await app.request(`/v1/sessions/${sessionId}/ledger`, { headers: { 'x-focal-session-token': token } })
    ).json()) as { records: Array<{ type: string }> }
    expect(ledger.records.map((record) => record.type)).toContain('tool-called')
    // $30 more on NW-1001 would be $60: the cap counts the first refund, which is on record.
    expect((await refund()).provenance.tools).toMatchObject([{ id: 'issue_refund', status: 'blocked' }])
    expect(refunds).toHaveLength(1)
  })
})
