import {
  detectAbstractionLevel,
  inferRequestedAbstraction,
  inferRequestedArtifact,
} from './abstraction-cues.ts'
import { computeVerdict } from './compute-verdict.ts'
import { detectArtifacts } from './detect-artifacts.ts'
import { findUnsupportedSpecifics } from './find-unsupported-specifics.ts'
import {
  genericPhraseCount,
  goalKeywordStems,
  keywordCoverage,
  lacksDecisionSupport,
} from './goal-keywords.ts'
import { judgeThresholds } from './judge-thresholds.ts'
import { nextActionsFor, selectFixMode } from './reason-code-actions.ts'
import { type IntentContract, intentContractFor } from './required-elements.ts'
import type {
  AbstractionLevel,
  AlignmentJudgeResult,
  ArtifactType,
  CustomReasonCode,
  JudgePayload,
  JudgeReasonCode,
  JudgeStrictness,
} from './types.ts'

/** Options of {@link judgeAlignmentHeuristically}. */
export interface HeuristicJudgeOptions {
  /** @default 'medium' */
  strictness?: JudgeStrictness
  /** Custom codes; those with a `missingPattern` are raised when the draft does not match it. @default [] */
  customReasonCodes?: readonly CustomReasonCode[]
  /** Per-intent contracts replacing the built-in ones. @default {} */
  intentContracts?: Readonly<Record<string, IntentContract>>
  /** Compiled `missingPattern`s of the custom codes (built once by `createAlignmentJudge`). */
  customPatterns?: ReadonlyMap<string, RegExp>
}

/**
 * The deterministic Final Alignment Judge (no model, microseconds): artifact detection, required
 * element coverage, unsupported specifics against the tool trace, abstraction-level cues, goal
 * keyword coverage. Scores the five dimensions, raises reason codes, and computes the verdict in code.
 *
 * @example
 * judgeAlignmentHeuristically(buildJudgePayload({ goal: 'Draw a diagram of the login flow', intentId: 'SYSTEM_CONTROL_FLOW', draft }))
 */
export function judgeAlignmentHeuristically(
  payload: JudgePayload,
  options: HeuristicJudgeOptions = {},
): AlignmentJudgeResult {
  const { strictness = 'medium', customReasonCodes = [], intentContracts = {}, customPatterns } = options
  const thresholds = judgeThresholds[strictness]
  const draft = payload.draftAnswer
  const draftLower = draft.toLowerCase()
  const contract = intentContractFor(payload.intentId, intentContracts)
  const codes: JudgeReasonCode[] = []
  const evidenceIssues: string[] = []

  const covered = contract.elements.filter((element) => element.cues.test(draft))
  const missing = contract.elements.filter((element) => !covered.includes(element))
  const elementCoverage = contract.elements.length === 0 ? 1 : covered.length / contract.elements.length
  if (
    missing.length >= Math.min(thresholds.missingElementsForCode, contract.elements.length) &&
    missing.length > 0
  ) {
    codes.push('MISSING_REQUIRED_ELEMENTS')
  }

  const stems = goalKeywordStems(payload.goal)
  const keywords = keywordCoverage(stems, draftLower)
  let goalCoverage = contract.elements.length === 0 ? keywords : 0.6 * elementCoverage + 0.4 * keywords
  if (strictness !== 'low' && stems.length >= 4 && keywords < 0.15) codes.push('MISREAD_PRIMARY_GOAL')
  if (lacksDecisionSupport(payload.goal, draft)) {
    codes.push('INSUFFICIENT_DECISION_SUPPORT')
    goalCoverage -= 0.2
  }

  const artifacts = detectArtifacts(draft)
  const requestedArtifact = payload.requestedArtifact ?? inferRequestedArtifact(payload.goal)
  const artifactMatch = scoreArtifact(requestedArtifact, artifacts, codes)

  const explicitLevel = inferRequestedAbstraction(payload.goal, undefined)
  const requestedAbstraction = payload.requestedAbstraction ?? explicitLevel ?? contract.abstraction
  const draftAbstraction = detectAbstractionLevel(draft)
  const explicit = payload.requestedAbstraction !== undefined || explicitLevel !== undefined
  const abstractionMatch = scoreAbstraction(requestedAbstraction, draftAbstraction, explicit, codes)

  const specifics = findUnsupportedSpecifics(draft, payload.toolTraceSummary, payload.goal)
  const evidenceFit =
    specifics.specifics.length === 0 ? 1 : 1 - specifics.unsupported.length / specifics.specifics.length
  if (specifics.unsupported.length >= thresholds.unsupportedSpecificsForCode)
    codes.push('UNSUPPORTED_SPECIFICS')
  if (specifics.unsupported.length > 0) {
    evidenceIssues.push(
      payload.toolTraceSummary.trim() === ''
        ? `Mentions ${specifics.unsupported.join(', ')} but no inspection was performed`
        : `Mentions ${specifics.unsupported.join(', ')}, never seen in the tool trace`,
    )
  }
  if (genericPhraseCount(draft) >= 2 && specifics.specifics.length === 0) codes.push('OVERLY_GENERIC')

  const clarity = scoreClarity(draft)
  if (clarity < 0.6) codes.push('STRUCTURE_OR_CLARITY_ISSUES')
  if (payload.goalAmbiguous) codes.push('NEEDS_CLARIFICATION')
  if (payload.policyViolations && payload.policyViolations.length > 0) {
    codes.push('SAFETY_OR_POLICY_VIOLATION')
    evidenceIssues.push(...payload.policyViolations)
  }
  for (const custom of customReasonCodes) {
    const pattern = customPatterns?.get(custom.code)
    if (pattern && !pattern.test(draft)) codes.push(custom.code)
  }

  const scores = {
    goalCoverage: Math.max(0, goalCoverage),
    abstractionMatch,
    artifactMatch,
    evidenceFit,
    clarity,
  }
  const verdict = computeVerdict({ scores, reasonCodes: codes, strictness, customReasonCodes })
  const missingRequirements = missing.map((element) => element.label)
  const fixMode = selectFixMode({
    reasonCodes: codes,
    goalAmbiguous: payload.goalAmbiguous ?? false,
    missingNeedsEvidence: contract.needsEvidence && payload.toolTraceSummary.trim() === '',
  })
  const observations = {
    artifacts,
    coveredElements: covered.map((element) => element.id),
    missingElements: missing.map((element) => element.id),
    unsupportedSpecifics: specifics.unsupported,
    ...(requestedArtifact === undefined ? {} : { requestedArtifact }),
    ...(draftAbstraction === undefined ? {} : { draftAbstraction }),
    ...(requestedAbstraction === undefined ? {} : { requestedAbstraction }),
  }
  return {
    ...verdict,
    scores,
    reasonCodes: codes,
    missingRequirements,
    evidenceIssues,
    fixMode,
    nextActions: nextActionsFor(codes, missingRequirements),
    source: 'heuristic',
    modelId: 'heuristic',
    observations,
  }
}

function scoreArtifact(
  requested: ArtifactType | undefined,
  found: ArtifactType[],
  codes: JudgeReasonCode[],
): number {
  if (found.length === 0) return 0
  if (requested === undefined || found.includes(requested)) return 1
  if (requested === 'code' && found.includes('patch')) return 1
  if (requested === 'list') {
    codes.push('STRUCTURE_OR_CLARITY_ISSUES')
    return 0.6
  }
  codes.push('WRONG_ARTIFACT_TYPE')
  return requested === 'patch' && found.includes('code') ? 0.5 : 0
}

function scoreAbstraction(
  requested: AbstractionLevel | undefined,
  found: AbstractionLevel | undefined,
  explicit: boolean,
  codes: JudgeReasonCode[],
): number {
  if (requested === undefined || found === requested) return 1
  if (found === undefined) return 0.7
  const opposite =
    (requested === 'runtime' && found === 'repository') || (requested === 'repository' && found === 'runtime')
  if (explicit || opposite) {
    codes.push('WRONG_ABSTRACTION_LEVEL')
    return 0.2
  }
  return 0.5
}

function scoreClarity(draft: string): number {
  const trimmed = draft.trim()
  if (trimmed.length < 20) return 0.2
  let clarity = 1
  const paragraphs = trimmed.split(/\n\s*\n/)
  if (paragraphs.some((paragraph) => !paragraph.includes('\n') && paragraph.split(/\s+/).length > 150))
    clarity -= 0.4
  if (trimmed.length > 800 && !trimmed.includes('\n')) clarity -= 0.3
  return Math.max(0, clarity)
}
