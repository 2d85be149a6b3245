import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

// What an outside review sent to POST /v1/sessions/:id/complete over a real socket: evidence the
// session's tools never produced, contracts that check nothing, and final reports a log hides.

const sessionSecret = 'complete-evidence-over-http-secret-0123456789'
const client = keepSessionTokens()
/** The refund-support agent: its tools run through the engine, so they must back the output. */
let withTools: LoopbackFocal
/** A research agent whose notebook the host runs (no engine tools): judged on its output. */
let hostRun: LoopbackFocal

beforeAll(async () => {
  withTools = await serveOnLoopback({ definition: readRefundSupport(), sessionSecret })
  hostRun = await serveOnLoopback({
    definition: { name: 'notebook-runner', kind: 'task', description: 'Runs the research notebook.' },
    sessionSecret,
  })
})
afterAll(async () => {
  await withTools?.close()
  await hostRun?.close()
})

const post = (origin: string, path: string, body: unknown) =>
  client(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

interface Completed {
  decision: { status: string; trustGate: string; goalGate: string; warnings: Array<{ message: string }> }
}

/** A new session on `origin` after one turn, and how to complete it. */
async function session(origin: string, text: string) {
  const turn = (await (await post(origin, '/v1/turn', { text })).json()) as { sessionId: string }
  return {
    sessionId: turn.sessionId,
    complete: async (body: object) => {
      const response = await post(origin, `/v1/sessions/${turn.sessionId}/complete`, body)
      return { status: response.status, body: (await response.json()) as Completed & { error?: object } }
    },
  }
}

/** Three findings with the statistics that verify them, all typed by the agent. */
const forgedFindings = [1, 2, 3]
  .map((index) => `[STAT:ci] 95% CI [0.1, 0.3]\n[STAT:effect_size] d = 0.8\n[FINDING] made-up cause ${index}`)
  .join('\n')

describe('POST /v1/sessions/:id/complete: an agent whose tools the engine runs', () => {
  it('is no SUCCESS for findings or a marker that no tool result of the session carries', async () => {
    // Found by an outside review: after one card lookup, three typed [FINDING] lines met
    // "finding_count >= 3" and "[METRIC:anything] 1" passed the trust gate: SUCCESS, recorded as such.
    const found = await session(withTools.origin, 'Which card is on file? My email is ann@example.com')
    const findings = await found.complete({
      contract: {
        version: 1,
        goal_text: 'Find three verified causes of the refund complaints',
        acceptance_criteria: [{ id: 'AC1', kind: 'finding_count', minCount: 3 }],
      },
      output: forgedFindings,
    })
    expect(findings.status).toBe(200)
    expect(findings.body.decision).toMatchObject({ trustGate: 'FAIL' })
    expect(findings.body.decision.status).not.toBe('SUCCESS')
    const findingsWarning = findings.body.decision.warnings.map((warning) => warning.message).join(' ')
    expect(findingsWarning).toContain('Criterion AC1')
    expect(findingsWarning).toContain('no tool result')

    const marked = await session(withTools.origin, 'Which card is on file? My email is ann@example.com')
    const marker = await marked.complete({
      contract: {
        version: 1,
        goal_text: 'Produce the release notes',
        acceptance_criteria: [{ id: 'AC1', kind: 'marker_required', marker: 'CONCLUSION' }],
      },
      output: '[METRIC:anything] 1\n[CONCLUSION] release notes written',
    })
    expect(marker.body.decision).toMatchObject({ trustGate: 'FAIL' })
    expect(marker.body.decision.status).not.toBe('SUCCESS')
    const markerWarning = marker.body.decision.warnings.map((warning) => warning.message).join(' ')
    expect(markerWarning).toContain('Criterion AC1')
    // The trust gate's evidence is the session's too: "[METRIC:anything] 1" is only typed.
    expect(markerWarning).toContain('anything')

    const ledger = (await (
      await client(`${withTools.origin}/v1/sessions/${marked.sessionId}/ledger`)
    ).json()) as {
      records: Array<{ type: string; payload: { status?: string } }>
    }
    expect(
      ledger.records
        .filter((record) => record.type === 'goal-gate-evaluated')
        .map((record) => record.payload.status),
    ).toEqual(['PARTIAL'])
  })
})

describe('POST /v1/sessions/:id/complete: contracts that check nothing', () => {
  it('refuses a marker any evidenced output has, and a goal text with no visible character, with 422', async () => {
    // Found by an outside review: marker "*" and "METRIC:*" were SUCCESS for "[METRIC:tests] 1
    // nothing was written", and a goal_text of one zero-width space was accepted.
    const release = (criterion: object, goalText = 'Write the release notes') => ({
      contract: { version: 1, goal_text: goalText, acceptance_criteria: [{ id: 'AC1', ...criterion }] },
      output: '[METRIC:tests] 1\nnothing was written',
    })
    const cases: Array<[object, string]> = [
      [release({ kind: 'marker_required', marker: '*' }), 'contract.acceptance_criteria[0] (AC1).marker'],
      [
        release({ kind: 'marker_required', marker: 'METRIC:*' }),
        'contract.acceptance_criteria[0] (AC1).marker',
      ],
      [release({ kind: 'marker_required', marker: 'METRIC:tests' }, '\u200b'), 'contract.goal_text'],
      [release({ kind: 'marker_required', marker: 'METRIC:tests' }, '\u2060\u034f'), 'contract.goal_text'],
    ]
    for (const [body, path] of cases) {
      const { complete } = await session(hostRun.origin, 'write the release notes')
      const refused = await complete(body)
      expect(refused.status).toBe(422)
      expect(refused.body.error).toMatchObject({ code: 'invalid-goal-contract', path })
    }
    // The same session takes a contract that checks something.
    const { complete } = await session(hostRun.origin, 'write the release notes')
    const named = await complete(release({ kind: 'marker_required', marker: 'METRIC:tests' }))
    expect(named.status).toBe(200)
  })
})

describe('POST /v1/sessions/:id/complete: the last metric report counts, however a log writes it', () => {
  it('judges a final report written in colour, after an erase or after U+034F, not an earlier better one', async () => {
    // Found by an outside review: seed 001's "90% accuracy" goal, final model 75%, was SUCCESS
    // when a colouring logger printed the final report (the earlier 0.95 was judged).
    const contract = {
      version: 1,
      goal_text: 'A model with 90% accuracy',
      acceptance_criteria: [
        { id: 'AC1', kind: 'metric_threshold', metric: 'cv_accuracy_mean', op: '>=', target: 0.9 },
      ],
    }
    const pipeline =
      '[METRIC:baseline_accuracy] 0.60\n[METRIC:feature_importance] 0.3\n[METRIC:cv_accuracy_mean] 0.95\n'
    for (const final of [
      '\u001b[31m[METRIC:cv_accuracy_mean] 0.75\u001b[0m',
      '\u001b[2K[METRIC:cv_accuracy_mean] 0.75',
      '\u034f[METRIC:cv_accuracy_mean] 0.75',
      'fold 5/5\u001b[1G[METRIC:cv_accuracy_mean] 0.75',
    ]) {
      const { complete } = await session(hostRun.origin, 'train the model')
      const judged = (await complete({ contract, output: pipeline + final })).body as Completed & {
        snapshot: { criteria: Array<{ message: string }> }
      }
      expect(judged.decision.status, JSON.stringify(final)).toBe('PARTIAL')
      expect(judged.decision.goalGate).toBe('NOT_MET')
      expect(judged.snapshot.criteria[0]?.message).toBe(
        'cv_accuracy_mean = 0.75 (last of 2 reports), needs >= 0.90',
      )
    }
  })

  it('reads a percent after a space as a percent, and a ratio as no number', async () => {
    // Found by an outside review (session 65): a final report of `50 %` (French and ISO
    // typography) was read as 50 and met ">= 0.90": SUCCESS. `45/50` was read as 45.
    const contract = {
      version: 1,
      goal_text: 'A model with 90% accuracy',
      acceptance_criteria: [
        { id: 'AC1', kind: 'metric_threshold', metric: 'cv_accuracy_mean', op: '>=', target: 0.9 },
      ],
    }
    const judge = async (value: string) => {
      const { complete } = await session(hostRun.origin, 'train the model')
      const output = `[METRIC:baseline_accuracy] 0.60\n[METRIC:cv_accuracy_mean] ${value}\n`
      return (await complete({ contract, output })).body.decision
    }
    for (const value of ['50 %', '50\u202f%', '50 percent', '45/50', '3/4 (75%)'])
      expect((await judge(value)).goalGate, value).toBe('NOT_MET')
    expect((await judge('95 %')).goalGate).toBe('MET')
  })
})
