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
})
