import { FocalError } from '../errors/index.ts'
import type { AbstractionLevel, ArtifactType, JudgeIntentId, JudgePayload } from './types.ts'

/** Options of {@link buildJudgePayload}. */
export interface BuildJudgePayloadOptions {
  /** The latest clarified goal; trimmed to its first `maxGoalSentences` sentences. */
  goal: string
  intentId: JudgeIntentId
  draft: string
  /** @default [] */
  constraints?: readonly string[]
  /** Trace lines (tools used, files opened, repo inspected, external lookups) or one string. @default '' */
  toolTrace?: string | readonly string[]
  /** At most this many trace lines; the rest fold into a last `+N more` line. @default 5 */
  maxTraceLines?: number
  /** @default 3 */
  maxGoalSentences?: number
  requestedArtifact?: ArtifactType
  requestedAbstraction?: AbstractionLevel
  policyViolations?: readonly string[]
  goalAmbiguous?: boolean
  /**
   * Text of the turn's tool results and of the instructions or approved templates the draft was
   * written from, one string or one per source; specific claims are checked against it.
   * @default undefined (claims are then checked only when no tool ran)
   */
  evidence?: string | readonly string[]
  /** At most this many characters of evidence are kept (the prompts show only the first 1,200). @default 4000 */
  maxEvidenceChars?: number
}

/** How much evidence the model judge prompts show (seed 004 §9.10: keep the payload short). */
export const maxPromptEvidenceChars = 1_200

/**
 * The judge's input (seed 004 §9.9), token-minimised as §9.10 advises: the goal cut to 1-3
 * sentences, the tool trace to at most 5 lines, constraints as short strings, the evidence (tool
 * results and instructions) bounded.
 *
 * @example
 * buildJudgePayload({ goal: 'How does login work at runtime?', intentId: 'SYSTEM_CONTROL_FLOW', draft, toolTrace: ['read_file auth.ts'] })
 */
export function buildJudgePayload(options: BuildJudgePayloadOptions): JudgePayload {
  const {
    goal,
    intentId,
    draft,
    constraints = [],
    toolTrace = '',
    maxTraceLines = 5,
    maxGoalSentences = 3,
  } = options
  if (typeof goal !== 'string' || goal.trim() === '') throw invalid('goal', 'goal is empty')
  if (typeof draft !== 'string') throw invalid('draft', 'draft must be a string')
  if (typeof intentId !== 'string' || intentId === '') throw invalid('intentId', 'intent id is empty')
  const payload: JudgePayload = {
    goal: firstSentences(goal.trim(), maxGoalSentences),
    intentId,
    constraints: [...constraints],
    toolTraceSummary: summariseTrace(toolTrace, maxTraceLines),
    draftAnswer: draft,
  }
  if (options.requestedArtifact !== undefined) payload.requestedArtifact = options.requestedArtifact
  if (options.requestedAbstraction !== undefined) payload.requestedAbstraction = options.requestedAbstraction
  if (options.policyViolations !== undefined) payload.policyViolations = [...options.policyViolations]
  if (options.goalAmbiguous !== undefined) payload.goalAmbiguous = options.goalAmbiguous
  if (options.evidence !== undefined)
    payload.evidence = boundEvidence(options.evidence, options.maxEvidenceChars)
  return payload
}

/** The payload as the seed's JSON (snake_case keys), for prompts; evidence cut to its first 1,200 characters. */
export function toJudgePayloadJson(payload: JudgePayload): string {
  return JSON.stringify({
    goal: payload.goal,
    intent_id: payload.intentId,
    constraints: payload.constraints,
    tool_trace_summary: payload.toolTraceSummary,
    ...(payload.evidence === undefined ? {} : { evidence: promptEvidence(payload.evidence) }),
    draft_answer: payload.draftAnswer,
  })
}

/** The evidence as prompts show it: its first {@link maxPromptEvidenceChars} characters. */
export function promptEvidence(evidence: string): string {
  return boundText(evidence, maxPromptEvidenceChars)
}

/** Evidence sources joined one per line (blank ones dropped) and cut to `maxChars` (default 4,000). */
export function boundEvidence(evidence: string | readonly string[], maxChars = 4_000): string {
  const joined = (typeof evidence === 'string' ? [evidence] : [...evidence])
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .join('\n')
  return boundText(joined, maxChars)
}

/** The first `max` characters, cut at a line or word end when one is near, marked as cut. */
function boundText(text: string, max: number): string {
  if (text.length <= max) return text
  const head = text.slice(0, max)
  const cut = Math.max(head.lastIndexOf('\n'), head.lastIndexOf(' '))
  return `${cut > max * 0.8 ? head.slice(0, cut) : head} […${text.length - max} more chars]`
}

function summariseTrace(trace: string | readonly string[], maxLines: number): string {
  const lines = (typeof trace === 'string' ? trace.split('\n') : [...trace])
    .map((line) => line.trim())
    .filter((line) => line !== '')
  if (lines.length <= maxLines) return lines.join('\n')
  const kept = lines.slice(0, Math.max(0, maxLines - 1))
  const rest = lines.slice(kept.length)
  kept.push(`+${rest.length} more: ${rest.join('; ')}`.slice(0, 240))
  return kept.join('\n')
}

function firstSentences(text: string, count: number): string {
  const sentences = text.match(/[^.!?]+[.!?]*\s*/g) ?? [text]
  return sentences.slice(0, count).join('').trim()
}

function invalid(path: string, message: string): FocalError {
  return new FocalError({
    code: 'invalid-argument',
    message: `${path}: ${message}`,
    issues: [{ path, message }],
  })
}
