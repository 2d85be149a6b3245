import { z } from 'zod'
import type { Lane2Rule } from './types.ts'

/** The strict PASS / FAIL + reason contract: one entry per rule id. */
export const lane2OutputSchema = z.object({
  results: z.array(
    z.object({
      rule_id: z.string().min(1),
      verdict: z.enum(['PASS', 'FAIL']),
      reason: z.string().min(1),
    }),
  ),
})

/** Validated Lane 2 model output. */
export type Lane2ModelOutput = z.infer<typeof lane2OutputSchema>

/** The system prompt of the Lane 2 judge. */
export const lane2SystemPrompt = `You are a compliance judge. For each RULE, decide whether the ASSISTANT_REPLY satisfies it.
Judge only the reply against the rule text. Do not rewrite the reply.
Return ONLY JSON: {"results":[{"rule_id": string, "verdict": "PASS"|"FAIL", "reason": string}]}
with exactly one entry per rule id, in the order given. The reason is one short sentence.`

/** The user message of one Lane 2 call. */
export function renderLane2Prompt(rules: readonly Lane2Rule[], reply: string, userMessage: string): string {
  const ruleLines = rules.map((rule) => `- ${rule.id}: ${rule.rubric}`).join('\n')
  return `RULES:\n${ruleLines}\n\nUSER_MESSAGE: <<<${userMessage}>>>\n\nASSISTANT_REPLY: <<<${reply}>>>`
}
