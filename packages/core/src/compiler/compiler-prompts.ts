import { z } from 'zod'
import type { CompilerToolSchema } from './types.ts'

/** The model's expression answer. */
export const expressionOutputSchema = z.object({ expression: z.string().min(1).max(2000) })

/** The model's test cases: at least two. */
export const testCasesOutputSchema = z.object({
  test_cases: z
    .array(
      z.object({
        input: z
          .object({ tool: z.string().optional(), args: z.record(z.string(), z.unknown()).optional() })
          .catchall(z.unknown()),
        should_trigger: z.boolean(),
        why: z.string().optional(),
      }),
    )
    .min(2)
    .max(12),
})

const celGuide = `CEL (Common Expression Language), never JavaScript. Variables: \`tool\` (string, the id of the tool being called) and \`args\` (map of its arguments).
Allowed: literals, args.field, has(args.field), ==, !=, <, <=, >, >=, &&, ||, !, in, size(), startsWith(), endsWith(), contains(), matches() with a simple literal regex.
Numbers compare as numbers; strings use double quotes.`

/** System prompt of the expression call. */
export const compileExpressionSystemPrompt = `You convert a policy rule into a CEL boolean expression that is true exactly when the rule TRIGGERS (applies / is violated / requires its action) for a tool call.
${celGuide}
Return ONLY JSON: {"expression": string}`

/** System prompt of the test-case call (independent of the expression, so the cases check it). */
export const generateTestCasesSystemPrompt = `You write test cases for a policy rule applied to tool calls.
Each case is a tool call input {"tool": string, "args": object} and whether the rule TRIGGERS for it (applies / is violated / requires its action).
Write 3 to 6 cases, at least one that triggers and one that does not, including a boundary case when the rule has a threshold.
Return ONLY JSON: {"test_cases": [{"input": {"tool": string, "args": object}, "should_trigger": boolean, "why": string}]}`

/** The user message of both calls: the rule and the tools it may refer to. */
export function renderCompilerPrompt(rule: string, tools: readonly CompilerToolSchema[]): string {
  const toolLines =
    tools.length === 0
      ? '(none declared)'
      : tools
          .map(
            (tool) =>
              `- ${tool.id}${tool.description ? `: ${tool.description}` : ''}\n  args schema: ${JSON.stringify(tool.inputSchema ?? {})}`,
          )
          .join('\n')
  return `RULE: ${JSON.stringify(rule)}\n\nTOOLS:\n${toolLines}`
}
