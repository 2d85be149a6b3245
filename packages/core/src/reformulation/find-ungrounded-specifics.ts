import { stemWord } from '../text/index.ts'
import type { GoalAnalysis, GoalConcept } from './analyze-goal-text.ts'
import type { GoalComparator } from './parse-comparator.ts'
import type { GoalTimeWindow } from './parse-time-expression.ts'
import type { ReformulationFinding } from './types.ts'

/** What the candidate adds that only evidence can justify. */
export interface NewSpecifics {
  concepts: readonly GoalConcept[]
  times: readonly GoalTimeWindow[]
  comparators: readonly GoalComparator[]
}

function entityOf(concept: GoalConcept): NonNullable<ReformulationFinding['entity']> {
  if (concept.stems.every((stem) => /^\d/.test(stem))) return 'number'
  if (concept.afterLocationPreposition) return 'location'
  return concept.entity ? 'person-or-organization' : 'term'
}

/**
 * Returns a finding for every new specific of the candidate that the cited evidence does not
 * contain: a concept whose every word (stem or synonym key) appears in some evidence text, a time
 * window the evidence names, a number the evidence states. Anything else is an assumption.
 */
export function findUngroundedSpecifics(
  specifics: NewSpecifics,
  evidence: readonly GoalAnalysis[],
): ReformulationFinding[] {
  const stems = new Set(evidence.flatMap((analysis) => analysis.tokens.map((token) => token.stem)))
  const keys = new Set(evidence.flatMap((analysis) => analysis.concepts.map((concept) => concept.key)))
  const values = new Set(
    evidence.flatMap((analysis) =>
      analysis.tokens.flatMap((token) => (token.value === undefined ? [] : [token.value])),
    ),
  )
  const windows = evidence.flatMap((analysis) => analysis.times)
  const findings: ReformulationFinding[] = []
  for (const concept of specifics.concepts) {
    if (keys.has(concept.key) || concept.stems.every((stem) => stems.has(stem))) continue
    const entity = entityOf(concept)
    findings.push({
      kind: 'ungrounded-specific',
      term: concept.text,
      entity,
      message: `"${concept.text}" (${entity}) is not in the cited evidence`,
    })
  }
  for (const window of specifics.times) {
    const labelStems = window.label.split(' ').map(stemWord)
    const named = windows.some(
      (other) =>
        other.label === window.label ||
        (other.known && window.known && other.start === window.start && other.end === window.end),
    )
    if (named || labelStems.every((part) => stems.has(part))) continue
    findings.push({
      kind: 'ungrounded-specific',
      term: window.label,
      entity: 'date',
      message: `the time "${window.label}" is not in the cited evidence`,
    })
  }
  for (const comparator of specifics.comparators) {
    if (values.has(comparator.value)) continue
    findings.push({
      kind: 'ungrounded-specific',
      term: comparator.label,
      entity: 'number',
      message: `the limit "${comparator.label}" is not in the cited evidence`,
    })
  }
  return findings
}
