import { afterEach, describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { openAICompatible } from '../llm/index.ts'
import { type ScriptedModelServer, startScriptedModelServer } from '../testing/scripted-model-server.ts'
import { buildJudgePayload } from './build-judge-payload.ts'
import { createAlignmentJudge } from './create-alignment-judge.ts'

const payload = buildJudgePayload({
  goal: 'Draw a diagram of the order flow.',
  intentId: 'SYSTEM_CONTROL_FLOW',
  draft: 'Order #123 goes from the cart to payment.',
})
const perfect = { goal_coverage: 1, abstraction_match: 1, artifact_match: 1, evidence_fit: 1, clarity: 1 }
let server: ScriptedModelServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function judgeModel(contents: string[]) {
  server = await startScriptedModelServer({
    script: contents.map((content) => ({ type: 'completion' as const, content })),
  })
  return openAICompatible({
    baseURL: server.baseURL,
    model: 'judge-small',
    retryBaseDelayMs: 1,
    maxRetries: 0,
  })
}

describe('createAlignmentJudge', () => {
  it('recomputes the verdict in code: a model saying PASS with a hard-fail code gets FAIL', async () => {
    const model = await judgeModel([
      JSON.stringify({
        scores: perfect,
        quality_score: 0.99,
        verdict: 'PASS',
        reason_codes: ['WRONG_ARTIFACT_TYPE'],
        fix_mode: 'REWRITE_ONLY',
      }),
    ])
    const result = await createAlignmentJudge({ model }).judge(payload)
    expect(result).toMatchObject({
      verdict: 'FAIL',
      qualityScore: 1,
      source: 'model',
      modelId: 'judge-small',
      hardFailCodes: ['WRONG_ARTIFACT_TYPE'],
    })
    expect(result.tokenCost).toBe(15)
    const body = server!.requests[0]?.body as { messages: Array<{ content: string }> }
    const prompt = body.messages[0]?.content
    expect(prompt).toContain('Draw a diagram of the order flow.')
  })

  it('recomputes the score: a model claiming 0.95 with weak dimensions gets its weighted score', async () => {
    const scores = {
      goal_coverage: 0.5,
      abstraction_match: 0.5,
      artifact_match: 0.5,
      evidence_fit: 0.5,
      clarity: 0.5,
    }
    const model = await judgeModel([
      JSON.stringify({
        scores,
        quality_score: 0.95,
        verdict: 'PASS',
        reason_codes: [],
        fix_mode: 'REWRITE_ONLY',
      }),
    ])
    const result = await createAlignmentJudge({ model }).judge(payload)
    expect(result.qualityScore).toBe(0.5)
    expect(result.verdict).toBe('FAIL')
  })

  it('accepts declared custom codes from the model and repairs undeclared ones', async () => {
    const model = await judgeModel([
      JSON.stringify({ scores: perfect, reason_codes: ['MADE_UP'], fix_mode: 'REWRITE_ONLY' }),
      JSON.stringify({ scores: perfect, reason_codes: ['MISSING_ORDER_ID'], fix_mode: 'REWRITE_ONLY' }),
    ])
    const judge = createAlignmentJudge({
      model,
      customReasonCodes: [{ code: 'MISSING_ORDER_ID', severity: 'hard' }],
    })
    const result = await judge.judge(payload)
    expect(result.verdict).toBe('FAIL')
    expect(result.reasonCodes).toEqual(['MISSING_ORDER_ID'])
    expect(server!.requests).toHaveLength(2)
  })

  it('falls back to the heuristic when the model fails, and marks the source', async () => {
    server = await startScriptedModelServer({ script: [{ type: 'http-error', status: 503 }] })
    const model = openAICompatible({ baseURL: server.baseURL, model: 'm', maxRetries: 0 })
    const result = await createAlignmentJudge({ model }).judge(payload)
    expect(result.source).toBe('heuristic-fallback')
    expect(result.hardFailCodes).toContain('WRONG_ARTIFACT_TYPE')
  })

  it('judges with the heuristic when no model is configured, including custom missing patterns', async () => {
    const judge = createAlignmentJudge({
      customReasonCodes: [{ code: 'MISSING_ORDER_ID', missingPattern: '#\\d{3,}' }],
    })
    expect((await judge.judge(payload)).reasonCodes).not.toContain('MISSING_ORDER_ID')
    expect(
      (await judge.judge({ ...payload, draftAnswer: 'Your order goes to payment.' })).reasonCodes,
    ).toContain('MISSING_ORDER_ID')
  })

  it('rejects badly formed, duplicate or built-in custom codes and unsafe patterns with a located error', () => {
    const attempt = (customReasonCodes: Parameters<typeof createAlignmentJudge>[0]) => {
      try {
        createAlignmentJudge(customReasonCodes)
      } catch (error) {
        return FocalError.isInstance(error) ? `${error.code} ${error.issues[0]?.path}` : 'other'
      }
      return 'accepted'
    }
    expect(attempt({ customReasonCodes: [{ code: 'lower_case' }] })).toBe(
      'invalid-definition customReasonCodes[0].code',
    )
    expect(attempt({ customReasonCodes: [{ code: 'A' }, { code: 'A' }] })).toBe(
      'invalid-definition customReasonCodes[1].code',
    )
    expect(attempt({ customReasonCodes: [{ code: 'OVERLY_GENERIC' }] })).toBe(
      'invalid-definition customReasonCodes[0].code',
    )
    expect(attempt({ customReasonCodes: [{ code: 'X', missingPattern: '(a+)+$' }] })).toMatch(
      /^unsafe-pattern/,
    )
  })
})
