import type {
  Provenance,
  ProvenanceEnforcement,
  ProvenanceGoal,
  ProvenancePlan,
  ProvenanceRoute,
} from '../ledger/provenance-types.ts'
import type { MatchedRule } from '../rules/types.ts'
import type { CompletedToolCall } from './session-state.ts'

/** What one turn decided, gathered for {@link buildTurnProvenance}. */
export interface ProvenanceInput {
  queryHash: string
  timestamp: string
  mode: Provenance['mode']
  text: string
  route?: ProvenanceRoute
  matched?: readonly MatchedRule[]
  clarification?: { question: string; options: string[]; reason?: string }
  completed?: readonly CompletedToolCall[]
  awaitingApproval?: string
  enforcement?: ProvenanceEnforcement
  gates?: Provenance['gates']
  /** A task agent's investigation plan. */
  plan?: ProvenancePlan
  /** The goal as given and as executed; @default the turn's text for both */
  goal?: ProvenanceGoal
}

/** Every decision of a turn as the JSON footer the UI renders. */
export function buildTurnProvenance(input: ProvenanceInput): Provenance {
  const completed = input.completed ?? []
  const tools: Provenance['tools'] = completed.map((call) => ({
    id: call.toolId,
    status: call.status,
    ...(call.reason === undefined ? {} : { reason: call.reason }),
  }))
  if (input.awaitingApproval !== undefined)
    tools.push({ id: input.awaitingApproval, status: 'awaiting-approval' })
  const ran = completed.filter((call) => call.status === 'ran' || call.status === 'approved')
  const provenance: Provenance = {
    mode: input.mode,
    queryHash: input.queryHash,
    timestamp: input.timestamp,
    goal: input.goal ?? { original: input.text, active: input.text },
    rules: (input.matched ?? []).map(({ rule, scope, reason }) => ({
      id: rule.id,
      tier: rule.tier,
      scope,
      priority: rule.priority,
      reason,
    })),
    tools,
    gates: input.gates ?? [],
    evidence: { count: ran.length, sources: ran.map((call) => call.toolId) },
  }
  if (input.route !== undefined) provenance.route = input.route
  if (input.clarification !== undefined) provenance.clarification = input.clarification
  if (input.enforcement !== undefined) provenance.enforcement = input.enforcement
  if (input.plan !== undefined) provenance.plan = input.plan
  return provenance
}
