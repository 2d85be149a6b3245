import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { createMemoryCompileCache } from '../compiler/create-memory-compile-cache.ts'
import { formatEnforcementPlan } from '../compiler/format-enforcement-plan.ts'
import { createAlignmentJudge } from '../judge/create-alignment-judge.ts'
import { createLedger } from '../ledger/create-ledger.ts'
import { openAICompatible } from '../llm/open-ai-compatible.ts'
import {
  type AgentModelScriptOptions,
  agentModelScript,
  isDraftRequest,
  promptsOf,
} from '../testing/agent-model-script.ts'
import { type ScriptedModelServer, startScriptedModelServer } from '../testing/scripted-model-server.ts'
import { createEngine, type EngineOptions } from './create-engine.ts'

/** A phone-plan agent: one free-text guardrail, one cue-gated hard-safety rubric. */
const definition = {
  name: 'mobile-support',
  description: 'Customer support for Northwind Mobile phone plans.',
  settings: {
    fallbackReply: 'I can help with Northwind Mobile plans, bills and your account.',
    refusalReply: "Sorry, I can't help with that.",
  },
  guardrails: { never: ['Mention or compare with competitors.'], always: [] },
  intents: [
    { id: 'plans', examples: ['what plans do you have'], keywords: ['plan', 'plans', 'price'] },
    {
      id: 'money_matters',
      examples: ['what should I do with my savings', 'help with my budget'],
      keywords: ['savings', 'budget', 'money'],
    },
    { id: 'card', examples: ['which card do I pay with'], keywords: ['card'] },
  ],
  rules: [
    {
      id: 'no-investment-advice',
      scope: 'global',
      tier: 'hard-safety',
      match: ['invest', 'stocks', 'shares', 'crypto'],
      action: "I can't give investment advice.",
      judge: 'Never give investment or financial advice (what to buy, sell or do with savings).',
    },
    { id: 'plans-answer', intents: ['plans'], action: 'Our plans start at $15 a month.' },
  ],
}

const competitorGuardrail = {
  when: /competitors/u,
  form: { tier: 'hard-safety', target: 'reply', blocklist: ['Verizon', 'AT&T', 'T-Mobile'] },
  cases: {
    replies: [
      { text: 'Verizon is cheaper than us.', violates: true },
      { text: 'Our plans beat AT&T on price.', violates: true },
      { text: 'Our Basic plan is $15 a month.', violates: false },
    ],
  },
}

const judgeRules: AgentModelScriptOptions['lane2'] = (ruleId, reply) => {
  if (ruleId === 'no-investment-advice' && /shares|savings into/iu.test(reply))
    return 'tells the user what to buy'
  if (ruleId === 'never-1' && /verizon|competitor/iu.test(reply)) return 'names a competitor'
  return undefined
}

let server: ScriptedModelServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function engineWith(script: AgentModelScriptOptions, options: Partial<EngineOptions> = {}) {
  server = await startScriptedModelServer({ script: agentModelScript(script) })
  const model = openAICompatible({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 })
  const ledger = createLedger()
  const engine = createEngine({ definition, model, ledger, ...options })
  return { engine, ledger, server }
}

const compileRequests = (scripted: ScriptedModelServer) =>
  scripted.requests.filter((request) => promptsOf(request).system.startsWith('You compile a policy rule'))

describe('the enforcement plan in the turn', () => {
  it('never delivers a competitor mention, whatever the user asked: compiled by the model at load', async () => {
    const { engine, ledger } = await engineWith({
      guardrails: [competitorGuardrail],
      lane2: judgeRules,
      drafts: ['Our plans beat Verizon on price.', 'Our Basic plan is $15 a month, with no contract.'],
    })
    const plan = await engine.enforcementPlan()
    expect(plan.rules.find((rule) => rule.id === 'never-1')).toMatchObject({
      source: 'guardrails.never[0]',
      tier: 'hard-safety',
      tierFrom: 'model',
      from: 'model',
      lane1: { target: 'reply', blocklist: ['Verizon', 'AT&T', 'T-Mobile'], onViolation: 'regenerate' },
      // A list of names is never exhaustive: the rule's words are judged on every reply too.
      lane2: { runs: 'every-reply' },
    })
    const result = await engine.turn({ sessionId: 's', text: 'What plans do you have?' })
    expect(result.type).toBe('reply')
    expect('text' in result && result.text).toBe('Our Basic plan is $15 a month, with no contract.')
    expect(result.provenance.enforcement).toMatchObject({
      outcome: 'regenerated',
      violations: [{ ruleId: 'never-1', tier: 'hard-safety', lane: 1 }],
    })
    const violated = (await ledger.records('s')).filter((record) => record.type === 'rule-violated')
    expect(violated.map((record) => record.payload)).toEqual([
      expect.objectContaining({ ruleId: 'never-1', lane: 1, action: 'regenerate' }),
    ])
  })

  it('refuses when every draft keeps mentioning a competitor', async () => {
    const { engine } = await engineWith({
      guardrails: [competitorGuardrail],
      lane2: judgeRules,
      drafts: ['Verizon costs more.', 'We beat Verizon.', 'Unlike Verizon, we are cheap.'],
    })
    const result = await engine.turn({ sessionId: 's', text: 'What plans do you have?' })
    expect(result.type).toBe('refused')
    expect('text' in result && result.text).toBe("Sorry, I can't help with that.")
    expect(result.provenance.enforcement?.outcome).toBe('blocked')
  })

  it('judges a hard-safety rubric on every reply, not only when the user says its cue words', async () => {
    const { engine, ledger } = await engineWith({
      lane2: judgeRules,
      drafts: [
        'Put all your savings into Tesla shares right now.',
        'Honestly, put your savings into shares.',
        'Buy shares today.',
      ],
    })
    const result = await engine.turn({ sessionId: 'money', text: 'what should I do with my savings' })
    expect(result.type).toBe('refused')
    expect('text' in result && result.text).not.toMatch(/shares/u)
    // The rule was not retrieved (no cue word), yet it was judged.
    expect(result.provenance.rules.map((rule) => rule.id)).not.toContain('no-investment-advice')
    expect(result.provenance.enforcement?.violations).toContainEqual({
      ruleId: 'no-investment-advice',
      tier: 'hard-safety',
      lane: 2,
      message: 'tells the user what to buy',
    })
    const violated = (await ledger.records('money')).filter((record) => record.type === 'rule-violated')
    expect(violated.length).toBe(3)
    expect(
      violated.every((record) => (record.payload as { ruleId: string }).ruleId === 'no-investment-advice'),
    ).toBe(true)
  })

  it("passes the judge's own reason through Lane 1: a card or key it quotes never reaches provenance, the stream or the ledger", async () => {
    // The reason is text a model wrote: a hostile or prompt-injected judge can put anything in it.
    const card = '4111 1111 1111 1111'
    const key = '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'
    const { engine, ledger } = await engineWith({
      lane2: (ruleId, reply) =>
        ruleId === 'no-investment-advice' && /shares/iu.test(reply)
          ? `tells the user to buy shares with card ${card} and token ${key}`
          : undefined,
      drafts: ['Buy Tesla shares.', 'Buy more shares.', 'Shares, now.'],
    })
    const parts: unknown[] = []
    for await (const event of engine.turnStream({ sessionId: 'r', text: 'what should I do with my savings' }))
      parts.push(event)
    const done = parts.at(-1) as { type: string; result: { provenance: { enforcement?: unknown } } }
    expect(done.type).toBe('turn-finished')
    expect(done.result.provenance.enforcement).toMatchObject({
      violations: expect.arrayContaining([
        {
          ruleId: 'no-investment-advice',
          tier: 'hard-safety',
          lane: 2,
          message: 'tells the user to buy shares with card [CREDIT_CARD] and token [GITHUB_TOKEN]',
        },
      ]),
    })
    const everything = JSON.stringify({ parts, ledger: await ledger.records('r') })
    expect(everything).toContain('no-investment-advice')
    expect(everything).not.toContain('1111 1111')
    expect(everything).not.toContain('wWPw5k4a')
  })

  it("withholds a judge's reason that breaks a never rule itself (it names a competitor)", async () => {
    const {
      engine,
      ledger,
      server: scripted,
    } = await engineWith({
      guardrails: [competitorGuardrail],
      lane2: (ruleId, reply) =>
        ruleId === 'no-investment-advice' && /shares/iu.test(reply)
          ? 'tells the user to buy shares; switch to Verizon instead'
          : undefined,
      drafts: ['Buy Tesla shares.', 'Buy more shares.', 'Shares, now.'],
    })
    const result = await engine.turn({ sessionId: 'v', text: 'what should I do with my savings' })
    expect(result.type).toBe('refused')
    expect(result.provenance.enforcement?.violations).toContainEqual({
      ruleId: 'no-investment-advice',
      tier: 'hard-safety',
      lane: 2,
      message: "The judge's reason was withheld: it broke a rule itself.",
    })
    expect(JSON.stringify({ result, ledger: await ledger.records('v') })).not.toContain('Verizon instead')
    // Each violation is listed once, however many drafts broke it (outside review rv63 6: one entry
    // per draft, nothing telling them apart); the ledger keeps a record per draft.
    const listed = (result.provenance.enforcement?.violations ?? []).map((violation) =>
      JSON.stringify(violation),
    )
    expect(new Set(listed).size).toBe(listed.length)
    const perDraft = (await ledger.records('v')).filter(
      (record) =>
        record.type === 'rule-violated' &&
        (record.payload as { ruleId: string }).ruleId === 'no-investment-advice',
    )
    expect(perDraft.length).toBeGreaterThan(1)
    // The rewrite is told what the judge said: only the model reads its instruction.
    const redrafts = scripted.requests.filter(isDraftRequest).slice(1)
    expect(redrafts.length).toBeGreaterThan(0)
    expect(JSON.stringify(redrafts)).toContain('tells the user to buy shares')
  })

  it('never delivers a full card number: redacted in the reply and the stream', async () => {
    const { engine } = await engineWith({
      lane2: judgeRules,
      drafts: ['You pay with card 4111 1111 1111 1111.'],
    })
    const deltas: string[] = []
    for await (const event of engine.turnStream({ sessionId: 'c', text: 'Which card do I pay with?' }))
      if (event.type === 'text-delta') deltas.push(event.delta)
    expect(deltas.join('')).toBe('You pay with card [CREDIT_CARD].')
    const session = await engine.getSession('c')
    expect(JSON.stringify(session)).not.toContain('4111 1111')
  })

  it('withholds an off-topic draft the alignment judge fails after the bounded replan and sends the approved templates instead', async () => {
    const offTopic = {
      quality_score: 0.2,
      verdict: 'FAIL',
      reason_codes: ['MISREAD_PRIMARY_GOAL'],
      missing_requirements: ['the plans and their prices'],
      evidence_issues: [],
      fix_mode: 'REWRITE_ONLY',
      next_actions: [{ type: 'rewrite', instruction: 'Answer about the plans.' }],
    }
    const { engine, ledger } = await engineWith(
      {
        lane2: judgeRules,
        judge: (draft) =>
          /banana/iu.test(draft)
            ? offTopic
            : { ...offTopic, verdict: 'PASS', reason_codes: [], quality_score: 0.9 },
        drafts: ['Here is a banana bread recipe.', 'Banana bread needs three bananas and an oven at 180 °C.'],
      },
      {
        settings: {
          finalizationGate: { enabled: true, maxRetries: 1, strictness: 'medium', onFail: 'fallback' },
        },
      },
    )
    const result = await engine.turn({ sessionId: 'o', text: 'What plans do you have?' })
    expect(result.type).toBe('reply')
    // What the approved templates say, as on a model error (outside review rv63 5: the generic
    // fallback came, though the turn's own rule had an approved answer).
    expect('text' in result && result.text).toBe('Our plans start at $15 a month.')
    expect(result.provenance.mode).toBe('fallback')
    expect(result.provenance.gates).toEqual([
      expect.objectContaining({ name: 'final-alignment', status: 'FAIL (withheld, fallback sent)' }),
    ])
    const records = await ledger.records('o')
    expect(records.filter((record) => record.type === 'final_alignment_judge_result')).toHaveLength(2)
    expect(records.find((record) => record.type === 'finalization_outcome')?.payload).toMatchObject({
      final_verdict: 'fail',
    })
  })

  it('turns the judge asking for the user into a clarification', async () => {
    const { engine } = await engineWith(
      {
        lane2: judgeRules,
        judge: () => ({
          quality_score: 0.4,
          verdict: 'FAIL',
          reason_codes: ['NEEDS_CLARIFICATION'],
          missing_requirements: [],
          evidence_issues: [],
          fix_mode: 'NEEDS_USER_CLARIFICATION',
          next_actions: [{ type: 'question', instruction: 'Is this for one line or a family plan?' }],
        }),
        drafts: ['Our plans start at $15 a month.'],
      },
      {
        settings: {
          finalizationGate: { enabled: true, maxRetries: 2, strictness: 'medium', onFail: 'fallback' },
        },
      },
    )
    const result = await engine.turn({ sessionId: 'q', text: 'What plans do you have?' })
    expect(result.type).toBe('clarification')
    if (result.type !== 'clarification') return
    expect(result.clarification.question).toBe('Is this for one line or a family plan?')
    expect(result.provenance.gates[0]?.status).toBe('FAIL (asked the user)')
  })

  it('states the limitations of a reply it finalizes with caveats', async () => {
    const { engine } = await engineWith(
      {
        lane2: judgeRules,
        judge: () => ({
          quality_score: 0.7,
          verdict: 'PASS_WITH_CAVEATS',
          reason_codes: ['MISSING_REQUIRED_ELEMENTS'],
          missing_requirements: ['the price of the family plan'],
          evidence_issues: [],
          fix_mode: 'NEEDS_NEW_EVIDENCE',
          next_actions: [],
        }),
        drafts: ['Our plans start at $15 a month.'],
      },
      {
        settings: {
          finalizationGate: { enabled: true, maxRetries: 0, strictness: 'medium', onFail: 'fallback' },
        },
      },
    )
    const result = await engine.turn({ sessionId: 'l', text: 'What plans do you have?' })
    expect('text' in result && result.text).toBe(
      'Our plans start at $15 a month. Missing: the price of the family plan.',
    )
    expect(result.provenance.gates[0]).toMatchObject({
      status: 'PASS_WITH_CAVEATS (finalized-with-limitations)',
      detail: 'MISSING_REQUIRED_ELEMENTS; Missing: the price of the family plan.',
    })
  })

  it("judges with the definition's custom reason codes, and a hard one withholds the draft", async () => {
    const { engine, server: scripted } = await engineWith(
      {
        lane2: judgeRules,
        judge: (draft) => ({
          quality_score: 0.9,
          verdict: 'PASS',
          reason_codes: /NW-\d+/u.test(draft) ? [] : ['MISSING_ORDER_ID'],
          missing_requirements: [],
          evidence_issues: [],
          fix_mode: 'REWRITE_ONLY',
          next_actions: [],
        }),
        drafts: ['Your plan is active.', 'Your plan is still active.'],
      },
      {
        settings: {
          finalizationGate: {
            enabled: true,
            maxRetries: 1,
            strictness: 'medium',
            onFail: 'refuse',
            customReasonCodes: [{ code: 'MISSING_ORDER_ID', severity: 'hard', description: 'no order id' }],
          },
        },
      },
    )
    const result = await engine.turn({ sessionId: 'codes', text: 'What plans do you have?' })
    expect(result.type).toBe('refused')
    expect(result.provenance.gates[0]).toMatchObject({
      status: 'FAIL (withheld, refuse sent)',
      detail: 'MISSING_ORDER_ID',
    })
    const judged = scripted.requests.find((request) =>
      promptsOf(request).user.includes('Final Alignment Judge'),
    )
    expect(promptsOf(judged!).user).toContain('MISSING_ORDER_ID (hard): no order id')
  })

  it('judges claims against the tool results: an invented delivery time is redrafted, the grounded reply ships', async () => {
    server = await startScriptedModelServer({
      script: agentModelScript({
        drafts: [
          'Order NW-1234 was delivered at 10:02 on Monday.',
          'Order NW-1234 has shipped with UPS and should arrive Thursday.',
        ],
      }),
    })
    const refund = readFileSync(
      fileURLToPath(new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url)),
      'utf8',
    )
    const engine = createEngine({
      definition: refund,
      model: openAICompatible({ baseURL: server.baseURL, model: 'scripted', maxRetries: 0 }),
      // The heuristic judge checks claims against the turn's tool results and instructions.
      alignmentJudge: createAlignmentJudge({}),
      lane2: false,
      settings: { finalizationGate: { enabled: true, maxRetries: 1 } },
    })
    const result = await engine.turn({ sessionId: 'claims', text: 'Where is my order NW-1234?' })
    expect('text' in result && result.text).toBe(
      'Order NW-1234 has shipped with UPS and should arrive Thursday.',
    )
    // The first draft was judged UNSUPPORTED_SPECIFICS and redrafted.
    expect(server.requests.filter(isDraftRequest)).toHaveLength(2)
    expect(result.provenance.gates[0]?.status).toMatch(/^PASS/u)
  })

  it('makes no model call at the next cold start of a definition compiled before', async () => {
    const cache = createMemoryCompileCache()
    const first = await engineWith({ guardrails: [competitorGuardrail] }, { compileCache: cache })
    const compiled = await first.engine.enforcementPlan()
    expect(compileRequests(first.server)).toHaveLength(1)
    expect(compiled.summary).toMatchObject({ modelCalls: 2, cached: 0 })
    await first.server.close()

    // A new process: a fresh engine over the same cache entries (e.g. a KV namespace).
    const second = await engineWith(
      {
        guardrails: [competitorGuardrail],
        lane2: judgeRules,
        drafts: ['Verizon is pricier.', 'Basic is $15.'],
      },
      { compileCache: createMemoryCompileCache(cache.entries()) },
    )
    const warm = await second.engine.enforcementPlan()
    expect(second.server.requests).toHaveLength(0)
    expect(warm.summary).toMatchObject({ modelCalls: 0, cached: 1 })
    expect(warm.rules.find((rule) => rule.id === 'never-1')).toMatchObject({
      cached: true,
      lane1: { blocklist: ['Verizon', 'AT&T', 'T-Mobile'] },
    })
    const result = await second.engine.turn({ sessionId: 'w', text: 'What plans do you have?' })
    expect('text' in result && result.text).toBe('Basic is $15.')
    expect(compileRequests(second.server)).toHaveLength(0)
  })

  it('does not trust a tampered cache entry: an unsafe regex in it falls back to Lane 2', async () => {
    const cache = createMemoryCompileCache()
    const first = await engineWith({ guardrails: [competitorGuardrail] }, { compileCache: cache })
    await first.engine.enforcementPlan()
    await first.server.close()
    const tampered = Object.fromEntries(
      Object.entries(cache.entries()).map(([key, entry]) => [
        key,
        entry.type === 'guardrail'
          ? {
              ...entry,
              check: {
                target: 'reply' as const,
                patterns: [{ type: 'x', pattern: '(a+)+$' }],
                onViolation: 'refuse' as const,
              },
            }
          : entry,
      ]),
    )
    const second = await engineWith({}, { compileCache: createMemoryCompileCache(tampered) })
    const rule = (await second.engine.enforcementPlan()).rules.find((entry) => entry.id === 'never-1')
    expect(rule?.lane1).toBeUndefined()
    expect(rule?.lane2).toEqual({ rubric: 'Never mention or compare with competitors.', runs: 'every-reply' })
    expect(rule?.note).toMatch(/^cached check rejected \(.*\): judged in text by Lane 2$/u)
    expect(second.server.requests).toHaveLength(0)
  })

  it('falls back to Lane 2 and says so when the compiled check fails its own test cases', async () => {
    const { engine } = await engineWith({
      guardrails: [
        {
          ...competitorGuardrail,
          form: { tier: 'hard-safety', target: 'reply', blocklist: ['Verizon'] },
        },
      ],
    })
    const rule = (await engine.enforcementPlan()).rules.find((entry) => entry.id === 'never-1')
    expect(rule?.lane1).toBeUndefined()
    expect(rule).toMatchObject({ from: 'none', lane2: { runs: 'every-reply' } })
    expect(rule?.note).toBe('compiled check failed 1 of 3 generated test cases: judged in text by Lane 2')
  })

  it('plans offline without a model and marks what only the prompt carries', async () => {
    const engine = createEngine({
      definition: {
        ...definition,
        guardrails: {
          never: ['Mention or compare with competitors.', 'Reveal full payment card numbers.'],
          always: [],
        },
      },
    })
    const plan = await engine.enforcementPlan()
    const byId = new Map(plan.rules.map((rule) => [rule.id, rule]))
    expect(byId.get('never-1')).toMatchObject({ from: 'none', unenforced: true, tierFrom: 'classifier' })
    expect(byId.get('never-2')).toMatchObject({
      from: 'template',
      tier: 'hard-safety',
      lane1: { target: 'reply', detectors: ['credit-card', 'iban'], onViolation: 'redact' },
    })
    expect(byId.get('no-investment-advice')).toMatchObject({ unenforced: true })
    expect(plan.summary).toMatchObject({ modelCalls: 0, unenforced: 2 })
    const printed = formatEnforcementPlan(plan)
    expect(printed).toContain('never-1')
    expect(printed).toContain('prompt text only')
  })
})
