import { compileRuleTemplate } from '../enforcement/compile-rule-template.ts'
import type { FocalIssue } from '../errors/focal-error.ts'
import { classifyGuardrailTier } from './classify-guardrail-tier.ts'
import type { DefinitionRuleTier, FocalDefinitionInput } from './definition-schema.ts'

type RuleInput = NonNullable<FocalDefinitionInput['rules']>[number]
type ToolPolicyInput = NonNullable<NonNullable<FocalDefinitionInput['tools']>[number]['policy']>

/** One free-text guardrail mapped to a rule, maybe a tool policy, and what could not be mapped. */
export interface GuardrailMapping {
  rule: RuleInput
  toolPolicy?: { toolId: string; policy: Partial<ToolPolicyInput> }
  unmapped?: FocalIssue
}

const celWords = new Set(['true', 'false', 'null', 'in', 'has', 'size', 'args', 'session'])

/**
 * Maps a seed 004 guardrail through the offline rule templates (seed 004 §7 v1): "never mention X"
 * becomes a Lane 1 scan, "X must not exceed $50" a CEL check on the reply, "never use tool" and
 * "tool needs approval" tool policies. Anything else stays model guidance plus a Lane 2 rubric.
 * `tier` is the author's (seed 004 §1 options A and C); without it, safety rules are hard-safety
 * and other guardrails are classified from their text (option B).
 */
export function guardrailToRule(
  kind: 'never' | 'always' | 'safety',
  text: string,
  index: number,
  path: string,
  toolIds: ReadonlySet<string>,
  tier: DefinitionRuleTier = kind === 'safety' ? 'hard-safety' : classifyGuardrailTier(text),
): GuardrailMapping {
  const id = `${kind}-${index + 1}`
  const base: RuleInput = {
    id,
    description: text,
    scope: 'global',
    tier,
    action: kind === 'never' ? `Never: ${text}` : text,
  }
  const template = compileRuleTemplate(text)
  if (template?.kind === 'never-mention' && template.scan !== undefined) {
    const { detectors, blocklist } = template.scan
    return {
      rule: {
        ...base,
        tier: detectors !== undefined && detectors.length > 0 ? 'hard-safety' : tier,
        enforce: {
          onViolation: 'refuse',
          ...(detectors === undefined ? {} : { detectors: [...detectors] }),
          ...(blocklist === undefined ? {} : { blocklist: [...blocklist] }),
        },
      },
    }
  }
  if (template?.kind === 'threshold' && template.expression !== undefined) {
    const names = [...new Set(template.expression.match(/[A-Za-z_]\w*/gu) ?? [])].filter(
      (name) => !celWords.has(name),
    )
    const bindings = names.map((name) => ({
      name,
      kind: /amount|price|cost|total|fee|refund|charge/iu.test(name)
        ? ('money' as const)
        : ('number' as const),
      pick: 'max' as const,
    }))
    return {
      rule: { ...base, enforce: { expression: template.expression, bindings, onViolation: 'refuse' } },
    }
  }
  if (
    (template?.kind === 'tool-never' || template?.kind === 'tool-approval') &&
    template.tool !== undefined
  ) {
    const wanted = template.tool.id
    const toolId = toolIds.has(wanted) ? wanted : [...toolIds].find((candidate) => candidate.includes(wanted))
    if (toolId !== undefined) {
      const { allowed, requiresApproval, approval } = template.tool
      const policy: Partial<ToolPolicyInput> = {
        ...(template.kind === 'tool-never' ? { allowed } : {}),
        ...(requiresApproval === undefined ? {} : { requiresApproval }),
        ...(approval === undefined
          ? {}
          : {
              approval: {
                defaultAction: approval.defaultAction,
                ...(approval.approver === undefined ? {} : { approver: approval.approver }),
              },
            }),
      }
      return { rule: base, toolPolicy: { toolId, policy } }
    }
  }
  // Free text with no deterministic template: it guides the model and goes to the Lane 2 judge.
  return {
    rule: { ...base, judge: text },
    unmapped: {
      path,
      message: `"${text}" kept as model guidance and a Lane 2 judge rubric (${tier}); add \`enforce\` for a Lane 1 check`,
    },
  }
}
