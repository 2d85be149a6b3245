import type { GoalAnalysis, GoalConcept } from './analyze-goal-text.ts'
import type { LexiconIndex } from './create-lexicon-index.ts'
import type { ReformulationFinding } from './types.ts'

/** How the candidate's concepts relate to the original's. */
export interface ConceptComparison {
  /** Share of the original's concepts (and its time restriction) the candidate carries, 0..1. */
  coverage: number
  originalCount: number
  /** Original concepts the candidate lost (not as a dropped list member). */
  dropped: GoalConcept[]
  /** Original list members the candidate lost: narrowing, but intent is not fully carried. */
  droppedConjuncts: GoalConcept[]
  /** New concepts that name something: must be grounded in evidence. */
  newContent: GoalConcept[]
  /** New ranking criteria (`by volume`) and excluded names (`except Binance`): narrowing, but grounded in evidence. */
  narrowingSpecifics: GoalConcept[]
  /** New format words, qualifiers, ranking criteria, exclusions and narrower terms. */
  narrowing: { format: number; qualifier: number; ranking: number; excluded: number; narrowerTerms: number }
  findings: ReformulationFinding[]
  sideEffects: GoalConcept[]
}

/** The original concepts that count toward coverage (universal quantifiers are scope, not intent; format words stay: `paragraph` → `document` is not a format change). */
function countedConcepts(analysis: GoalAnalysis): GoalConcept[] {
  const seen = new Set<string>()
  return analysis.concepts.filter((concept) => {
    if (concept.class === 'broadening' || seen.has(concept.key)) return false
    seen.add(concept.key)
    return true
  })
}

/** Compares concepts: which original ones the candidate carries, which it drops, what it adds. */
export function compareGoalConcepts(
  original: GoalAnalysis,
  candidate: GoalAnalysis,
  lexicon: LexiconIndex,
): ConceptComparison {
  const candidateKeys = new Set(candidate.concepts.map((concept) => concept.key))
  const originalKeys = new Set(original.concepts.map((concept) => concept.key))
  const narrowerOfOriginal = new Set([...originalKeys].flatMap((key) => [...lexicon.narrowerThan(key)]))
  const carries = (key: string) =>
    candidateKeys.has(key) || [...lexicon.narrowerThan(key)].some((narrower) => candidateKeys.has(narrower))
  const counted = countedConcepts(original)
  const lost = counted.filter((concept) => !carries(concept.key))
  const hasTime = original.times.length > 0
  const total = counted.length + (hasTime ? 1 : 0)
  const carried = total - lost.length - (hasTime && candidate.times.length === 0 ? 1 : 0)
  const comparison: ConceptComparison = {
    coverage: total === 0 ? 1 : carried / total,
    originalCount: total,
    dropped: lost.filter((concept) => !(concept.conjunctMember && original.coordinators > 0)),
    droppedConjuncts: lost.filter((concept) => concept.conjunctMember && original.coordinators > 0),
    newContent: [],
    narrowingSpecifics: [],
    narrowing: { format: 0, qualifier: 0, ranking: 0, excluded: 0, narrowerTerms: 0 },
    findings: [],
    sideEffects: [],
  }
  const seenNew = new Set<string>()
  for (const concept of candidate.concepts) {
    if (originalKeys.has(concept.key) || seenNew.has(concept.key)) continue
    seenNew.add(concept.key)
    if (narrowerOfOriginal.has(concept.key)) comparison.narrowing.narrowerTerms++
    else classifyAddition(concept, candidate, comparison)
  }
  for (const concept of comparison.dropped) {
    comparison.findings.push({
      kind: 'dropped-restriction',
      term: concept.text,
      message: `"${concept.text}" of the original is missing`,
    })
  }
  return comparison
}

function classifyAddition(
  concept: GoalConcept,
  candidate: GoalAnalysis,
  comparison: ConceptComparison,
): void {
  switch (concept.class) {
    case 'side-effect':
      comparison.sideEffects.push(concept)
      comparison.findings.push({
        kind: 'side-effect-action',
        term: concept.text,
        message: `"${concept.text}" adds an action with effects outside the answer`,
      })
      return
    case 'broadening':
      comparison.findings.push({
        kind: 'broadening-term',
        term: concept.text,
        message: `"${concept.text}" widens the goal`,
      })
      return
    case 'format':
    case 'qualifier':
      comparison.narrowing[concept.class]++
      return
    case 'excluded':
      // What is left out is as much an assumption as what is added: "except Binance" needs a reason.
      comparison.narrowing.excluded++
      comparison.narrowingSpecifics.push(concept)
      return
    case 'ranking':
      if (candidate.limits.length > 0) {
        comparison.narrowing.ranking++
        comparison.narrowingSpecifics.push(concept)
      } else comparison.newContent.push(concept)
      return
    default:
      comparison.newContent.push(concept)
  }
}
