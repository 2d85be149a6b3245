import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { loadDefinition } from '../definition/load-definition.ts'
import { createEnforcer } from '../enforcement/create-enforcer.ts'
import { openAICompatible } from '../llm/open-ai-compatible.ts'
import { type AgentModelScriptOptions, agentModelScript } from '../testing/agent-model-script.ts'
import { type ScriptedModelServer, startScriptedModelServer } from '../testing/scripted-model-server.ts'
import { toUiMessageChunks } from '../ui-message-stream/to-ui-message-chunks.ts'
import { createEngine, type EngineOptions } from './create-engine.ts'
import { createMemorySessionStore } from './create-memory-session-store.ts'
import { createLiveReply } from './live-reply.ts'
import type { ReplyEnforcer } from './reply-enforcer.ts'
import { safeTextChunks } from './stream-safe-text.ts'
import type { TurnEvent, TurnResult } from './types.ts'

const source = readFileSync(
  fileURLToPath(new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url)),
  'utf8',
)
const definition = loadDefinition(source)

let server: ScriptedModelServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function engineWith(script: AgentModelScriptOptions, options: Partial<EngineOptions> = {}) {
  server = await startScriptedModelServer({ script: agentModelScript(script) })
  const model = openAICompatible({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 })
  return createEngine({ definition, model, ...options })
}

/** A promise a test opens by hand. */
function gate() {
  let open: () => void = () => undefined
  const promise = new Promise<void>((resolve) => {
    open = resolve
  })
  return { promise, open: () => open() }
}

/**
 * Runs a streamed turn whose first draft the model holds half-written until either the client
 * has seen a text delta (`client`) or `patienceMs` passed (`timer`): which one opened it says
 * whether tokens reach the client while the model is still writing. No timing is asserted.
 */
async function runHeld(
  engine: ReturnType<typeof createEngine>,
  text: string,
  hold: ReturnType<typeof gate>,
  patienceMs: number,
) {
  let openedBy: 'client' | 'timer' | undefined
  const timer = setTimeout(() => {
    openedBy ??= 'timer'
    hold.open()
  }, patienceMs)
  const events: TurnEvent[] = []
  try {
    for await (const event of engine.turnStream({ sessionId: 's', text })) {
      events.push(event)
      if (event.type === 'text-delta' && openedBy === undefined) {
        openedBy = 'client'
        hold.open()
      }
    }
  } finally {
    clearTimeout(timer)
  }
  return { openedBy, events, result: resultOf(events) }
}

function resultOf(events: readonly TurnEvent[]): TurnResult {
  const finished = events.find((event) => event.type === 'turn-finished')
  if (finished?.type !== 'turn-finished') throw new Error('the turn did not finish')
  return finished.result
}

/** What the client shows: the deltas after the last retraction. */
function shownText(events: readonly TurnEvent[]): string {
  let shown = ''
  for (const event of events) {
    if (event.type === 'text-retracted') shown = ''
    if (event.type === 'text-delta') shown += event.delta
  }
  return shown
}

const textOf = (result: TurnResult) => ('text' in result ? result.text : undefined)
const shipped = ['Order NW-1234 ', 'has shipped ', 'with UPS ', 'and arrives Thursday.']

describe('live replies: the model streams through the turn', () => {
  it("sends the model's tokens while it is still writing, and the final text is what was streamed", async () => {
    const hold = gate()
    const engine = await engineWith(
      { drafts: [{ chunks: shipped, holdAfter: 2, hold: hold.promise }] },
      { lane2: false },
    )
    const { openedBy, events, result } = await runHeld(engine, 'Where is my order NW-1234?', hold, 10_000)
    expect(openedBy).toBe('client')
    expect(result.type).toBe('reply')
    expect(textOf(result)).toBe(shipped.join(''))
    expect(events.some((event) => event.type === 'text-retracted')).toBe(false)
    expect(shownText(events)).toBe(textOf(result))
    // The turn's own events still come first, in order.
    expect(events[0]).toMatchObject({ type: 'turn-started' })
    const firstDelta = events.findIndex((event) => event.type === 'text-delta')
    expect(events.findIndex((event) => event.type === 'tool-called')).toBeLessThan(firstDelta)
  })

  it('holds the reply until every check ran when the definition says replyStreaming: checked', async () => {
    const hold = gate()
    const checked = {
      ...definition,
      settings: { ...definition.settings, replyStreaming: 'checked' as const },
    }
    server = await startScriptedModelServer({
      script: agentModelScript({ drafts: [{ chunks: shipped, holdAfter: 2, hold: hold.promise }] }),
    })
    const model = openAICompatible({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 })
    const engine = createEngine({ definition: checked, model, lane2: false })
    const { openedBy, events, result } = await runHeld(engine, 'Where is my order NW-1234?', hold, 500)
    expect(openedBy).toBe('timer')
    expect(shownText(events)).toBe(textOf(result))
  })

  it('never sends a digit of a card number the model writes across many tokens but its last four', async () => {
    const reply = 'The card on file is 4111 1111 1111 1111, expiring soon.'
    const engine = await engineWith({ drafts: [{ chunks: [...reply] }] }, { lane2: false })
    const events: TurnEvent[] = []
    for await (const event of engine.turnStream({
      sessionId: 's',
      text: 'Which card is on file? My email is ann@example.com',
    }))
      events.push(event)
    const deltas = events.flatMap((event) => (event.type === 'text-delta' ? [event.delta] : []))
    expect(deltas.length).toBeGreaterThan(3)
    // The demo definition masks cards as "Visa ending 1111": no other digit may ever be sent.
    expect(deltas.join('')).toContain('Visa ending 1111')
    expect(deltas.join('').replace('ending 1111', '')).not.toMatch(/\d/)
    // A card the stream guard hides does not stop the live reply: the whole draft is delivered.
    expect(textOf(resultOf(events))).toBe('The card on file is Visa ending 1111, expiring soon.')
    expect(shownText(events)).toBe(textOf(resultOf(events)))
  })

  it('retracts a streamed draft the Lane 2 judge rejects, then streams the rewrite', async () => {
    const engine = await engineWith({
      drafts: ['Whatever. It shipped.', 'Happy to help! Order NW-1234 has shipped with UPS.'],
      lane2: (ruleId, reply) =>
        ruleId === 'be-courteous' && reply.startsWith('Whatever') ? 'dismissive tone' : undefined,
    })
    const events: TurnEvent[] = []
    for await (const event of engine.turnStream({ sessionId: 's', text: 'Where is my order NW-1234?' }))
      events.push(event)
    const retracted = events.findIndex((event) => event.type === 'text-retracted')
    expect(retracted).toBeGreaterThan(0)
    const before = events
      .slice(0, retracted)
      .flatMap((event) => (event.type === 'text-delta' ? [event.delta] : []))
      .join('')
    expect(before).toBe('Whatever. It shipped.')
    expect(events[retracted]).toEqual({
      type: 'text-retracted',
      code: 'draft-regenerated',
      reason: expect.any(String),
      ruleIds: ['be-courteous'],
    })
    const result = resultOf(events)
    expect(textOf(result)).toBe('Happy to help! Order NW-1234 has shipped with UPS.')
    expect(shownText(events)).toBe(textOf(result))
  })

  it('retracts a streamed draft the final judge fails and shows the fallback instead', async () => {
    const gated = {
      ...definition,
      settings: {
        ...definition.settings,
        finalizationGate: { ...definition.settings.finalizationGate, enabled: true, maxRetries: 0 },
      },
    }
    server = await startScriptedModelServer({
      script: agentModelScript({
        drafts: ['Refunds take a while, I think.'],
        judge: () => ({
          quality_score: 0.2,
          verdict: 'FAIL',
          reason_codes: ['GOAL_NOT_ADDRESSED'],
          missing_requirements: ['the order status'],
          evidence_issues: [],
          fix_mode: 'REWRITE_ONLY',
          next_actions: [],
        }),
      }),
    })
    const model = openAICompatible({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 })
    const engine = createEngine({ definition: gated, model, lane2: false })
    const events: TurnEvent[] = []
    for await (const event of engine.turnStream({ sessionId: 's', text: 'Where is my order NW-1234?' }))
      events.push(event)
    const retraction = events.find((event) => event.type === 'text-retracted')
    expect(retraction).toMatchObject({ code: 'draft-withheld' })
    const result = resultOf(events)
    expect(textOf(result)).not.toContain('Refunds take a while')
    expect(shownText(events)).toBe(textOf(result))
  })

  it('holds a turn with a hard-safety rule only Lane 2 can judge, so its draft is never shown unchecked', async () => {
    const hold = gate()
    const guarded = {
      ...definition,
      rules: [
        ...definition.rules,
        {
          ...definition.rules.find((rule) => rule.judge !== undefined)!,
          id: 'no-investment-advice',
          tier: 'hard-safety' as const,
          judge: 'Never tell the user what to invest in.',
        },
      ],
    }
    server = await startScriptedModelServer({
      script: agentModelScript({ drafts: [{ chunks: shipped, holdAfter: 2, hold: hold.promise }] }),
    })
    const model = openAICompatible({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 })
    const engine = createEngine({ definition: guarded, model })
    const { openedBy, events, result } = await runHeld(engine, 'Where is my order NW-1234?', hold, 500)
    expect(openedBy).toBe('timer')
    expect(shownText(events)).toBe(textOf(result))
  })

  it('retracts what a lost write race streamed and streams the turn that was committed', async () => {
    const store = createMemorySessionStore()
    let raced = false
    const racing: typeof store = {
      ...store,
      async put(sessionId, state, version) {
        if (!raced) {
          raced = true
          return false
        }
        return store.put(sessionId, state, version)
      },
    }
    const engine = await engineWith(
      { drafts: ['Order NW-1234 has shipped.', 'Order NW-1234 has shipped with UPS.'] },
      { lane2: false, sessionStore: racing },
    )
    const events: TurnEvent[] = []
    for await (const event of engine.turnStream({ sessionId: 's', text: 'Where is my order NW-1234?' }))
      events.push(event)
    expect(events.filter((event) => event.type === 'text-retracted')).toEqual([
      expect.objectContaining({ code: 'turn-retried' }),
    ])
    expect(shownText(events)).toBe('Order NW-1234 has shipped with UPS.')
  })

  it('maps a retraction to a data-retraction part and a new text part for the replacement', async () => {
    const engine = await engineWith({
      drafts: ['Whatever. It shipped.', 'Happy to help! Order NW-1234 has shipped with UPS.'],
      lane2: (ruleId, reply) =>
        ruleId === 'be-courteous' && reply.startsWith('Whatever') ? 'dismissive tone' : undefined,
    })
    const chunks = []
    for await (const chunk of toUiMessageChunks(
      engine.turnStream({ sessionId: 's', text: 'Where is my order NW-1234?' }),
    ))
      chunks.push(chunk)
    const start = chunks[0]
    if (start?.type !== 'start' || start.messageId === undefined) throw new Error('expected a start chunk')
    const id = start.messageId
    const types = chunks.map((chunk) => ('id' in chunk ? `${chunk.type} ${chunk.id}` : chunk.type))
    const retraction = types.indexOf(`data-retraction ${id}:retraction-1`)
    expect(types.slice(retraction - 1, retraction + 2)).toEqual([
      `text-end ${id}:text`,
      `data-retraction ${id}:retraction-1`,
      `text-start ${id}:text-2`,
    ])
    expect(chunks[retraction]).toMatchObject({
      data: { textId: `${id}:text`, code: 'draft-regenerated', ruleIds: ['be-courteous'] },
    })
    expect(types.at(-1)).toBe('finish')
  })
})

describe('createLiveReply: settling what the client saw', () => {
  /** The reply's enforcer (a card rule that redacts), counting the scanner streams it builds. */
  function countingEnforcer() {
    const enforcer = createEnforcer({
      rules: [
        { id: 'cards', tier: 'hard-safety', enforce: { detectors: ['credit-card'], onViolation: 'redact' } },
      ],
    })
    const counted = { streams: 0 }
    const reply: ReplyEnforcer = {
      check: enforcer.check,
      createStream: (context) => {
        counted.streams++
        return enforcer.createStream(context)
      },
    }
    return { reply, counted }
  }

  async function* deltas(...texts: string[]) {
    yield* texts
  }

  it('passes the final reply through the scanners once, whether it extends what was shown or replaces it', async () => {
    for (const [drafted, final] of [
      ['Your card ', 'Your card 4111 1111 1111 1111 is on file. Anything else?'],
      ['I can refund you now.', 'Your card 4111 1111 1111 1111 is on file. Anything else?'],
    ] as const) {
      const { reply, counted } = countingEnforcer()
      const events: TurnEvent[] = []
      const live = createLiveReply({
        enforcer: reply,
        context: {},
        emit: (event) => events.push(event),
        goLive: () => {},
      })
      await live.draft(deltas(drafted), [])
      const before = counted.streams
      live.settle(final, { code: 'draft-regenerated', reason: 'rewritten', ruleIds: [] })
      expect(counted.streams - before).toBe(1)
      // What the client holds at the end: the shown deltas since the last retraction, the card redacted.
      let seen = ''
      for (const event of events) {
        if (event.type === 'text-retracted') seen = ''
        if (event.type === 'text-delta') seen += event.delta
      }
      expect(seen).toBe(safeTextChunks(final, reply, {}).join(''))
      expect(seen).not.toMatch(/4111 1111/u)
      expect(events.some((event) => event.type === 'text-retracted')).toBe(!final.startsWith(drafted))
    }
  })
})
