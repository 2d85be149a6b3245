import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { computeVerdict } from './compute-verdict.ts'
import { describeRetryChanges, type FinalizationAttempt, replanDirective } from './replan-directive.ts'
import type { AlignmentJudgeResult, FixMode, JudgeReasonCode } from './types.ts'

function result(
  score: number,
  reasonCodes: JudgeReasonCode[],
  fixMode: FixMode,
  missing: string[] = [],
): AlignmentJudgeResult {
  const scores = {
    goalCoverage: score,
    abstractionMatch: score,
    artifactMatch: score,
    evidenceFit: score,
    clarity: score,
  }
  return {
    ...computeVerdict({ scores, reasonCodes }),
    scores,
    reasonCodes,
    missingRequirements: missing,
    evidenceIssues: [],
    fixMode,
    nextActions: [],
    source: 'heuristic',
    modelId: 'heuristic',
  }
}

const failing = result(0.9, ['WRONG_ARTIFACT_TYPE'], 'REWRITE_ONLY', ['No diagram'])
const attempt = (overrides: Partial<FinalizationAttempt> = {}): FinalizationAttempt => ({
  judgeResult: failing,
  artifactTypes: ['explanation'],
  abstractionLevel: 'runtime',
  evidenceIds: ['e1'],
  ...overrides,
})

describe('replanDirective', () => {
  it('accepts a PASS, and a rewrite-only PASS_WITH_CAVEATS with polish advice', () => {
    expect(replanDirective(result(0.9, [], 'REWRITE_ONLY'), [])).toEqual({ type: 'accept' })
    const caveats = replanDirective(
      result(0.7, ['MISSING_REQUIRED_ELEMENTS'], 'REWRITE_ONLY', ['No failure path']),
      [],
    )
    expect(caveats.type).toBe('accept')
    expect(caveats.type === 'accept' && caveats.polish).toContain('Missing requirements: No failure path')
  })

  it('replans a FAIL rewrite-only without tools, requiring a different artifact', () => {
    const directive = replanDirective(failing, [attempt()])
    expect(directive).toMatchObject({
      type: 'replan',
      fixMode: 'REWRITE_ONLY',
      allowTools: false,
      mustChange: ['artifact-type'],
      retryIndex: 1,
    })
    expect(directive.type === 'replan' && directive.instruction).toContain(
      'Judge reason_codes: WRONG_ARTIFACT_TYPE',
    )
  })

  it('replans PASS_WITH_CAVEATS that needs evidence with tools allowed', () => {
    const needsEvidence = result(0.7, ['MISSING_REQUIRED_ELEMENTS'], 'NEEDS_NEW_EVIDENCE')
    expect(replanDirective(needsEvidence, [attempt({ judgeResult: needsEvidence })])).toMatchObject({
      type: 'replan',
      allowTools: true,
      mustChange: ['evidence-base'],
    })
  })

  it('asks the user when the fix needs clarification', () => {
    const unclear = result(0.5, ['NEEDS_CLARIFICATION'], 'NEEDS_USER_CLARIFICATION')
    expect(replanDirective(unclear, [attempt({ judgeResult: unclear })]).type).toBe('ask-user')
  })

  it('accepts a retry that changed the artifact type or the evidence base', () => {
    expect(replanDirective(failing, [attempt(), attempt({ artifactTypes: ['diagram'] })]).type).toBe('replan')
    expect(replanDirective(failing, [attempt(), attempt({ evidenceIds: ['e1', 'e2'] })]).type).toBe('replan')
    expect(replanDirective(failing, [attempt(), attempt({ clarificationObtained: true })]).type).toBe(
      'replan',
    )
  })

  it('refuses a retry that changed nothing and finalizes with explicit limitations', () => {
    const directive = replanDirective(failing, [attempt(), attempt()])
    expect(directive).toMatchObject({ type: 'finalize-with-limitations', reason: 'retry-changed-nothing' })
    expect(directive.type === 'finalize-with-limitations' && directive.limitations).toEqual([
      'The answer does not take the form you asked for.',
      'Missing: No diagram.',
    ])
  })

  it('refuses a third retry even when every retry changed something', () => {
    const history = [attempt(), attempt({ artifactTypes: ['list'] }), attempt({ artifactTypes: ['code'] })]
    expect(replanDirective(failing, history)).toMatchObject({
      type: 'finalize-with-limitations',
      reason: 'max-retries',
    })
  })

  it('clamps maxRetries above 2 and honours a lower one', () => {
    const history = [attempt(), attempt({ artifactTypes: ['list'] }), attempt({ artifactTypes: ['code'] })]
    expect(replanDirective(failing, history, { maxRetries: 5 }).type).toBe('finalize-with-limitations')
    expect(replanDirective(failing, history.slice(0, 2), { maxRetries: 1 }).type).toBe(
      'finalize-with-limitations',
    )
    expect(replanDirective(failing, history.slice(0, 2), { maxRetries: 2 }).type).toBe('replan')
  })

  it('never allows a third retry nor a retry that changed nothing, whatever the history (property)', () => {
    const attemptArbitrary = fc.record({
      artifactTypes: fc.subarray(['diagram', 'list', 'code', 'explanation'] as const),
      abstractionLevel: fc.constantFrom('runtime', 'repository', 'code') as fc.Arbitrary<
        'runtime' | 'repository' | 'code'
      >,
      evidenceIds: fc.subarray(['e1', 'e2', 'e3']),
      clarificationObtained: fc.boolean(),
    })
    fc.assert(
      fc.property(
        fc.array(attemptArbitrary, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 9 }),
        (attempts, maxRetries) => {
          const history = attempts.map((attempt) => ({ ...attempt, judgeResult: failing }))
          const directive = replanDirective(failing, history, { maxRetries })
          if (directive.type === 'replan' || directive.type === 'ask-user') {
            expect(history.length - 1).toBeLessThan(Math.min(maxRetries, 2))
            if (history.length >= 2)
              expect(describeRetryChanges(history.at(-2)!, history.at(-1)!).length).toBeGreaterThan(0)
          } else {
            expect(directive.type).toBe('finalize-with-limitations')
          }
        },
      ),
    )
  })
})
