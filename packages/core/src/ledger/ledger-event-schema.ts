import { z } from 'zod'
import { provenanceSchema } from './provenance-schema.ts'
import { sortedObject } from './sorted-object.ts'

const nonEmpty = z.string().min(1)
const isoTimestamp = z.iso.datetime({ offset: true })

/** The reformulation types seed 000 allows; the forbidden ones are never logged as active. */
export const allowedReformulationTypes = [
  'clarification',
  'scope-narrowing',
  'constraint-addition',
  'format-specification',
] as const

const goalReformulationEvent = sortedObject({
  type: z.literal('GOAL_REFORMULATION'),
  payload: sortedObject({
    original: nonEmpty,
    reformulated: nonEmpty,
    confidence: z.number().min(0).max(1),
    evidence_ids: z.array(nonEmpty).min(1),
    type: z.enum(allowedReformulationTypes),
  }),
})

const goalRestoredEvent = sortedObject({
  type: z.literal('GOAL_RESTORED'),
  payload: sortedObject({ original: nonEmpty, discarded: nonEmpty, reason: z.string().exactOptional() }),
})

const turnCompletedEvent = sortedObject({
  type: z.literal('turn-completed'),
  payload: sortedObject({
    turnId: nonEmpty,
    resultType: z.enum(['reply', 'clarification', 'approval-required', 'refused', 'handoff']),
    provenance: provenanceSchema,
  }),
})

const clarificationRequestedEvent = sortedObject({
  type: z.literal('clarification-requested'),
  payload: sortedObject({
    turnId: nonEmpty,
    question: nonEmpty,
    options: z.array(sortedObject({ id: nonEmpty, label: z.string(), value: z.string() })),
    reason: z.string(),
  }),
})

const approvalRequestedEvent = sortedObject({
  type: z.literal('approval-requested'),
  payload: sortedObject({
    approvalId: nonEmpty,
    turnId: nonEmpty.exactOptional(),
    toolId: nonEmpty,
    args: z.record(z.string(), z.unknown()),
    reason: z.string(),
    approver: z.string().exactOptional(),
    expiresAt: isoTimestamp.exactOptional(),
    defaultAction: z.enum(['approve', 'reject']),
  }),
})

const approvalResolvedEvent = sortedObject({
  type: z.literal('approval-resolved'),
  payload: sortedObject({
    approvalId: nonEmpty,
    /** `withdrawn`: the requester took the request back before anyone decided. */
    decision: z.enum(['approved', 'rejected', 'expired', 'withdrawn']),
    approver: z.string().exactOptional(),
    approverRole: z.string().exactOptional(),
    reason: z.string().exactOptional(),
  }),
})

const handoffRequestedEvent = sortedObject({
  type: z.literal('handoff-requested'),
  payload: sortedObject({ turnId: nonEmpty, reason: nonEmpty, target: z.string().exactOptional() }),
})

const handoffReleasedEvent = sortedObject({
  type: z.literal('handoff-released'),
  payload: sortedObject({ releasedBy: z.string().exactOptional(), reason: z.string().exactOptional() }),
})

/** A person who took the conversation over wrote to the customer (`engine.replyToHandoff`). */
const handoffRepliedEvent = sortedObject({
  type: z.literal('handoff-replied'),
  payload: sortedObject({ replyId: nonEmpty, by: nonEmpty }),
})

const goalGateEvaluatedEvent = sortedObject({
  type: z.literal('goal-gate-evaluated'),
  payload: sortedObject({
    status: z.enum(['SUCCESS', 'PARTIAL', 'BLOCKED', 'ABORTED', 'FAILED']),
    requestedStatus: z.enum(['SUCCESS', 'PARTIAL', 'BLOCKED', 'ABORTED', 'FAILED']),
    reason: z.string(),
    trustGate: z.enum(['PASS', 'FAIL']),
    goalGate: z.string(),
    attemptNumber: z.number().int().min(1),
    maxGoalAttempts: z.number().int().min(1),
    metCount: z.number().int().min(0),
    totalCount: z.number().int().min(0),
  }),
})

/**
 * A goal contract set on a session's first completion, or replaced (`replaceContract`): its
 * SHA-256 over its canonical JSON, so what each later `goal-gate-evaluated` judged against is on
 * record and a moved goalpost shows.
 */
const goalContractSetEvent = sortedObject({
  type: z.literal('goal-contract-set'),
  payload: sortedObject({
    contractSha256: z.string().regex(/^[0-9a-f]{64}$/),
    replaced: z.boolean(),
    criteria: z.number().int().min(0),
    maxGoalAttempts: z.number().int().min(1),
  }),
})

const ruleViolatedEvent = sortedObject({
  type: z.literal('rule-violated'),
  payload: sortedObject({
    turnId: nonEmpty.exactOptional(),
    ruleId: nonEmpty,
    tier: z.enum(['hard-safety', 'process', 'style']),
    lane: z.union([z.literal(1), z.literal(2)]),
    message: z.string(),
    action: z.enum(['regenerate', 'redact', 'refuse', 'escalate', 'none']).exactOptional(),
  }),
})

const toolCalledEvent = sortedObject({
  type: z.literal('tool-called'),
  payload: sortedObject({
    turnId: nonEmpty.exactOptional(),
    toolId: nonEmpty,
    status: z.enum(['ran', 'failed', 'blocked', 'awaiting-approval', 'approved', 'rejected']),
    args: z.record(z.string(), z.unknown()).exactOptional(),
    reason: z.string().exactOptional(),
  }),
})

/** Seed 004 §9.13 `final_alignment_judge_result` (field names as the seed writes them). */
const finalAlignmentJudgeResultEvent = sortedObject({
  type: z.literal('final_alignment_judge_result'),
  payload: sortedObject({
    timestamp: isoTimestamp,
    job_id: nonEmpty,
    session_id: nonEmpty,
    user_id_hash: z.string(),
    intent_id: z.string(),
    capability_profile_id: z.string(),
    quality_score: z.number().min(0).max(1),
    verdict: z.enum(['PASS', 'PASS_WITH_CAVEATS', 'FAIL']),
    reason_codes: z.array(nonEmpty),
    fix_mode: z.enum(['REWRITE_ONLY', 'NEEDS_NEW_EVIDENCE', 'NEEDS_USER_CLARIFICATION']),
    attempt_index: z.number().int().min(0),
    model_id: z.string(),
    token_cost: z.number().min(0).exactOptional(),
  }),
})

/** Seed 004 §9.13 `finalization_outcome`. */
const finalizationOutcomeEvent = sortedObject({
  type: z.literal('finalization_outcome'),
  payload: sortedObject({
    timestamp: isoTimestamp,
    job_id: nonEmpty,
    session_id: nonEmpty,
    final_verdict: z.enum(['pass', 'fail', 'caveats']),
    num_retries: z.number().int().min(0),
    time_to_finalize_ms: z.number().min(0),
    user_feedback: z.enum(['up', 'down']).exactOptional(),
  }),
})

/** Unpadded base64url, the way sealed bytes are written into the ledger. */
const base64Url = z.string().regex(/^[A-Za-z0-9_-]+$/u, 'must be unpadded base64url')

/**
 * A personal value typed by the user, sealed for the ledger (crypto-shredding): AES-GCM under the
 * session's own key, bound to the session, placeholder and detector as additional data. The chain
 * hashes the ciphertext, so erasing the key makes the value unreadable and the chain still verifies.
 */
const personalValueSealedEvent = sortedObject({
  type: z.literal('personal-value-sealed'),
  payload: sortedObject({
    placeholder: z.string().regex(/^\[[A-Z][A-Z0-9_]*_[1-9][0-9]*\]$/u, 'must look like [CREDIT_CARD_1]'),
    detector: nonEmpty,
    algorithm: z.literal('AES-GCM-256'),
    /** The 96-bit nonce, base64url. */
    iv: base64Url.length(16),
    ciphertext: base64Url,
  }),
})

/**
 * Every event the ledger accepts, discriminated on `type`. `createLedger().append` validates with
 * it and rejects anything else with `FocalError` `invalid-ledger-event`.
 */
export const ledgerEventSchema = z.discriminatedUnion('type', [
  goalReformulationEvent,
  goalRestoredEvent,
  turnCompletedEvent,
  clarificationRequestedEvent,
  approvalRequestedEvent,
  approvalResolvedEvent,
  handoffRequestedEvent,
  handoffReleasedEvent,
  handoffRepliedEvent,
  goalGateEvaluatedEvent,
  goalContractSetEvent,
  ruleViolatedEvent,
  toolCalledEvent,
  finalAlignmentJudgeResultEvent,
  finalizationOutcomeEvent,
  personalValueSealedEvent,
])

/** A typed ledger event: `{ type, payload }`. */
export type LedgerEvent = z.infer<typeof ledgerEventSchema>

/** The `type` of every ledger event. */
export type LedgerEventType = LedgerEvent['type']

/** The payload of the ledger event of type `Type`. */
export type LedgerEventPayload<Type extends LedgerEventType> = Extract<LedgerEvent, { type: Type }>['payload']
