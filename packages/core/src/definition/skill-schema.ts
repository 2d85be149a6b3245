import { z } from 'zod'
import type { DefinitionRuleTier } from './definition-schema.ts'

const text = z.string().min(1)
const identifier = z
  .string()
  .min(1, 'must not be empty')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'use letters, digits, "_", "-", "." or ":" only')
const upperSnakeCase = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]*$/, 'use UPPER_SNAKE_CASE (letters, digits and "_"), e.g. MISSING_ORDER_ID')

/** Seed 004 §1 option C: an author's tier tag, as a number, a tier name or a common alias. */
export const skillTierTags: Readonly<Record<string, DefinitionRuleTier>> = {
  '1': 'hard-safety',
  tier1: 'hard-safety',
  'hard-safety': 'hard-safety',
  hard_safety: 'hard-safety',
  safety: 'hard-safety',
  '2': 'process',
  tier2: 'process',
  process: 'process',
  '3': 'style',
  tier3: 'style',
  style: 'style',
  persona: 'style',
}

const tierTag = z
  .union([z.number(), z.string()])
  .refine((tag) => String(tag).toLowerCase() in skillTierTags, {
    error: (issue) =>
      `unknown tier ${JSON.stringify(issue.input)} (expected 1, 2, 3, hard-safety, process or style)`,
  })

/**
 * Zod reports a failed union as a whole ("Invalid input"); say instead what is wrong with the
 * shape the author chose (the branch that did not fail on the value's type).
 */
function explainUnion(expected: string) {
  return (issue: z.core.$ZodRawIssue): string => {
    if (issue.code !== 'invalid_union') return expected
    const branch = issue.errors.find(
      (issues) => !issues.every((inner) => inner.code === 'invalid_type' && inner.path.length === 0),
    )
    if (branch === undefined) return expected
    return branch
      .map((inner) => {
        const at = inner.path
          .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
          .join('')
        return at === '' ? inner.message : `${at.replace(/^\./u, '')}: ${inner.message}`
      })
      .join('; ')
  }
}

/** A guardrail: its text, or (option C) `{ text, tier }`. */
const guardrail = z.union([text, z.looseObject({ text, tier: tierTag.optional() })], {
  error: explainUnion('expected a guardrail text or { text, tier }'),
})

/** A workflow step: a tool id, a sentence, or an object naming it. */
const workflowStep = z.union(
  [
    text,
    z
      .looseObject({
        id: identifier.optional(),
        name: text.optional(),
        tool: text.optional(),
        description: text.optional(),
      })
      .refine(
        (step) => (step.id ?? step.name ?? step.tool ?? step.description) !== undefined,
        'a step needs an id, a name, a tool or a description',
      ),
  ],
  { error: explainUnion('expected a step (a tool id or a sentence) or { id, name, tool, description }') },
)

/** Seed 004 §5: `MISSING_ORDER_ID` or `{ code, severity, description, missing_pattern }`. */
const customReasonCode = z.union(
  [
    upperSnakeCase,
    z.looseObject({
      code: upperSnakeCase,
      severity: z.enum(['hard', 'soft']).optional(),
      description: text.optional(),
      missing_pattern: text.optional(),
    }),
  ],
  {
    error: explainUnion('expected a reason code such as MISSING_ORDER_ID or { code, severity, description }'),
  },
)

const finalizationGate = z.looseObject({
  enabled: z.boolean().optional(),
  max_retries: z.number().int().min(0).max(5).optional(),
  strictness: z.enum(['low', 'medium', 'high']).optional(),
  model: text.optional(),
  custom_reason_codes: z.array(customReasonCode).optional(),
})

/** Seed 004 §2: an output pattern, as a regex or `{ regex, message, type, flags }`. */
const safetyPattern = z.union(
  [
    text,
    z
      .looseObject({
        regex: text.optional(),
        pattern: text.optional(),
        message: text.optional(),
        type: identifier.optional(),
        flags: z.string().optional(),
      })
      .refine((entry) => (entry.regex ?? entry.pattern) !== undefined, 'a safety pattern needs its regex'),
  ],
  { error: explainUnion('expected a regex or { regex, message }') },
)

const toolInput = z.looseObject({
  name: identifier,
  type: text.optional(),
  description: z.string().optional(),
  required: z.boolean().optional(),
  enum: z.array(z.union([z.string(), z.number(), z.boolean()])).optional(),
})

const tool = z
  .looseObject({
    id: identifier.optional(),
    name: text.optional(),
    description: z.string().optional(),
    inputs: z.array(toolInput).optional(),
    output: z.record(z.string(), z.unknown()).optional(),
    policy: z
      .looseObject({
        allowed: z.enum(['always', 'conditional', 'never']).optional(),
        condition: z.string().optional(),
        when: z.string().optional(),
        requires_approval: z.union([z.string(), z.boolean()]).optional(),
      })
      .optional(),
  })
  .refine((entry) => (entry.id ?? entry.name) !== undefined, 'a tool needs an id or a name')

/**
 * The skill YAML of seed 004 and of the Skill Builder's export (loose: unknown keys are kept so
 * the importer reports them as unmapped, with their path, instead of rejecting the skill).
 */
export const skillSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  persona: z.string().optional(),
  role: z.looseObject({ name: text.optional(), persona: z.string().optional() }).optional(),
  problem: z.looseObject({ statement: z.string().optional() }).optional(),
  intents: z
    .looseObject({
      supported: z
        .array(
          z
            .looseObject({
              id: identifier.optional(),
              name: text.optional(),
              description: text.optional(),
              examples: z.array(text).optional(),
              keywords: z.array(text).optional(),
            })
            .refine(
              (intent) => (intent.id ?? intent.name ?? intent.description) !== undefined,
              'an intent needs an id, a name or a description',
            ),
        )
        .optional(),
      out_of_domain: z.looseObject({ message: text.optional() }).optional(),
    })
    .optional(),
  policy: z
    .looseObject({
      /** `{ never, always }`, or (seed 004 §1 option A) one list of tier 3 guardrails. */
      guardrails: z
        .union(
          [
            z.array(guardrail),
            z.looseObject({ never: z.array(guardrail).default([]), always: z.array(guardrail).default([]) }),
          ],
          { error: explainUnion('expected a list of guardrails or { never, always }') },
        )
        .optional(),
      safety_rules: z.array(guardrail).optional(),
      safety_patterns: z.array(safetyPattern).optional(),
      workflows: z
        .array(
          z.looseObject({
            id: identifier.optional(),
            name: text.optional(),
            trigger: z.union([text, z.array(text)]).optional(),
            steps: z.array(workflowStep).min(1),
            required: z.boolean().optional(),
          }),
        )
        .optional(),
      approvals: z
        .array(
          z.looseObject({
            tool_id: text,
            when: z.string().optional(),
            action: z.string().optional(),
            approver: z.string().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  tools: z.array(tool).optional(),
  engine: z
    .looseObject({ model: text.optional(), finalization_gate: finalizationGate.optional() })
    .optional(),
  /** Seed 004 §5 writes the gate at the top level; the same as `engine.finalization_gate`. */
  finalization_gate: finalizationGate.optional(),
})

/** A parsed skill document. */
export type SkillDocument = z.output<typeof skillSchema>
/** One guardrail entry of a skill: its text or `{ text, tier }`. */
export type SkillGuardrail = z.output<typeof guardrail>
/** One workflow step of a skill. */
export type SkillWorkflowStep = z.output<typeof workflowStep>
/** One custom reason code of a skill's finalization gate. */
export type SkillCustomReasonCode = z.output<typeof customReasonCode>
/** One tool of a skill. */
export type SkillTool = z.output<typeof tool>
