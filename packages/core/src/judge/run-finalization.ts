import { detectAbstractionLevel } from './abstraction-cues.ts'
import { boundEvidence } from './build-judge-payload.ts'
import type { AlignmentJudge } from './create-alignment-judge.ts'
import { detectArtifacts } from './detect-artifacts.ts'
import {
  type FinalizationAttempt,
  type ReplanDirective,
  type ReplanDirectiveOptions,
  replanDirective,
} from './replan-directive.ts'
import type { AlignmentJudgeResult, JudgePayload } from './types.ts'

/** What the host's regeneration step returns for one retry. */
export interface FinalizationRetry {
  draft: string
  /** Evidence ids the new draft rests on (new tool results count as a changed evidence base). */
  evidenceIds?: readonly string[]
  /** A refreshed ≤ 5-line tool trace when tools ran. */
  toolTraceSummary?: string
  /** The tool results and instructions the new draft rests on; its claims are judged against them. */
  evidence?: string | readonly string[]
  clarificationObtained?: boolean
}

/** Options of {@link runFinalization}. */
export interface RunFinalizationOptions extends ReplanDirectiveOptions {
  judge: AlignmentJudge
  /** The payload with the first draft. */
  payload: JudgePayload
  /** Evidence ids of the first draft. @default [] */
  evidenceIds?: readonly string[]
  /** Produces the next draft for a `replan` directive (rewrite-only: no tools; needs evidence: minimal tools). */
  regenerate: (
    directive: Extract<ReplanDirective, { type: 'replan' }>,
    previous: FinalizationAttempt & { draft: string },
  ) => Promise<FinalizationRetry>
  signal?: AbortSignal
  /** Milliseconds clock for `timeToFinalizeMs`. @default performance.now */
  now?: () => number
}

/** The outcome of a finalization: always a value. */
export interface FinalizationResult {
  /** `accepted`; `ask-user` (send `directive.instruction` as a clarification); `finalized-with-limitations`. */
  type: 'accepted' | 'ask-user' | 'finalized-with-limitations'
  /** The draft to send: the accepted one, or the best attempt when finalizing with limitations. */
  draft: string
  judgeResult: AlignmentJudgeResult
  directive: ReplanDirective
  /** Every attempt, first one at index 0 (its index is the metrics `attempt_index`). */
  attempts: Array<FinalizationAttempt & { draft: string }>
  limitations: string[]
  retries: number
  timeToFinalizeMs: number
}

/**
 * The finalize → judge → bounded replan loop (seed 004 §9.7, §9.11-9.12): judges the draft, asks
 * `replanDirective` what to do, regenerates when told, and stops on accept, a clarification, or the
 * anti-loop rule (then the best attempt is finalized with its limitations stated).
 *
 * @example
 * const result = await runFinalization({ judge, payload, regenerate: (directive) => respond(directive.instruction) })
 * reply(result.type === 'finalized-with-limitations' ? `${result.draft}\n\nLimitations: ${result.limitations.join(' ')}` : result.draft)
 */
export async function runFinalization(options: RunFinalizationOptions): Promise<FinalizationResult> {
  const now = options.now ?? (() => performance.now())
  const started = now()
  const signalOption = options.signal === undefined ? {} : { signal: options.signal }
  let payload = options.payload
  let evidenceIds = [...(options.evidenceIds ?? [])]
  let clarificationObtained = false
  const attempts: Array<FinalizationAttempt & { draft: string }> = []
  for (;;) {
    const judgeResult = await options.judge.judge(payload, signalOption)
    // Model judges report no observations: detect artifact and level here so the anti-loop rule still sees changes.
    const draft = payload.draftAnswer
    const level = judgeResult.observations?.draftAbstraction ?? detectAbstractionLevel(draft)
    attempts.push({
      judgeResult,
      draft,
      evidenceIds,
      clarificationObtained,
      artifactTypes: judgeResult.observations?.artifacts ?? detectArtifacts(draft),
      ...(level === undefined ? {} : { abstractionLevel: level }),
    })
    const directive = replanDirective(judgeResult, attempts, options)
    const finish = (
      type: FinalizationResult['type'],
      draft: string,
      limitations: string[] = [],
    ): FinalizationResult => ({
      type,
      draft,
      judgeResult,
      directive,
      attempts,
      limitations,
      retries: attempts.length - 1,
      timeToFinalizeMs: now() - started,
    })
    if (directive.type === 'accept') return finish('accepted', payload.draftAnswer)
    if (directive.type === 'ask-user') return finish('ask-user', payload.draftAnswer)
    if (directive.type === 'finalize-with-limitations') {
      const best = bestAttempt(attempts)
      return {
        ...finish('finalized-with-limitations', best.draft, directive.limitations),
        judgeResult: best.judgeResult,
      }
    }
    const retry = await options.regenerate(directive, attempts[attempts.length - 1]!)
    evidenceIds = [...new Set([...evidenceIds, ...(retry.evidenceIds ?? [])])]
    clarificationObtained = retry.clarificationObtained ?? false
    payload = {
      ...payload,
      draftAnswer: retry.draft,
      ...(retry.toolTraceSummary === undefined ? {} : { toolTraceSummary: retry.toolTraceSummary }),
      ...(retry.evidence === undefined ? {} : { evidence: boundEvidence(retry.evidence) }),
    }
  }
}

/** Fewest hard-fail codes first, then the highest quality score; the earliest on ties. */
function bestAttempt<Attempt extends FinalizationAttempt>(attempts: readonly Attempt[]): Attempt {
  let best = attempts[0]!
  for (const attempt of attempts.slice(1)) {
    const a = attempt.judgeResult
    const b = best.judgeResult
    if (
      a.hardFailCodes.length < b.hardFailCodes.length ||
      (a.hardFailCodes.length === b.hardFailCodes.length && a.qualityScore > b.qualityScore)
    ) {
      best = attempt
    }
  }
  return best
}
