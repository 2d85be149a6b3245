import { afterEach, describe, expect, it } from 'vitest'
import { FocalError } from '../../errors/index.ts'
import { openAICompatible } from '../../llm/index.ts'
import {
  type ScriptedModelResponse,
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../testing/scripted-model-server.ts'
import { createLane2Judge } from './create-lane2-judge.ts'
import { lane2Provenance } from './lane2-provenance.ts'
import type { Lane2Rule } from './types.ts'

const empathy: Lane2Rule = { id: 'empathy', tier: 'style', rubric: 'Be empathetic' }
const verify: Lane2Rule = {
  id: 'verify-first',
  tier: 'process',
  rubric: 'Ask for identity verification before account details',
}
const audit: Lane2Rule = {
  id: 'no-promises',
  tier: 'process',
  rubric: 'Never promise delivery dates',
  subjective: false,
}
let server: ScriptedModelServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function modelWith(script: ScriptedModelResponse[]) {
  server = await startScriptedModelServer({ script })
  return openAICompatible({ baseURL: server.baseURL, model: 'lane2-judge', maxRetries: 0 })
}

const verdicts = (...results: Array<[string, 'PASS' | 'FAIL', string]>) =>
  JSON.stringify({ results: results.map(([rule_id, verdict, reason]) => ({ rule_id, verdict, reason })) })

describe('createLane2Judge', () => {
  it('redacts a card, SSN or key the model writes into a reason: the reason reaches clients and the ledger', async () => {
    const model = await modelWith([
      {
        type: 'completion',
        content: verdicts(
          ['empathy', 'FAIL', 'Quoted card 4111 1111 1111 1111 and SSN 536-22-8741.'],
          ['verify-first', 'PASS', 'Asked for 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.'],
        ),
      },
    ])
    const outcome = await createLane2Judge({ model }).judge({ rules: [empathy, verify], reply: 'Sorry!' })
    expect(outcome.type === 'violated' && outcome.violations).toEqual([
      { ruleId: 'empathy', tier: 'style', lane: 2, message: 'Quoted card [CREDIT_CARD] and SSN [US_SSN].' },
    ])
    expect(outcome.checks.map((check) => check.reason)).toEqual([
      'Quoted card [CREDIT_CARD] and SSN [US_SSN].',
      'Asked for [GITHUB_TOKEN].',
    ])
  })

  it('returns the model PASS/FAIL verdicts per rule with reasons and a violated outcome', async () => {
    const model = await modelWith([
      {
        type: 'completion',
        content: verdicts(['empathy', 'FAIL', 'Dismissive tone.'], ['verify-first', 'PASS', 'Asked.']),
      },
    ])
    const outcome = await createLane2Judge({ model }).judge({
      rules: [empathy, verify],
      reply: 'Whatever. Give me your account number.',
    })
    expect(outcome.type).toBe('violated')
    expect(outcome.type === 'violated' && outcome.violations).toEqual([
      { ruleId: 'empathy', tier: 'style', lane: 2, message: 'Dismissive tone.' },
    ])
    expect(outcome.checks.map((check) => check.status)).toEqual(['failed', 'passed'])
    const body = server!.requests[0]!.body as { messages: Array<{ content: string }> }
    const prompt = body.messages[1]?.content
    expect(prompt).toContain('- empathy: Be empathetic')
  })

  it('does not call the model for non-subjective rules on an ordinary turn without sampling', async () => {
    const model = await modelWith([])
    const outcome = await createLane2Judge({ model }).judge({ rules: [audit], reply: 'It ships Monday.' })
    expect(outcome).toMatchObject({
      type: 'allowed',
      checks: [{ ruleId: 'no-promises', status: 'not-run', selection: 'not-selected' }],
    })
    expect(server!.requests).toHaveLength(0)
    expect(lane2Provenance(outcome)).toEqual({ ran: false })
  })

  it('runs non-subjective rules on risky actions and when sampled', async () => {
    const model = await modelWith([
      { type: 'completion', content: verdicts(['no-promises', 'FAIL', 'Promised Monday.']) },
      { type: 'completion', content: verdicts(['no-promises', 'PASS', 'No promise.']) },
    ])
    const risky = await createLane2Judge({ model }).judge({
      rules: [audit],
      reply: 'It ships Monday.',
      riskyAction: true,
    })
    expect(risky.checks[0]).toMatchObject({ selection: 'risky-action', status: 'failed' })
    const sampled = createLane2Judge({ model, sampleRate: 0.1, random: () => 0.05 })
    expect((await sampled.judge({ rules: [audit], reply: 'Soon.' })).checks[0]).toMatchObject({
      selection: 'sampled',
      status: 'passed',
    })
    expect(createLane2Judge({ model, sampleRate: 0.1, random: () => 0.5 }).select(audit)).toBe('not-selected')
  })

  it('passes a style rule with a logged skip when the latency budget runs out', async () => {
    const model = await modelWith([
      { type: 'completion', content: verdicts(['empathy', 'FAIL', 'late']), delayMs: 2_000 },
    ])
    const outcome = await createLane2Judge({ model, latencyBudgetMs: 100 }).judge({
      rules: [empathy],
      reply: 'Hi.',
    })
    expect(outcome).toMatchObject({
      type: 'allowed',
      skipped: 'latency-budget-exceeded',
      checks: [{ status: 'skipped' }],
    })
  })

  it('blocks a process rule by default, or escalates when configured, when the budget runs out', async () => {
    const model = await modelWith([{ type: 'hang' }, { type: 'hang' }, { type: 'hang' }])
    const blocked = await createLane2Judge({ model, latencyBudgetMs: 80 }).judge({
      rules: [empathy, verify],
      reply: 'Hi.',
    })
    expect(blocked.type).toBe('blocked')
    expect(blocked.checks.map((check) => check.status)).toEqual(['skipped', 'blocked'])
    const escalated = await createLane2Judge({
      model,
      latencyBudgetMs: 80,
      processFallback: 'escalate',
    }).judge({ rules: [verify], reply: 'Hi.' })
    expect(escalated.type).toBe('escalated')
    const perRule = await createLane2Judge({ model, latencyBudgetMs: 80 }).judge({
      rules: [{ ...verify, onBudgetExceeded: 'escalate' }],
      reply: 'Hi.',
    })
    expect(perRule.type).toBe('escalated')
  })

  it('follows the tiers when the model keeps returning an invalid contract', async () => {
    const model = await modelWith([
      { type: 'completion', content: '{"results":[{"rule_id":"verify-first","verdict":"MAYBE"}]}' },
      { type: 'completion', content: 'PASS' },
    ])
    const outcome = await createLane2Judge({ model }).judge({ rules: [verify], reply: 'Hi.' })
    expect(outcome).toMatchObject({ type: 'blocked', skipped: 'model-error: invalid-model-output' })
  })

  it('fails a hard-safety rule closed when the model omits it', async () => {
    const model = await modelWith([{ type: 'completion', content: verdicts(['other', 'PASS', 'ok']) }])
    const outcome = await createLane2Judge({ model }).judge({
      rules: [{ id: 'secrets', tier: 'hard-safety', rubric: 'No secrets' }],
      reply: 'x',
    })
    expect(outcome.type).toBe('blocked')
  })

  it('rejects a sample rate outside 0..1 as misuse', async () => {
    const model = await modelWith([])
    const error = (() => {
      try {
        createLane2Judge({ model, sampleRate: 2 })
      } catch (caught) {
        return caught
      }
    })()
    expect(FocalError.isInstance(error) && error.code).toBe('invalid-argument')
  })

  it('throws aborted when the caller aborts mid-judgment, instead of applying a tier outcome', async () => {
    const model = await modelWith([{ type: 'hang' }])
    const controller = new AbortController()
    const pending = createLane2Judge({ model, latencyBudgetMs: 5_000 }).judge({
      rules: [verify],
      reply: 'Hi.',
      signal: controller.signal,
    })
    setTimeout(() => controller.abort(), 30)
    const error = await pending.then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(FocalError.isInstance(error) && error.code).toBe('aborted')
  })
})
