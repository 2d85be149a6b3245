import { promptEvidence, toJudgePayloadJson } from './build-judge-payload.ts'
import {
  type CustomReasonCode,
  hardFailReasonCodes,
  type JudgePayload,
  type JudgeStrictness,
  softReasonCodes,
} from './types.ts'

const scoresSchemaLine =
  '  "scores": { "goal_coverage": number, "abstraction_match": number, "artifact_match": number, "evidence_fit": number, "clarity": number },  // each 0..1'

/** Prompt A, minimal and strict (the seed's recommended default), with per-dimension scores. */
export const judgePromptA = `You are the Final Alignment Judge. Evaluate whether DRAFT_ANSWER satisfies GOAL given INTENT and CONSTRAINTS, and whether the abstraction level and artifact type match what the user asked.

Do NOT rewrite the answer. Do NOT invent facts. Only judge based on provided inputs.

UNSUPPORTED_SPECIFICS: the draft states as fact a specific (time, date, amount, percentage, id, status, name, file path, symbol) that none of goal, constraints, tool_trace_summary or evidence contains.

Return ONLY valid JSON with this schema:
{
${scoresSchemaLine}
  "quality_score": number,            // 0..1
  "verdict": "PASS"|"PASS_WITH_CAVEATS"|"FAIL",
  "reason_codes": string[],           // from allowed list
  "missing_requirements": string[],
  "evidence_issues": string[],
  "fix_mode": "REWRITE_ONLY"|"NEEDS_NEW_EVIDENCE"|"NEEDS_USER_CLARIFICATION",
  "next_actions": { "type": "rewrite"|"tool"|"question", "instruction": string }[]
}

Allowed reason_codes:
{{ALLOWED_REASON_CODES}}

Hard-fail reason_codes (must set verdict="FAIL"):
{{HARD_FAIL_REASON_CODES}}

Scoring:
- Goal Coverage 35%
- Abstraction Match 25%
- Artifact Match 20%
- Evidence Fit 15%
- Clarity 5%
Verdict thresholds: PASS>=0.80 (no hard-fail); PASS_WITH_CAVEATS 0.60-0.79 (no hard-fail); otherwise FAIL.

Intent required elements:
- SYSTEM_CONTROL_FLOW: actors, signals/events, triggers/sequence, authority/ownership, loop/state transitions, failure path
- CODE_FLOW_ANALYSIS: entry points, call chain, key functions/modules, important branches
- REPO_ORIENTATION: major modules/dirs, entry points, where-to-look-next
- CHANGE_IMPLEMENTATION: concrete change plan, validation/tests, risks
- DEBUG_AND_DIAGNOSE: ranked hypotheses, evidence needed, next experiments
{{CUSTOM_REASON_CODES}}{{STRICTNESS}}
Now evaluate this payload:
{{PAYLOAD_JSON}}`

/** Prompt B, richer, for actionable replans. */
export const judgePromptB = `Role: Final Alignment Judge (verification only).
Task: Compare GOAL + INTENT + CONSTRAINTS + TOOL_TRACE_SUMMARY + EVIDENCE vs DRAFT_ANSWER.

Rules:
- Do not rewrite DRAFT_ANSWER.
- Do not add new facts.
- Be strict about WRONG_ABSTRACTION_LEVEL and WRONG_ARTIFACT_TYPE.
- If you fail, specify the minimal fix: rewrite-only vs needs new evidence vs needs user clarification.
- UNSUPPORTED_SPECIFICS: the draft states as fact a specific (time, date, amount, percentage, id, status, name, file path, symbol) that none of goal, constraints, TOOL_TRACE_SUMMARY or EVIDENCE contains.

Return ONLY JSON:
{
${scoresSchemaLine}
  "quality_score": number,
  "verdict": "PASS"|"PASS_WITH_CAVEATS"|"FAIL",
  "reason_codes": string[],
  "missing_requirements": string[],
  "evidence_issues": string[],
  "fix_mode": "REWRITE_ONLY"|"NEEDS_NEW_EVIDENCE"|"NEEDS_USER_CLARIFICATION",
  "next_actions": { "type": "rewrite"|"tool"|"question", "instruction": string, "priority": "high"|"med"|"low" }[]
}

Allowed reason_codes:
{{ALLOWED_REASON_CODES}}

Hard fail if any of:
{{HARD_FAIL_REASON_CODES}}

Intent required elements (if missing >=2 => MISSING_REQUIRED_ELEMENTS):
SYSTEM_CONTROL_FLOW: actors, signals/events, triggers/sequence, authority, loop/transitions, failure path
CODE_FLOW_ANALYSIS: entry, call chain, key funcs, branches
REPO_ORIENTATION: structure, entry points, next steps
CHANGE_IMPLEMENTATION: plan, tests, risks
DEBUG_AND_DIAGNOSE: hypotheses, evidence, experiments
{{CUSTOM_REASON_CODES}}{{STRICTNESS}}
Evaluate this input:
GOAL: <<<{{GOAL}}>>>
INTENT: <{{INTENT}}>
CONSTRAINTS: <<<{{CONSTRAINTS}}>>>
TOOL_TRACE_SUMMARY: <<<{{TOOL_TRACE_SUMMARY}}>>>{{EVIDENCE_LINE}}
DRAFT_ANSWER: <<<{{DRAFT_ANSWER}}>>>`

/** Prompt A Lite (~70-90 tokens plus the scores line): goal, intent and draft, and the evidence when given. */
export const judgePromptLite = `You are the Final Alignment Judge.

Check whether DRAFT_ANSWER satisfies GOAL given INTENT.
Be strict about abstraction level and requested artifact.

Do NOT rewrite or add facts.

Return ONLY valid JSON:
{
${scoresSchemaLine}
  "quality_score": number,
  "verdict": "PASS"|"PASS_WITH_CAVEATS"|"FAIL",
  "reason_codes": string[],
  "fix_mode": "REWRITE_ONLY"|"NEEDS_NEW_EVIDENCE"|"NEEDS_USER_CLARIFICATION",
  "missing_requirements": string[]
}

Hard-fail if any:
WRONG_ABSTRACTION_LEVEL, WRONG_ARTIFACT_TYPE, MISREAD_PRIMARY_GOAL, UNSUPPORTED_SPECIFICS.

Intent required elements:
SYSTEM_CONTROL_FLOW: actors, signals, sequence/loop, authority, failure path.
CODE_FLOW_ANALYSIS: entry, call chain, key functions.
REPO_ORIENTATION: structure, entry points.
CHANGE_IMPLEMENTATION: plan, tests.
DEBUG_AND_DIAGNOSE: hypotheses, evidence.
{{CUSTOM_REASON_CODES}}{{STRICTNESS}}
Evaluate:
GOAL: <<<{{GOAL}}>>>
INTENT: <{{INTENT}}>{{EVIDENCE_LINE}}
DRAFT_ANSWER: <<<{{DRAFT_ANSWER}}>>>`

/** Which judge prompt to use. */
export type JudgePromptVariant = 'A' | 'B' | 'lite'

/** Options of {@link renderJudgePrompt}. */
export interface RenderJudgePromptOptions {
  payload: JudgePayload
  /** @default 'A' */
  variant?: JudgePromptVariant
  /** @default [] */
  customReasonCodes?: readonly CustomReasonCode[]
  /** Gate strictness (seed 004 §3), stated to the model. @default 'medium' */
  strictness?: JudgeStrictness
}

const strictnessLines: Record<JudgeStrictness, string> = {
  low: 'Strictness: low. Pass unless there is an obvious violation.',
  medium: 'Strictness: medium. Standard checking.',
  high: 'Strictness: high. Be strict: fail on any ambiguity (NEEDS_CLARIFICATION fails).',
}

const templates: Record<JudgePromptVariant, string> = {
  A: judgePromptA,
  B: judgePromptB,
  lite: judgePromptLite,
}

/**
 * Fills a judge prompt with the payload and the allowed (built-in and custom) reason codes. One
 * pass over the template, so text inside the draft is never re-expanded.
 */
export function renderJudgePrompt({
  payload,
  variant = 'A',
  customReasonCodes = [],
  strictness = 'medium',
}: RenderJudgePromptOptions): string {
  const hard = [
    ...hardFailReasonCodes,
    ...customReasonCodes.filter((code) => code.severity === 'hard').map((code) => code.code),
  ]
  const custom =
    customReasonCodes.length === 0
      ? ''
      : `\nCustom reason_codes for this agent:\n${customReasonCodes
          .map(
            (code) =>
              `- ${code.code} (${code.severity ?? 'soft'})${code.description ? `: ${code.description}` : ''}`,
          )
          .join('\n')}\n`
  const values: Record<string, string> = {
    ALLOWED_REASON_CODES: [
      ...hardFailReasonCodes,
      ...softReasonCodes,
      ...customReasonCodes.map((code) => code.code),
    ].join(', '),
    HARD_FAIL_REASON_CODES: hard.join(', '),
    CUSTOM_REASON_CODES: custom,
    STRICTNESS: `\n${strictnessLines[strictness]}\n`,
    PAYLOAD_JSON: toJudgePayloadJson(payload),
    GOAL: payload.goal,
    INTENT: payload.intentId,
    CONSTRAINTS: payload.constraints.join('; '),
    TOOL_TRACE_SUMMARY: payload.toolTraceSummary,
    EVIDENCE_LINE:
      payload.evidence === undefined ? '' : `\nEVIDENCE: <<<${promptEvidence(payload.evidence)}>>>`,
    DRAFT_ANSWER: payload.draftAnswer,
  }
  return templates[variant].replace(
    /\{\{([A-Z_]+)\}\}/g,
    (placeholder, name: string) => values[name] ?? placeholder,
  )
}
