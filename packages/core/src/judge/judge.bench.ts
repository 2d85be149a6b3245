import { defineSuite } from '../../../../bench/harness.ts'
import { buildJudgePayload } from './build-judge-payload.ts'
import { computeVerdict } from './compute-verdict.ts'
import { judgeAlignmentHeuristically } from './judge-alignment-heuristically.ts'

const section = `## Runtime login flow

Actors: the browser client, the auth service (src/auth/service.ts) and the session store.
1. The client sends a login request event to the auth service; this is the trigger.
2. \`AuthService.verify()\` checks the password hash, then emits a session-created signal.
3. The session store owns session state and decides expiry; it is the source of truth.
4. The client loops on refresh: state transitions idle -> active -> expired.

Failure path: on a timeout the auth service returns an error and the client retries with backoff.
`
const draft = ['login', 'logout', 'refresh', 'signup']
  .map((flow) => section.replaceAll('login', flow))
  .join('\n')
  .slice(0, 2048)
// What the two tool calls returned: the claim check reads it (older judges ignore the field).
const evidence = `// src/auth/service.ts
export class AuthService {
  /** Compares the bcrypt hash, then emits session-created for the session store. */
  async verify(user: string, password: string): Promise<Session> { ... }
}
grep: AuthService.verify used by routes/login.ts, routes/refresh.ts, routes/signup.ts
session store: owns session state and expiry (idle -> active -> expired), ttl 30 min`
const payload = buildJudgePayload({
  goal: 'How does login work at runtime? Walk me through the control flow.',
  intentId: 'SYSTEM_CONTROL_FLOW',
  toolTrace: ['read_file src/auth/service.ts', 'grep AuthService.verify'],
  evidence,
  draft,
})
const supportReply = buildJudgePayload({
  goal: 'Can I get my money back for order NW-1001? It arrived broken on March 3.',
  intentId: 'GENERAL',
  toolTrace: ['lookup_order: ok', 'issue_refund: ok'],
  evidence: [
    '{"order_id":"NW-1001","status":"delivered","delivered_at":"2024-03-03T14:12:00Z","total":"20.00"}',
    '{"refund_id":"RF-55012","amount":"20.00","currency":"USD","status":"refunded"}',
    'Approved template: Refunds reach your card within 5-7 business days.',
  ],
  draft:
    "I'm sorry your order arrived broken. Done — I've refunded $20 for order NW-1001 (reference RF-55012); it reaches your card within 5-7 business days.",
})
const scores = { goalCoverage: 0.9, abstractionMatch: 0.8, artifactMatch: 1, evidenceFit: 0.7, clarity: 1 }

export default defineSuite({
  name: 'judge',
  cases: [
    {
      name: `heuristic judge, ${draft.length} B draft (SYSTEM_CONTROL_FLOW)`,
      fn: () => judgeAlignmentHeuristically(payload),
      targetMedianMicros: 100,
    },
    {
      name: `heuristic judge, ${supportReply.draftAnswer.length} B support reply with evidence`,
      fn: () => judgeAlignmentHeuristically(supportReply),
    },
    {
      name: 'computeVerdict (weighted score + hard-fail codes)',
      fn: () => computeVerdict({ scores, reasonCodes: ['MISSING_REQUIRED_ELEMENTS'] }),
    },
  ],
  measure: () => {
    const result = judgeAlignmentHeuristically(payload)
    // Model output is untrusted: 100 KB of fences, diff markers, arrows, paths and symbols must stay fast.
    const hostile = '```\n@@ x -> y /a/b/c.ts `Foo.bar()` '.repeat(2_900).slice(0, 100_000)
    const started = performance.now()
    judgeAlignmentHeuristically({ ...payload, draftAnswer: hostile })
    const hostileMilliseconds = performance.now() - started
    // ...and 100 KB of times, amounts, ids, dates, capitals and statuses, with nothing consulted.
    const claims = 'Acme Corp NW-1001 $1,000 10:02 3pm 0.3% 12/12 March 3 passed 1.2.3 '
      .repeat(1_500)
      .slice(0, 100_000)
    const claimsStarted = performance.now()
    judgeAlignmentHeuristically({ ...payload, toolTraceSummary: '', draftAnswer: claims })
    return {
      'heuristic on bench draft': {
        verdict: result.verdict,
        qualityScore: result.qualityScore,
        draftBytes: draft.length,
      },
      'heuristic on a 100 KB hostile draft': { milliseconds: hostileMilliseconds },
      'heuristic on a 100 KB claim-laden draft': { milliseconds: performance.now() - claimsStarted },
    }
  },
})
