import { describe, expect, it } from 'vitest'
import { createEngine } from './create-engine.ts'

const definition = {
  intents: [
    { id: 'wire', label: 'Send money', keywords: ['wire', 'transfer'], examples: [] },
    { id: 'loop', label: 'Loop', keywords: ['loop'], examples: [] },
  ],
  scenarios: [
    {
      id: 'transfer',
      intents: ['wire'],
      steps: [{ id: 'send', required: [{ field: 'amount', question: 'How much should I send?' }] }],
    },
    {
      id: 'pingpong',
      intents: ['loop'],
      steps: [
        { id: 'ping', transitions: [{ to: 'pong', condition: 'text.contains("again")' }] },
        { id: 'pong', transitions: [{ to: 'ping', condition: 'text.contains("again")' }] },
      ],
    },
  ],
  tools: [
    {
      id: 'send_wire',
      policy: {
        requiresApproval: 'args.amount > 1000',
        approval: { approver: 'treasurer', timeoutMs: 60_000, defaultAction: 'reject' },
      },
      fixture: { id: 'W-1' },
    },
  ],
  rules: [
    {
      id: 'send',
      scope: { scenario: 'transfer', step: 'send' },
      condition: 'has(fields.amount)',
      tools: [{ id: 'send_wire', args: { amount: '{{amount}}' } }],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal dollar sign before a Focal placeholder
      action: 'Sent ${{amount}} (reference {{tool.send_wire.id}}).',
    },
  ],
  settings: { loopGuard: 2 },
}

/** A ledger that only records the type of each event appended to it. */
const recordingLedger = (types: string[]) =>
  ({
    append: async (_session: string, event: { type: string }) => {
      types.push(event.type)
      return undefined as never
    },
  }) as never

const textOf = (result: { type: string }) => ('text' in result ? String(result.text) : '')

function engineAt(now: { value: number }) {
  return createEngine({ definition, clock: { now: () => now.value }, classifier: false })
}

describe('createEngine flows', () => {
  it('asks the step follow-up question while a required field is missing', async () => {
    const engine = engineAt({ value: 0 })
    const result = await engine.turn({ sessionId: 's', text: 'I need a wire transfer' })
    expect(result).toMatchObject({ type: 'reply', text: 'How much should I send?' })
    const sent = await engine.turn({ sessionId: 's', text: '$200 please' })
    expect(sent).toMatchObject({ type: 'reply', text: 'Sent $200 (reference W-1).' })
  })

  it('reads a number offered in place of a refused amount as the amount, and a count of days as none', async () => {
    const capped = {
      ...definition,
      rules: [
        { ...definition.rules[0], condition: 'has(fields.amount) && fields.amount <= 500' },
        {
          id: 'cap',
          scope: { scenario: 'transfer', step: 'send' },
          condition: 'has(fields.amount) && fields.amount > 500',
          action: 'Wires are capped at $500.',
        },
      ],
    }
    const engine = createEngine({ definition: capped, classifier: false })
    expect(textOf(await engine.turn({ sessionId: 's', text: 'wire $800' }))).toBe('Wires are capped at $500.')
    expect(textOf(await engine.turn({ sessionId: 's', text: "it's been 25 days" }))).not.toContain('Sent')
    expect(await engine.turn({ sessionId: 's', text: 'what about 300?' })).toMatchObject({
      type: 'reply',
      text: 'Sent $300 (reference W-1).',
    })
  })

  it('applies the default action once an approval has expired', async () => {
    const now = { value: Date.UTC(2026, 0, 1) }
    const engine = engineAt(now)
    const paused = await engine.turn({ sessionId: 's', text: 'wire $5,000' })
    if (paused.type !== 'approval-required') throw new Error('expected an approval')
    expect(paused.approval).toMatchObject({
      approver: 'treasurer',
      expiresAt: '2026-01-01T00:01:00.000Z',
      defaultAction: 'reject',
    })
    now.value += 61_000
    const resolved = await engine.resolveApproval({
      sessionId: 's',
      approvalId: paused.approval.id,
      decision: 'approve',
    })
    expect(resolved.provenance.tools).toEqual([
      { id: 'send_wire', status: 'rejected', reason: 'approval expired' },
    ])
    expect((await engine.getSession('s'))?.toolsRun).toEqual([])
  })

  it('applies the default action of an expired approval on the next turn, without resolveApproval', async () => {
    const now = { value: Date.UTC(2026, 0, 1) }
    const ledgerTypes: string[] = []
    const engine = createEngine({
      definition,
      clock: { now: () => now.value },
      classifier: false,
      ledger: recordingLedger(ledgerTypes),
    })
    await engine.turn({ sessionId: 's', text: 'wire $5,000' })
    now.value += 61_000
    const next = await engine.turn({ sessionId: 's', text: 'hello?' })
    expect(textOf(next)).toMatch(/^No one approved that in time/)
    expect(next.type).toBe('reply')
    const state = await engine.getSession('s')
    expect(state?.pendingApproval).toBeUndefined()
    expect(state?.toolsRun).toEqual([])
    expect(ledgerTypes).toContain('approval-resolved')
  })

  it('answers another message while an approval is pending, and keeps the approval pending', async () => {
    const engine = engineAt({ value: 0 })
    const paused = await engine.turn({ sessionId: 's', text: 'wire $5,000' })
    const again = await engine.turn({ sessionId: 's', text: 'hello?' })
    expect(again.type).toBe('reply')
    expect(textOf(again)).toMatch(/still waiting/)
    if (paused.type !== 'approval-required') throw new Error('expected a pause')
    expect((await engine.getSession('s'))?.pendingApproval?.approval.id).toBe(paused.approval.id)
    const resolved = await engine.resolveApproval({
      sessionId: 's',
      approvalId: paused.approval.id,
      decision: 'reject',
    })
    expect(resolved.type).toBe('reply')
  })

  it('caps a tool over the whole conversation with session.calls and sum(), and says so when refused', async () => {
    const capped = {
      ...definition,
      tools: [
        {
          id: 'send_wire',
          policy: {
            allowed: 'conditional',
            condition:
              "args.amount + sum(session.calls.filter(c, c.tool == 'send_wire').map(c, c.args.amount)) <= 100",
            refusal: "I can't send {{args.amount}}: transfers are capped at 100 per conversation.",
          },
          fixture: { id: 'W-1' },
        },
      ],
    }
    const engine = createEngine({ definition: capped, classifier: false })
    expect(textOf(await engine.turn({ sessionId: 'c', text: 'wire $60' }))).toContain('Sent $60')
    const refused = await engine.turn({ sessionId: 'c', text: 'wire $60' })
    expect(textOf(refused)).toBe("I can't send 60: transfers are capped at 100 per conversation.")
    expect(textOf(await engine.turn({ sessionId: 'c', text: 'wire $40' }))).toContain('Sent $40')
    const session = await engine.getSession('c')
    expect(session?.toolCalls?.map((call) => call.args.amount)).toEqual([60, 40])
  })

  it('says settings.refusalReply for a refused tool without a refusal of its own, never the fallback menu', async () => {
    const never = {
      ...definition,
      tools: [{ id: 'send_wire', policy: { allowed: 'never' }, fixture: { id: 'W-1' } }],
      settings: { ...definition.settings, refusalReply: 'That is not something I can do.' },
    }
    const engine = createEngine({ definition: never, classifier: false })
    expect(textOf(await engine.turn({ sessionId: 'n', text: 'wire $60' }))).toBe(
      'That is not something I can do.',
    )
  })

  it('lets the host override definition settings such as the ambiguity threshold', async () => {
    const strict = createEngine({ definition, classifier: false, settings: { ambiguityThreshold: 0.2 } })
    const lenient = createEngine({ definition, classifier: false, settings: { ambiguityThreshold: 1 } })
    expect((await strict.turn({ sessionId: 's', text: 'hello there' })).type).toBe('clarification')
    expect((await lenient.turn({ sessionId: 's', text: 'hello there' })).type).toBe('reply')
    expect(() => createEngine({ definition, settings: { stickiness: 30 } })).toThrowError(
      expect.objectContaining({ code: 'invalid-definition' }),
    )
  })

  it('stops a transition loop after the guard and asks what to do next (handoff off)', async () => {
    const engine = createEngine({
      definition: { ...definition, settings: { loopGuard: 2, handoff: { onLoop: false } } },
      classifier: false,
    })
    await engine.turn({ sessionId: 's', text: 'loop' })
    const types: string[] = []
    for (let turn = 0; turn < 3; turn++)
      types.push((await engine.turn({ sessionId: 's', text: 'again' })).type)
    expect(types).toContain('clarification')
    const session = await engine.getSession('s')
    expect(Math.max(...Object.values(session?.navigation.transitionCounts ?? {}))).toBe(2)
  })
})

describe('createEngine human handoff', () => {
  it('hands off on "can I speak to a human?", stays quiet, records it, and answers again once released', async () => {
    const ledgerTypes: string[] = []
    const engine = createEngine({
      definition: { ...definition, settings: { handoff: { target: 'support-queue' } } },
      classifier: false,
      ledger: recordingLedger(ledgerTypes),
    })
    await engine.turn({ sessionId: 's', text: 'I need a wire transfer' })
    const asked = await engine.turn({ sessionId: 's', text: 'this is useless, can I speak to a human?' })
    expect(asked).toMatchObject({ type: 'handoff', handoff: { target: 'support-queue' } })
    expect(textOf(asked)).toMatch(/connecting you with a person/)
    const quiet = await engine.turn({ sessionId: 's', text: 'wire $200 please' })
    expect(quiet.type).toBe('handoff')
    expect(textOf(quiet)).toBe('')
    expect((await engine.getSession('s'))?.toolsRun).toEqual([])
    expect(ledgerTypes).toContain('handoff-requested')
    expect(await engine.releaseHandoff({ sessionId: 's', releasedBy: 'agent-7' })).toBe(true)
    expect(ledgerTypes).toContain('handoff-released')
    expect(await engine.releaseHandoff({ sessionId: 's' })).toBe(false)
    const back = await engine.turn({ sessionId: 's', text: 'wire $200 please' })
    expect(back).toMatchObject({ type: 'reply', text: 'Sent $200 (reference W-1).' })
  })

  it('keeps what the person writes during a handoff, for the customer and the model, and records who wrote it', async () => {
    const ledgerTypes: string[] = []
    const engine = createEngine({ definition, classifier: false, ledger: recordingLedger(ledgerTypes) })
    await engine.turn({ sessionId: 's', text: 'can I speak to a human?' })
    expect(
      await engine
        .replyToHandoff({ sessionId: 'nobody', text: 'hi', by: 'dana' })
        .catch((error) => error.code),
    ).toBe('session-not-found')
    const reply = await engine.replyToHandoff({ sessionId: 's', text: 'Hi, Dana here.', by: 'dana' })
    expect(reply).toMatchObject({ text: 'Hi, Dana here.', by: 'dana' })
    const state = await engine.getSession('s')
    expect(state?.handoff?.replies).toEqual([reply])
    expect(state?.history.at(-1)).toEqual({ role: 'assistant', content: 'Hi, Dana here.' })
    expect(ledgerTypes).toContain('handoff-replied')
    await engine.releaseHandoff({ sessionId: 's', releasedBy: 'dana' })
    // Once released, the replies stay readable (a widget polling sees the last one) and no more are taken.
    const released = await engine.getSession('s')
    expect(released?.handoff).toBeUndefined()
    expect(released?.lastHandoff).toMatchObject({ replies: [reply], releasedAt: expect.any(String) })
    expect(await engine.replyToHandoff({ sessionId: 's', text: 'still there?', by: 'dana' })).toBeUndefined()
    // Asked for again, the new handoff keeps what was written before (a widget that had not polled
    // it yet still shows it: outside review rv61 6).
    await engine.turn({ sessionId: 's', text: 'can I speak to a human?' })
    expect((await engine.getSession('s'))?.handoff?.replies).toEqual([reply])
  })

  it('lets the customer take the handoff back, answering the rest of the message when it asks more', async () => {
    const ledgerTypes: string[] = []
    const engine = createEngine({ definition, classifier: false, ledger: recordingLedger(ledgerTypes) })
    await engine.turn({ sessionId: 's', text: 'can I speak to a human?' })
    // Talking about the person is no taking back, nor is a complaint about the bot, nor a release
    // beside a request for a person (outside review rv61 5: each handed the chat back).
    for (const text of [
      'ok, is the person coming soon?',
      "I don't want to talk to the bot",
      "I don't think the bot can help me",
      "I don't want to wait, please hurry",
      'the bot is fine for simple stuff but this needs a person',
      "I don't want to talk to the bot, I want a human",
    ])
      expect((await engine.turn({ sessionId: 's', text })).type, text).toBe('handoff')
    const resumed = await engine.turn({ sessionId: 's', text: "never mind, I don't need a human anymore" })
    expect(resumed).toMatchObject({ type: 'reply', text: "Sure, I'm here again. What can I help you with?" })
    expect(ledgerTypes.filter((type) => type === 'handoff-released')).toHaveLength(1)
    expect(await engine.turn({ sessionId: 's', text: 'wire $200 please' })).toMatchObject({
      text: 'Sent $200 (reference W-1).',
    })
    await engine.turn({ sessionId: 't', text: 'can I speak to a human?' })
    expect(await engine.turn({ sessionId: 't', text: 'forget the agent, wire $200 please' })).toMatchObject({
      type: 'reply',
      text: 'Sent $200 (reference W-1).',
    })
    // A definition may leave the release to the person alone.
    const strict = createEngine({
      definition: { ...definition, settings: { handoff: { releaseCues: [] } } },
      classifier: false,
    })
    await strict.turn({ sessionId: 's', text: 'can I speak to a human?' })
    expect((await strict.turn({ sessionId: 's', text: 'never mind, let the bot help me' })).type).toBe(
      'handoff',
    )
  })

  it('hands off when the loop guard trips, and not when handoff is disabled', async () => {
    const looping = async (handoff: { enabled: boolean }) => {
      const engine = createEngine({
        definition: { ...definition, settings: { loopGuard: 2, handoff } },
        classifier: false,
      })
      await engine.turn({ sessionId: 's', text: 'loop' })
      const types: string[] = []
      for (let turn = 0; turn < 4; turn++)
        types.push((await engine.turn({ sessionId: 's', text: 'again' })).type)
      return types
    }
    expect(await looping({ enabled: true })).toContain('handoff')
    expect(await looping({ enabled: false })).not.toContain('handoff')
  })

  it('counts the same message answered alike as a loop, not different messages one reply answers alike', async () => {
    const engine = createEngine({ definition, classifier: false })
    await engine.turn({ sessionId: 'different', text: 'wire money' })
    const replies: Array<{ type: string }> = []
    for (const text of ['ok then', 'right', 'sure', 'okay', 'alright'])
      replies.push(await engine.turn({ sessionId: 'different', text }))
    // One reply to five messages (a definition without a model answers them with one template)…
    expect(new Set(replies.map(textOf)).size).toBe(1)
    expect(replies.map((reply) => reply.type)).not.toContain('handoff')
    // …is no loop; the same message answered alike again and again is (outside review rv52: "no"
    // four times to the email question was asked forever).
    await engine.turn({ sessionId: 'same', text: 'wire money' })
    const types: string[] = []
    for (let turn = 0; turn < 5; turn++)
      types.push((await engine.turn({ sessionId: 'same', text: 'sure' })).type)
    expect(types).toContain('handoff')
  })
})

describe('createEngine notes around a reply', () => {
  async function streamed(engine: ReturnType<typeof createEngine>, text: string) {
    let deltas = ''
    let result: { type: string } | undefined
    for await (const event of engine.turnStream({ sessionId: 's', text })) {
      if (event.type === 'text-delta') deltas += event.delta
      if (event.type === 'turn-finished') result = event.result
    }
    return { deltas, text: result === undefined ? '' : textOf(result) }
  }

  it('streams the "still waiting" note with the reply, and an expired outcome before it', async () => {
    const now = { value: Date.UTC(2026, 0, 1) }
    const engine = engineAt(now)
    await engine.turn({ sessionId: 's', text: 'wire $5,000' })
    const waiting = await streamed(engine, 'hello?')
    expect(waiting.text).toMatch(/still waiting/)
    expect(waiting.deltas).toBe(waiting.text)
    now.value += 61_000
    const expired = await streamed(engine, 'hello again')
    expect(expired.text).toMatch(/^No one approved that in time/)
    expect(expired.deltas).toBe(expired.text)
  })

  it('leaves no trace of a message that would clarify while an approval is pending', async () => {
    const engine = engineAt({ value: 0 })
    await engine.turn({ sessionId: 's', text: 'wire $5,000' })
    const vague = await engine.turn({ sessionId: 's', text: 'hmm' })
    expect(vague.type).toBe('approval-required')
    expect((await engine.getSession('s'))?.pendingClarification).toBeUndefined()
  })
})

describe('createEngine approvals and what happened while they waited', () => {
  // A store where a cancellation waits for a supervisor and a refund does not: only the
  // cancellation's own check ("no refund on the order") stands between them.
  const store = {
    intents: [
      { id: 'cancel', label: 'Cancel', keywords: ['cancel'], examples: [] },
      { id: 'refund', label: 'Refund', keywords: ['refund'], examples: [] },
    ],
    entities: [{ name: 'order_id', pattern: '\\b(A-\\d+)\\b', value: '$1' }],
    scenarios: [
      {
        id: 'cancellation',
        intents: ['cancel'],
        steps: [{ id: 'go', required: [{ field: 'order_id', question: 'Which order?' }] }],
      },
      {
        id: 'refunds',
        intents: ['refund'],
        steps: [{ id: 'go', required: [{ field: 'order_id', question: 'Which order?' }] }],
      },
    ],
    tools: [
      {
        id: 'cancel_order',
        policy: {
          allowed: 'always',
          checks: [
            {
              condition:
                "!session.calls.exists(c, c.tool == 'issue_refund' && c.args.order_id == args.order_id)",
              refusal: 'Order {{args.order_id}} was refunded meanwhile; it is not cancelled on top.',
            },
            {
              condition:
                "!session.rejected.exists(c, c.tool == 'cancel_order' && c.args.order_id == args.order_id)",
              refusal: 'A supervisor declined cancelling {{args.order_id}}.',
            },
          ],
          requiresApproval: 'true',
          approval: { approver: 'supervisor', timeoutMs: 60_000, defaultAction: 'reject' },
        },
        fixture: { ok: true },
      },
      {
        id: 'issue_refund',
        policy: {
          allowed: 'always',
          checks: [
            {
              condition: 'session.pending == null || session.pending.args.order_id != args.order_id',
              refusal: 'Order {{args.order_id}} waits for a cancellation decision.',
            },
          ],
        },
        fixture: { ok: true },
      },
    ],
    rules: [
      {
        id: 'cancel',
        scope: { scenario: 'cancellation', step: 'go' },
        condition: 'has(fields.order_id)',
        tools: [{ id: 'cancel_order', args: { order_id: '{{order_id}}' } }],
        action: 'Order {{order_id}} is cancelled.',
      },
      {
        id: 'refund',
        scope: { scenario: 'refunds', step: 'go' },
        condition: 'has(fields.order_id)',
        tools: [{ id: 'issue_refund', args: { order_id: '{{order_id}}' } }],
        action: 'Order {{order_id}} is refunded.',
      },
    ],
  }
  const engineFor = (definition: object) =>
    createEngine({ definition, clock: { now: () => 0 }, classifier: false })

  it('checks an approved call again: a refund that ran while it waited refuses it with its reason', async () => {
    // Without the refund's own `session.pending` check, the refund runs while the cancellation waits.
    const tools = store.tools.map((tool) =>
      tool.id === 'issue_refund' ? { ...tool, policy: { allowed: 'always' } } : tool,
    )
    const engine = engineFor({ ...store, tools })
    const paused = await engine.turn({ sessionId: 's', text: 'cancel A-1' })
    if (paused.type !== 'approval-required') throw new Error('expected an approval')
    const refunded = await engine.turn({ sessionId: 's', text: 'refund A-1' })
    expect(refunded.provenance.tools).toEqual([{ id: 'issue_refund', status: 'ran' }])
    const approved = await engine.resolveApproval({
      sessionId: 's',
      approvalId: paused.approval.id,
      decision: 'approve',
    })
    expect(approved.provenance.tools.map((tool) => tool.status)).toEqual(['blocked'])
    expect(textOf(approved)).toContain('A-1 was refunded meanwhile')
    expect((await engine.getSession('s'))?.toolsRun).toEqual(['issue_refund'])
  })

  it('shows the waiting call as session.pending to the checks of a message answered beside it', async () => {
    const engine = engineFor(store)
    await engine.turn({ sessionId: 's', text: 'cancel A-1' })
    const refund = await engine.turn({ sessionId: 's', text: 'refund A-1' })
    expect(refund.provenance.tools.map((tool) => tool.status)).toEqual(['blocked'])
    expect(textOf(refund)).toContain('A-1 waits for a cancellation decision')
    const other = await engine.turn({ sessionId: 's', text: 'refund A-2' })
    expect(other.provenance.tools).toEqual([{ id: 'issue_refund', status: 'ran' }])
  })

  it('keeps a call taken back while it waited in session.withdrawn, so asking again lower still needs approval', async () => {
    const tools = store.tools.map((tool) =>
      tool.id === 'cancel_order'
        ? {
            ...tool,
            policy: {
              ...tool.policy,
              requiresApproval:
                "args.amount > 500 || session.withdrawn.exists(c, c.tool == 'cancel_order' && c.args.order_id == args.order_id)",
            },
          }
        : tool,
    )
    const rules = store.rules.map((rule) =>
      rule.id === 'cancel'
        ? {
            ...rule,
            tools: [{ id: 'cancel_order', args: { order_id: '{{order_id}}', amount: '{{amount}}' } }],
          }
        : rule,
    )
    const engine = engineFor({ ...store, tools, rules })
    expect((await engine.turn({ sessionId: 's', text: 'cancel A-1, it was $900' })).type).toBe(
      'approval-required',
    )
    await engine.turn({ sessionId: 's', text: 'actually forget it' })
    const session = await engine.getSession('s')
    expect(session?.pendingApproval).toBeUndefined()
    expect(session?.withdrawnCalls).toMatchObject([
      { tool: 'cancel_order', args: { order_id: 'A-1', amount: 900 } },
    ])
    expect((await engine.turn({ sessionId: 's', text: 'cancel A-1, it was $5' })).type).toBe(
      'approval-required',
    )
    // Another order, never asked before, needs no approver at $5.
    const other = await engine.turn({ sessionId: 't', text: 'cancel A-2, it was $5' })
    expect(other.provenance.tools).toEqual([{ id: 'cancel_order', status: 'ran' }])
  })

  it('keeps a declined call in session.rejected, so the same request in other words is refused', async () => {
    const engine = engineFor(store)
    const paused = await engine.turn({ sessionId: 's', text: 'cancel A-1' })
    if (paused.type !== 'approval-required') throw new Error('expected an approval')
    await engine.resolveApproval({ sessionId: 's', approvalId: paused.approval.id, decision: 'reject' })
    const again = await engine.turn({ sessionId: 's', text: 'please cancel A-1 anyway' })
    expect(again.provenance.tools.map((tool) => tool.status)).toEqual(['blocked'])
    expect(textOf(again)).toContain('declined cancelling A-1')
  })
})
