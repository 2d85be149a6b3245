import { z } from 'zod'
import { FocalError } from '../errors/focal-error.ts'
import { analyzeGoalText } from './analyze-goal-text.ts'
import { checkOriginalConstraints } from './check-original-constraints.ts'
import { classifyReformulation } from './classify-reformulation.ts'
import { compareGoalConcepts } from './compare-goal-concepts.ts'
import {
  compareComparators,
  compareLimits,
  compareOpposites,
  comparePolarity,
  compareTimeWindows,
  findNewLimitSpecifics,
} from './compare-goal-structure.ts'
import { createLexiconIndex } from './create-lexicon-index.ts'
import { findNewConjunct } from './find-new-conjunct.ts'
import { findUngroundedSpecifics } from './find-ungrounded-specifics.ts'
import { mergeGoalAnalyses } from './merge-goal-analyses.ts'
import type {
  ReformulationCheck,
  ReformulationEvidence,
  ReformulationFinding,
  ReformulationLexicon,
  ReformulationSimilarity,
  ReformulationValidation,
} from './types.ts'

/** Seed 000 thresholds. */
export const reformulationThresholds = { intentPreservation: 0.95, confidence: 0.9, evidence: 1 } as const

/** Options of {@link validateReformulation}. */
export interface ValidateReformulationOptions {
  /** The goal as the user (or operator) gave it. */
  original: string
  /** The proposed reformulation. */
  candidate: string
  /** The model's confidence in the reformulation, 0..1. */
  confidence: number
  /** The evidence the candidate cites; new specifics must appear in its text. None fails DTL-STRAT-009. @default [] */
  evidence?: readonly ReformulationEvidence[]
  /** Operator constraints of the original (`under $500`, `public sources only`) the candidate must keep. @default [] */
  originalConstraints?: readonly string[]
  /** Replaces the lexical concept coverage as the intent measure (e.g. embeddings). @default lexical coverage */
  similarity?: ReformulationSimilarity
  /** Extra synonyms and narrower terms for the lexical analysis. @default {} */
  lexicon?: ReformulationLexicon
  /** Epoch ms that relative times (`today`, `past 24 hours`) are placed against. @default Date.now() */
  now?: number
}

const optionsSchema = z.object({
  original: z.string().trim().min(1, 'must be a non-empty goal'),
  candidate: z.string().trim().min(1, 'must be a non-empty goal'),
  confidence: z.number().min(0).max(1),
  evidence: z.optional(
    z.array(
      z.union([
        z.string(),
        z.object({ id: z.string().min(1), text: z.string().optional(), source: z.string().optional() }),
      ]),
    ),
  ),
  originalConstraints: z.array(z.string()).optional(),
})

const defaultLexicon = createLexiconIndex()

function assertOptions(options: ValidateReformulationOptions): void {
  const parsed = optionsSchema.safeParse(options)
  if (parsed.success) return
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }))
  throw new FocalError({
    code: 'invalid-argument',
    message: `validateReformulation: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
    issues,
  })
}

function check(
  criterion: ReformulationCheck['criterion'],
  measured: number,
  threshold: number,
  code: ReformulationCheck['code'],
  passed: boolean,
  details: string[],
): ReformulationCheck {
  return { criterion, passed, measured, threshold, code, details }
}

/**
 * Checks a candidate goal against seed 000's five criteria and classifies the change.
 *
 * - intent preservation ≥ 0.95: the share of the original's concepts the candidate carries
 *   (synonyms and narrower terms count: "crypto" → "top 5 cryptocurrency"), scaled by
 *   `original concepts / new concepts` when the candidate adds more concepts than the original
 *   has, halved on a negation flip or a contradiction; or `similarity` when given. Fails with
 *   DTL-STRAT-008, and always on a contradiction: an original concept named only under a negation
 *   or exclusion or in another role (`from`/`to`, the agent or patient of "call"), or the other
 *   end of a scale (`largest` → `smallest`).
 * - confidence ≥ 0.9 (DTL-STRAT-007).
 * - scope only narrowing: no new conjunct with new content, no broader or dropped time window,
 *   limit or numeric constraint, no dropped restriction, no widening word, no side-effect action,
 *   every `originalConstraints` entry kept (DTL-STRAT-010). A goal without a time reads as the
 *   present, so adding a window longer than a year (or "history") widens it.
 * - evidence ≥ 1 item, and every new specific (name, place, date, number, other new term) found in
 *   the cited evidence text (DTL-STRAT-009). A new limit's count (`top 10`, `the first three
 *   pages`: digits and number words ground each other) and quantifier word (`biggest`, `major`),
 *   a new ranking criterion (`by volume`) and a newly excluded name (`except Binance`) are
 *   specifics too: narrowing, but only as far as the evidence says.
 * - reversibility: nothing the candidate asks for changes the world (DTL-STRAT-010).
 *
 * `codes` lists every failing criterion's code. The primary `code` follows a fixed precedence:
 * DTL-STRAT-007 first when confidence fails (seed 000's own Apple → Apple and Google example
 * reports 007 although its reason is scope expansion), then the code of the forbidden type the
 * change was classified as (topic change 008, assumption injection 009, scope expansion and
 * constraint removal 010) when that criterion failed, then the lowest failing code.
 *
 * @example
 * const result = await validateReformulation({
 *   original: 'What happened in crypto markets today?',
 *   candidate: 'What happened in top 5 cryptocurrency markets in the past 24 hours?',
 *   confidence: 0.92,
 *   evidence: [{ id: 'feeds', text: 'Market availability data shows only top 5 have reliable feeds' }],
 * })
 * result.allowed // true, result.type === 'scope-narrowing'
 */
export async function validateReformulation(
  options: ValidateReformulationOptions,
): Promise<ReformulationValidation> {
  assertOptions(options)
  const {
    original,
    candidate,
    confidence,
    evidence = [],
    originalConstraints = [],
    similarity,
    now = Date.now(),
  } = options
  const lexicon = options.lexicon === undefined ? defaultLexicon : createLexiconIndex(options.lexicon)
  // Operator constraints belong to the original: the candidate must carry them and may restate them.
  const originalAnalysis = mergeGoalAnalyses(
    analyzeGoalText(original, lexicon, now),
    originalConstraints.map((constraint) => analyzeGoalText(constraint, lexicon, now)),
  )
  const candidateAnalysis = analyzeGoalText(candidate, lexicon, now)
  const concepts = compareGoalConcepts(originalAnalysis, candidateAnalysis, lexicon)
  const times = compareTimeWindows(originalAnalysis, candidateAnalysis)
  const limits = compareLimits(originalAnalysis, candidateAnalysis)
  const polarity = comparePolarity(originalAnalysis, candidateAnalysis)
  const constraintFindings = [
    ...compareComparators(originalAnalysis.comparators, candidateAnalysis.comparators),
    ...polarity.filter((finding) => finding.kind === 'dropped-constraint'),
    ...checkOriginalConstraints(originalConstraints, candidateAnalysis, lexicon, now),
  ]
  const newConjunct = findNewConjunct(
    originalAnalysis,
    candidateAnalysis,
    concepts.newContent,
    times.needGrounding,
  )
  const scopeFindings: ReformulationFinding[] = [
    ...newConjunct,
    ...concepts.findings,
    ...times.findings,
    ...limits.findings,
    ...constraintFindings,
  ]
  const newComparators = candidateAnalysis.comparators.filter(
    (comparator) =>
      !originalAnalysis.comparators.some(
        (other) => other.direction === comparator.direction && other.unit === comparator.unit,
      ) && !lexicon.formatWords.has(comparator.unit),
  )
  const ungrounded = findUngroundedSpecifics(
    {
      concepts: [...concepts.newContent, ...concepts.narrowingSpecifics],
      times: times.needGrounding,
      comparators: newComparators,
      limits: findNewLimitSpecifics(originalAnalysis, candidateAnalysis),
    },
    evidence.map((item) =>
      analyzeGoalText(typeof item === 'string' ? item : (item.text ?? ''), lexicon, now),
    ),
  )
  const flipped = polarity.some((finding) => finding.kind === 'polarity-flip')
  // What the candidate says the other way round (an original concept left out or in another
  // role, the other end of a scale) fails intent preservation whatever the similarity: a from/to
  // swap or "largest" → "smallest" keeps every word, so neither coverage nor an embedding sees it.
  const contradictions = [
    ...concepts.contradictions,
    ...compareOpposites(originalAnalysis, candidateAnalysis),
  ]
  const lexical =
    concepts.coverage *
    dilution(concepts.originalCount, concepts.newContent.length) *
    (flipped || contradictions.length > 0 ? 0.5 : 1)
  const intent = similarity === undefined ? lexical : clamp(await similarity(original, candidate))
  const substituted =
    concepts.newContent.length > 0 && concepts.dropped.length + concepts.droppedConjuncts.length > 0
  const checks = [
    check(
      'intent-preservation',
      intent,
      reformulationThresholds.intentPreservation,
      'DTL-STRAT-008',
      intent >= reformulationThresholds.intentPreservation && contradictions.length === 0,
      [
        `${Math.round(concepts.coverage * 100)}% of the original's concepts carried`,
        ...[...concepts.dropped, ...concepts.droppedConjuncts].map((concept) => `missing "${concept.text}"`),
        ...(flipped ? ['negation flipped'] : []),
        ...contradictions.map((finding) => finding.message),
      ],
    ),
    check(
      'confidence',
      confidence,
      reformulationThresholds.confidence,
      'DTL-STRAT-007',
      confidence >= reformulationThresholds.confidence,
      [`model confidence ${confidence}`],
    ),
    check(
      'scope-reduction',
      scopeFindings.length,
      0,
      'DTL-STRAT-010',
      scopeFindings.length === 0,
      scopeFindings.map((finding) => finding.message),
    ),
    check(
      'evidence-support',
      evidence.length,
      reformulationThresholds.evidence,
      'DTL-STRAT-009',
      evidence.length >= 1 && ungrounded.length === 0,
      [
        evidence.length === 0 ? 'no evidence cited' : `${evidence.length} evidence item(s) cited`,
        ...ungrounded.map((finding) => finding.message),
      ],
    ),
    check(
      'reversibility',
      concepts.sideEffects.length === 0 ? 1 : 0,
      1,
      'DTL-STRAT-010',
      concepts.sideEffects.length === 0,
      concepts.sideEffects.map((concept) => `"${concept.text}" cannot be undone by restoring the goal`),
    ),
  ]
  const findings = [
    ...scopeFindings,
    ...polarity.filter((finding) => finding.kind === 'polarity-flip'),
    ...contradictions,
    ...ungrounded,
  ]
  if (substituted) {
    findings.push({
      kind: 'substituted-concept',
      term: concepts.newContent.map((concept) => concept.text).join(', '),
      message: 'the candidate replaces original concepts with new ones',
    })
  }
  return classifyReformulation({
    checks,
    findings,
    concepts,
    times,
    limitsAdded: limits.added,
    newComparators,
    substituted,
    flipped: flipped || contradictions.length > 0,
  })
}

function clamp(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0
}

function dilution(originalCount: number, added: number): number {
  return added === 0 ? 1 : Math.min(1, originalCount / added)
}
