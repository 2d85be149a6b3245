import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { goalContractFromFrontmatter } from './goal-contract-from-frontmatter.ts'
import { readMarkdownFrontmatter } from './markdown-frontmatter.ts'

const gyoshu = (contractYaml: string) =>
  readMarkdownFrontmatter(
    `---\ngyoshu:\n  schema_version: 1\n  status: active\n  created: "2026-01-01"\n  updated: "2026-01-01"\n${contractYaml}---\n# Report\n`,
  )
const contractYaml = (criteria: string) =>
  `  goal_contract:\n    version: 1\n    goal_text: Accuracy of at least 90%\n    acceptance_criteria:${criteria}\n`
const accuracyCriterion =
  '\n      - id: AC1\n        kind: metric_threshold\n        metric: acc\n        op: ">="\n        target: 0.9'

function thrownBy(run: () => unknown): FocalError {
  try {
    run()
  } catch (error) {
    if (FocalError.isInstance(error)) return error
    throw error
  }
  return expect.unreachable('expected a FocalError')
}

describe('goalContractFromFrontmatter', () => {
  it('returns the valid contract', () => {
    expect(goalContractFromFrontmatter(gyoshu(contractYaml(accuracyCriterion)))).toMatchObject({
      goal_text: 'Accuracy of at least 90%',
      acceptance_criteria: [{ id: 'AC1', metric: 'acc', metricPolicy: 'last' }],
    })
  })

  it('returns undefined only when there is no contract at all (the gate is then skipped)', () => {
    expect(goalContractFromFrontmatter(gyoshu(''))).toBeUndefined()
    expect(goalContractFromFrontmatter(readMarkdownFrontmatter('# No frontmatter'))).toBeUndefined()
  })

  // Reading `frontmatter.goalContract` here gives undefined, which skips the goal gate: SUCCESS.
  it('throws for a present but empty contract, located under gyoshu.goal_contract', () => {
    const error = thrownBy(() => goalContractFromFrontmatter(gyoshu(contractYaml(' []'))))
    expect(error.code).toBe('invalid-goal-contract')
    expect(error.issues).toEqual([
      {
        path: 'gyoshu.goal_contract.acceptance_criteria',
        message: 'acceptance_criteria is empty: a goal contract needs at least one criterion',
      },
    ])
  })

  it('throws for a goal_contract key with no value', () => {
    const error = thrownBy(() => goalContractFromFrontmatter(gyoshu('  goal_contract:\n')))
    expect(error.issues.map((issue) => issue.path)).toEqual(['gyoshu.goal_contract'])
  })

  it('throws for a malformed criterion, naming it', () => {
    const broken = accuracyCriterion.replace('">="', '"=>"')
    const error = thrownBy(() => goalContractFromFrontmatter(gyoshu(contractYaml(broken))))
    expect(error.issues.map((issue) => issue.path)).toEqual([
      'gyoshu.goal_contract.acceptance_criteria[0] (AC1).op',
    ])
  })

  it('throws when the frontmatter itself is invalid, since a contract in it cannot be read', () => {
    const invalid = readMarkdownFrontmatter('---\ngyoshu:\n  status: active\n---\n')
    expect(invalid.type).toBe('invalid')
    const error = thrownBy(() => goalContractFromFrontmatter(invalid))
    expect(error.code).toBe('invalid-goal-contract')
    expect(error.issues.length).toBeGreaterThan(0)
    expect(error.issues.every((issue) => issue.path.startsWith('gyoshu'))).toBe(true)
  })
})
