import { z } from 'zod'

const text = z.string().min(1)

/** The skill YAML shape of seed 004 (loose: unknown keys are reported as unmapped, not rejected). */
export const skillSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  persona: z.string().optional(),
  policy: z
    .looseObject({
      guardrails: z
        .looseObject({ never: z.array(text).default([]), always: z.array(text).default([]) })
        .optional(),
      safety_rules: z.array(text).optional(),
      workflows: z
        .array(
          z.looseObject({
            id: z.string().optional(),
            name: z.string().optional(),
            trigger: z.union([text, z.array(text)]).optional(),
            steps: z.array(text).min(1),
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
  tools: z
    .array(
      z.looseObject({
        id: text,
        description: z.string().optional(),
        policy: z
          .looseObject({
            allowed: z.enum(['always', 'conditional', 'never']).optional(),
            condition: z.string().optional(),
            when: z.string().optional(),
            requires_approval: z.union([z.string(), z.boolean()]).optional(),
          })
          .optional(),
      }),
    )
    .optional(),
  engine: z
    .looseObject({
      finalization_gate: z
        .looseObject({
          enabled: z.boolean().optional(),
          max_retries: z.number().int().min(0).max(5).optional(),
          strictness: z.enum(['low', 'medium', 'high']).optional(),
          model: z.string().min(1).optional(),
        })
        .optional(),
    })
    .optional(),
})

/** A parsed skill document. */
export type SkillDocument = z.output<typeof skillSchema>
