import { createEngine, FocalError, type LanguageModel } from '@focal/core'
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
    const engine = createEngine({
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
    const sessionId = 'left-mid-reply'
    await engine.turn({ sessionId, text: 'my email is ann@example.com' })
    const left = await engine.turn({
      sessionId,
      text: 'Refund $30 for order NW-1001 please',
      signal: leaving.signal,
    })
    expect(refunds).toHaveLength(1)
    expect(left.provenance.tools).toEqual([{ id: 'issue_refund', status: 'ran' }])
    expect((await engine.getSession(sessionId))?.toolCalls?.map((call) => call.tool)).toEqual([
      'issue_refund',
    ])
    leaving = new AbortController()
    const again = await engine.turn({
      sessionId,
      text: 'Refund $30 for order NW-1001 please',
      signal: leaving.signal,
    })
    // $30 more on NW-1001 would be $60: the cap counts the first refund, which is on record.
    expect(refunds).toHaveLength(1)
    expect(again.provenance.tools).toMatchObject([{ id: 'issue_refund', status: 'blocked' }])
  })
})
