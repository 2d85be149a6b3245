import { FocalError } from '../errors/focal-error.ts'
import type { Clock } from '../ports/ports.ts'
import { computeQueryHash } from './compute-query-hash.ts'
import { provenanceSchema } from './provenance-schema.ts'
import type {
  Provenance,
  ProvenanceEnforcement,
  ProvenanceGate,
  ProvenanceGoal,
  ProvenanceRoute,
  ProvenanceRule,
  ProvenanceTool,
} from './provenance-types.ts'

/** Options of {@link buildProvenance}: the parts of one turn's or run's footer. */
export interface BuildProvenanceOptions {
  /** The user text or query; only its 12-hex SHA-256 prefix is kept. */
  query: string
  /** @default 'clarification-required' when `clarification` is given, else 'normal' */
  mode?: Provenance['mode']
  /** Original and active goal (`goalState.toProvenance()`). @default omitted */
  goal?: ProvenanceGoal
  /** Evidence used; count and distinct sources are kept. @default [] */
  evidence?: ReadonlyArray<{ source: string }>
  /** @default [] */
  rules?: readonly ProvenanceRule[]
  /** @default [] */
  tools?: readonly ProvenanceTool[]
  /** @default [] */
  gates?: readonly ProvenanceGate[]
  /** @default omitted */
  enforcement?: ProvenanceEnforcement
  /** @default omitted */
  route?: ProvenanceRoute
  /** @default omitted */
  clarification?: { question: string; options: readonly string[]; reason?: string }
  /** Source of the timestamp. @default { now: Date.now } */
  clock?: Clock
}

/**
 * Builds the provenance footer of a turn or run and validates it against `provenanceSchema`
 * (throws FocalError `invalid-argument` with located issues on a malformed part).
 *
 * @example
 * const provenance = await buildProvenance({
 *   query: input.text,
 *   goal: goalState.toProvenance(),
 *   evidence: [{ source: 'market-feed' }],
 *   gates: [{ name: 'final-alignment', status: 'PASS' }],
 * })
 */
export async function buildProvenance({
  query,
  mode,
  goal,
  evidence = [],
  rules = [],
  tools = [],
  gates = [],
  enforcement,
  route,
  clarification,
  clock = { now: () => Date.now() },
}: BuildProvenanceOptions): Promise<Provenance> {
  const provenance: Provenance = {
    mode: mode ?? (clarification === undefined ? 'normal' : 'clarification-required'),
    queryHash: await computeQueryHash(query),
    timestamp: new Date(clock.now()).toISOString(),
    ...(goal !== undefined && { goal }),
    ...(route !== undefined && { route }),
    rules: [...rules],
    ...(clarification !== undefined && {
      clarification: {
        question: clarification.question,
        options: [...clarification.options],
        ...(clarification.reason === undefined ? {} : { reason: clarification.reason }),
      },
    }),
    tools: [...tools],
    ...(enforcement !== undefined && { enforcement }),
    gates: [...gates],
    evidence: { count: evidence.length, sources: [...new Set(evidence.map((item) => item.source))] },
  }
  const parsed = provenanceSchema.safeParse(provenance)
  if (parsed.success) return parsed.data
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }))
  throw new FocalError({
    code: 'invalid-argument',
    message: `buildProvenance: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
    issues,
  })
}
