import type { Lane2Outcome, Lane2Rule } from '../enforcement/lane2/types.ts'
import type { EnforcementResult, RuleViolation } from '../enforcement/types.ts'
import type { ProvenanceEnforcement } from '../ledger/provenance-types.ts'
import type { MatchedRule } from '../rules/types.ts'
import { everyReplyLane2Rules } from './reply-enforcer.ts'
import type { TurnDependencies } from './turn-types.ts'

/** The enforced reply of one turn. */
export interface EnforcedReply {
  text: string
  refused: boolean
  /** A model draft failed and the approved templates stood in. */
  fallback: boolean
  enforcement: ProvenanceEnforcement
  /** Lane 1 violations, for the ledger. */
  violations: RuleViolation[]
  lane2Violations: Array<{ ruleId: string; tier: RuleViolation['tier']; message: string }>
  /** Violations of earlier drafts that were regenerated, for the ledger. */
  rejected: RejectedDraftViolation[]
}

/** What {@link enforceDraft} needs besides the dependencies. */
export interface EnforceDraftInput {
  matched: readonly MatchedRule[]
  variables: Record<string, unknown>
  userMessage: string
  /** The turn ran a tool that needed approval: Lane 2 judges every rule. */
  riskyAction: boolean
  /** Where the turn is: the plan's every-reply Lane 2 rules of this scope run. */
  scenario: string | null
  step: string | null
  /** Passages of the reply that quote the user's own request (see `EnforcementContext.quoted`). */
  quoted?: readonly string[]
  /**
   * Drafts a reply; `instruction` says why the previous draft was rejected, `rejectedRuleIds` which
   * rules rejected it (empty for the first draft).
   */
  draft: (
    instruction: string | undefined,
    rejectedRuleIds: readonly string[],
  ) => Promise<{ text: string; fallback: boolean }>
  /**
   * The approved templates' reply, for a turn whose tool acted: a model draft refused at the end
   * gives way to it (checked by Lane 1 too), so the customer hears what was done rather than a
   * refusal (outside review rv63 4: a $30 refund ran and the customer read "I can only issue
   * refunds of up to $50", because the draft had said $500).
   */
  approved?: () => string
}

/**
 * The rules whose Lane 1 checks a reply gets: those the turn matched, and every rule scoped to the
 * scenario and step the turn is in (a scoped refund cap checks every reply of the refund, also on
 * a turn whose words matched no rule of it). Global ones the enforcer adds itself.
 */
export function checkedRuleIds(
  dependencies: TurnDependencies,
  matched: readonly { rule: { id: string } }[],
  scenario: string | null | undefined,
  step: string | null | undefined,
): string[] {
  const ids = new Set(matched.map((entry) => entry.rule.id))
  for (const id of dependencies.compiled.rulesInScope(scenario ?? null, step ?? null)) ids.add(id)
  return [...ids]
}

/**
 * Lane 1 on every draft (global hard constraints always), then Lane 2 for the matched rules'
 * `judge` rubrics; a violation regenerates (bounded, model only) and finally refuses. Style rules
 * stay best effort: once regenerations are spent their violations are logged, not refused.
 */
export async function enforceDraft(
  dependencies: TurnDependencies,
  input: EnforceDraftInput,
): Promise<EnforcedReply> {
  const { settings } = dependencies.compiled.definition
  const ruleIds = checkedRuleIds(dependencies, input.matched, input.scenario, input.step)
  const lane2Rules = turnLane2Rules(dependencies, input.matched, input.scenario, input.step)
  let attempt = 0
  let instruction: string | undefined
  let fallback = false
  // Violations of drafts that were regenerated: never delivered, still recorded.
  const rejected: RejectedDraftViolation[] = []
  let reported = 0
  for (;;) {
    const drafted = await input.draft(
      instruction,
      rejected.slice(reported).map((violation) => violation.ruleId),
    )
    reported = rejected.length
    fallback ||= drafted.fallback
    const canRegenerate =
      dependencies.model !== undefined && !drafted.fallback && attempt < settings.maxRegenerations
    const lane1: EnforcementResult = dependencies.enforcer?.check(drafted.text, {
      variables: input.variables,
      ruleIds,
      attempt,
      ...(input.quoted === undefined ? {} : { quoted: input.quoted }),
    }) ?? { type: 'allowed', text: drafted.text, findings: [] }
    if (lane1.type === 'regenerate' && canRegenerate) {
      rejected.push(
        ...lane1.violations.map((violation) => ({
          ruleId: violation.ruleId,
          tier: violation.tier,
          lane: 1 as const,
          message: violation.message,
          action: 'regenerate' as const,
        })),
      )
      instruction = lane1.instruction
      attempt++
      continue
    }
    if (lane1.type !== 'allowed' && lane1.type !== 'redacted') {
      const refused = refusal(dependencies, lane1, fallback, lane2Skipped(dependencies, lane2Rules))
      return withRejected(
        fallback ? refused : (approvedInstead(dependencies, input, ruleIds, refused) ?? refused),
        rejected,
      )
    }
    const judged =
      dependencies.lane2 === undefined || lane2Rules.length === 0
        ? undefined
        : await dependencies.lane2.judge({
            rules: lane2Rules,
            reply: lane1.text,
            userMessage: input.userMessage,
            riskyAction: input.riskyAction,
          })
    // What reaches provenance and the ledger is screened; the next draft's instruction goes to the
    // model only, and keeps the judge's words ("promised a $75 refund") so the rewrite can act on them.
    const lane2 = screenedLane2(dependencies, judged, input.variables, ruleIds)
    if (lane2?.type === 'violated' && canRegenerate) {
      rejected.push(
        ...lane2.violations.map((violation) => ({
          ruleId: violation.ruleId,
          tier: violation.tier,
          lane: 2 as const,
          message: violation.message,
          action: 'regenerate' as const,
        })),
      )
      const reasons = judged?.type === 'violated' ? judged.violations : lane2.violations
      instruction = `Rewrite the reply so it satisfies: ${reasons.map((violation) => violation.message).join('; ')}.`
      attempt++
      continue
    }
    const lane2Violations = lane2 === undefined || lane2.type === 'allowed' ? [] : lane2.violations
    const hardLane2 =
      lane2 !== undefined &&
      (lane2.type === 'blocked' ||
        lane2.type === 'escalated' ||
        (lane2.type === 'violated' && lane2Violations.some((violation) => violation.tier !== 'style')))
    const lane1Violations = lane1.type === 'redacted' ? lane1.violations : []
    // Each violation once, however many drafts broke it (outside review rv63 6: three drafts
    // failing three rules listed nine entries, with nothing telling the drafts apart); the ledger
    // keeps a record per draft.
    const violations = onceEach([
      ...rejected.map(({ action: _action, ...violation }) => violation),
      ...lane1Violations.map(toProvenanceViolation),
      ...lane2Violations.map((violation) => ({ ...violation, lane: 2 as const })),
    ])
    const counts = new Map<string, number>()
    if (lane1.type === 'redacted') {
      // Two rules can find the same span (the built-in detectors and a card-number guardrail).
      const spans = new Set<string>()
      for (const finding of lane1.findings) {
        const span = `${finding.type}:${finding.start}:${finding.end}`
        if (spans.has(span)) continue
        spans.add(span)
        counts.set(finding.type, (counts.get(finding.type) ?? 0) + 1)
      }
    }
    const enforcement: ProvenanceEnforcement = {
      outcome: hardLane2
        ? lane2?.type === 'escalated'
          ? 'escalated'
          : 'blocked'
        : lane1.type === 'redacted'
          ? 'redacted'
          : attempt > 0
            ? 'regenerated'
            : 'allowed',
      violations,
      redactions: [...counts].map(([type, count]) => {
        const mask = settings.redaction[type]?.mask
        return mask === undefined ? { type, count } : { type, count, mask }
      }),
      lane2: lane2Summary(dependencies, lane2Rules, lane2),
    }
    const reply: EnforcedReply = {
      text: hardLane2 ? settings.refusalReply : lane1.text,
      refused: hardLane2,
      fallback,
      enforcement,
      violations: lane1Violations,
      lane2Violations: lane2Violations.map(({ ruleId, tier, message }) => ({ ruleId, tier, message })),
      rejected,
    }
    return hardLane2 && !fallback ? (approvedInstead(dependencies, input, ruleIds, reply) ?? reply) : reply
  }
}

/**
 * `refused` (a model draft refused at the end) with the approved templates' reply in its place,
 * when the turn has one ({@link EnforceDraftInput.approved}) and Lane 1 lets it through; the
 * refused draft's violations stay on record. Undefined otherwise: the refusal stands.
 */
function approvedInstead(
  dependencies: TurnDependencies,
  input: EnforceDraftInput,
  ruleIds: readonly string[],
  refused: EnforcedReply,
): EnforcedReply | undefined {
  if (input.approved === undefined) return undefined
  const text = input.approved()
  const checked = dependencies.enforcer?.check(text, {
    variables: input.variables,
    ruleIds: [...ruleIds],
    attempt: 0,
    ...(input.quoted === undefined ? {} : { quoted: input.quoted }),
  }) ?? { type: 'allowed' as const, text, findings: [] }
  if (checked.type !== 'allowed' && checked.type !== 'redacted') return undefined
  const counts = new Map<string, number>()
  if (checked.type === 'redacted')
    for (const finding of checked.findings) counts.set(finding.type, (counts.get(finding.type) ?? 0) + 1)
  const { settings } = dependencies.compiled.definition
  return {
    ...refused,
    text: checked.text,
    refused: false,
    fallback: true,
    enforcement: {
      ...refused.enforcement,
      redactions: [...counts].map(([type, count]) => {
        const mask = settings.redaction[type]?.mask
        return mask === undefined ? { type, count } : { type, count, mask }
      }),
    },
    violations: [...refused.violations, ...(checked.type === 'redacted' ? checked.violations : [])],
  }
}

/**
 * The Lane 2 rules a turn's reply is judged by: the plan's every-reply rules in scope (guardrails,
 * hard-safety rubrics, never gated on the user's words) and the matched rules' `judge` rubrics.
 */
export function turnLane2Rules(
  dependencies: TurnDependencies,
  matched: readonly MatchedRule[],
  scenario: string | null,
  step: string | null,
): Lane2Rule[] {
  const everyReply = everyReplyLane2Rules(dependencies.plan, scenario, step)
  return [
    ...everyReply,
    ...matched.flatMap(({ rule }) =>
      rule.judge === undefined || everyReply.some((entry) => entry.id === rule.id)
        ? []
        : [
            {
              id: rule.id,
              tier: rule.tier,
              rubric: typeof rule.judge === 'string' ? rule.judge : rule.judge.rubric,
            },
          ],
    ),
  ]
}

/** A violation of a draft that was regenerated (Lane 1 or Lane 2). */
export interface RejectedDraftViolation {
  ruleId: string
  tier: RuleViolation['tier']
  lane: 1 | 2
  message: string
  action: 'regenerate'
}

function withRejected(reply: EnforcedReply, rejected: RejectedDraftViolation[]): EnforcedReply {
  if (rejected.length === 0) return reply
  return {
    ...reply,
    rejected,
    enforcement: {
      ...reply.enforcement,
      violations: [
        ...rejected.map(({ action: _action, ...violation }) => violation),
        ...reply.enforcement.violations,
      ],
    },
  }
}

function refusal(
  dependencies: TurnDependencies,
  outcome: Exclude<EnforcementResult, { type: 'allowed' | 'redacted' }>,
  fallback: boolean,
  lane2: ProvenanceEnforcement['lane2'],
): EnforcedReply {
  const first = outcome.violations[0]?.ruleId
  const ruleRefusal =
    first === undefined ? undefined : dependencies.compiled.rulesById.get(first)?.enforce?.refusal
  const text =
    (outcome.type === 'blocked' ? outcome.refusal : undefined) ??
    ruleRefusal ??
    dependencies.compiled.definition.settings.refusalReply
  return {
    text,
    refused: true,
    fallback,
    enforcement: {
      outcome: outcome.type === 'escalated' ? 'escalated' : 'blocked',
      violations: outcome.violations.map(toProvenanceViolation),
      redactions: [],
      ...(lane2 === undefined ? {} : { lane2 }),
    },
    violations: outcome.violations,
    lane2Violations: [],
    rejected: [],
  }
}

function toProvenanceViolation(violation: RuleViolation): ProvenanceEnforcement['violations'][number] {
  return { ruleId: violation.ruleId, tier: violation.tier, lane: 1, message: violation.message }
}

function lane2Skipped(
  dependencies: TurnDependencies,
  rules: readonly Lane2Rule[],
): ProvenanceEnforcement['lane2'] {
  return lane2Summary(dependencies, rules, undefined, 'Lane 1 refused the draft')
}

/** What a judge's reason becomes when Lane 1 would not let it through as a reply. */
export const withheldLane2Reason = "The judge's reason was withheld: it broke a rule itself."

/**
 * The outcome with every violation's reason passed through Lane 1 like a reply: the reason is text
 * the judge model wrote, and it reaches the client (provenance, the widget's footer) and the
 * append-only ledger. What a rule redacts is redacted; a reason a rule
 * would refuse, escalate or regenerate (a competitor named, a refund promised) is withheld.
 */
function screenedLane2(
  dependencies: TurnDependencies,
  outcome: Lane2Outcome | undefined,
  variables: Record<string, unknown>,
  ruleIds: readonly string[],
): Lane2Outcome | undefined {
  const enforcer = dependencies.enforcer
  if (outcome === undefined || outcome.type === 'allowed' || enforcer === undefined) return outcome
  const screened = (message: string): string => {
    const result = enforcer.check(message, { variables, ruleIds })
    return result.type === 'allowed' || result.type === 'redacted' ? result.text : withheldLane2Reason
  }
  return {
    ...outcome,
    violations: outcome.violations.map((violation) => ({
      ...violation,
      message: screened(violation.message),
    })),
  }
}

function lane2Summary(
  dependencies: TurnDependencies,
  rules: readonly Lane2Rule[],
  outcome: Lane2Outcome | undefined,
  because?: string,
): NonNullable<ProvenanceEnforcement['lane2']> {
  if (outcome !== undefined)
    return { ran: true, ...(outcome.skipped === undefined ? {} : { skipped: outcome.skipped }) }
  if (because !== undefined) return { ran: false, skipped: because }
  if (rules.length === 0) return { ran: false, skipped: 'no subjective rule matched' }
  return {
    ran: false,
    skipped: dependencies.lane2 === undefined ? 'no judge model configured' : 'not selected',
  }
}

/** `violations` without repeats: the first of each rule, lane, tier and message. */
function onceEach<Violation extends ProvenanceEnforcement['violations'][number]>(
  violations: readonly Violation[],
): Violation[] {
  const seen = new Set<string>()
  return violations.filter((violation) => {
    const key = `${violation.ruleId}\u0000${violation.lane}\u0000${violation.tier}\u0000${violation.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
