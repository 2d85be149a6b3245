import {
  detectAbstractionLevel,
  inferRequestedAbstraction,
  inferRequestedArtifact,
} from './abstraction-cues.ts'
import { detectArtifacts } from './detect-artifacts.ts'
import { findUnsupportedClaims } from './find-unsupported-claims.ts'
import { findUnsupportedSpecifics } from './find-unsupported-specifics.ts'
import {
  genericPhraseCount,
  goalKeywordStems,
  keywordCoverage,
  lacksDecisionSupport,
} from './goal-keywords.ts'
import type { JudgeThresholds } from './judge-thresholds.ts'
import type { IntentContract, RequiredElement } from './required-elements.ts'
import type {
  AbstractionLevel,
  ArtifactType,
  JudgePayload,
  JudgeReasonCode,
  JudgeStrictness,
} from './types.ts'

/** What every heuristic check reads, and where it writes codes and evidence issues. */
export interface HeuristicContext {
  payload: JudgePayload
  contract: IntentContract
  thresholds: JudgeThresholds
  strictness: JudgeStrictness
  codes: JudgeReasonCode[]
  evidenceIssues: string[]
}

/** Goal coverage: required-element coverage blended with goal keyword coverage; decision support. */
export function checkGoalCoverage({ payload, contract, thresholds, strictness, codes }: HeuristicContext) {
  const draft = payload.draftAnswer
  const covered = contract.elements.filter((element) => element.cues.test(draft))
  const missing: RequiredElement[] = contract.elements.filter((element) => !covered.includes(element))
  const elementCoverage = contract.elements.length === 0 ? 1 : covered.length / contract.elements.length
  if (
    missing.length > 0 &&
    missing.length >= Math.min(thresholds.missingElementsForCode, contract.elements.length)
  ) {
    codes.push('MISSING_REQUIRED_ELEMENTS')
  }
  const stems = goalKeywordStems(payload.goal)
  const keywords = keywordCoverage(stems, draft.toLowerCase())
  let goalCoverage = contract.elements.length === 0 ? keywords : 0.6 * elementCoverage + 0.4 * keywords
  if (strictness !== 'low' && stems.length >= 4 && keywords < 0.15) codes.push('MISREAD_PRIMARY_GOAL')
  if (lacksDecisionSupport(payload.goal, draft)) {
    codes.push('INSUFFICIENT_DECISION_SUPPORT')
    goalCoverage -= 0.2
  }
  return { goalCoverage: Math.max(0, goalCoverage), covered, missing }
}

/** Artifact match: the requested artifact (given or inferred from the goal) against the detected ones. */
export function checkArtifact({ payload, codes }: HeuristicContext) {
  const artifacts = detectArtifacts(payload.draftAnswer)
  const requestedArtifact = payload.requestedArtifact ?? inferRequestedArtifact(payload.goal)
  return { artifacts, requestedArtifact, artifactMatch: scoreArtifact(requestedArtifact, artifacts, codes) }
}

/** Abstraction match: explicit goal cues flag any mismatch; an intent default flags only runtime vs repository. */
export function checkAbstraction({ payload, contract, codes }: HeuristicContext) {
  const explicitLevel = inferRequestedAbstraction(payload.goal, undefined)
  const requestedAbstraction = payload.requestedAbstraction ?? explicitLevel ?? contract.abstraction
  const draftAbstraction = detectAbstractionLevel(payload.draftAnswer)
  const explicit = payload.requestedAbstraction !== undefined || explicitLevel !== undefined
  const abstractionMatch = scoreAbstraction(requestedAbstraction, draftAbstraction, explicit, codes)
  return { requestedAbstraction, draftAbstraction, abstractionMatch }
}

/**
 * Evidence fit: share of named specifics (paths, symbols, and claims such as times, amounts, ids,
 * statuses and names) that the goal, trace, constraints or evidence support; generic advice.
 */
export function checkEvidence({ payload, thresholds, codes, evidenceIssues }: HeuristicContext) {
  const specifics = findUnsupportedSpecifics(payload.draftAnswer, payload.toolTraceSummary, payload.goal)
  const { unsupported } = specifics
  const noTrace = payload.toolTraceSummary.trim() === ''
  // Tool results not given: the judge cannot tell what they support, so it checks no claims.
  const claims =
    payload.evidence === undefined && !noTrace
      ? { claims: [], unsupported: [] }
      : findUnsupportedClaims({
          draft: payload.draftAnswer,
          goal: payload.goal,
          toolTrace: payload.toolTraceSummary,
          evidence: payload.evidence ?? '',
          constraints: payload.constraints,
        })
  const named = specifics.specifics.length + claims.claims.length
  const unsupportedCount = unsupported.length + claims.unsupported.length
  const evidenceFit = named === 0 ? 1 : 1 - unsupportedCount / named
  if (unsupportedCount >= thresholds.unsupportedSpecificsForCode) codes.push('UNSUPPORTED_SPECIFICS')
  if (unsupported.length > 0) {
    evidenceIssues.push(
      `Mentions ${unsupported.join(', ')}${noTrace ? ' but no inspection was performed' : ', never seen in the tool trace'}`,
    )
  }
  if (claims.unsupported.length > 0) {
    evidenceIssues.push(
      `Claims ${listed(claims.unsupported.map((claim) => claim.text))} with no tool result or instruction supporting them`,
    )
  }
  if (genericPhraseCount(payload.draftAnswer) >= 2 && named === 0) codes.push('OVERLY_GENERIC')
  return { evidenceFit, unsupportedSpecifics: unsupported, unsupportedClaims: claims.unsupported }
}

/** At most 8 items, then `+N more`, so one issue line stays short. */
function listed(items: readonly string[]): string {
  return items.length <= 8 ? items.join(', ') : `${items.slice(0, 8).join(', ')} (+${items.length - 8} more)`
}

/** Clarity (minor weight): very short drafts and walls of unbroken text score lower. */
export function checkClarity({ payload, codes }: HeuristicContext): number {
  const trimmed = payload.draftAnswer.trim()
  let clarity = 1
  if (trimmed.length < 20) clarity = 0.2
  else {
    const paragraphs = trimmed.split(/\n\s*\n/)
    if (paragraphs.some((paragraph) => !paragraph.includes('\n') && paragraph.split(/\s+/).length > 150))
      clarity -= 0.4
    if (trimmed.length > 800 && !trimmed.includes('\n')) clarity -= 0.3
  }
  if (clarity < 0.6) codes.push('STRUCTURE_OR_CLARITY_ISSUES')
  return Math.max(0, clarity)
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
  if (!explicit && !opposite) return 0.5
  codes.push('WRONG_ABSTRACTION_LEVEL')
  return 0.2
}
