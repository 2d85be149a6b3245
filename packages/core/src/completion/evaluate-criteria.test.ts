import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  artifactMatchCost,
  evaluateArtifactExists,
  evaluateFindingCount,
  evaluateMarkerRequired,
  evaluateMetricThreshold,
  matchArtifactPattern,
  maxArtifactMatchCells,
} from './evaluate-criteria.ts'
import type { AcceptanceCriterion } from './goal-contract-schema.ts'
import { matchGlob } from './match-glob.ts'

describe('evaluateMetricThreshold', () => {
  it('reads the metric straight from output text', () => {
    const criterion = {
      id: 'AC1',
      kind: 'metric_threshold',
      metric: 'cv_accuracy_mean',
      op: '>=',
      target: 0.9,
    } as const
    expect(evaluateMetricThreshold(criterion, '[METRIC:cv_accuracy_mean] 0.92')).toMatchObject({
      status: 'MET',
      actualValue: 0.92,
    })
  })
})

describe('evaluateMarkerRequired', () => {
  it('matches markers in output text regardless of case', () => {
    const criterion = { id: 'AC2', kind: 'marker_required', marker: 'STAT:ci' } as const
    expect(evaluateMarkerRequired(criterion, '[stat:CI] 95% CI [0.8, 0.9]').status).toBe('MET')
  })
})

describe('evaluateFindingCount', () => {
  it('counts verified findings in output text, not bare ones', () => {
    const criterion = { id: 'AC4', kind: 'finding_count', minCount: 2 } as const
    const text =
      '[STAT:ci] a\n[STAT:effect_size] b\n[FINDING] one\n[STAT:ci] c\n[STAT:effect_size] d\n[FINDING] two'
    expect(evaluateFindingCount(criterion, text)).toMatchObject({ status: 'MET', actualValue: 2 })
    expect(evaluateFindingCount(criterion, '[FINDING] one\n[FINDING] two\n[FINDING] three')).toMatchObject({
      status: 'NOT_MET',
      actualValue: 0,
    })
  })
  it('counts every [FINDING] with findingPolicy all, from text or from a findings validation', () => {
    const criterion = { id: 'AC4', kind: 'finding_count', minCount: 3, findingPolicy: 'all' } as const
    expect(evaluateFindingCount(criterion, '[FINDING] one\n[FINDING] two\n[FINDING] three')).toMatchObject({
      status: 'MET',
      actualValue: 3,
    })
    expect(evaluateFindingCount(criterion, { total: 2, verified: 2, unverified: 0 }).status).toBe('NOT_MET')
    const verified = { id: 'AC4', kind: 'finding_count', minCount: 3 } as const
    expect(evaluateFindingCount(verified, { total: 5, verified: 2, unverified: 3 })).toMatchObject({
      status: 'NOT_MET',
      actualValue: 2,
    })
  })

  it('never meets a criterion without a positive minimum', () => {
    for (const minCount of [0, -1, 1.5]) {
      const criterion = { id: 'AC4', kind: 'finding_count', minCount } as const
      expect(evaluateFindingCount(criterion, 5).status).toBe('UNKNOWN')
    }
  })
})

describe('evaluateArtifactExists', () => {
  const criterion = (artifactPattern: string) =>
    ({ id: 'a1', kind: 'artifact_exists', artifactPattern }) as AcceptanceCriterion

  it('matches a pattern with / against the path or any suffix after a /, in one pass (property)', () => {
    // The definition: the whole path, or the part after any of its slashes.
    const bySuffixes = (glob: string, path: string) => {
      if (matchGlob(glob, path)) return true
      for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1))
        if (matchGlob(glob, path.slice(slash + 1))) return true
      return false
    }
    const glob = fc.stringMatching(/^[ab*?]{0,3}\/[ab/*?]{0,6}$/)
    const path = fc.stringMatching(/^[ab/]{0,12}$/)
    fc.assert(
      fc.property(glob, path, (pattern, artifact) => {
        expect(matchArtifactPattern(pattern, artifact)).toBe(bySuffixes(pattern, artifact))
      }),
      { numRuns: 3000 },
    )
    expect(matchArtifactPattern('models/*.pkl', 'run/7/models/model.pkl')).toBe(true)
    expect(matchArtifactPattern('*.pkl', 'run/7/models/model.pkl')).toBe(true)
  })

  it('is UNKNOWN, never met, when matching would take more than its budget of glob steps', () => {
    const pattern = `${'**/'.repeat(300)}b`
    const artifacts = Array.from({ length: 200 }, (_, index) => `${'a/'.repeat(500)}b${index}`)
    expect(artifactMatchCost(pattern, artifacts)).toBeGreaterThan(maxArtifactMatchCells)
    const result = evaluateArtifactExists(criterion(pattern), artifacts)
    expect(result.status).toBe('UNKNOWN')
    expect(result.message).toMatch(/glob steps, more than the \d+ allowed/)
    // Within the budget the same kind of pattern is matched.
    expect(evaluateArtifactExists(criterion(pattern), [`${'a/'.repeat(20)}b`]).status).toBe('MET')
  })
})
