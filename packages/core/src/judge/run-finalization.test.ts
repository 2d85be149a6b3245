import { describe, expect, it } from 'vitest'
import { resolveModel } from '../llm/index.ts'
import { buildJudgePayload } from './build-judge-payload.ts'
import { computeVerdict } from './compute-verdict.ts'
import { createAlignmentJudge } from './create-alignment-judge.ts'
import * as judgeEntry from './index.ts'
import { runFinalization } from './run-finalization.ts'
import type { AlignmentJudgeResult } from './types.ts'

const goal = 'Draw a diagram of how the worker and the queue interact.'
const prose =
  'The worker polls the queue, takes a job, runs it and acknowledges it; failures go back to the queue.'
const diagram =
  '```mermaid\nsequenceDiagram\nWorker->>Queue: poll\nQueue-->>Worker: job\nWorker->>Queue: ack\n```'
const payload = buildJudgePayload({ goal, intentId: 'GENERAL', draft: prose })

describe('runFinalization', () => {
  it("runs as the core README's example writes it: from the judge entry, with resolveModel's judge", async () => {
    // No judge model among the roles: resolveModel gives undefined and the heuristic judges.
    const judge = judgeEntry.createAlignmentJudge({ model: resolveModel({}, 'judge'), strictness: 'medium' })
    const result = await judgeEntry.runFinalization({
      judge,
      payload,
      regenerate: async () => ({ draft: diagram }),
    })
    expect(result).toMatchObject({ type: 'accepted', draft: diagram, retries: 1 })
  })

  it('accepts a retry that produced the requested artifact, counting one retry', async () => {
    const instructions: string[] = []
    const result = await runFinalization({
      judge: createAlignmentJudge(),
      payload,
      regenerate: async (directive) => {
        instructions.push(directive.instruction)
        expect(directive.allowTools).toBe(false)
        return { draft: diagram }
      },
    })
    expect(result).toMatchObject({ type: 'accepted', draft: diagram, retries: 1 })
    expect(result.attempts.map((attempt) => attempt.judgeResult.verdict)).toEqual(['FAIL', 'PASS'])
    expect(instructions[0]).toContain('WRONG_ARTIFACT_TYPE')
  })

  it('judges a retry against the evidence it gathered: unsupported claims first, then accepted', async () => {
    const draft = 'Order NW-1001 shipped on March 12 with UPS.'
    const result = await runFinalization({
      judge: createAlignmentJudge(),
      payload: buildJudgePayload({ goal: 'Where is my order NW-1001?', intentId: 'GENERAL', draft }),
      regenerate: async (directive) => {
        expect(directive.allowTools).toBe(true)
        expect(directive.instruction).toContain(
          'Evidence issues: Claims shipped, March 12, UPS with no tool result or instruction supporting them',
        )
        return {
          draft,
          evidenceIds: ['lookup_order'],
          toolTraceSummary: 'lookup_order: ok',
          evidence: ['{"order":"NW-1001","status":"shipped","shipped_at":"2024-03-12","carrier":"UPS"}'],
        }
      },
    })
    expect(result.attempts.map((attempt) => attempt.judgeResult.reasonCodes)).toEqual([
      ['UNSUPPORTED_SPECIFICS'],
      [],
    ])
    expect(result.attempts[0]!.judgeResult.nextActions[0]!.instruction).toContain(
      'Unsupported: shipped, March 12, UPS.',
    )
    expect(result).toMatchObject({ type: 'accepted', retries: 1 })
  })

  it('finalizes with limitations when a retry changes nothing, never calling regenerate a second time', async () => {
    let calls = 0
    const result = await runFinalization({
      judge: createAlignmentJudge(),
      payload,
      regenerate: async () => {
        calls++
        return { draft: `${prose} Again.` }
      },
    })
    expect(calls).toBe(1)
    expect(result.type).toBe('finalized-with-limitations')
    expect(result.limitations).toContain('The answer does not take the form you asked for.')
  })

  it('stops after two retries even when each one changes something', async () => {
    let calls = 0
    const result = await runFinalization({
      judge: createAlignmentJudge(),
      payload,
      regenerate: async () => {
        calls++
        return { draft: `${prose} Try ${calls}.`, evidenceIds: [`e${calls}`] }
      },
    })
    expect(calls).toBe(2)
    expect(result).toMatchObject({ type: 'finalized-with-limitations', retries: 2 })
    expect(result.directive).toMatchObject({ reason: 'max-retries' })
  })

  it('hands a clarification back instead of regenerating', async () => {
    const result = await runFinalization({
      judge: createAlignmentJudge(),
      payload: { ...payload, goalAmbiguous: true },
      regenerate: async () => {
        throw new Error('must not regenerate')
      },
    })
    expect(result.type).toBe('ask-user')
  })

  it('sees artifact changes even when a model judge reports no observations', async () => {
    const scores = { goalCoverage: 1, abstractionMatch: 1, artifactMatch: 0, evidenceFit: 1, clarity: 1 }
    const failing: AlignmentJudgeResult = {
      ...computeVerdict({ scores, reasonCodes: ['WRONG_ARTIFACT_TYPE'] }),
      scores,
      reasonCodes: ['WRONG_ARTIFACT_TYPE'],
      missingRequirements: [],
      evidenceIssues: [],
      fixMode: 'REWRITE_ONLY',
      nextActions: [],
      source: 'model',
      modelId: 'judge-model',
    }
    const drafts = [prose, diagram]
    let calls = 0
    const result = await runFinalization({
      judge: { judge: async () => failing },
      payload,
      regenerate: async () => ({ draft: drafts[++calls % 2]! }),
    })
    // Retry 1 changed prose -> diagram (counted); retry 2 changed diagram -> prose (counted); then the ceiling.
    expect(calls).toBe(2)
    expect(result.directive).toMatchObject({ type: 'finalize-with-limitations', reason: 'max-retries' })
    expect(result.attempts.map((attempt) => attempt.artifactTypes)).toEqual([
      ['explanation'],
      ['diagram'],
      ['explanation'],
    ])
  })
})
