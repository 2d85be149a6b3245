import { reasonCodeActions } from './reason-code-actions.ts'
import type {
  AbstractionLevel,
  AlignmentJudgeResult,
  ArtifactType,
  FixMode,
  JudgeNextAction,
} from './types.ts'

/** One finalization attempt: what was judged and what it was built from. */
export interface FinalizationAttempt {
  judgeResult: AlignmentJudgeResult
  /** Level the draft was pitched at. @default judgeResult.observations.draftAbstraction */
  abstractionLevel?: AbstractionLevel
  /** Artifacts the draft delivered. @default judgeResult.observations.artifacts */
  artifactTypes?: readonly ArtifactType[]
  /** Ids of the evidence (tool results) the draft was built on. @default [] */
  evidenceIds?: readonly string[]
  /** The user answered a clarifying question since the previous attempt. @default false */
  clarificationObtained?: boolean
}

/** A dimension a retry can change; only these make a retry valid (seed 004 §9.12). */
export type RetryChange = 'abstraction-level' | 'artifact-type' | 'evidence-base' | 'clarification'

/** What to do after the judge spoke. */
export type ReplanDirective =
  /** Ship it; `polish` holds rewrite-only advice for a PASS_WITH_CAVEATS (the reply polisher). */
  | { type: 'accept'; polish?: string }
  /** Retry: rewrite (no tools) or gather the minimum new evidence, then answer again. */
  | {
      type: 'replan'
      fixMode: Exclude<FixMode, 'NEEDS_USER_CLARIFICATION'>
      allowTools: boolean
      actions: JudgeNextAction[]
      /** What the retry must change to count. */
      mustChange: RetryChange[]
      /** The canonical replan prompt, filled. */
      instruction: string
      retryIndex: number
    }
  /** Ask the user 1-3 targeted questions; do not attempt a full solution. */
  | { type: 'ask-user'; instruction: string; retryIndex: number }
  /** Stop: finalize the best attempt and state its limitations. */
  | {
      type: 'finalize-with-limitations'
      reason: 'max-retries' | 'retry-changed-nothing'
      limitations: string[]
    }

/** Options of {@link replanDirective}. */
export interface ReplanDirectiveOptions {
  /** Retries allowed; values above 2 are clamped to 2 (the anti-loop ceiling). @default 2 */
  maxRetries?: number
}

/** The hard anti-loop ceiling on retries (seed 004 §9.7). */
export const maxFinalizationRetries = 2

/**
 * Turns a judge result into one deterministic directive (seed 004 §9.11-9.12) with the anti-loop
 * rule enforced in code: at most 2 retries, and a retry counts only if it changed the abstraction
 * level, the artifact type, the evidence base or obtained a clarification; otherwise finalize with
 * explicit limitations. `attemptHistory` lists every attempt so far, the judged one last.
 *
 * @example
 * const directive = replanDirective(result, [{ judgeResult: result, evidenceIds: ['tool-1'] }])
 * if (directive.type === 'replan') regenerate(directive.instruction, { tools: directive.allowTools })
 */
export function replanDirective(
  judgeResult: AlignmentJudgeResult,
  attemptHistory: readonly FinalizationAttempt[],
  { maxRetries = maxFinalizationRetries }: ReplanDirectiveOptions = {},
): ReplanDirective {
  const { verdict, fixMode } = judgeResult
  if (verdict === 'PASS') return { type: 'accept' }
  if (verdict === 'PASS_WITH_CAVEATS' && fixMode === 'REWRITE_ONLY') {
    return { type: 'accept', polish: renderReplanPrompt(judgeResult) }
  }
  const history = attemptHistory.length === 0 ? [{ judgeResult }] : attemptHistory
  const latest = history[history.length - 1]
  const previous = history[history.length - 2]
  if (latest !== undefined && previous !== undefined && describeRetryChanges(previous, latest).length === 0) {
    return {
      type: 'finalize-with-limitations',
      reason: 'retry-changed-nothing',
      limitations: limitationsOf(judgeResult),
    }
  }
  const retriesUsed = history.length - 1
  if (retriesUsed >= Math.min(Math.max(0, maxRetries), maxFinalizationRetries)) {
    return {
      type: 'finalize-with-limitations',
      reason: 'max-retries',
      limitations: limitationsOf(judgeResult),
    }
  }
  const instruction = renderReplanPrompt(judgeResult)
  if (fixMode === 'NEEDS_USER_CLARIFICATION')
    return { type: 'ask-user', instruction, retryIndex: retriesUsed + 1 }
  return {
    type: 'replan',
    fixMode,
    allowTools: fixMode === 'NEEDS_NEW_EVIDENCE',
    actions: judgeResult.reasonCodes.map(
      (code) => reasonCodeActions[code] ?? { type: 'rewrite', instruction: `Resolve ${code}.` },
    ),
    mustChange: requiredChanges(judgeResult),
    instruction,
    retryIndex: retriesUsed + 1,
  }
}

/** Which of the four dimensions changed between two attempts. */
export function describeRetryChanges(
  previous: FinalizationAttempt,
  current: FinalizationAttempt,
): RetryChange[] {
  const changes: RetryChange[] = []
  const levelOf = (attempt: FinalizationAttempt) =>
    attempt.abstractionLevel ?? attempt.judgeResult.observations?.draftAbstraction
  const artifactsOf = (attempt: FinalizationAttempt) =>
    [...(attempt.artifactTypes ?? attempt.judgeResult.observations?.artifacts ?? [])].sort().join(',')
  if (levelOf(previous) !== levelOf(current)) changes.push('abstraction-level')
  if (artifactsOf(previous) !== artifactsOf(current)) changes.push('artifact-type')
  const before = new Set(previous.evidenceIds ?? [])
  if ((current.evidenceIds ?? []).some((id) => !before.has(id))) changes.push('evidence-base')
  if (current.clarificationObtained === true) changes.push('clarification')
  return changes
}

/**
 * The canonical replan prompt of seed 004 §9.12, filled with the judge's codes, missing
 * requirements and evidence issues (which claims lack support, so the redraft can drop or back them).
 */
export function renderReplanPrompt(judgeResult: AlignmentJudgeResult): string {
  return `You must repair the final answer using the Final Alignment Judge result.

Constraints:
- If fix_mode=REWRITE_ONLY: do not call tools, do not add new facts; only restructure/rewrite to match goal, abstraction level, and artifact type. Fill missing required elements using existing information only.
- If fix_mode=NEEDS_NEW_EVIDENCE: add the minimum tool step(s) needed to obtain missing evidence; then update the answer. Do not guess.
- If fix_mode=NEEDS_USER_CLARIFICATION: ask 1–3 targeted clarifying questions; do not attempt a full solution.

fix_mode: ${judgeResult.fixMode}
Judge reason_codes: ${judgeResult.reasonCodes.join(', ') || 'none'}
Missing requirements: ${judgeResult.missingRequirements.join('; ') || 'none'}${
    judgeResult.evidenceIssues.length === 0
      ? ''
      : `\nEvidence issues: ${judgeResult.evidenceIssues.join('; ')}`
  }

Deliverable:
- Provide a corrected final answer OR clarifying questions (if fix_mode=NEEDS_USER_CLARIFICATION).
- Ensure the corrected answer explicitly satisfies the original GOAL and requested artifact.`
}

function requiredChanges({ reasonCodes, fixMode }: AlignmentJudgeResult): RetryChange[] {
  const changes = new Set<RetryChange>()
  if (reasonCodes.includes('WRONG_ABSTRACTION_LEVEL')) changes.add('abstraction-level')
  if (reasonCodes.includes('WRONG_ARTIFACT_TYPE')) changes.add('artifact-type')
  if (fixMode === 'NEEDS_NEW_EVIDENCE' || reasonCodes.includes('UNSUPPORTED_SPECIFICS'))
    changes.add('evidence-base')
  if (changes.size === 0) return ['abstraction-level', 'artifact-type', 'evidence-base', 'clarification']
  return [...changes]
}

const codeLimitations: Record<string, string> = {
  WRONG_ABSTRACTION_LEVEL: 'The answer may not be at the abstraction level you asked for.',
  WRONG_ARTIFACT_TYPE: 'The answer does not take the form you asked for.',
  MISREAD_PRIMARY_GOAL: 'The answer may not address your main objective.',
  UNSUPPORTED_SPECIFICS: 'Some specifics are not backed by inspected evidence.',
  SAFETY_OR_POLICY_VIOLATION: 'Part of the answer was withheld by policy.',
  NEEDS_CLARIFICATION: 'Your goal was ambiguous; the answer rests on an assumption.',
}

function limitationsOf(judgeResult: AlignmentJudgeResult): string[] {
  const limitations = judgeResult.reasonCodes.flatMap((code) =>
    codeLimitations[code] ? [codeLimitations[code]] : [],
  )
  for (const missing of judgeResult.missingRequirements) limitations.push(`Missing: ${missing}.`)
  limitations.push(...judgeResult.evidenceIssues)
  return [...new Set(limitations)]
}
