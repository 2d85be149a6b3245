import { describe, expect, it } from 'vitest'
import type { FocalError } from '../errors/index.ts'
import { completeGoal, maxRecordedAttempts } from './complete-goal.ts'
import { createInitialSessionState, type EngineSessionState } from './session-state.ts'
import { maxToolMarkers, recordToolMarkers } from './unbacked-claims.ts'

const contract = (target: number, attempts = 2) => ({
  version: 1,
  goal_text: `tests_failed at most ${target}`,
  acceptance_criteria: [{ id: 'AC1', kind: 'metric_threshold', metric: 'tests_failed', op: '<=', target }],
  max_goal_attempts: attempts,
})

/** An output with the evidence the trust gate asks for, reporting `failed` failing tests. */
const run = (failed: number) => `[OBJECTIVE] Make the test suite pass
[METRIC:baseline_tests_failed] 7
[METRIC:tests_failed] ${failed}
[STAT:ci] 95% CI [${failed}, ${failed + 1}]
[STAT:effect_size] 7 fewer failing tests than the baseline
[FINDING] The suite runs to the end
[CONCLUSION] Tests run
`

/** A session whose test tool ran and reported `failed` failing tests, as the tool's own marker. */
const ran = (failed = 0): EngineSessionState => ({
  ...createInitialSessionState(),
  toolsRun: ['run_tests'],
  toolResults: { run_tests: `# tests 9\n# fail ${failed}\n[METRIC:tests_failed] ${failed}` },
})

/** A task agent's options: tools required, and `run_tests` the one that reports `tests_failed`. */
const tools = {
  requireToolRun: true,
  metricReporters: (toolId: string) => (toolId === 'run_tests' ? ['tests_failed'] : undefined),
}

describe('completeGoal', () => {
  it('says SUCCESS for a met contract backed by a tool run', () => {
    const { result, ledger } = completeGoal(
      ran(),
      { sessionId: 's', contract: contract(0), output: run(0) },
      {
        ...tools,
      },
    )
    expect(result.decision).toMatchObject({ status: 'SUCCESS', reason: 'trust-and-goal-passed' })
    expect(ledger.map((event) => event.type)).toEqual(['goal-contract-set', 'goal-gate-evaluated'])
  })

  it('never says SUCCESS while a call waits for an approver, nor with no tool run when one is required', () => {
    const waiting: EngineSessionState = {
      ...ran(),
      pendingApproval: { remaining: [{ toolId: 'run_tests', args: {} }] } as never,
    }
    const pending = completeGoal(waiting, { sessionId: 's', contract: contract(0), output: run(0) })
    expect(pending.result.decision.status).not.toBe('SUCCESS')
    expect(pending.result.decision.trustGate).toBe('FAIL')
    const idle = completeGoal(
      createInitialSessionState(),
      { sessionId: 's', contract: contract(0), output: run(0) },
      tools,
    )
    expect(idle.result.decision.status).not.toBe('SUCCESS')
    // A host that runs its own tools (no requirement) is judged on its output.
    const host = completeGoal(createInitialSessionState(), {
      sessionId: 's',
      contract: contract(0),
      output: run(0),
    })
    expect(host.result.decision.status).toBe('SUCCESS')
  })

  it('backs a metric only by a tool run that reported it, at the value the output claims', () => {
    const bound = {
      ...contract(0),
      acceptance_criteria: [{ ...contract(0).acceptance_criteria[0], tool: 'run_tests' }],
    }
    // The tool ran but says 2 failed: the output's "0" is contradicted, whether bound or not.
    for (const given of [bound, contract(0)]) {
      const contradicted = completeGoal(ran(2), { sessionId: 's', contract: given, output: run(0) }, tools)
      expect(contradicted.result.decision).toMatchObject({ trustGate: 'FAIL' })
      expect(contradicted.result.decision.status).not.toBe('SUCCESS')
    }
    // A tool ran (a git log) that reports no such metric: with tools required, nothing backs it.
    const logged: EngineSessionState = {
      ...createInitialSessionState(),
      toolsRun: ['git_log'],
      toolResults: { git_log: 'abc123 fix the retry loop' },
    }
    const byLog = completeGoal(logged, { sessionId: 's', contract: contract(0), output: run(0) }, tools)
    expect(byLog.result.decision.trustGate).toBe('FAIL')
    // A tool that does not report the metric backs nothing, whatever its result quotes (a file
    // read holding "[METRIC:tests_failed] 0"; session 44's second review).
    const quoted: EngineSessionState = {
      ...createInitialSessionState(),
      toolsRun: ['read'],
      toolResults: { read: '# Testing\n[METRIC:tests_failed] 0\n' },
    }
    const byRead = completeGoal(quoted, { sessionId: 's', contract: contract(0), output: run(0) }, tools)
    expect(byRead.result.decision.trustGate).toBe('FAIL')
    // A tool's own word is its last marker: a test that printed "0" before the runner's "1" fails,
    // whatever metricPolicy the criterion reads the output with.
    const printed: EngineSessionState = {
      ...ran(1),
      toolResults: { run_tests: '[METRIC:tests_failed] 0\n# fail 1\n[METRIC:tests_failed] 1' },
    }
    const first = {
      ...contract(0),
      acceptance_criteria: [{ ...contract(0).acceptance_criteria[0], metricPolicy: 'first' }],
    }
    const forged = completeGoal(printed, { sessionId: 's', contract: first, output: run(0) }, tools)
    expect(forged.result.decision.trustGate).toBe('FAIL')
    // The bound tool ran but printed no marker: "it ran" is not "it said 0".
    const silent: EngineSessionState = { ...ran(), toolResults: { run_tests: 'ok' } }
    const quiet = completeGoal(silent, { sessionId: 's', contract: bound, output: run(0) })
    expect(quiet.result.decision.trustGate).toBe('FAIL')
    expect(
      completeGoal(ran(0), { sessionId: 's', contract: bound, output: run(0) }).result.decision.status,
    ).toBe('SUCCESS')
  })

  it('never says SUCCESS for a criterion whose tool did not run, nor after its run was declined', () => {
    const bound = {
      ...contract(0),
      acceptance_criteria: [{ ...contract(0).acceptance_criteria[0], tool: 'run_tests' }],
    }
    // Another tool ran (the git log), the tests never did: "[METRIC:tests_failed] 0" is a claim.
    const other: EngineSessionState = { ...createInitialSessionState(), toolsRun: ['git_log'] }
    const unbacked = completeGoal(other, { sessionId: 's', contract: bound, output: run(0) })
    expect(unbacked.result.decision).toMatchObject({ trustGate: 'FAIL' })
    expect(unbacked.result.decision.status).not.toBe('SUCCESS')
    expect(
      completeGoal(ran(), { sessionId: 's', contract: bound, output: run(0) }).result.decision.status,
    ).toBe('SUCCESS')
    // The maintainer declined the test run: with no other run of it, nothing backs the output.
    const declined: EngineSessionState = {
      ...other,
      rejectedCalls: [{ tool: 'run_tests', args: {}, turnId: 't2' }],
    }
    const rejected = completeGoal(declined, { sessionId: 's', contract: contract(0), output: run(0) })
    expect(rejected.result.decision).toMatchObject({ trustGate: 'FAIL' })
  })

  it('backs a finding count only by verified findings a tool result of the session carries', () => {
    const findings = (count: number, prefix = 'cause') =>
      Array.from(
        { length: count },
        (_, index) =>
          `[STAT:ci] 95% CI [0.1, 0.3]\n[STAT:effect_size] d = 0.8\n[FINDING] ${prefix} ${index + 1}`,
      ).join('\n')
    const three = {
      version: 1,
      goal_text: 'Find three verified causes of the order failures',
      acceptance_criteria: [{ id: 'AC1', kind: 'finding_count', minCount: 3 }],
    }
    // Found by an outside review: after an unrelated git log, three typed findings were SUCCESS.
    const logged: EngineSessionState = {
      ...createInitialSessionState(),
      toolsRun: ['git_log'],
      toolResults: { git_log: 'abc123 fix the retry loop' },
    }
    const forged = completeGoal(logged, { sessionId: 's', contract: three, output: findings(3) }, tools)
    expect(forged.result.decision).toMatchObject({ trustGate: 'FAIL' })
    expect(forged.result.decision.status).not.toBe('SUCCESS')
    expect(forged.result.decision.warnings[0]?.message).toContain(
      'Criterion AC1: 0 of the output’s 3 verified findings appear in a tool result of this session, needs 3',
    )
    // The analysis tool found the three (with their statistics): the output reporting them is backed.
    const analysed: EngineSessionState = {
      ...createInitialSessionState(),
      toolsRun: ['analyze'],
      toolResults: { analyze: findings(3) },
    }
    const backed = completeGoal(analysed, { sessionId: 's', contract: three, output: findings(3) }, tools)
    expect(backed.result.decision).toMatchObject({ status: 'SUCCESS', trustGate: 'PASS' })
    // One finding the tool found, typed three times, is one; a finding whose statistics only the
    // output gives is not verified by the tool.
    const once: EngineSessionState = { ...analysed, toolResults: { analyze: findings(1) } }
    const repeated = `${findings(1)}\n${findings(1)}\n${findings(1)}`
    expect(
      completeGoal(once, { sessionId: 's', contract: three, output: repeated }, tools).result.decision
        .trustGate,
    ).toBe('FAIL')
    const bare: EngineSessionState = {
      ...analysed,
      toolResults: { analyze: '[FINDING] cause 1\n[FINDING] cause 2\n[FINDING] cause 3' },
    }
    expect(
      completeGoal(bare, { sessionId: 's', contract: three, output: findings(3) }, tools).result.decision
        .trustGate,
    ).toBe('FAIL')
    // Bound to a tool, only that tool's result backs them.
    const bound = { ...three, acceptance_criteria: [{ ...three.acceptance_criteria[0], tool: 'git_log' }] }
    const both: EngineSessionState = {
      ...analysed,
      toolsRun: ['analyze', 'git_log'],
      toolResults: { ...analysed.toolResults, git_log: 'abc123 fix the retry loop' },
    }
    expect(
      completeGoal(both, { sessionId: 's', contract: bound, output: findings(3) }, tools).result.decision
        .trustGate,
    ).toBe('FAIL')
    // A host that runs its own tools is judged on its output, as before.
    expect(
      completeGoal(createInitialSessionState(), { sessionId: 's', contract: three, output: findings(3) })
        .result.decision.status,
    ).toBe('SUCCESS')
  })

  it('counts only the findings a tool result backs, and names each one that none does', () => {
    const finding = (text: string) =>
      `[STAT:ci] 95% CI [0.1, 0.3]\n[STAT:effect_size] d = 0.8\n[FINDING] ${text}`
    const three = {
      version: 1,
      goal_text: 'Find three verified causes of the order failures',
      acceptance_criteria: [{ id: 'AC1', kind: 'finding_count', minCount: 3 }],
    }
    // Found by an outside review: one real finding beside two typed ones met "at least 3" (the
    // backed one passed the check that any is backed, and all three counted).
    const analysed: EngineSessionState = {
      ...createInitialSessionState(),
      toolsRun: ['analyze'],
      toolResults: { analyze: finding('retries double-charge') },
    }
    const output = [finding('retries double-charge'), finding('made-up 1'), finding('made-up 2')].join('\n')
    const mixed = completeGoal(analysed, { sessionId: 's', contract: three, output }, tools)
    expect(mixed.result.decision.status).not.toBe('SUCCESS')
    expect(mixed.result.decision.trustGate).toBe('FAIL')
    expect(mixed.result.decision.goalGate).toBe('NOT_MET')
    expect(mixed.result.snapshot.criteria[0]).toMatchObject({ status: 'NOT_MET', actualValue: 1 })
    const reasons = mixed.result.decision.warnings.map((warning) => warning.message).join('\n')
    expect(reasons).toContain('made-up 1')
    expect(reasons).toContain('made-up 2')
    expect(reasons).not.toContain('retries double-charge')
    // A criterion the backed finding alone meets still fails the trust gate for the typed ones.
    const one = { ...three, acceptance_criteria: [{ id: 'AC1', kind: 'finding_count', minCount: 1 }] }
    const met = completeGoal(analysed, { sessionId: 's', contract: one, output }, tools)
    expect(met.result.decision.status).not.toBe('SUCCESS')
    expect(met.result.decision.trustGate).toBe('FAIL')
    expect(met.result.decision.warnings.map((warning) => warning.message).join('\n')).toContain('made-up 2')
  })

  it('backs findings and markers by every result of a tool in the session, not only its last', () => {
    const finding = (text: string) =>
      `[STAT:ci] 95% CI [0.1, 0.3]\n[STAT:effect_size] d = 0.8\n[FINDING] ${text}`
    // Found by an outside review: read FINDINGS.md, then read src/orders.ts: the first read's
    // finding was no longer backed (only each tool's last result was kept).
    const state = createInitialSessionState()
    state.toolsRun.push('read', 'read')
    recordToolMarkers(
      state,
      'read',
      `# Findings\n${finding('retries double-charge')}\n[CONCLUSION] retry bug`,
    )
    recordToolMarkers(state, 'read', 'export function cancelOrder(id: string) {}')
    state.toolResults.read = 'export function cancelOrder(id: string) {}'
    const one = {
      version: 1,
      goal_text: 'Find the cause of the order failures',
      acceptance_criteria: [
        { id: 'AC1', kind: 'finding_count', minCount: 1 },
        { id: 'AC2', kind: 'marker_required', marker: 'CONCLUSION' },
      ],
    }
    const output = `${finding('retries double-charge')}\n[CONCLUSION] retry bug`
    const done = completeGoal(state, { sessionId: 's', contract: one, output }, tools)
    expect(done.result.decision).toMatchObject({ status: 'SUCCESS', trustGate: 'PASS' })
    // A finding whose statistics the tool never wrote is not verified by it, in any result.
    const bare = createInitialSessionState()
    bare.toolsRun.push('read')
    recordToolMarkers(bare, 'read', '[FINDING] retries double-charge')
    recordToolMarkers(bare, 'read', 'nothing')
    const unverified = completeGoal(bare, { sessionId: 's', contract: one, output }, tools)
    expect(unverified.result.decision.trustGate).toBe('FAIL')
    // Metrics are not kept: a tool's word on a metric is its last result.
    expect(bare.toolMarkers?.some((entry) => entry.type === 'METRIC')).toBe(false)
    recordToolMarkers(bare, 'read', '[METRIC:tests_failed] 0')
    expect(bare.toolMarkers?.some((entry) => entry.type === 'METRIC')).toBe(false)
    // The record is bounded: the oldest markers go first.
    const many = createInitialSessionState()
    for (let index = 0; index < maxToolMarkers + 10; index += 1)
      recordToolMarkers(many, 'read', `[NOTE] ${index}`)
    expect(many.toolMarkers).toHaveLength(maxToolMarkers)
    expect(many.toolMarkers?.at(-1)).toMatchObject({
      tool: 'read',
      type: 'NOTE',
      content: `${maxToolMarkers + 9}`,
    })
    // It is plain JSON, as every session store keeps the state.
    expect(JSON.parse(JSON.stringify(state))).toEqual(state)
  })

  it('backs a required marker and the trust gate’s evidence only by what a tool result carries', () => {
    const notes = {
      version: 1,
      goal_text: 'Produce the release notes',
      acceptance_criteria: [{ id: 'AC1', kind: 'marker_required', marker: 'CONCLUSION' }],
    }
    const output = '[METRIC:anything] 1\n[CONCLUSION] release notes written'
    const logged: EngineSessionState = {
      ...createInitialSessionState(),
      toolsRun: ['git_log'],
      toolResults: { git_log: 'abc123 fix the retry loop' },
    }
    const forged = completeGoal(logged, { sessionId: 's', contract: notes, output }, tools)
    expect(forged.result.decision).toMatchObject({ trustGate: 'FAIL' })
    const reasons = forged.result.decision.warnings.map((warning) => warning.message).join('\n')
    expect(reasons).toContain(
      'Criterion AC1: the output’s [CONCLUSION] appears in no tool result of this session',
    )
    expect(reasons).toContain('[METRIC:anything] 1')
    // The tool wrote the conclusion, but another one than the output's: still a claim.
    const wrote = (conclusion: string): EngineSessionState => ({
      ...createInitialSessionState(),
      toolsRun: ['run_tests'],
      toolResults: { run_tests: `# fail 0\n[METRIC:tests_failed] 0\n[CONCLUSION] ${conclusion}` },
    })
    const other = completeGoal(wrote('tests fail'), { sessionId: 's', contract: notes, output }, tools)
    expect(other.result.decision.trustGate).toBe('FAIL')
    // The tool wrote this conclusion, but "[METRIC:anything] 1" is still the output's only evidence.
    const unevidenced = completeGoal(
      wrote('release notes written'),
      { sessionId: 's', contract: notes, output },
      tools,
    )
    expect(unevidenced.result.decision.trustGate).toBe('FAIL')
    expect(unevidenced.result.decision.warnings[0]?.message).toContain('No evidence a tool result backs')
    // With the tool's own metric as evidence, the same conclusion completes.
    const evidenced = '[METRIC:tests_failed] 0\n[CONCLUSION] release notes written'
    expect(
      completeGoal(
        wrote('release notes written'),
        { sessionId: 's', contract: notes, output: evidenced },
        tools,
      ).result.decision.status,
    ).toBe('SUCCESS')
    // An artifact a tool showed is evidence too.
    const listed: EngineSessionState = {
      ...createInitialSessionState(),
      toolsRun: ['find'],
      toolResults: { find: 'docs/RELEASE.md' },
    }
    const shipped = {
      version: 1,
      goal_text: 'Write the release notes',
      acceptance_criteria: [{ id: 'AC1', kind: 'artifact_exists', artifactPattern: 'docs/RELEASE.md' }],
    }
    expect(
      completeGoal(
        listed,
        { sessionId: 's', contract: shipped, output: '[METRIC:anything] 1', artifacts: ['docs/RELEASE.md'] },
        tools,
      ).result.decision.status,
    ).toBe('SUCCESS')
  })

  it('refuses a completion after SUCCESS, and numbers attempts as the decision does', () => {
    const first = completeGoal(ran(), { sessionId: 's', contract: contract(0, 3), output: run(2) })
    expect(first.result.decision).toMatchObject({ status: 'PARTIAL', attemptNumber: 1 })
    const second = completeGoal(first.state, { sessionId: 's', output: run(0) })
    expect(second.result.decision).toMatchObject({ status: 'SUCCESS', attemptNumber: 2 })
    // The snapshot and the decision say the same attempt (it said "attempt 4 of 3" after four calls).
    expect(second.result.snapshot).toMatchObject({
      attemptNumber: 2,
      summary: '1/1 criteria met · attempt 2 of 3',
    })
    expect(() => completeGoal(second.state, { sessionId: 's', output: run(0) })).toThrow(
      expect.objectContaining({ code: 'goal-already-complete' }),
    )
  })

  it('keeps the attempts made when the contract is replaced, and records the replacement', () => {
    let state = ran()
    for (const _ of [1, 2])
      state = completeGoal(state, { sessionId: 's', contract: contract(0), output: run(3) }).state
    const spent = completeGoal(state, { sessionId: 's', output: run(3) })
    expect(spent.result.decision.reason).toBe('attempt-budget-exhausted')
    // A looser contract does not buy a fresh budget.
    const replaced = completeGoal(spent.state, {
      sessionId: 's',
      contract: contract(99),
      replaceContract: true,
      output: run(3),
    })
    expect(replaced.result.decision).toMatchObject({ status: 'BLOCKED', reason: 'attempt-budget-exhausted' })
    expect(replaced.ledger[0]).toMatchObject({
      type: 'goal-contract-set',
      payload: { replaced: true, criteria: 1 },
    })
  })

  it('keeps the smaller budget when the replacement gives a larger one, also in later completions', () => {
    const first = completeGoal(ran(), { sessionId: 's', contract: contract(0, 1), output: run(3) })
    expect(first.result.decision).toMatchObject({ status: 'BLOCKED', attemptNumber: 1, maxGoalAttempts: 1 })
    // 1,000 attempts and a met output: the spent budget of one attempt still holds (it said SUCCESS).
    const replaced = completeGoal(first.state, {
      sessionId: 's',
      contract: contract(0, 1000),
      replaceContract: true,
      output: run(0),
    })
    expect(replaced.result.decision).toMatchObject({
      status: 'BLOCKED',
      reason: 'attempt-budget-exhausted',
      maxGoalAttempts: 1,
    })
    expect(replaced.result.snapshot.summary).toMatch(/attempt 1 of 1$/)
    expect(replaced.ledger[0]).toMatchObject({ type: 'goal-contract-set', payload: { maxGoalAttempts: 1 } })
    // The replacement is the session's contract now: sent again unchanged, it is no conflict.
    const again = completeGoal(replaced.state, {
      sessionId: 's',
      contract: contract(0, 1000),
      output: run(0),
    })
    expect(again.result.decision).toMatchObject({ status: 'BLOCKED', maxGoalAttempts: 1 })
    // A smaller budget given by a replacement is taken.
    const fresh = completeGoal(ran(), { sessionId: 't', contract: contract(0, 5), output: run(3) })
    const tighter = completeGoal(fresh.state, {
      sessionId: 't',
      contract: contract(0, 1),
      replaceContract: true,
      output: run(0),
    })
    expect(tighter.result.decision).toMatchObject({ status: 'BLOCKED', maxGoalAttempts: 1 })
  })

  it('reports goal failures no higher than the budget once it is spent', () => {
    let state = ran()
    for (const _ of [1, 2, 3, 4, 5]) {
      const next = completeGoal(state, { sessionId: 's', contract: contract(0), output: run(3) })
      expect(next.result.decision.goalFailures).toBeLessThanOrEqual(2)
      state = next.state
    }
  })

  it('records at most 50 completions in a session: a run whose trust gate keeps failing cannot grow it', () => {
    let state = ran()
    // The goal is met but the reviewer gives no trust: no goal failure, so the budget never ends it.
    for (let call = 0; call < 50; call++)
      state = completeGoal(state, {
        sessionId: 's',
        contract: contract(0),
        output: run(0),
        reviewerTrustScore: 0,
      }).state
    expect(state.goal?.attempts).toHaveLength(50)
    expect(() => completeGoal(state, { sessionId: 's', output: run(0), reviewerTrustScore: 0 })).toThrow(
      expect.objectContaining({ code: 'goal-attempt-limit' }) as FocalError,
    )
  })

  it('takes the same contract with its extra fields in another order as the same contract', () => {
    const withFields = (order: 'owner-first' | 'team-first') => ({
      ...(order === 'owner-first' ? { owner: 'a', team: 'b' } : { team: 'b', owner: 'a' }),
      ...contract(0),
    })
    const first = completeGoal(ran(), { sessionId: 's', contract: withFields('owner-first'), output: run(3) })
    const again = completeGoal(first.state, {
      sessionId: 's',
      contract: withFields('team-first'),
      output: run(0),
    })
    expect(again.result.decision.status).toBe('SUCCESS')
  })

  it('counts no attempt past a spent budget: later completions stay BLOCKED at the last attempt', () => {
    let state = ran()
    for (const _ of [1, 2])
      state = completeGoal(state, { sessionId: 's', contract: contract(0), output: run(3) }).state
    for (const failed of [3, 0]) {
      const later = completeGoal(state, { sessionId: 's', output: run(failed) })
      expect(later.result.decision).toMatchObject({ status: 'BLOCKED', attemptNumber: 2, maxGoalAttempts: 2 })
      expect(later.result.snapshot.summary).toMatch(/attempt 2 of 2$/)
      state = later.state
    }
    expect(state.goal?.attempts).toHaveLength(2)
  })

  it('counts completions past a spent budget toward the per-session limit, then refuses them', () => {
    // An outside review: each BLOCKED completion past the budget still wrote ledger records, with
    // no limit (8,000 records in one session); they count toward the 50 completions now.
    let state = ran()
    for (const _ of [1, 2])
      state = completeGoal(state, { sessionId: 's', contract: contract(0), output: run(3) }).state
    let answered = 2
    for (; answered < maxRecordedAttempts; answered++) {
      const later = completeGoal(state, { sessionId: 's', output: run(3) })
      expect(later.result.decision).toMatchObject({ status: 'BLOCKED', reason: 'attempt-budget-exhausted' })
      state = later.state
    }
    expect(() => completeGoal(state, { sessionId: 's', output: run(3) })).toThrow(
      expect.objectContaining({ code: 'goal-attempt-limit' }) as FocalError,
    )
    expect(() =>
      completeGoal(state, { sessionId: 's', contract: contract(9), replaceContract: true, output: run(3) }),
    ).toThrow(expect.objectContaining({ code: 'goal-attempt-limit' }) as FocalError)
    expect(state.goal?.attempts).toHaveLength(2)
  })

  it('refuses another contract sent without replaceContract, and takes the same one again', () => {
    const first = completeGoal(ran(), { sessionId: 's', contract: contract(0), output: run(3) })
    expect(() =>
      completeGoal(first.state, { sessionId: 's', contract: contract(5), output: run(3) }),
    ).toThrow(expect.objectContaining({ code: 'goal-contract-conflict' }) as FocalError)
    const again = completeGoal(first.state, { sessionId: 's', contract: contract(0), output: run(0) })
    expect(again.result.decision.status).toBe('SUCCESS')
    expect(again.ledger.map((event) => event.type)).toEqual(['goal-gate-evaluated'])
  })
})
