import type { FixMode, JudgeNextAction, JudgeReasonCode } from './types.ts'

/** The replan action per reason code (seed 004 §9.12 mapping table, plus the remaining soft codes). */
export const reasonCodeActions: Readonly<Record<string, JudgeNextAction>> = {
  WRONG_ABSTRACTION_LEVEL: {
    type: 'rewrite',
    instruction: 'Reframe to the requested abstraction level; do not add new facts.',
    priority: 'high',
  },
  WRONG_ARTIFACT_TYPE: {
    type: 'rewrite',
    instruction: 'Produce the requested artifact format using existing information only.',
    priority: 'high',
  },
  MISREAD_PRIMARY_GOAL: {
    type: 'rewrite',
    instruction: "Answer the user's stated objective; if it is unclear, ask 1-3 questions instead.",
    priority: 'high',
  },
  UNSUPPORTED_SPECIFICS: {
    type: 'tool',
    instruction: 'Add a tool step to obtain the missing evidence, or remove the unsupported claims.',
    priority: 'high',
  },
  SAFETY_OR_POLICY_VIOLATION: {
    type: 'rewrite',
    instruction: 'Remove the content that violates policy.',
    priority: 'high',
  },
  MISSING_REQUIRED_ELEMENTS: {
    type: 'rewrite',
    instruction: 'Add the missing required sections using existing information.',
    priority: 'med',
  },
  INSUFFICIENT_DECISION_SUPPORT: {
    type: 'rewrite',
    instruction: 'Give a clear recommendation with the deciding reasons.',
    priority: 'med',
  },
  OVERLY_GENERIC: {
    type: 'rewrite',
    instruction: 'Replace generic advice with specifics from the gathered evidence.',
    priority: 'med',
  },
  NEEDS_CLARIFICATION: {
    type: 'question',
    instruction: 'Ask minimal clarifying questions; do not proceed.',
    priority: 'high',
  },
  STRUCTURE_OR_CLARITY_ISSUES: {
    type: 'rewrite',
    instruction: 'Restructure for readability (headings, steps, short paragraphs).',
    priority: 'low',
  },
}

/** Options of {@link selectFixMode}. */
export interface SelectFixModeOptions {
  reasonCodes: readonly JudgeReasonCode[]
  goalAmbiguous?: boolean
  /** Missing elements need inspection (intent needs evidence and no tool ran). */
  missingNeedsEvidence?: boolean
}

/** The minimal fix for a set of codes: clarification beats new evidence beats rewrite. */
export function selectFixMode({
  reasonCodes,
  goalAmbiguous = false,
  missingNeedsEvidence = false,
}: SelectFixModeOptions): FixMode {
  const has = (code: string) => reasonCodes.includes(code)
  if (has('NEEDS_CLARIFICATION') || (has('MISREAD_PRIMARY_GOAL') && goalAmbiguous))
    return 'NEEDS_USER_CLARIFICATION'
  if (has('UNSUPPORTED_SPECIFICS') || (has('MISSING_REQUIRED_ELEMENTS') && missingNeedsEvidence))
    return 'NEEDS_NEW_EVIDENCE'
  return 'REWRITE_ONLY'
}

/**
 * One next action per reason code, in code order; custom codes get a generic rewrite action. The
 * missing requirements and the unsupported specifics are named so the redraft knows what to fix.
 */
export function nextActionsFor(
  reasonCodes: readonly JudgeReasonCode[],
  missingRequirements: readonly string[],
  unsupportedSpecifics: readonly string[] = [],
): JudgeNextAction[] {
  return reasonCodes.map((code) => {
    const action = reasonCodeActions[code] ?? {
      type: 'rewrite' as const,
      instruction: `Resolve ${code}.`,
      priority: 'med' as const,
    }
    if (code === 'MISSING_REQUIRED_ELEMENTS' && missingRequirements.length > 0) {
      return { ...action, instruction: `${action.instruction} Missing: ${missingRequirements.join('; ')}.` }
    }
    if (code === 'UNSUPPORTED_SPECIFICS' && unsupportedSpecifics.length > 0) {
      return {
        ...action,
        instruction: `${action.instruction} Unsupported: ${unsupportedSpecifics.join(', ')}.`,
      }
    }
    return action
  })
}
