import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadDefinition } from '../definition/load-definition.ts'
import { createLedger } from '../ledger/create-ledger.ts'
import { createMemoryLedgerStore } from '../ledger/create-memory-ledger-store.ts'
import { createEngine } from './create-engine.ts'
import { presentApproval, toolIdInWords } from './present-approval.ts'
import type { ApprovalRequest, TurnEvent } from './types.ts'

const definition = readFileSync(
  fileURLToPath(new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url)),
  'utf8',
)
const request: ApprovalRequest = {
  id: 'approval_1',
  sessionId: 's',
  toolId: 'cancel_order',
  args: { order_id: 'NW-2002', amount: 620 },
  reason: 'args.amount > 500',
  approver: 'supervisor',
  defaultAction: 'reject',
}

describe('presentApproval', () => {
  it('writes the card line from the tool summary and the approval template', () => {
    const tool = loadDefinition(definition).tools.find((entry) => entry.id === 'cancel_order')
    expect(presentApproval(request, tool)).toEqual({
      ...request,
      label: 'Cancel order',
      summary: 'Cancel order NW-2002 ($620) — needs a supervisor',
    })
  })

  it('falls back to the tool id in words, without or with an approver', () => {
    const { approver: _, ...noApprover } = request
    expect(presentApproval(noApprover, undefined)).toMatchObject({
      label: 'Cancel order',
      summary: 'Cancel order — needs approval',
    })
    expect(presentApproval(request, undefined).summary).toBe('Cancel order — needs a supervisor')
    expect(toolIdInWords('issue-refund_now')).toBe('Issue refund now')
  })
})

describe('customer-facing presentation in a turn of the demo agent', () => {
  it('gives the approval card a customer line, and names the policy without its condition', async () => {
    const store = createMemoryLedgerStore()
    const engine = createEngine({ definition, ledger: store })
    const result = await engine.turn({ sessionId: 'a', text: 'Cancel order NW-2002, the total was $620' })
    expect(result.type).toBe('approval-required')
    if (result.type !== 'approval-required') return
    expect(result.approval).toMatchObject({
      label: 'Cancel order',
      summary: 'Cancel order NW-2002 ($620) — needs a supervisor',
      reason: 'tool "cancel_order" needs approval by its policy',
    })
    expect(result.provenance.gates).toContainEqual({
      name: 'tool-policy',
      status: 'approval-required',
      detail: 'tool "cancel_order" needs approval by its policy',
    })
    // The threshold reaches neither the customer's result nor their own ledger.
    expect(JSON.stringify(result)).not.toContain('> 500')
    expect(JSON.stringify(await store.list('a'))).toContain('approval-requested')
    expect(JSON.stringify(await store.list('a'))).not.toContain('> 500')
  })

  it('words the clarification reason for the customer; the scores stay in provenance and ledger', async () => {
    const store = createMemoryLedgerStore()
    const engine = createEngine({ definition, ledger: store })
    const result = await engine.turn({ sessionId: 'c', text: 'I have a problem' })
    expect(result.type).toBe('clarification')
    if (result.type !== 'clarification') return
    expect(result.clarification.reason).toBe(
      "I'd rather ask than guess — pick the one closest to what you need.",
    )
    expect(result.clarification.reason).not.toMatch(/likely|payment_method|order_status|score/u)
    expect(result.provenance.clarification?.reason).toMatch(
      /^"[a-z_]+" and "[a-z_]+" are about equally likely$/u,
    )
    const records = await createLedger({ store }).records('c')
    expect(JSON.stringify(records)).toContain('about equally likely')
  })

  it('reports scores without float noise', async () => {
    const engine = createEngine({ definition })
    const events: TurnEvent[] = []
    for await (const event of engine.turnStream({
      sessionId: 'f',
      text: 'Cancel order NW-2002, the total was $620',
    }))
      events.push(event)
    const numbers: number[] = []
    JSON.stringify(events, (_key, value) => {
      if (typeof value === 'number') numbers.push(value)
      return value
    })
    expect(numbers.length).toBeGreaterThan(0)
    for (const value of numbers) expect(Math.round(value * 1000) / 1000).toBe(value)
    const perceived = events.find((event) => event.type === 'perception-created')
    expect(perceived).toMatchObject({ intent: 'cancel_order' })
    expect((perceived as { ambiguity: number }).ambiguity).toBeLessThan(0.5)
  })
})
