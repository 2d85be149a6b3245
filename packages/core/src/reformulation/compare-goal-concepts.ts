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
  /**
   * Original concepts the candidate names only the other way round: left out where the original
   * asked for them (`avoiding Paris`), or in another role (`from Paris` for `to Paris`, the callees
   * of checkToken for its callers). A change of the goal, never carried.
   */
  contradictions: ReformulationFinding[]
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
  const originalKeys = new Set(original.concepts.map((concept) => concept.key))
  const narrowerOfOriginal = new Set([...originalKeys].flatMap((key) => [...lexicon.narrowerThan(key)]))
  // The candidate's mentions of a concept: the same key, a narrower term of it, or a fuller name.
  const mentions = (concept: GoalConcept) => {
    const narrower = lexicon.narrowerThan(concept.key)
    return candidate.concepts.filter(
      (other) => other.key === concept.key || narrower.has(other.key) || extendsName(concept, other),
    )
  }
  const counted = countedConcepts(original)
  const contradicted = new Map<GoalConcept, GoalConcept>()
  const lost = counted.filter((concept) => {
    const mentioned = mentions(concept)
    if (mentioned.some((other) => keeps(concept, other))) return false
    if (mentioned.length > 0) contradicted.set(concept, mentioned[0]!)
    return true
  })
  const hasTime = original.times.length > 0
  const total = counted.length + (hasTime ? 1 : 0)
  const carried = total - lost.length - (hasTime && candidate.times.length === 0 ? 1 : 0)
  const comparison: ConceptComparison = {
    coverage: total === 0 ? 1 : carried / total,
    originalCount: total,
    dropped: lost.filter(
      (concept) => !contradicted.has(concept) && !(concept.conjunctMember && original.coordinators > 0),
    ),
    droppedConjuncts: lost.filter(
      (concept) => !contradicted.has(concept) && concept.conjunctMember && original.coordinators > 0,
    ),
    contradictions: [...contradicted].map(([concept, other]) => contradiction(concept, other)),
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
    else if (counted.some((kept) => extendsName(kept, concept))) {
      // "from Alice" → "from Alice Smith": one of them, so narrower, and the rest of the name is an
      // assumption that needs evidence.
      comparison.narrowing.narrowerTerms++
      comparison.narrowingSpecifics.push(concept)
    } else classifyAddition(concept, candidate, comparison)
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

/**
 * Is `other` (of the candidate) a fuller form of the name `concept` (of the original): `Alice Smith`
 * of `Alice`, `Ann Lee` of `Lee`? Only for a name asked for: a fuller name left out ("not from
 * Alice" → "not from Alice Smith") leaves out less, which widens the goal.
 */
function extendsName(concept: GoalConcept, other: GoalConcept): boolean {
  if (!concept.entity || !other.entity || concept.negated || other.negated) return false
  const short = concept.stems
  const long = other.stems
  if (short.length === 0 || long.length <= short.length) return false
  const at = (offset: number) => short.every((stem, index) => long[offset + index] === stem)
  return at(0) || at(long.length - short.length)
}

/**
 * Does `other` (of the candidate) carry `concept` (of the original) as the original has it: asked
 * for, or left out, as there, and in no other role? A role only one of them states is no change
 * ("flights to Paris" → "Paris flights").
 */
function keeps(concept: GoalConcept, other: GoalConcept): boolean {
  const same = <T>(left: T | undefined, right: T | undefined) =>
    left === undefined || right === undefined || left === right
  return (
    concept.negated === other.negated &&
    same(concept.direction, other.direction) &&
    same(concept.relation, other.relation)
  )
}

/** The finding for an original concept the candidate names only the other way round. */
function contradiction(concept: GoalConcept, other: GoalConcept): ReformulationFinding {
  const finding = (message: string): ReformulationFinding => ({
    kind: 'contradiction',
    term: concept.text,
    message,
  })
  if (concept.negated !== other.negated)
    return finding(
      concept.negated
        ? `"${concept.text}", left out by the original, is asked for by the candidate`
        : `"${concept.text}" of the original is left out by the candidate`,
    )
  if (
    concept.direction !== undefined &&
    other.direction !== undefined &&
    concept.direction !== other.direction
  )
    return finding(
      `"${concept.text}" is the ${concept.direction} in the original, the ${other.direction} in the candidate`,
    )
  const role = (relation: GoalConcept['relation']) => (relation === 'agent' ? 'acts' : 'is acted on')
  return finding(
    `"${concept.text}" ${role(concept.relation)} in the original but ${role(other.relation)} in the candidate`,
  )
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
