import { z } from 'zod'
import { builtInDetectors } from '../enforcement/create-scanner.ts'
import type { DetectorId } from '../enforcement/types.ts'
import { renderCompilerPrompt } from './compiler-prompts.ts'
import type { CompilerToolSchema } from './types.ts'

const tier = z.enum(['hard-safety', 'process', 'style'])
const bindingKind = z.enum(['money', 'percentage', 'count', 'number'])

/**
 * The model's compiled form of one guardrail (first call): its tier, and a mechanical check on
 * replies, on tool calls, or none when the rule needs judgment.
 */
export const guardrailFormOutputSchema = z.object({
  tier,
  target: z.enum(['reply', 'tool-call', 'none']),
  /** Reply: terms that must never appear (names, exact words). */
  blocklist: z.array(z.string().min(1).max(80)).max(40).optional(),
  /** Reply: simple regexes whose matches violate the rule. */
  patterns: z
    .array(z.object({ type: z.string().regex(/^[a-z][a-z0-9_-]*$/u), pattern: z.string().min(1).max(300) }))
    .max(10)
    .optional(),
  /** Reply: built-in detectors whose findings violate the rule. */
  detectors: z.array(z.enum(builtInDetectors as [DetectorId, ...DetectorId[]])).optional(),
  /** Reply: CEL over values read from the reply (`bindings`), TRUE when the reply is allowed. Tool call: CEL over `tool` and `args`, TRUE when the rule triggers. */
  expression: z.string().min(1).max(2000).optional(),
  bindings: z
    .array(
      z.object({
        name: z.string().regex(/^[a-z_][a-z0-9_]*$/u),
        kind: bindingKind,
        label: z.string().min(1).max(40).optional(),
      }),
    )
    .max(5)
    .optional(),
  /** Tool call: the tool id the rule governs. */
  tool: z.string().min(1).optional(),
  /** Tool call: what happens when the expression is true. */
  effect: z.enum(['block', 'approval']).optional(),
})

/** The model's compiled form of one guardrail. */
export type GuardrailFormOutput = z.output<typeof guardrailFormOutputSchema>

/** The model's test cases for one guardrail (second call, independent of the first). */
export const guardrailCasesOutputSchema = z.object({
  replies: z
    .array(z.object({ text: z.string().min(1).max(1000), violates: z.boolean() }))
    .max(8)
    .default([]),
  tool_calls: z
    .array(
      z.object({
        tool: z.string().min(1),
        args: z.record(z.string(), z.unknown()).default({}),
        violates: z.boolean(),
      }),
    )
    .max(8)
    .default([]),
})

/** The model's test cases for one guardrail. */
export type GuardrailCasesOutput = z.output<typeof guardrailCasesOutputSchema>

const detectorList = builtInDetectors.join(', ')

/** System prompt of the form call. */
export const compileGuardrailSystemPrompt = `You compile a policy rule of a customer-facing AI agent into a mechanical check, when one exists.
Tier: "hard-safety" (privacy, secrets, payment data, destructive or irreversible actions, money limits, legal/financial/medical advice, competitors or confidential matters), "process" (workflow order, verification, approvals, evidence), "style" (tone, persona, format).
Target:
- "reply": the rule is about what a reply may say. Give any of: "blocklist" (exact names or words that must never appear; list the concrete names, e.g. the well-known competitors of the business described), "patterns" (short literal-like regexes, no nested quantifiers), "detectors" (built-in: ${detectorList}), or "expression" + "bindings" (CEL over numbers read from the reply, TRUE when the reply is ALLOWED, e.g. "refund_amount <= 50" with bindings [{"name":"refund_amount","kind":"money","label":"refund"}]).
- "tool-call": the rule is about calling a tool. Give "tool" (its id), "expression" (CEL over \`tool\` and \`args\`, TRUE when the rule TRIGGERS) and "effect" ("block" or "approval").
- "none": the rule needs judgment (tone, relevance, advice of any kind phrased in any words); it will be judged by a model on every reply.
Return ONLY JSON: {"tier": string, "target": string, "blocklist"?: string[], "patterns"?: [{"type": string, "pattern": string}], "detectors"?: string[], "expression"?: string, "bindings"?: [{"name": string, "kind": "money"|"percentage"|"count"|"number", "label"?: string}], "tool"?: string, "effect"?: "block"|"approval"}`

/** System prompt of the test-case call. */
export const guardrailCasesSystemPrompt = `You write test cases for a policy rule of a customer-facing AI agent.
Write 3 to 6 example agent replies, each marked "violates": true when the reply breaks the rule, and at least one of each. When the rule is about calling a tool, write 3 to 6 tool calls instead ({"tool": id, "args": {...}}), marked "violates": true when the call triggers the rule, including a boundary case for thresholds.
Return ONLY JSON: {"replies": [{"text": string, "violates": boolean}], "tool_calls": [{"tool": string, "args": object, "violates": boolean}]}`

/** The user message of both guardrail calls: the rule, the business and the tools. */
export function renderGuardrailPrompt(
  rule: string,
  business: string,
  tools: readonly CompilerToolSchema[],
): string {
  return `BUSINESS: ${JSON.stringify(business)}\n\n${renderCompilerPrompt(rule, tools)}`
}
