import type { ConceptComparison } from './compare-goal-concepts.ts'
import type { TimeComparison } from './compare-goal-structure.ts'
import type { GoalComparator } from './parse-comparator.ts'
import type {
  ReformulationAbortCode,
  ReformulationCheck,
  ReformulationFinding,
  ReformulationType,
  ReformulationValidation,
} from './types.ts'

/** Everything the classification looks at. */
export interface ClassifyReformulationInput {
  checks: ReformulationCheck[]
  findings: ReformulationFinding[]
  concepts: ConceptComparison
  times: TimeComparison
  limitsAdded: boolean
  newComparators: readonly GoalComparator[]
  substituted: boolean
  /** A negation flipped, or a contradiction (an original concept left out or in another role, the other end of a scale). */
  flipped: boolean
}

const constraintKinds = new Set<ReformulationFinding['kind']>(['dropped-constraint', 'loosened-constraint'])
const typeCodes: Partial<Record<ReformulationType, ReformulationAbortCode>> = {
  'topic-change': 'DTL-STRAT-008',
  'assumption-injection': 'DTL-STRAT-009',
  'scope-expansion': 'DTL-STRAT-010',
  'constraint-removal': 'DTL-STRAT-010',
}

function failed(checks: readonly ReformulationCheck[], criterion: ReformulationCheck['criterion']): boolean {
  return checks.some((check) => check.criterion === criterion && !check.passed)
}

function forbiddenType(input: ClassifyReformulationInput): ReformulationType | undefined {
  const { checks, findings } = input
  if (findings.some((finding) => constraintKinds.has(finding.kind))) return 'constraint-removal'
  const intentFailed = failed(checks, 'intent-preservation')
  const scopeFailed = failed(checks, 'scope-reduction')
  if (input.flipped || (intentFailed && (input.substituted || !scopeFailed))) return 'topic-change'
  if (scopeFailed || failed(checks, 'reversibility')) return 'scope-expansion'
  if (findings.some((finding) => finding.kind === 'ungrounded-specific')) return 'assumption-injection'
  return undefined
}

function allowedType(input: ClassifyReformulationInput): ReformulationType {
  const { concepts, times } = input
  if (concepts.newContent.length > 0 || input.newComparators.length > 0 || times.needGrounding.length > 0)
    return 'constraint-addition'
  const narrowing = concepts.narrowing
  if (
    input.limitsAdded ||
    times.change === 'narrowed' ||
    narrowing.narrowerTerms + narrowing.qualifier + narrowing.ranking + narrowing.excluded > 0
  ) {
    return 'scope-narrowing'
  }
  if (narrowing.format > 0) return 'format-specification'
  return 'clarification'
}

/** Names the change and picks the primary abort code (precedence documented on `validateReformulation`). */
export function classifyReformulation(input: ClassifyReformulationInput): ReformulationValidation {
  const failing = input.checks.filter((check) => !check.passed)
  const codes = [...new Set(failing.map((check) => check.code))].sort()
  const type = forbiddenType(input) ?? allowedType(input)
  const base = { type, codes, checks: input.checks, findings: input.findings }
  if (failing.length === 0) return { allowed: true, ...base }
  const typeCode = typeCodes[type]
  const code = codes.includes('DTL-STRAT-007')
    ? 'DTL-STRAT-007'
    : typeCode !== undefined && codes.includes(typeCode)
      ? typeCode
      : codes[0]!
  return { allowed: false, code, ...base }
}
