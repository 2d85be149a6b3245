import type { GoalAnalysis, GoalConcept } from './analyze-goal-text.ts'
import type { GoalTimeWindow } from './parse-time-expression.ts'
import type { ReformulationFinding } from './types.ts'

/**
 * New content joined on: a coordinator (or clause) the original did not have with anything new
 * after it, a new list member, or a new name after `with`.
 */
export function findNewConjunct(
  original: GoalAnalysis,
  candidate: GoalAnalysis,
  newContent: readonly GoalConcept[],
  newTimes: readonly GoalTimeWindow[],
): ReformulationFinding[] {
  const moreCoordinators = candidate.coordinators > original.coordinators
  const joined = moreCoordinators
    ? newContent
    : newContent.filter((concept) => concept.conjunctMember || (concept.afterWith && concept.entity))
  const terms = [
    ...joined.map((concept) => concept.text),
    ...(moreCoordinators ? newTimes.map((window) => window.label) : []),
  ]
  if (terms.length === 0) return []
  const term = terms.join(', ')
  return [{ kind: 'new-conjunct', term, message: `"${term}" is joined on as a new part of the goal` }]
}
