import { assertSafePattern } from '../enforcement/assert-safe-pattern.ts'
import { FocalError } from '../errors/index.ts'
import { generateObject } from '../llm/generate-object.ts'
import type { LanguageModel } from '../llm/index.ts'
import { computeVerdict } from './compute-verdict.ts'
import { judgeAlignmentHeuristically } from './judge-alignment-heuristically.ts'
import { createJudgeOutputSchema, type JudgeModelOutput } from './judge-output-schema.ts'
import { type JudgePromptVariant, renderJudgePrompt } from './judge-prompts.ts'
import { nextActionsFor } from './reason-code-actions.ts'
import type { IntentContract } from './required-elements.ts'
import {
  type AlignmentJudgeResult,
  type CustomReasonCode,
  hardFailReasonCodes,
  type JudgePayload,
  type JudgeStrictness,
  softReasonCodes,
} from './types.ts'

/** Options of {@link createAlignmentJudge}. */
export interface CreateAlignmentJudgeOptions {
  /** The judge model; without one the deterministic heuristic judges. @default undefined */
  model?: LanguageModel | undefined
  /** @default 'medium' */
  strictness?: JudgeStrictness
  /** Definition-specific reason codes (seed 004 §5). @default [] */
  customReasonCodes?: readonly CustomReasonCode[]
  /** Prompt used with a model. @default 'A' */
  prompt?: JudgePromptVariant
  /** Per-intent contracts replacing the built-in ones (heuristic). @default {} */
  intentContracts?: Readonly<Record<string, IntentContract>>
  /** When the model call fails, answer with the heuristic instead of throwing. @default true */
  fallbackToHeuristic?: boolean
  /** @default 1024 */
  maxTokens?: number
}

/** A configured Final Alignment Judge. */
export interface AlignmentJudge {
  judge(payload: JudgePayload, options?: { signal?: AbortSignal }): Promise<AlignmentJudgeResult>
}

/**
 * The Final Alignment Judge (seed 004 §9): a model judge when `model` is given (its verdict is
 * recomputed in code from its dimension scores and codes), else the heuristic judge.
 *
 * @example
 * const judge = createAlignmentJudge({ strictness: 'high', customReasonCodes: [{ code: 'MISSING_ORDER_ID', missingPattern: '#\\d+' }] })
 * const result = await judge.judge(buildJudgePayload({ goal, intentId: 'SYSTEM_CONTROL_FLOW', draft }))
 */
export function createAlignmentJudge(options: CreateAlignmentJudgeOptions = {}): AlignmentJudge {
  const {
    model,
    strictness = 'medium',
    customReasonCodes = [],
    prompt = 'A',
    fallbackToHeuristic = true,
  } = options
  const customPatterns = validateCustomReasonCodes(customReasonCodes)
  const heuristicOptions = {
    strictness,
    customReasonCodes,
    customPatterns,
    intentContracts: options.intentContracts ?? {},
  }
  const schema = createJudgeOutputSchema(customReasonCodes)
  return {
    async judge(payload, { signal } = {}) {
      if (model === undefined) return judgeAlignmentHeuristically(payload, heuristicOptions)
      try {
        const result = await generateObject(model, {
          messages: [
            {
              role: 'user',
              content: renderJudgePrompt({ payload, variant: prompt, customReasonCodes, strictness }),
            },
          ],
          schema,
          maxTokens: options.maxTokens ?? 1024,
          ...(signal === undefined ? {} : { signal }),
        })
        return fromModelOutput(
          result.object,
          { strictness, customReasonCodes, modelId: result.modelId },
          {
            tokenCost: result.usage.inputTokens + result.usage.outputTokens,
            latencyMs: result.latencyMs,
          },
        )
      } catch (error) {
        if (!fallbackToHeuristic || !FocalError.isInstance(error) || error.code === 'aborted') throw error
        return { ...judgeAlignmentHeuristically(payload, heuristicOptions), source: 'heuristic-fallback' }
      }
    },
  }
}

interface VerdictContext {
  strictness: JudgeStrictness
  customReasonCodes: readonly CustomReasonCode[]
  modelId: string
}

/** Maps validated model output to a result whose score and verdict are computed in code. */
export function fromModelOutput(
  output: JudgeModelOutput,
  { strictness, customReasonCodes, modelId }: VerdictContext,
  cost: { tokenCost?: number; latencyMs?: number } = {},
): AlignmentJudgeResult {
  const scores = {
    goalCoverage: output.scores.goal_coverage,
    abstractionMatch: output.scores.abstraction_match,
    artifactMatch: output.scores.artifact_match,
    evidenceFit: output.scores.evidence_fit,
    clarity: output.scores.clarity,
  }
  const reasonCodes = [...new Set(output.reason_codes)]
  const verdict = computeVerdict({ scores, reasonCodes, strictness, customReasonCodes })
  const fixMode = reasonCodes.includes('NEEDS_CLARIFICATION') ? 'NEEDS_USER_CLARIFICATION' : output.fix_mode
  const nextActions =
    output.next_actions.length > 0
      ? output.next_actions.map(({ priority, ...action }) =>
          priority === undefined ? action : { ...action, priority },
        )
      : nextActionsFor(reasonCodes, output.missing_requirements)
  return {
    ...verdict,
    scores,
    reasonCodes,
    missingRequirements: output.missing_requirements,
    evidenceIssues: output.evidence_issues,
    fixMode,
    nextActions,
    source: 'model',
    modelId,
    ...cost,
  }
}

const builtIn = new Set<string>([...hardFailReasonCodes, ...softReasonCodes])

/** Checks custom codes (format, uniqueness, no clash with built-ins, safe patterns); compiles patterns. */
export function validateCustomReasonCodes(codes: readonly CustomReasonCode[]): Map<string, RegExp> {
  const patterns = new Map<string, RegExp>()
  const seen = new Set<string>()
  codes.forEach((custom, index) => {
    const path = `customReasonCodes[${index}].code`
    const problem = !/^[A-Z][A-Z0-9_]*$/.test(custom.code)
      ? `"${custom.code}" is not UPPER_SNAKE_CASE`
      : builtIn.has(custom.code)
        ? `"${custom.code}" is a built-in reason code`
        : seen.has(custom.code)
          ? `duplicate reason code "${custom.code}"`
          : undefined
    if (problem)
      throw new FocalError({
        code: 'invalid-definition',
        message: `${path}: ${problem}`,
        issues: [{ path, message: problem }],
      })
    seen.add(custom.code)
    if (custom.missingPattern !== undefined) {
      patterns.set(
        custom.code,
        assertSafePattern(custom.missingPattern, {
          path: `customReasonCodes[${index}].missingPattern`,
          flags: 'iu',
        }),
      )
    }
  })
  return patterns
}
