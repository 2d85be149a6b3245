import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { loadDefinition } from '../definition/load-definition.ts'
import { createLedger } from '../ledger/create-ledger.ts'
import { openAICompatible } from '../llm/open-ai-compatible.ts'
import type { LanguageModel } from '../llm/types.ts'
import { computeJudgeDashboard } from '../metrics/compute-judge-dashboard.ts'
import type { Perception } from '../sensor/types.ts'
import {
  type AgentModelScriptOptions,
  agentModelScript,
  isDraftRequest,
  promptsOf,
} from '../testing/agent-model-script.ts'
import { type ScriptedModelServer, startScriptedModelServer } from '../testing/scripted-model-server.ts'
import { createEngine } from './create-engine.ts'
import type { TurnEvent } from './types.ts'

const definition = readFileSync(
  fileURLToPath(new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url)),
  'utf8',
)
let server: ScriptedModelServer | undefined

/** The refund definition with the final alignment judge on (the shared definition keeps it off). */
function withFinalizationGate() {
  const loaded = loadDefinition(definition)
  return {
    ...loaded,
    settings: {
      ...loaded.settings,
      finalizationGate: { enabled: true, maxRetries: 2, strictness: 'medium' as const },
    },
  }
}

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function modelEngine(replies: NonNullable<AgentModelScriptOptions['drafts']>) {
  server = await startScriptedModelServer({ script: agentModelScript({ drafts: replies }) })
  const model = openAICompatible({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 })
  return createEngine({ definition, model, lane2: false })
}

function systemPromptOf(request: ScriptedModelServer['requests'][number]): string {
  const body = request.body as { messages: Array<{ role: string; content: string }> }
  return body.messages.find((message) => message.role === 'system')?.content ?? ''
}

/** A refund scenario with a hard-safety cap scoped to it; the action applies only over $50. */
const scopedCap = {
  intents: [{ id: 'refund', examples: ['I want a refund', 'refund my order'], keywords: ['refund'] }],
  scenarios: [
    {
      id: 'refunds',
      intents: ['refund'],
      steps: [{ id: 'refund_request', required: ['amount'], ask: 'How much should be refunded?' }],
    },
  ],
  rules: [
    {
      id: 'refund-cap',
      description: 'Refunds above $50 are refused in chat.',
      scope: { scenario: 'refunds' },
      tier: 'hard-safety',
      priority: 90,
      condition: 'has(fields.amount) && fields.amount > 50',
      action: "I can't issue refunds over $50 in chat.",
      enforce: {
        expression: 'refund_amount <= 50',
        bindings: [{ name: 'refund_amount', kind: 'money', pick: 'max' }],
        onViolation: 'refuse',
        refusal: 'REFUSED-BY-CAP',
      },
    },
    {
      id: 'do-refund',
      scope: { scenario: 'refunds' },
      condition: 'has(fields.amount) && fields.amount <= 50',
      action: 'Refund {{amount | money}}.',
    },
  ],
}

describe('createEngine enforcement', () => {
  // An outside review: the cap's check ran only on turns whose words matched its rule, so "$20
  // please" with a draft promising $500 was sent, and so was a second draft after a refusal.
  it("runs a scoped rule's check on every reply in its scenario, not only when its condition matched", async () => {
    let draft = ''
    const model: LanguageModel = {
      modelId: 'double',
      generate: async () => ({
        text: draft,
        usage: { inputTokens: 0, outputTokens: 0 },
        latencyMs: 0,
        modelId: 'double',
      }),
    } as never
    const engine = createEngine({ definition: scopedCap, model, lane2: false, compiler: false })
    draft = 'How much should be refunded?'
    expect((await engine.turn({ sessionId: 's', text: 'I want a refund' })).type).toBe('reply')
    draft = "Done: I've refunded $500 to your card."
    const small = await engine.turn({ sessionId: 's', text: '$20 please' })
    expect(small).toMatchObject({ type: 'refused', text: 'REFUSED-BY-CAP' })
    draft = "Fine, I've refunded $80 to your card."
    const pushed = await engine.turn({ sessionId: 's', text: 'come on, please just do it' })
    expect(pushed).toMatchObject({ type: 'refused', text: 'REFUSED-BY-CAP' })
    // Checked is not fired: the cap's own action never ran, so it has no fires to count.
    expect((await engine.getSession('s'))?.ruleFires['refund-cap']).toBeUndefined()
  })

  it('masks a card number a template would echo to its last four digits, in the reply and in every streamed delta', async () => {
    const engine = createEngine({ definition })
    const events: TurnEvent[] = []
    for await (const event of engine.turnStream({
      sessionId: 's',
      text: 'Which card is on file? My email is ann@example.com',
    }))
      events.push(event)
    const finished = events.find((event) => event.type === 'turn-finished')
    if (finished?.type !== 'turn-finished' || finished.result.type !== 'reply')
      throw new Error('expected a reply')
    expect(finished.result.text).toBe('The card on file is your Visa ending 1111, expiring 08/29.')
    const deltas = events.flatMap((event) => (event.type === 'text-delta' ? [event.delta] : []))
    expect(deltas.join('')).toBe(finished.result.text)
    // The only digits that ever reach the stream: the last four of the card, then the expiry.
    expect(deltas.join('').replace(/\D/g, '')).toBe('11110829')
    expect(finished.result.provenance.enforcement).toMatchObject({
      outcome: 'redacted',
      redactions: [{ type: 'credit-card', count: 1, mask: 'last4' }],
    })
  })

  it('never delivers the card a lookup returned, spelled in words or split apart by the model (rv63 2)', async () => {
    // Outside review rv63 2: both reached the customer, with enforcement "allowed".
    for (const draft of [
      'Your card is four one one one, one one one one, one one one one, one one one one.',
      'The digits are 4111 1111 and then 1111 1111.',
      'Card: 4111-1111 (first half), 1111-1111 (second half).',
    ]) {
      const engine = await modelEngine([draft, draft, draft])
      const result = await engine.turn({
        sessionId: 'spelled',
        text: 'Which card is on file? My email is ann@example.com',
      })
      expect(result.provenance.tools, draft).toEqual([
        expect.objectContaining({ id: 'lookup_payment_method', status: 'ran' }),
      ])
      expect('text' in result && result.text.replace(/\D/gu, ''), draft).not.toContain('11111111')
      expect('text' in result && result.text, draft).not.toMatch(/one one one one/iu)
      expect(result.provenance.enforcement?.outcome, draft).toBe('blocked')
      await server?.close()
      server = undefined
    }
    // The card's last four, as the template says it, still pass; so does another number.
    const shown = await modelEngine([
      'Your Visa ending 1111 is on file; your order is NW-1001, 4 items, $120.',
    ])
    const ok = await shown.turn({
      sessionId: 'shown',
      text: 'Which card is on file? My email is ann@example.com',
    })
    expect(ok.type).toBe('reply')
    expect('text' in ok && ok.text).toContain('ending 1111')
  })

  it('holds a live reply until checked on a turn whose tool returned a card, so a spelled-out card never streams', async () => {
    // The streaming guard's detectors cannot see a card spelled in words: a live draft would have
    // shown it before the final check retracted it.
    const spelled = 'Your card is four one one one, one one one one, one one one one, one one one one.'
    const engine = await modelEngine([{ chunks: spelled.split(/(?<= )/u) }, spelled, spelled])
    const events: TurnEvent[] = []
    for await (const event of engine.turnStream({
      sessionId: 'spelled-live',
      text: 'Which card is on file? My email is ann@example.com',
    }))
      events.push(event)
    const deltas = events.flatMap((event) => (event.type === 'text-delta' ? [event.delta] : []))
    expect(deltas.join('')).not.toMatch(/one one one/iu)
    expect(events.some((event) => event.type === 'text-retracted')).toBe(false)
    const finished = events.find((event) => event.type === 'turn-finished')
    if (finished?.type !== 'turn-finished') throw new Error('expected the turn to finish')
    expect(finished.result.provenance.enforcement?.outcome).toBe('blocked')
  })

  it('prompts the model with exactly the matched actions, tool outputs and profile fields', async () => {
    const engine = await modelEngine(['Order NW-1234 is on its way and arrives Thursday.'])
    const result = await engine.turn({ sessionId: 's', text: 'Where is my order NW-1234?' })
    expect(result.type).toBe('reply')
    const system = systemPromptOf(server!.requests.filter(isDraftRequest)[0]!)
    expect(system).toContain('[order-status] Order NW-1234 has shipped with UPS')
    expect(system).toContain('lookup_order (ran): {"status":"shipped"')
    expect(system).not.toContain('refund-cap')
    expect(system).not.toContain('Northwind Basic is $9')
  })

  it('refuses a model draft that breaks the $50 cap, naming the cap rule', async () => {
    const engine = await modelEngine(['Thanks! Which order?', 'Good news: I have refunded $80 to your card.'])
    await engine.turn({ sessionId: 's', text: 'I want a refund, my email is jane@example.com' })
    const result = await engine.turn({ sessionId: 's', text: 'Refund $80 for order NW-1001' })
    expect(result.type).toBe('refused')
    expect(result.provenance.enforcement?.violations.map((violation) => violation.ruleId)).toContain(
      'refund-cap',
    )
    expect('text' in result && result.text).toMatch(/up to \$50/)
  })

  it('refuses a model draft that mentions a competitor, on any turn (global hard constraint)', async () => {
    const engine = await modelEngine(['Honestly, Amazon has it cheaper.'])
    const result = await engine.turn({ sessionId: 's', text: 'Where is my order NW-1234?' })
    expect(result.type).toBe('refused')
    expect(result.provenance.enforcement?.violations[0]).toMatchObject({
      ruleId: 'no-competitors',
      tier: 'hard-safety',
      lane: 1,
    })
    expect(result.provenance.rules.map((rule) => rule.id)).not.toContain('no-competitors')
  })

  it('regenerates a draft the Lane 2 judge fails, then replies with the passing draft', async () => {
    server = await startScriptedModelServer({
      script: agentModelScript({
        drafts: ['Whatever. It shipped.', 'Happy to help! Order NW-1234 has shipped with UPS.'],
        lane2: (ruleId, reply) =>
          ruleId === 'be-courteous' && reply.startsWith('Whatever') ? 'dismissive tone' : undefined,
      }),
    })
    const engine = createEngine({
      definition,
      model: openAICompatible({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 }),
    })
    const result = await engine.turn({ sessionId: 's', text: 'Where is my order NW-1234?' })
    expect(result.type).toBe('reply')
    expect('text' in result && result.text).toBe('Happy to help! Order NW-1234 has shipped with UPS.')
    expect(result.provenance.enforcement).toMatchObject({ outcome: 'regenerated', lane2: { ran: true } })
    // The rejected draft's violation stays on record.
    expect(result.provenance.enforcement?.violations).toEqual([
      { ruleId: 'be-courteous', tier: 'style', lane: 2, message: 'dismissive tone' },
    ])
    expect(systemPromptOf(server.requests.filter(isDraftRequest)[1]!)).toContain(
      'previous draft was rejected',
    )
  })

  it('runs the final alignment judge when the definition enables the finalization gate', async () => {
    const engine = createEngine({ definition: withFinalizationGate() })
    const result = await engine.turn({ sessionId: 's', text: 'Where is my order NW-1234?' })
    expect(result.provenance.gates).toEqual([
      expect.objectContaining({
        name: 'final-alignment',
        status: expect.stringMatching(/^(PASS|PASS_WITH_CAVEATS|FAIL) \(/),
      }),
    ])
    expect('text' in result && result.text).toContain('Order NW-1234 has shipped')
    const plain = await createEngine({ definition }).turn({
      sessionId: 's',
      text: 'Where is my order NW-1234?',
    })
    expect(plain.provenance.gates).toEqual([])
  })

  it('adds no "goal was ambiguous" caveat to a reply inside a scenario, however little the message says alone', async () => {
    const engine = createEngine({ definition: withFinalizationGate() })
    await engine.turn({ sessionId: 'caveat', text: 'I want a refund' })
    await engine.turn({ sessionId: 'caveat', text: 'ann@example.com' })
    // "NW-1001 fifty dollars" names no intent: alone it is ambiguous, but it answers the refund step.
    const result = await engine.turn({ sessionId: 'caveat', text: 'NW-1001 fifty dollars' })
    expect('text' in result && result.text).toBe(
      "Done — I've refunded $50 for order NW-1001 (reference RF-55012). It will reach your card in 3–5 business days.",
    )
    expect(result.provenance.gates[0]?.detail ?? '').not.toContain('NEEDS_CLARIFICATION')
    // Nor to a "never mind" that ends the flow, or a thank-you after it: they ask for nothing.
    for (const text of ['I need another refund please', 'never mind', 'thanks so much!']) {
      const closing = await engine.turn({ sessionId: 'caveat', text })
      expect('text' in closing && closing.text).not.toContain('ambiguous')
    }
  })

  it('records the judge result and the finalization outcome in the ledger for the §9.13 dashboards', async () => {
    const ledger = createLedger()
    const engine = createEngine({
      definition: withFinalizationGate(),
      ledger,
    })
    const result = await engine.turn({ sessionId: 'judged', text: 'Where is my order NW-1234?' })
    const records = await ledger.records('judged')
    const judged = records.filter((record) => record.type === 'final_alignment_judge_result')
    const outcomes = records.filter((record) => record.type === 'finalization_outcome')
    expect(judged).toHaveLength(1)
    expect(judged[0]!.payload).toMatchObject({
      job_id: result.turnId,
      session_id: 'judged',
      attempt_index: 0,
    })
    expect(outcomes).toHaveLength(1)
    expect(outcomes[0]!.payload).toMatchObject({ job_id: result.turnId, num_retries: 0 })
    expect(await ledger.verify('judged')).toEqual({ valid: true })
    const dashboard = computeJudgeDashboard(records)
    expect(dashboard.verdictRate).toEqual([
      expect.objectContaining({
        intentId: (judged[0]!.payload as { intent_id: string }).intent_id,
        total: 1,
      }),
    ])
  })

  it('calls the model each use names: definition ids through provideModel, explicit roles winning', async () => {
    const answer = agentModelScript({
      drafts: Array(4).fill('Happy to help! Order NW-1234 has shipped with UPS.'),
    })
    server = await startScriptedModelServer({ script: answer })
    const baseURL = server.baseURL
    const provideModel = (modelId: string) => openAICompatible({ baseURL, model: modelId, maxRetries: 0 })
    const loaded = loadDefinition(definition)
    const named = {
      ...loaded,
      settings: { ...loaded.settings, models: { default: 'writer', judge: 'reviewer' } },
    }
    // Which model each kind of request went to: drafts, Lane 2 judgments, guardrail compilations.
    const modelsCalled = () => [
      ...new Set(
        server!.requests.map(
          (request) =>
            `${isDraftRequest(request) ? 'draft' : promptsOf(request).system.startsWith('You are a compliance') ? 'lane2' : 'compile'}:${(request.body as { model?: string }).model}`,
        ),
      ),
    ]

    const result = await createEngine({ definition: named, provideModel }).turn({
      sessionId: 'roles',
      text: 'Where is my order NW-1234?',
    })
    expect('text' in result && result.text).toBe('Happy to help! Order NW-1234 has shipped with UPS.')
    expect(modelsCalled().sort()).toEqual(['compile:writer', 'draft:writer', 'lane2:reviewer'])

    server.requests.length = 0
    await createEngine({ definition: named, provideModel, model: { judge: provideModel('auditor') } }).turn({
      sessionId: 'roles-explicit',
      text: 'Where is my order NW-1234?',
    })
    expect(modelsCalled().sort()).toEqual(['compile:writer', 'draft:writer', 'lane2:auditor'])
  })

  it("routes with the LLM sensor when sensor is 'llm'", async () => {
    const perception = {
      intent: 'pricing',
      confidence: 0.93,
      entities: {},
      ambiguity: { score: 0.05, reason: 'clear' },
    }
    server = await startScriptedModelServer({
      script: agentModelScript({
        drafts: [JSON.stringify(perception), 'Basic is $9 and Plus is $19 per month.'],
      }),
    })
    const model = openAICompatible({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 })
    const engine = createEngine({ definition, model, sensor: 'llm', lane2: false })
    const result = await engine.turn({ sessionId: 's', text: 'what would the fancier tier set me back' })
    expect(result.provenance.route).toMatchObject({ scenario: 'pricing', decision: 'entered' })
    expect(result.provenance.mode).toBe('normal')
    expect('text' in result && result.text).toBe('Basic is $9 and Plus is $19 per month.')
  })

  it('runs on a yes only the call its question named, when the request read again gives another', async () => {
    const request = 'is it possible to get a refund of $25 on NW-1001? just asking for now, hb@example.com'
    const reading = (intent: string, amount?: number): Perception => ({
      intent,
      confidence: intent === 'unknown' ? 0.1 : 0.95,
      alternatives: [{ intent, confidence: intent === 'unknown' ? 0.1 : 0.95 }],
      entities:
        amount === undefined ? {} : { order_id: 'NW-1001', amount, currency: 'USD', email: 'hb@example.com' },
      ambiguity: { score: intent === 'unknown' ? 1 : 0, reason: 'scripted' },
      topicShift: false,
      source: 'llm',
    })
    const sensed: string[] = []
    // A host's own sensor (a model behind it): the request is read as a refund of $25, and read
    // again on the yes as one of $45. A second reading need not be the first.
    const sensor = {
      async sense(text: string): Promise<Perception> {
        sensed.push(text)
        if (text !== request) return reading('unknown')
        return reading('refund', sensed.filter((seen) => seen === request).length === 1 ? 25 : 45)
      },
    }
    const engine = createEngine({ definition, sensor, ledger: false })
    const asked = await engine.turn({ sessionId: 'pinned', text: request })
    expect('text' in asked && asked.text).toContain('Shall I refund $25 for order NW-1001 now?')
    const yes = await engine.turn({ sessionId: 'pinned', text: 'yes' })
    expect(sensed.filter((text) => text === request)).toHaveLength(2)
    // The yes was given to $25: the $45 refund is asked about, never paid on it.
    expect(yes.provenance.tools).toEqual([])
    expect('text' in yes && yes.text).toContain('Shall I refund $45 for order NW-1001 now?')
    // A yes to that question pays it.
    const second = await engine.turn({ sessionId: 'pinned', text: 'yes' })
    expect(second.provenance.tools).toEqual([expect.objectContaining({ id: 'issue_refund', status: 'ran' })])
    expect('text' in second && second.text).toContain('refunded $45 for order NW-1001')
  })

  it('falls back to the approved templates when the model fails', async () => {
    server = await startScriptedModelServer({ script: [{ type: 'http-error', status: 500 }] })
    const engine = createEngine({
      definition,
      model: openAICompatible({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 }),
      lane2: false,
    })
    const result = await engine.turn({ sessionId: 's', text: 'Where is my order NW-1234?' })
    expect(result.provenance.mode).toBe('fallback')
    expect('text' in result && result.text).toContain('Order NW-1234 has shipped with UPS')
  })

  it("tells what a tool did when the model's draft about it is refused, not a refusal (rv63 4)", async () => {
    // Outside review rv63 4: the $30 refund ran, the draft said $500, and the customer read the cap's
    // refusal: money moved with no word of it.
    const engine = await modelEngine(Array(6).fill("Done, I've refunded you $500 for order NW-1001."))
    const result = await engine.turn({
      sessionId: 'acted',
      text: 'I want a refund of $30 for order NW-1001, my email is ann@example.com',
    })
    expect(result.provenance.tools).toEqual([expect.objectContaining({ id: 'issue_refund', status: 'ran' })])
    expect(result.type).toBe('reply')
    expect('text' in result && result.text).toContain('refunded $30 for order NW-1001')
    expect('text' in result && result.text).not.toContain('$500')
    expect(result.provenance.mode).toBe('fallback')
    expect(result.provenance.enforcement?.violations.map((violation) => violation.ruleId)).toContain(
      'refund-cap',
    )
  })

  it('answers from the approved templates when the alignment judge withholds a draft, not with the generic fallback (rv63 5)', async () => {
    server = await startScriptedModelServer({
      script: agentModelScript({
        drafts: Array(4).fill('Bananas are yellow.'),
        judge: () => ({
          quality_score: 0.1,
          verdict: 'FAIL',
          reason_codes: ['MISREAD_PRIMARY_GOAL'],
          missing_requirements: ['the card on file'],
          evidence_issues: [],
          fix_mode: 'REWRITE_ONLY',
          next_actions: [{ type: 'rewrite', instruction: 'Say which card is on file.' }],
        }),
      }),
    })
    const loaded = withFinalizationGate()
    const engine = createEngine({
      definition: {
        ...loaded,
        settings: {
          ...loaded.settings,
          finalizationGate: { ...loaded.settings.finalizationGate, onFail: 'fallback' as const },
        },
      },
      model: openAICompatible({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 }),
      lane2: false,
    })
    const result = await engine.turn({
      sessionId: 'j',
      text: 'Which card is on file? My email is ann@example.com',
    })
    expect(result.provenance.mode).toBe('fallback')
    expect('text' in result && result.text).toBe('The card on file is your Visa ending 1111, expiring 08/29.')
  })

  it('falls back to the approved templates when the model answers with nothing a reader sees, whole or streamed', async () => {
    // Outside review rv63 3: "", "   \n  " and zero-width characters were delivered as a normal reply.
    for (const blank of ['', '   \n  ', '\u200b\u200b']) {
      server = await startScriptedModelServer({
        script: [
          { type: 'completion', content: blank },
          { type: 'stream', chunks: [...blank] },
        ],
      })
      try {
        const engine = createEngine({
          definition,
          model: openAICompatible({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 }),
          lane2: false,
          alignmentJudge: false,
          compiler: false,
        })
        const whole = await engine.turn({ sessionId: 'whole', text: 'Where is my order NW-1234?' })
        expect(whole.provenance.mode, JSON.stringify(blank)).toBe('fallback')
        expect('text' in whole && whole.text).toContain('Order NW-1234 has shipped with UPS')
        const events: TurnEvent[] = []
        for await (const event of engine.turnStream({
          sessionId: 'streamed',
          text: 'Where is my order NW-1234?',
        }))
          events.push(event)
        const finished = events.find((event) => event.type === 'turn-finished')
        if (finished?.type !== 'turn-finished' || finished.result.type !== 'reply')
          throw new Error('expected a reply')
        expect(finished.result.provenance.mode, JSON.stringify(blank)).toBe('fallback')
        expect(finished.result.text).toContain('Order NW-1234 has shipped with UPS')
      } finally {
        await server.close()
        server = undefined
      }
    }
  })

  it('falls back to the approved templates when a hand-written model port resolves without text', async () => {
    // A host's own port, written against the interface and returning nothing usable.
    const model = { modelId: 'hand-written', generate: async () => ({}) } as unknown as LanguageModel
    const engine = createEngine({ definition, model, lane2: false, alignmentJudge: false })
    const result = await engine.turn({ sessionId: 's', text: 'Where is my order NW-1234?' })
    expect(result.provenance.mode).toBe('fallback')
    expect('text' in result && result.text).toContain('Order NW-1234 has shipped with UPS')
  })
})
