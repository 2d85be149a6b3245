import type { GoalAmbiguity, GoalArtifact, GoalEntity, GoalIntent } from './types.ts'

/** A kind of evidence an investigation collects. */
export type GoalEvidenceClass =
  | 'git-status'
  | 'git-diff'
  | 'git-log'
  | 'git-commit'
  | 'file-history'
  | 'file-commit'
  | 'file-search'
  | 'symbol-search'
  | 'usage-search'
  | 'file-content'
  | 'discovery'
  | 'ci-workflow'
  | 'build-output'
  | 'test-output'
  | 'test-files'
  | 'test-search'
  | 'session-info'

/** Conditions on a goal; an absent field matches anything, a list matches any of its values. */
export interface GoalCondition {
  intent?: GoalIntent | readonly GoalIntent[]
  entity?: GoalEntity | readonly GoalEntity[]
  artifact?: GoalArtifact | readonly GoalArtifact[]
  /** Whether the goal names a target. */
  hasTarget?: boolean
  /**
   * What kind of target the goal names: a file `path` (`src/auth.ts`, `orders.ts`), a `revision`
   * (`855110d`, `HEAD~1`, `855110d..HEAD`) or a `name` (`CommandRouter`, "the auth stuff").
   */
  targetIs?: GoalTargetKind | readonly GoalTargetKind[]
}

/** The kinds of target a {@link GoalCondition} tells apart. */
export type GoalTargetKind = 'path' | 'revision' | 'name'

/** Row of the evidence table: the first row whose condition holds says what evidence the goal needs. */
export interface GoalEvidenceRow {
  when: GoalCondition
  evidence: readonly GoalEvidenceClass[]
}

/** A tool invocation the host maps to its own tools; `{target}` in args is replaced by the goal's target. */
export interface GoalToolTemplate {
  tool: string
  args: string
}

/** Row of the tool table: how to produce one evidence class. */
export interface GoalToolRow extends GoalToolTemplate {
  evidence: GoalEvidenceClass
  /** Deterministic tools (git, read, symbol index) run before broad searches. */
  deterministic: boolean
  /** What to run if this tool fails. */
  fallback?: GoalToolTemplate
  /**
   * The args instead of `args` when the request asks to see the changed lines themselves ("show me
   * the diff of the last commit": `show {commit}`, the patch, for `show --stat {commit}`).
   */
  lines?: string
}

/** Row of the recovery table: when a goal still lacks `missing`, run `call`. */
export interface GoalRecoveryRow {
  when: GoalCondition
  missing: GoalEvidenceClass
  call: GoalToolTemplate
}

/** The tables an investigation runs on: data, replaceable as a whole or row by row. */
export interface GoalStrategy {
  evidence: readonly GoalEvidenceRow[]
  tools: readonly GoalToolRow[]
  recovery: readonly GoalRecoveryRow[]
}

/** One planned tool call. */
export interface GoalToolCall extends GoalToolTemplate {
  evidence: GoalEvidenceClass
  fallback?: GoalToolTemplate
}

/** Which evidence has been collected so far (a `Set<GoalEvidenceClass>` fits). */
export interface GoalEvidenceStore {
  has(evidence: GoalEvidenceClass): boolean
}

/** What to do next when an investigation stalls. */
export type GoalRecovery =
  | {
      type: 'clarify'
      question: string
      options: string[]
      /** How each option reads to a person ("how or why something works"), beside `options`. */
      labels?: string[]
      /** The goal field the options are values of, when they are (`intent`: `explain`, `status`). */
      field?: 'intent' | 'entity'
    }
  | { type: 'tool'; call: GoalToolCall }
  | { type: 'none' }

/** Options shared by the strategy functions. */
export interface GoalStrategyOptions {
  /** The tables to use. @default defaultGoalStrategy */
  strategy?: GoalStrategy
}

/** Options of `planTools`. */
export interface PlanToolsOptions extends GoalStrategyOptions {
  /** The request asks for the changed lines themselves: rows with `lines` args use them. @default false */
  lines?: boolean
}

/** Options of `selectRecovery`. */
export interface SelectRecoveryOptions extends GoalStrategyOptions {
  /** Below this parse confidence, ask instead of running tools. @default 0.3 */
  clarifyBelow?: number
  /** The parse's ambiguities, used to word the clarifying question. @default [] */
  ambiguities?: readonly GoalAmbiguity[]
  /** Human wording of field values (`entity:git-history`). @default defaultGoalVocabulary.descriptions */
  descriptions?: Readonly<Partial<Record<string, string>>>
}
