import { type BenchMetrics, defineSuite } from '../../../../bench/harness.ts'
import { createGoalState } from './create-goal-state.ts'
import {
  furtherReformulationAttacks,
  legitimateReformulations,
  reformulationAttacks,
} from './fixtures/reformulation-attacks.ts'
import { validateReformulation } from './validate-reformulation.ts'

const now = Date.UTC(2026, 10, 21, 12)
const seedCase = {
  original: 'What happened in crypto markets today?',
  candidate: 'What happened in top 5 cryptocurrency markets in the past 24 hours?',
  confidence: 0.92,
  evidence: [{ id: 'feeds', text: 'Market availability data shows only top 5 have reliable feeds' }],
  now,
}

async function rate(
  cases: Array<{ original: string; candidate: string; text: string; originalConstraints?: string[] }>,
  allowed: boolean,
) {
  let matching = 0
  for (const { original, candidate, text, originalConstraints = [] } of cases) {
    const result = await validateReformulation({
      original,
      candidate,
      confidence: 0.97,
      evidence: [{ id: 'e', text }],
      originalConstraints,
      now,
    })
    if (result.allowed === allowed) matching++
  }
  return { matching, total: cases.length }
}

export default defineSuite({
  name: 'reformulation: validate',
  cases: [
    {
      name: 'validateReformulation (seed crypto narrowing)',
      fn: () => validateReformulation(seedCase),
      targetMedianMicros: 500,
    },
    {
      name: 'validateReformulation (Apple → Apple and Google)',
      fn: () =>
        validateReformulation({
          ...seedCase,
          original: 'Summarize Apple earnings',
          candidate: 'Summarize Apple and Google earnings',
        }),
    },
    {
      name: 'goal state: reformulate + restore (in-memory ledger)',
      fn: async () => {
        const goal = createGoalState({ original: seedCase.original, now })
        await goal.reformulate(seedCase)
        return goal.restore()
      },
    },
  ],
  async measure(): Promise<Record<string, BenchMetrics>> {
    const attacks = await rate(
      [
        ...reformulationAttacks.map((attack) => ({ ...attack, text: attack.evidence })),
        ...furtherReformulationAttacks.map(([original, candidate, text]) => ({ original, candidate, text })),
      ],
      false,
    )
    const legitimate = await rate(
      legitimateReformulations.map(([original, candidate, text]) => ({ original, candidate, text })),
      true,
    )
    return {
      'attack matrix': { rejected: attacks.matching, total: attacks.total },
      'legitimate narrowings': { allowed: legitimate.matching, total: legitimate.total },
    }
  },
})
