import { analyzeGoalText, type GoalAnalysis } from './analyze-goal-text.ts'
import { compareGoalConcepts } from './compare-goal-concepts.ts'
import { compareComparators, comparePolarity, compareTimeWindows } from './compare-goal-structure.ts'
import type { LexiconIndex } from './create-lexicon-index.ts'
import type { ReformulationFinding } from './types.ts'

/** One `dropped-constraint` or `loosened-constraint` finding per operator constraint the candidate does not keep. */
export function checkOriginalConstraints(
  constraints: readonly string[],
  candidate: GoalAnalysis,
  lexicon: LexiconIndex,
  now: number,
): ReformulationFinding[] {
  const findings: ReformulationFinding[] = []
  for (const constraint of constraints) {
    const analysis = analyzeGoalText(constraint, lexicon, now)
    const concepts = compareGoalConcepts(analysis, candidate, lexicon)
    const comparators = compareComparators(analysis.comparators, candidate.comparators)
    const polarity = comparePolarity(analysis, candidate).filter(
      (finding) => finding.kind === 'dropped-constraint',
    )
    if (comparators.some((finding) => finding.kind === 'loosened-constraint')) {
      findings.push({
        kind: 'loosened-constraint',
        term: constraint,
        message: `the operator constraint "${constraint}" was loosened`,
      })
    } else if (
      concepts.coverage < 1 ||
      comparators.length > 0 ||
      polarity.length > 0 ||
      compareTimeWindows(analysis, candidate).findings.length > 0
    ) {
      findings.push({
        kind: 'dropped-constraint',
        term: constraint,
        message: `the operator constraint "${constraint}" is missing`,
      })
    }
  }
  return findings
}
