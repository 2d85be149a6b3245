import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildJudgePayload } from './build-judge-payload.ts'
import { computeVerdict } from './compute-verdict.ts'
import { judgeAlignmentHeuristically } from './judge-alignment-heuristically.ts'

interface IntentCase {
  intentId: string
  goal: string
  trace: string
  complete: string
  incomplete: string
  missingLabels: string[]
}

const cases: IntentCase[] = [
  {
    intentId: 'SYSTEM_CONTROL_FLOW',
    goal: 'How does login work at runtime? Walk me through the control flow.',
    trace: '',
    complete: `Runtime login flow.

Actors: the browser client, the auth service and the session store.
1. The client sends a login request event to the auth service (the trigger).
2. The auth service checks the password, then emits a session-created signal.
3. The session store owns session state and decides expiry.
4. The client loops on refresh: state transitions idle -> active -> expired.
Failure path: on a timeout the auth service returns an error and the client retries.`,
    incomplete: `Runtime login flow.

The browser client sends a login request to the auth service, which emits a session-created message back at runtime. That is the whole login flow of the system for a user.`,
    missingLabels: [
      'Ownership/authority (who decides)',
      'Loop/state transitions',
      'At least one failure path',
    ],
  },
  {
    intentId: 'CODE_FLOW_ANALYSIS',
    goal: 'Trace the code path of checkout in the payment handler.',
    trace: 'read_file src/checkout.ts\nread_file src/payment.ts\ngrep chargeCard',
    complete: `The entry point is the checkout handler in src/checkout.ts.
1. \`checkout()\` calls \`chargeCard()\` in src/payment.ts.
2. If the card is declined, the code takes the else branch and returns an error.
Key functions: checkout, chargeCard.`,
    incomplete: 'Checkout code path: payment happens and the order gets saved afterwards.',
    missingLabels: ['Entry point(s)', 'Conditions/branches that matter'],
  },
  {
    intentId: 'REPO_ORIENTATION',
    goal: 'Give me an orientation of this repository layout.',
    trace: 'list_dir .\nlist_dir packages\nread_file packages/core/src/index.ts',
    complete: `This repository has three packages: core, edge and react (directories under packages).
The entry point is packages/core/src/index.ts.
Next steps: look at the engine module first, then read the tests.`,
    incomplete:
      'This repository is a TypeScript project about agents; the layout is conventional and the project has a readme.',
    missingLabels: ['Major modules/dirs', 'Likely entry points', '"Where to look next" guidance'],
  },
  {
    intentId: 'CHANGE_IMPLEMENTATION',
    goal: 'Implement rate limiting for the login endpoint.',
    trace: 'read_file src/login.ts',
    complete: `Plan: add a token bucket in front of the login handler in src/login.ts.
- Update the handler to reject after 5 attempts per minute.
- Tests: add a test that the sixth attempt gets HTTP 429.
- Risk: shared IPs may be throttled; rollback by disabling the limiter flag.`,
    incomplete: 'Rate limiting for login endpoint: add a limiter to login so that brute force gets harder.',
    missingLabels: ['Test impact / validation plan', 'Risks/rollback note'],
  },
  {
    intentId: 'DEBUG_AND_DIAGNOSE',
    goal: 'Why does the nightly export job crash?',
    trace: 'read_logs export-job',
    complete: `Most likely cause: the export job runs out of memory on large tenants; second hypothesis: a timeout on the database.
Evidence: the logs would show an OOM kill to confirm the first and rule out the second.
Next experiments: reproduce with the largest tenant and measure memory.`,
    incomplete:
      'The nightly export job crash is annoying; crashes of export jobs happen when nightly load is high.',
    missingLabels: ['Ranked hypotheses', 'What evidence would confirm/refute', 'Next experiments'],
  },
]

describe('judgeAlignmentHeuristically', () => {
  it.each(cases)(
    'passes a draft with every required element of $intentId',
    ({ intentId, goal, trace, complete }) => {
      const result = judgeAlignmentHeuristically(
        buildJudgePayload({ goal, intentId, draft: complete, toolTrace: trace }),
      )
      expect(result.reasonCodes).not.toContain('MISSING_REQUIRED_ELEMENTS')
      expect(result.missingRequirements).toEqual([])
      expect(result.verdict).toBe('PASS')
    },
  )

  it.each(cases)(
    'names the missing required elements of $intentId',
    ({ intentId, goal, trace, incomplete, missingLabels }) => {
      const result = judgeAlignmentHeuristically(
        buildJudgePayload({ goal, intentId, draft: incomplete, toolTrace: trace }),
      )
      expect(result.reasonCodes).toContain('MISSING_REQUIRED_ELEMENTS')
      expect(result.missingRequirements).toEqual(expect.arrayContaining(missingLabels))
      expect(result.verdict).not.toBe('PASS')
    },
  )

  it('fails WRONG_ARTIFACT_TYPE when a diagram was asked for and prose came back, and passes the diagram', () => {
    const goal = 'Draw a diagram of how the worker and the queue interact.'
    const prose =
      'The worker polls the queue, takes a job, runs it and acknowledges it; failures go back to the queue.'
    const diagram =
      '```mermaid\nsequenceDiagram\nWorker->>Queue: poll\nQueue-->>Worker: job\nWorker->>Queue: ack\n```'
    const asProse = judgeAlignmentHeuristically(
      buildJudgePayload({ goal, intentId: 'GENERAL', draft: prose }),
    )
    expect(asProse.verdict).toBe('FAIL')
    expect(asProse.hardFailCodes).toContain('WRONG_ARTIFACT_TYPE')
    expect(asProse.fixMode).toBe('REWRITE_ONLY')
    const asDiagram = judgeAlignmentHeuristically(
      buildJudgePayload({ goal, intentId: 'GENERAL', draft: diagram }),
    )
    expect(asDiagram.reasonCodes).not.toContain('WRONG_ARTIFACT_TYPE')
  })

  it('fails WRONG_ABSTRACTION_LEVEL when a runtime question gets a repository tour ("correct but far away")', () => {
    const draft = `The repository is a monorepo. The src/ directory holds the modules, the packages folder holds each package, and tests live in a top-level folder. Its structure is conventional.`
    const result = judgeAlignmentHeuristically(
      buildJudgePayload({
        goal: 'What happens at runtime when a user logs in?',
        intentId: 'SYSTEM_CONTROL_FLOW',
        draft,
        toolTrace: 'list_dir src',
      }),
    )
    expect(result.hardFailCodes).toContain('WRONG_ABSTRACTION_LEVEL')
    expect(result.observations?.draftAbstraction).toBe('repository')
  })

  it('fails UNSUPPORTED_SPECIFICS for file paths never seen in the trace, asking for new evidence', () => {
    const draft =
      'The bug is in src/cache/lru.ts: `evictOldest()` never runs, so the most likely cause is a full cache; check the logs to confirm, then reproduce it.'
    const payload = buildJudgePayload({
      goal: 'Why is the cache slow?',
      intentId: 'DEBUG_AND_DIAGNOSE',
      draft,
      toolTrace: 'read_logs cache',
    })
    const result = judgeAlignmentHeuristically(payload)
    expect(result.hardFailCodes).toContain('UNSUPPORTED_SPECIFICS')
    expect(result.fixMode).toBe('NEEDS_NEW_EVIDENCE')
    expect(result.evidenceIssues[0]).toContain('src/cache/lru.ts')
    const seen = judgeAlignmentHeuristically({
      ...payload,
      toolTraceSummary: 'read_file src/cache/lru.ts\ngrep evictOldest',
    })
    expect(seen.reasonCodes).not.toContain('UNSUPPORTED_SPECIFICS')
  })

  it('fails UNSUPPORTED_SPECIFICS for a time, a percentage and a status no tool result supports', () => {
    const base = {
      goal: 'is the deploy healthy?',
      intentId: 'GENERAL',
      draft: 'All health checks passed at 10:02 and the error rate is 0.3%.',
    }
    const unsupported = judgeAlignmentHeuristically(buildJudgePayload(base))
    expect(unsupported.verdict).toBe('FAIL')
    expect(unsupported.hardFailCodes).toEqual(['UNSUPPORTED_SPECIFICS'])
    expect(unsupported.fixMode).toBe('NEEDS_NEW_EVIDENCE')
    expect(unsupported.evidenceIssues).toEqual([
      'Claims passed, 10:02, 0.3% with no tool result or instruction supporting them',
    ])
    expect(unsupported.observations?.unsupportedClaims).toEqual([
      { text: 'passed', kind: 'status' },
      { text: '10:02', kind: 'time' },
      { text: '0.3%', kind: 'percent' },
    ])
    const supported = judgeAlignmentHeuristically(
      buildJudgePayload({
        ...base,
        toolTrace: 'check_health: ok',
        evidence: ['health checks: passed (last run 10:02)', 'error_rate=0.3'],
      }),
    )
    expect(supported.reasonCodes).not.toContain('UNSUPPORTED_SPECIFICS')
    expect(supported.observations?.unsupportedClaims).toEqual([])
  })

  it('checks no claims when tools ran but their results were not given', () => {
    const payload = buildJudgePayload({
      goal: 'Where is my order NW-1001?',
      intentId: 'GENERAL',
      draft: 'Order NW-1001 shipped on March 12 with UPS.',
      toolTrace: 'lookup_order: ok',
    })
    expect(judgeAlignmentHeuristically(payload).reasonCodes).not.toContain('UNSUPPORTED_SPECIFICS')
    expect(
      judgeAlignmentHeuristically({ ...payload, evidence: '{"status":"shipped","carrier":"UPS"}' })
        .evidenceIssues,
    ).toEqual(['Claims March 12 with no tool result or instruction supporting them'])
  })

  it('turns policy violations into SAFETY_OR_POLICY_VIOLATION and ambiguity into a clarification fix', () => {
    const base = {
      goal: 'Summarise the refund.',
      intentId: 'GENERAL',
      draft: 'Your refund of $40 was sent to the card on file today.',
      evidence: 'refund 40.00 USD sent to card',
    }
    expect(
      judgeAlignmentHeuristically(buildJudgePayload({ ...base, policyViolations: ['card number shown'] }))
        .hardFailCodes,
    ).toEqual(['SAFETY_OR_POLICY_VIOLATION'])
    const ambiguous = judgeAlignmentHeuristically(buildJudgePayload({ ...base, goalAmbiguous: true }))
    expect(ambiguous.reasonCodes).toContain('NEEDS_CLARIFICATION')
    expect(ambiguous.fixMode).toBe('NEEDS_USER_CLARIFICATION')
  })

  it('asks for a recommendation when the goal asks for a decision', () => {
    const result = judgeAlignmentHeuristically(
      buildJudgePayload({
        goal: 'Should we use Redis or Postgres for sessions?',
        intentId: 'GENERAL',
        draft: 'Redis keeps sessions in memory and Postgres keeps them on disk with transactions.',
      }),
    )
    expect(result.reasonCodes).toContain('INSUFFICIENT_DECISION_SUPPORT')
  })

  it('is stricter at high strictness: one missing element is enough', () => {
    const draft = cases[0]!.complete.replace(/Failure path:.*$/m, '')
    const payload = buildJudgePayload({ goal: cases[0]!.goal, intentId: 'SYSTEM_CONTROL_FLOW', draft })
    expect(judgeAlignmentHeuristically(payload).reasonCodes).not.toContain('MISSING_REQUIRED_ELEMENTS')
    expect(judgeAlignmentHeuristically(payload, { strictness: 'high' }).reasonCodes).toContain(
      'MISSING_REQUIRED_ELEMENTS',
    )
  })

  it('fails a prose answer to a patch request, and accepts the diff', () => {
    const goal = 'Give me a patch that fixes the off-by-one in the pagination helper.'
    const trace = 'read_file src/paginate.ts'
    const prose =
      'The pagination helper should use less-than instead of less-than-or-equal when it compares the page index.'
    const diff =
      '```diff\n--- a/src/paginate.ts\n+++ b/src/paginate.ts\n@@ -3 +3 @@\n-  for (let i = 0; i <= pages; i++)\n+  for (let i = 0; i < pages; i++)\n```\nTests: the existing pagination test now covers the last page.'
    const asProse = judgeAlignmentHeuristically(
      buildJudgePayload({ goal, intentId: 'CHANGE_IMPLEMENTATION', draft: prose, toolTrace: trace }),
    )
    expect(asProse.hardFailCodes).toContain('WRONG_ARTIFACT_TYPE')
    const asDiff = judgeAlignmentHeuristically(
      buildJudgePayload({ goal, intentId: 'CHANGE_IMPLEMENTATION', draft: diff, toolTrace: trace }),
    )
    expect(asDiff.reasonCodes).not.toContain('WRONG_ARTIFACT_TYPE')
    expect(asDiff.observations?.artifacts).toContain('patch')
  })

  it('fails a runtime walkthrough when the user explicitly asked for the repository structure', () => {
    const draft =
      'At runtime the client sends a request event, the server emits a response signal, then the state transitions from pending to done in a loop until the queue drains.'
    const result = judgeAlignmentHeuristically(
      buildJudgePayload({
        goal: 'Explain the repository structure of this project.',
        intentId: 'REPO_ORIENTATION',
        draft,
      }),
    )
    expect(result.hardFailCodes).toContain('WRONG_ABSTRACTION_LEVEL')
  })

  it('flags a draft about something else entirely as MISREAD_PRIMARY_GOAL', () => {
    const result = judgeAlignmentHeuristically(
      buildJudgePayload({
        goal: 'Design a rollback strategy for the failed database migration in production.',
        intentId: 'GENERAL',
        draft:
          'Buttons look better with rounded corners, a softer shadow and a consistent palette across the app.',
      }),
    )
    expect(result.hardFailCodes).toContain('MISREAD_PRIMARY_GOAL')
  })

  it('flags generic best-practice filler as OVERLY_GENERIC', () => {
    const draft =
      'In general, you should follow best practices. It depends on many factors, and typically teams choose what works for them.'
    const result = judgeAlignmentHeuristically(
      buildJudgePayload({ goal: 'How should we shard our orders table?', intentId: 'GENERAL', draft }),
    )
    expect(result.reasonCodes).toContain('OVERLY_GENERIC')
  })

  it('tolerates one unsupported specific at low strictness but not at medium', () => {
    const draft =
      'The retry loop lives in src/retry.ts; it backs off and gives up after five failures, then reports an error event.'
    const payload = buildJudgePayload({
      goal: 'How do retries work at runtime?',
      intentId: 'GENERAL',
      draft,
      toolTrace: 'grep retry',
    })
    expect(judgeAlignmentHeuristically(payload, { strictness: 'low' }).reasonCodes).not.toContain(
      'UNSUPPORTED_SPECIFICS',
    )
    expect(judgeAlignmentHeuristically(payload).reasonCodes).toContain('UNSUPPORTED_SPECIFICS')
  })

  it('never throws, keeps every score in 0..1 and its verdict equal to computeVerdict of its own scores (property)', () => {
    const text = fc.string({
      unit: fc.constantFrom(
        'a',
        'B',
        ' ',
        '\n',
        '/',
        '.',
        '`',
        '(',
        ')',
        '-',
        '>',
        '#',
        '1',
        'src/',
        'flow ',
        'diagram ',
        '```',
      ),
      maxLength: 400,
    })
    fc.assert(
      fc.property(
        text,
        text,
        fc.constantFrom(...cases.map((c) => c.intentId), 'OTHER'),
        fc.constantFrom('low', 'medium', 'high' as const),
        (goal, draft, intentId, strictness) => {
          const payload = {
            goal: `x ${goal}`,
            intentId,
            constraints: [],
            toolTraceSummary: '',
            draftAnswer: draft,
          }
          const result = judgeAlignmentHeuristically(payload, { strictness })
          for (const score of Object.values(result.scores)) expect(score >= 0 && score <= 1).toBe(true)
          expect(result.verdict).toBe(
            computeVerdict({ scores: result.scores, reasonCodes: result.reasonCodes, strictness }).verdict,
          )
        },
      ),
      { numRuns: 300 },
    )
  })
})
