import { parseNumberWord, stemWord } from '../text/index.ts'
import type { GoalAnalysis, GoalConcept } from './analyze-goal-text.ts'
import type { NewLimitSpecific } from './compare-goal-structure.ts'
import type { GoalComparator } from './parse-comparator.ts'
import type { GoalTimeWindow } from './parse-time-expression.ts'
import type { ReformulationFinding } from './types.ts'

/** What the candidate adds that only evidence can justify. */
export interface NewSpecifics {
  concepts: readonly GoalConcept[]
  times: readonly GoalTimeWindow[]
  comparators: readonly GoalComparator[]
  /** Counts and quantifier words of new limits (`top 10`, `the biggest`). */
  limits: readonly NewLimitSpecific[]
}

function entityOf(concept: GoalConcept): NonNullable<ReformulationFinding['entity']> {
  if (concept.stems.every((stem) => /^\d/.test(stem))) return 'number'
  if (concept.afterLocationPreposition) return 'location'
  return concept.entity ? 'person-or-organization' : 'term'
}

/** Every count an evidence text states, as digits (`10`) or words (`ten`, `twenty one`). */
function statedCounts(evidence: readonly GoalAnalysis[]): Set<number> {
  const counts = new Set<number>()
  for (const { tokens } of evidence) {
    tokens.forEach((token, index) => {
      if (token.value !== undefined && token.unit === undefined) counts.add(token.value)
      const word = parseNumberWord(token.lower)
      if (word !== undefined) counts.add(word)
      const next = tokens[index + 1]
      const compound = next === undefined ? undefined : parseNumberWord(`${token.lower} ${next.lower}`)
      if (compound !== undefined) counts.add(compound)
    })
  }
  return counts
}

function conceptMessage(concept: GoalConcept, entity: string): string {
  if (concept.class === 'ranking') return `the ranking by "${concept.text}" is not in the cited evidence`
  if (concept.class === 'excluded') return `the exclusion of "${concept.text}" is not in the cited evidence`
  return `"${concept.text}" (${entity}) is not in the cited evidence`
}

/**
 * Returns a finding for every new specific of the candidate that the cited evidence does not
 * contain: a concept whose every word (stem or synonym key) appears in some evidence text, a time
 * window the evidence names, a number the evidence states, a limit whose new count the evidence
 * states (`10` and `ten` ground each other) and whose new quantifier word it uses. Anything else
 * is an assumption.
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
  // The stemmer strips one suffix only, so a noun in `-ings` does not stem like its singular
  // (`rankings` is `ranking`, `ranking` is `rank`): singular and plural are one word here.
  const singular = (word: string) => word.toLowerCase().replace(/s$/, '')
  const words = new Set(evidence.flatMap((analysis) => analysis.tokens.map((token) => singular(token.lower))))
  for (const concept of specifics.concepts) {
    if (keys.has(concept.key) || concept.stems.every((stem) => stems.has(stem))) continue
    if (concept.text.split(' ').every((word) => words.has(singular(word)))) continue
    const entity = entityOf(concept)
    findings.push({
      kind: 'ungrounded-specific',
      term: concept.text,
      entity,
      message: conceptMessage(concept, entity),
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
  const counts = statedCounts(evidence)
  for (const limit of specifics.limits) {
    const countMissing = limit.count !== undefined && !counts.has(limit.count)
    const headMissing = limit.head !== undefined && !limit.head.split(' ').every((stem) => stems.has(stem))
    if (!countMissing && !headMissing) continue
    findings.push({
      kind: 'ungrounded-specific',
      term: limit.label,
      entity: countMissing ? 'number' : 'term',
      message: countMissing
        ? `the limit "${limit.label}" is not in the cited evidence (it states no ${limit.count})`
        : `the limit "${limit.label}" is not in the cited evidence (it never says "${limit.label}")`,
    })
  }
  return findings
}
