import { z } from 'zod'
import type { Provenance } from './provenance-types.ts'
import { sortedObject } from './sorted-object.ts'

const provenanceGoalSchema = sortedObject({
  original: z.string(),
  active: z.string(),
  reformulation: z
    .object({
      type: z.string(),
      confidence: z.number().min(0).max(1),
      evidenceIds: z.array(z.string()),
      ledgerRecordId: z.string().exactOptional(),
    })
    .exactOptional(),
})

const provenanceRouteSchema = sortedObject({
  scenario: z.string().nullable(),
  step: z.string().nullable(),
  decision: z.enum(['stayed', 'entered', 'exited', 'switched', 'resumed', 'none']),
  previousScenario: z.string().nullable(),
  scores: z.array(
    sortedObject({
      scenario: z.string(),
      step: z.string().exactOptional(),
      score: z.number(),
      boosted: z.boolean(),
    }),
  ),
  reason: z.string(),
})

const provenanceEnforcementSchema = sortedObject({
  outcome: z.enum(['allowed', 'redacted', 'blocked', 'regenerated', 'escalated']),
  violations: z.array(
    sortedObject({
      ruleId: z.string(),
      tier: z.string(),
      lane: z.union([z.literal(1), z.literal(2)]),
      message: z.string(),
    }),
  ),
  redactions: z.array(
    sortedObject({
      type: z.string(),
      count: z.number().int().min(0),
      mask: z.literal('last4').exactOptional(),
    }),
  ),
  lane2: sortedObject({ ran: z.boolean(), skipped: z.string().exactOptional() }).exactOptional(),
})

/** Zod schema of {@link Provenance}: validates a provenance object crossing a boundary (ledger, HTTP, storage). */
export const provenanceSchema = sortedObject({
  mode: z.enum(['normal', 'fallback', 'clarification-required']),
  queryHash: z.string().regex(/^[0-9a-f]{12}$/, 'expected 12 lowercase hex characters'),
  timestamp: z.iso.datetime({ offset: true }),
  goal: provenanceGoalSchema.exactOptional(),
  route: provenanceRouteSchema.exactOptional(),
  rules: z.array(
    sortedObject({
      id: z.string(),
      tier: z.enum(['hard-safety', 'process', 'style']),
      scope: z.enum(['global', 'scenario', 'step']),
      priority: z.number(),
      reason: z.string(),
    }),
  ),
  clarification: sortedObject({
    question: z.string(),
    options: z.array(z.string()),
    reason: z.string().exactOptional(),
  }).exactOptional(),
  tools: z.array(
    sortedObject({
      id: z.string(),
      status: z.enum(['ran', 'failed', 'blocked', 'awaiting-approval', 'approved', 'rejected']),
      reason: z.string().exactOptional(),
    }),
  ),
  plan: sortedObject({
    goal: sortedObject({
      intent: z.string(),
      entity: z.string(),
      artifact: z.string(),
      scope: z.string(),
      target: z.string().exactOptional(),
    }),
    confidence: z.number().min(0).max(1),
    evidence: z.array(z.string()),
    calls: z.array(
      sortedObject({
        tool: z.string(),
        command: z.string(),
        evidence: z.string(),
        status: z.string(),
        role: z.enum(['plan', 'fallback', 'recovery']),
      }),
    ),
    missing: z.array(z.string()),
    notDone: z.array(z.string()).exactOptional(),
  }).exactOptional(),
  enforcement: provenanceEnforcementSchema.exactOptional(),
  gates: z.array(sortedObject({ name: z.string(), status: z.string(), detail: z.string().exactOptional() })),
  evidence: sortedObject({ count: z.number().int().min(0), sources: z.array(z.string()) }),
}) satisfies z.ZodType<Provenance>
