import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { importSkill } from './import-skill.ts'
import { loadDefinition } from './load-definition.ts'

/** A published template whose steps are sentences; two of them derive the same id. */
const template = `
name: Release helper
tools:
  - name: Run Tests
  - id: deploy
policy:
  workflows:
    - name: Ship a fix
      trigger: ship a fix
      steps:
        - Run the tests
        - Fix what failed
        - run tests
        - { name: Open a pull request }
        - { tool: deploy, description: Deploy to staging }
`

describe('skillWorkflowScenarios', () => {
  it('derives unique, valid step ids from sentences and objects without ids', () => {
    const { definition } = importSkill(template)
    const [scenario] = definition.scenarios
    expect(scenario?.id).toBe('ship_fix')
    expect(scenario?.steps.map((step) => [step.id, step.name])).toEqual([
      ['run_tests', 'Run the tests'],
      ['fix_what_failed', 'Fix what failed'],
      ['run_tests_2', 'run tests'],
      ['open_pull_request', 'Open a pull request'],
      ['deploy', 'Deploy to staging'],
    ])
    // The definition loads again as it is: every id is valid and unique.
    expect(loadDefinition(definition).scenarios[0]?.steps).toHaveLength(5)
  })

  it('advances a step that names a tool once that tool ran, whichever way it was written', () => {
    const { definition } = importSkill(template)
    const steps = definition.scenarios[0]!.steps
    expect(steps[0]!.transitions).toEqual([
      { to: 'fix_what_failed', condition: '"run_tests" in session.toolsRun', priority: 0 },
    ])
    expect(steps[2]!.transitions[0]).toMatchObject({
      to: 'open_pull_request',
      condition: '"run_tests" in session.toolsRun',
    })
    expect(steps[4]!.terminal).toBe(true)
    expect(definition.tools.map((tool) => tool.id)).toEqual(['run_tests', 'deploy'])
  })

  it('lists every id it derived, with the path of what it was derived from', () => {
    const { report } = importSkill(template)
    expect(report.derivedIds).toEqual([
      { path: 'tools[0]', id: 'run_tests' },
      { path: 'policy.workflows[0]', id: 'ship_fix' },
      { path: 'policy.workflows[0].steps[0]', id: 'run_tests' },
      { path: 'policy.workflows[0].steps[1]', id: 'fix_what_failed' },
      { path: 'policy.workflows[0].steps[2]', id: 'run_tests_2' },
      { path: 'policy.workflows[0].steps[3]', id: 'open_pull_request' },
    ])
    expect(report.warnings.map((issue) => issue.path)).toEqual([
      'policy.workflows[0].steps[1]',
      'policy.workflows[0].steps[3]',
    ])
  })

  it('keeps ids the author wrote and gives a derived one that collides the next suffix', () => {
    const { definition } = importSkill(`
policy:
  workflows:
    - id: review
      trigger: review
      steps: [check, { id: check_2, name: Second look }, check, check]
`)
    expect(definition.scenarios[0]!.steps.map((step) => step.id)).toEqual([
      'check',
      'check_2',
      'check_3',
      'check_4',
    ])
  })

  it('derives unique workflow ids from names', () => {
    const { definition } = importSkill(`
policy:
  workflows:
    - { name: Refund, trigger: refund, steps: [a] }
    - { name: refund, trigger: money back, steps: [b] }
    - { trigger: other, steps: [c] }
`)
    expect(definition.scenarios.map((scenario) => scenario.id)).toEqual(['Refund', 'refund', 'workflow-3'])
    const again = importSkill(`
policy:
  workflows:
    - { name: Get a refund, trigger: refund, steps: [a] }
    - { name: get refund, trigger: money back, steps: [b] }
`)
    expect(again.definition.scenarios.map((scenario) => scenario.id)).toEqual(['get_refund', 'get_refund_2'])
    expect(again.definition.intents.map((intent) => intent.id)).toEqual(['get_refund', 'get_refund_2'])
  })

  it('rejects a step object that names nothing, naming its path', () => {
    const error = (() => {
      try {
        importSkill('policy:\n  workflows:\n    - steps: [{ retries: 2 }]\n')
      } catch (caught) {
        return caught
      }
    })()
    expect(FocalError.isInstance(error) && error.issues).toEqual([
      {
        path: 'policy.workflows[0].steps[0]',
        message: 'a step needs an id, a name, a tool or a description',
      },
    ])
  })
})
