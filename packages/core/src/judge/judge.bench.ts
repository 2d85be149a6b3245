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
const payload = buildJudgePayload({
  goal: 'How does login work at runtime? Walk me through the control flow.',
  intentId: 'SYSTEM_CONTROL_FLOW',
  toolTrace: ['read_file src/auth/service.ts', 'grep AuthService.verify'],
  draft,
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
    return {
      'heuristic on bench draft': {
        verdict: result.verdict,
        qualityScore: result.qualityScore,
        draftBytes: draft.length,
      },
      'heuristic on a 100 KB hostile draft': { milliseconds: performance.now() - started },
    }
  },
})
