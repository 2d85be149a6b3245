import type { GoalAnalysis } from './analyze-goal-text.ts'
import type { GoalComparator } from './parse-comparator.ts'
import type { GoalTimeWindow } from './parse-time-expression.ts'
import type { ReformulationFinding } from './types.ts'

const tolerance = 3_600_000
const implicitWindow = 366 * 24 * 3_600_000

/** How the candidate's time windows relate to the original's. */
export interface TimeComparison {
  findings: ReformulationFinding[]
  /** Windows that restrict a goal which had none, or calendar dates the original did not name: need evidence. */
  needGrounding: GoalTimeWindow[]
  change: 'none' | 'clarified' | 'narrowed' | 'added'
}

function contains(outer: GoalTimeWindow, inner: GoalTimeWindow): boolean {
  if (!outer.known || !inner.known) return outer.label === inner.label
  return inner.start >= outer.start - tolerance && inner.end <= outer.end + tolerance
}

function sameRange(left: GoalTimeWindow, right: GoalTimeWindow): boolean {
  return contains(left, right) && contains(right, left)
}

/** Compares time windows: a candidate window must lie inside one of the original's. */
export function compareTimeWindows(original: GoalAnalysis, candidate: GoalAnalysis): TimeComparison {
  const result: TimeComparison = { findings: [], needGrounding: [], change: 'none' }
  if (original.times.length > 0 && candidate.times.length === 0) {
    const label = original.times.map((window) => window.label).join(', ')
    result.findings.push({
      kind: 'dropped-time-window',
      term: label,
      message: `the time restriction "${label}" was dropped`,
    })
  }
  for (const window of candidate.times) {
    if (original.times.length === 0) {
      // A goal without a time reads as "current": adding more than a year (or all time) widens it.
      if (!window.known || window.end - window.start <= implicitWindow) {
        result.needGrounding.push(window)
        result.change = 'added'
      } else {
        result.findings.push({
          kind: 'broader-time-window',
          term: window.label,
          message: `"${window.label}" widens a goal that asked about the present`,
        })
      }
      continue
    }
    const outer = original.times.find((originalWindow) => contains(originalWindow, window))
    if (outer === undefined) {
      result.findings.push({
        kind: 'broader-time-window',
        term: window.label,
        message: `"${window.label}" is not inside the original "${original.times.map((each) => each.label).join(', ')}"`,
      })
      continue
    }
    if (window.absolute && !original.times.some((originalWindow) => originalWindow.label === window.label))
      result.needGrounding.push(window)
    const clarified = outer.vague || sameRange(outer, window)
    if (result.change !== 'narrowed') result.change = clarified ? 'clarified' : 'narrowed'
  }
  return result
}

/** What a candidate's limit adds that the original did not have: only evidence can justify it. */
export interface NewLimitSpecific {
  label: string
  /** A written count (`top 10`, `top ten`) no limit of the original has. */
  count?: number
  /** A quantifier word (`biggest`, `major`, `few`) the original's limits lack, as a stem. */
  head?: string
}

// With a written count, `top` and `first` only say "a cut of that size": the count is the specific.
const positionalHeads = new Set(['top', 'first'])

/**
 * Every limit of the candidate that the original's limits do not carry, with what in it is new:
 * a count the original's limits do not have (`top 10` → `top 3` picks 3), a quantifier word they
 * lack (`biggest` names a ranking). These go to the evidence like names and numbers do.
 */
export function findNewLimitSpecifics(original: GoalAnalysis, candidate: GoalAnalysis): NewLimitSpecific[] {
  const counts = new Set(original.limits.flatMap((limit) => (limit.count === null ? [] : [limit.count])))
  const heads = new Set(original.limits.map((limit) => limit.head))
  const specifics: NewLimitSpecific[] = []
  for (const limit of candidate.limits) {
    const specific: NewLimitSpecific = { label: limit.label }
    if (limit.stated && limit.count !== null && !counts.has(limit.count)) specific.count = limit.count
    const positional = limit.stated && positionalHeads.has(limit.head)
    if (limit.head !== '' && !positional && !heads.has(limit.head)) specific.head = limit.head
    if (specific.count !== undefined || specific.head !== undefined) specifics.push(specific)
  }
  return specifics
}

/** Compares limiting quantifiers: `top 5` may become `top 3`, never `top 10`, `major` or nothing. */
export function compareLimits(
  original: GoalAnalysis,
  candidate: GoalAnalysis,
): {
  findings: ReformulationFinding[]
  /** A limit where the original had none, or a smaller count than the original's (`top 10` → `top 3`). */
  added: boolean
} {
  const findings: ReformulationFinding[] = []
  for (const limit of original.limits) {
    if (candidate.limits.length === 0) {
      findings.push({
        kind: 'dropped-quantifier',
        term: limit.label,
        message: `the limit "${limit.label}" was dropped`,
      })
      continue
    }
    if (limit.ranked && !candidate.limits.some((other) => other.ranked)) {
      findings.push({
        kind: 'dropped-quantifier',
        term: limit.label,
        message: `the ranking of "${limit.label}" was dropped`,
      })
    }
    const count = limit.count
    if (count !== null && !candidate.limits.every((other) => other.count !== null && other.count <= count)) {
      const found = candidate.limits.map((other) => other.label).join(', ')
      findings.push({
        kind: 'broader-quantifier',
        term: found,
        message: `"${found}" is broader than "${limit.label}"`,
      })
    }
  }
  const smaller = candidate.limits.some(
    (limit) =>
      limit.count !== null &&
      original.limits.some(
        (other) => other.count !== null && limit.count !== null && limit.count < other.count,
      ),
  )
  return { findings, added: (original.limits.length === 0 && candidate.limits.length > 0) || smaller }
}

function sameKind(left: GoalComparator, right: GoalComparator): boolean {
  return (
    left.direction === right.direction && (left.unit === right.unit || left.unit === '' || right.unit === '')
  )
}

/** Every original numeric limit must survive, equal or stricter. */
export function compareComparators(
  original: readonly GoalComparator[],
  candidate: readonly GoalComparator[],
): ReformulationFinding[] {
  const findings: ReformulationFinding[] = []
  for (const limit of original) {
    const matching = candidate.filter((other) => sameKind(limit, other))
    if (matching.length === 0) {
      findings.push({
        kind: 'dropped-constraint',
        term: limit.label,
        message: `the constraint "${limit.label}" was removed`,
      })
    } else if (
      !matching.every((other) =>
        limit.direction === 'upper' ? other.value <= limit.value : other.value >= limit.value,
      )
    ) {
      const found = matching.map((other) => other.label).join(', ')
      findings.push({
        kind: 'loosened-constraint',
        term: found,
        message: `"${found}" is looser than "${limit.label}"`,
      })
    }
  }
  return findings
}

/** Negations and exclusions the original had must remain; a new negation flips the goal. */
export function comparePolarity(original: GoalAnalysis, candidate: GoalAnalysis): ReformulationFinding[] {
  const findings: ReformulationFinding[] = []
  if (candidate.negations > original.negations) {
    findings.push({
      kind: 'polarity-flip',
      term: 'not',
      message: 'the candidate negates what the original asked',
    })
  }
  if (candidate.negations < original.negations) {
    findings.push({
      kind: 'polarity-flip',
      term: 'not',
      message: 'the candidate drops a negation of the original',
    })
    findings.push({
      kind: 'dropped-constraint',
      term: 'not',
      message: 'a negated restriction of the original was removed',
    })
  }
  if (candidate.exclusions < original.exclusions) {
    findings.push({
      kind: 'dropped-constraint',
      term: 'excluding',
      message: 'an exclusion of the original was removed',
    })
  }
  return findings
}

/**
 * A candidate that names one end of a scale where the original named the other, and not the
 * original's end too ("the largest files" → "the smallest files", "why did revenue increase" →
 * "…decrease"): it asks the opposite, one finding per scale.
 */
export function compareOpposites(original: GoalAnalysis, candidate: GoalAnalysis): ReformulationFinding[] {
  const findings: ReformulationFinding[] = []
  const ends = (analysis: GoalAnalysis, scale: number, end: 0 | 1) =>
    analysis.poles.filter((pole) => pole.scale === scale && pole.end === end)
  for (const pole of original.poles) {
    const other = pole.end === 0 ? 1 : 0
    if (ends(original, pole.scale, other).length > 0 || ends(candidate, pole.scale, pole.end).length > 0)
      continue
    const opposite = ends(candidate, pole.scale, other)[0]
    if (opposite === undefined || findings.some((finding) => finding.term === opposite.text)) continue
    findings.push({
      kind: 'contradiction',
      term: opposite.text,
      message: `"${opposite.text}" asks the opposite of "${pole.text}" of the original`,
    })
  }
  return findings
}
