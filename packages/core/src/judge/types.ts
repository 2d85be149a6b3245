/** Reason codes that force `FAIL` whatever the score (seed 004 §9.3). */
export const hardFailReasonCodes = [
  'WRONG_ABSTRACTION_LEVEL',
  'WRONG_ARTIFACT_TYPE',
  'MISREAD_PRIMARY_GOAL',
  'UNSUPPORTED_SPECIFICS',
  'SAFETY_OR_POLICY_VIOLATION',
] as const

/** Reason codes that guide a rewrite without failing (seed 004 §9.3). */
export const softReasonCodes = [
  'MISSING_REQUIRED_ELEMENTS',
  'INSUFFICIENT_DECISION_SUPPORT',
  'OVERLY_GENERIC',
  'NEEDS_CLARIFICATION',
  'STRUCTURE_OR_CLARITY_ISSUES',
] as const

/** A built-in hard-fail code. */
export type HardFailReasonCode = (typeof hardFailReasonCodes)[number]
/** A built-in soft code. */
export type SoftReasonCode = (typeof softReasonCodes)[number]
/** A built-in code, or a custom code declared in the definition (seed 004 §5). */
export type JudgeReasonCode = HardFailReasonCode | SoftReasonCode | (string & {})

/** The judge's verdict. */
export type JudgeVerdict = 'PASS' | 'PASS_WITH_CAVEATS' | 'FAIL'
/** The verdicts, in order of goodness. */
export const judgeVerdicts = ['PASS', 'PASS_WITH_CAVEATS', 'FAIL'] as const

/** The minimal fix (seed 004 §9.5). */
export type FixMode = 'REWRITE_ONLY' | 'NEEDS_NEW_EVIDENCE' | 'NEEDS_USER_CLARIFICATION'
/** Every fix mode. */
export const fixModes = ['REWRITE_ONLY', 'NEEDS_NEW_EVIDENCE', 'NEEDS_USER_CLARIFICATION'] as const

/** Gate strictness (seed 004 §3). */
export type JudgeStrictness = 'low' | 'medium' | 'high'

/** The intents with required elements (seed 004 §9.4); other intent ids are accepted with none. */
export type JudgeIntentId =
  | 'SYSTEM_CONTROL_FLOW'
  | 'CODE_FLOW_ANALYSIS'
  | 'REPO_ORIENTATION'
  | 'CHANGE_IMPLEMENTATION'
  | 'DEBUG_AND_DIAGNOSE'
  | (string & {})

/** An artifact a draft can deliver. */
export type ArtifactType = 'diagram' | 'patch' | 'list' | 'code' | 'explanation'

/** The level an answer is pitched at: running behaviour, repository layout, or code. */
export type AbstractionLevel = 'runtime' | 'repository' | 'code'

/** The five weighted dimensions, each scored 0..1 (seed 004 §9.2). */
export interface JudgeDimensionScores {
  goalCoverage: number
  abstractionMatch: number
  artifactMatch: number
  evidenceFit: number
  clarity: number
}

/** A reason code declared by a definition, beyond the built-in enums (seed 004 §5). */
export interface CustomReasonCode {
  /** UPPER_SNAKE_CASE, e.g. `MISSING_ORDER_ID`. */
  code: string
  /** `hard` forces FAIL like the built-in hard-fail codes. @default 'soft' */
  severity?: 'hard' | 'soft'
  /** What it means, shown to the model judge. */
  description?: string
  /** Regex (checked for catastrophic backtracking); the heuristic judge raises the code when the draft does not match. */
  missingPattern?: string
}

/** One next action of a judge result. */
export interface JudgeNextAction {
  type: 'rewrite' | 'tool' | 'question'
  instruction: string
  priority?: 'high' | 'med' | 'low'
}

/** Input to the judge (seed 004 §9.9), in Focal's camelCase. */
export interface JudgePayload {
  /** The latest clarified goal, 1-3 sentences. */
  goal: string
  intentId: JudgeIntentId
  constraints: string[]
  /** At most 5 lines: tools used, files opened, whether the repo was inspected, external lookups. */
  toolTraceSummary: string
  draftAnswer: string
  /** The artifact the user asked for, when known (else inferred from the goal). */
  requestedArtifact?: ArtifactType
  /** The level the user asked for, when known (else inferred from intent and goal). */
  requestedAbstraction?: AbstractionLevel
  /** Lane 1 / policy violations already found in the draft; any makes SAFETY_OR_POLICY_VIOLATION. */
  policyViolations?: string[]
  /** The sensor judged the goal ambiguous. */
  goalAmbiguous?: boolean
  /**
   * Text of the turn's tool results and of the instructions or approved templates the draft was
   * written from. Specific claims (times, dates, amounts, percentages, ids, statuses, names) are
   * checked against it, the goal, the constraints and the trace: one nothing supports raises
   * UNSUPPORTED_SPECIFICS. Without it, claims are checked only when no tool ran (then nothing
   * can support them); when tools ran but their results are not given, the judge cannot tell.
   * `buildJudgePayload` bounds it; prompts show only its start.
   */
  evidence?: string
}

/** What a specific claim states. */
export type ClaimKind = 'time' | 'date' | 'money' | 'percent' | 'quantity' | 'id' | 'status' | 'name'

/** A specific a draft states as fact, as written (`10:02`, `$20`, `NW-1001`, `shipped`). */
export interface SpecificClaim {
  text: string
  kind: ClaimKind
}

/** What any alignment judge returns; `verdict` and `qualityScore` are always computed in code. */
export interface AlignmentJudgeResult {
  qualityScore: number
  verdict: JudgeVerdict
  scores: JudgeDimensionScores
  reasonCodes: JudgeReasonCode[]
  /** The subset of `reasonCodes` that forced FAIL. */
  hardFailCodes: JudgeReasonCode[]
  missingRequirements: string[]
  evidenceIssues: string[]
  fixMode: FixMode
  nextActions: JudgeNextAction[]
  /** `heuristic`, `model`, or `heuristic-fallback` (the model failed, the heuristic answered). */
  source: 'heuristic' | 'model' | 'heuristic-fallback'
  /** Judge model id, or `heuristic`. */
  modelId: string
  /** Tokens spent, when a model judged. */
  tokenCost?: number
  latencyMs?: number
  /** What the heuristic observed (artifacts, abstraction, unsupported specifics), for provenance. */
  observations?: JudgeObservations
}

/** What the heuristic judge saw in the draft. */
export interface JudgeObservations {
  artifacts: ArtifactType[]
  requestedArtifact?: ArtifactType
  draftAbstraction?: AbstractionLevel
  requestedAbstraction?: AbstractionLevel
  coveredElements: string[]
  missingElements: string[]
  /** File paths and code symbols never seen in the tool trace or goal. */
  unsupportedSpecifics: string[]
  /** Specific claims nothing in the goal, trace, constraints or evidence supports. */
  unsupportedClaims: SpecificClaim[]
}
