import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { compileGuardrail } from '../compiler/compile-guardrail.ts'
import { compileRule } from '../compiler/compile-rule.ts'
import { createLane2Judge } from '../enforcement/lane2/create-lane2-judge.ts'
import { FocalError } from '../errors/index.ts'
import { buildJudgePayload } from '../judge/build-judge-payload.ts'
import { createAlignmentJudge } from '../judge/create-alignment-judge.ts'
import { generateObject } from './generate-object.ts'
import type { LanguageModel } from './types.ts'

/**
 * A host's own model port, written by hand against the interface (not through
 * `defineLanguageModel`): it answers every call with `reply` and never validates a schema.
 */
function handWritten(reply: Record<string, unknown>): LanguageModel & { calls: number } {
  const model = {
    modelId: 'hand-written',
    calls: 0,
    async generate() {
      model.calls++
      return reply
    },
  }
  return model as unknown as LanguageModel & { calls: number }
}

const schema = z.object({ verdict: z.enum(['PASS', 'FAIL']), reason: z.string() })
const messages = [{ role: 'user' as const, content: 'judge this' }]

describe('generateObject', () => {
  it('returns the object a port validated, and reads JSON text when a port gave no object', async () => {
    const given = await generateObject(handWritten({ text: '', object: { verdict: 'PASS', reason: 'ok' } }), {
      messages,
      schema,
    })
    expect(given.object).toEqual({ verdict: 'PASS', reason: 'ok' })
    const fromText = await generateObject(
      handWritten({ text: 'Here: ```json\n{"verdict":"FAIL","reason":"rude"}\n```' }),
      { messages, schema },
    )
    expect(fromText.object).toEqual({ verdict: 'FAIL', reason: 'rude' })
    // What the port left out reads as nothing spent, not as a TypeError in the caller.
    expect(fromText.usage).toEqual({ inputTokens: 0, outputTokens: 0 })
    expect(fromText.modelId).toBe('hand-written')
  })

  it('names the path and the problem when the object or the text does not match', async () => {
    const wrongObject = generateObject(handWritten({ text: '', object: { verdict: 'MAYBE', reason: 1 } }), {
      messages,
      schema,
    })
    await expect(wrongObject).rejects.toSatisfy(
      (error: unknown) =>
        FocalError.isInstance(error) &&
        error.code === 'invalid-model-output' &&
        error.issues.some((issue) => issue.path === 'verdict') &&
        error.issues.some((issue) => issue.path === 'reason'),
    )
    const noObject = generateObject(handWritten({ text: 'I think it passes.' }), { messages, schema })
    await expect(noObject).rejects.toSatisfy(
      (error: unknown) =>
        FocalError.isInstance(error) &&
        error.code === 'invalid-model-output' &&
        /no object/.test(error.message) &&
        error.issues[0]?.message.startsWith('not valid JSON') === true,
    )
  })
})

describe('callers of a model that returns no object', () => {
  const silent = () => handWritten({ text: 'Sure! Happy to help.' })

  it('the guardrail compiler falls back to its offline templates and says why', async () => {
    const compiled = await compileGuardrail({
      text: 'Never mention competitors.',
      business: 'a shop',
      tools: [],
      classify: () => 'hard-safety',
      model: silent(),
    })
    expect(compiled.tierFrom).toBe('classifier')
    expect(compiled.note).toContain('invalid-model-output')
  })

  it('the rule compiler falls back to Lane 2 and says why', async () => {
    const compiled = await compileRule({ rule: 'Refunds over $500 need a second look', model: silent() })
    expect(compiled.type).toBe('fallback')
    expect(compiled.type === 'fallback' && compiled.reason).toBe(
      'compiler model failed: invalid-model-output',
    )
  })

  it('Lane 2 cannot finish: a hard-safety rule blocks (fails closed), a style rule passes with a skip', async () => {
    const lane2 = createLane2Judge({ model: silent() })
    const hard = await lane2.judge({
      rules: [{ id: 'no-medical-advice', tier: 'hard-safety', rubric: 'Never give medical advice' }],
      reply: 'Take two of these.',
    })
    expect(hard.type).toBe('blocked')
    const style = await lane2.judge({
      rules: [{ id: 'empathy', tier: 'style', rubric: 'Be empathetic' }],
      reply: 'Done.',
    })
    expect(style.type).not.toBe('blocked')
    expect(style.type).not.toBe('violated')
  })

  it('the alignment judge falls back to its heuristic and marks the source', async () => {
    const payload = buildJudgePayload({
      goal: 'Draw a diagram of the order flow.',
      intentId: 'SYSTEM_CONTROL_FLOW',
      draft: 'Order #123 goes from the cart to payment.',
    })
    const result = await createAlignmentJudge({ model: silent() }).judge(payload)
    expect(result.source).toBe('heuristic-fallback')
  })
})
