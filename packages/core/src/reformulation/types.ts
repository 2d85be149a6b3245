/** Reformulation types seed 000 allows. */
export type AllowedReformulationType =
  | 'clarification'
  | 'scope-narrowing'
  | 'constraint-addition'
  | 'format-specification'

/** Reformulation types seed 000 forbids. */
export type ForbiddenReformulationType =
  | 'scope-expansion'
  | 'topic-change'
  | 'assumption-injection'
  | 'constraint-removal'

/** What kind of change a candidate makes to the original goal. */
export type ReformulationType = AllowedReformulationType | ForbiddenReformulationType

/**
 * Seed 000 abort codes: 007 confidence < 0.9, 008 similarity < 0.95, 009 no evidence support,
 * 010 scope expansion (each: abort the reformulation, keep the original), 011 not logged before
 * execution (abort the whole run).
 */
export type ReformulationAbortCode =
  | 'DTL-STRAT-007'
  | 'DTL-STRAT-008'
  | 'DTL-STRAT-009'
  | 'DTL-STRAT-010'
  | 'DTL-STRAT-011'

/** The five criteria of seed 000, named as its table names them. */
export type ReformulationCriterion =
  | 'intent-preservation'
  | 'confidence'
  | 'scope-reduction'
  | 'evidence-support'
  | 'reversibility'

/** One criterion's result. */
export interface ReformulationCheck {
  criterion: ReformulationCriterion
  passed: boolean
  /** intent-preservation: similarity 0..1; confidence: 0..1; scope-reduction: expansion findings (0 passes); evidence-support: cited items; reversibility: 1 or 0. */
  measured: number
  threshold: number
  /** The abort code this criterion raises when it fails (reversibility raises 010: a side effect widens scope). */
  code: ReformulationAbortCode
  /** Why it passed or failed, one sentence each. */
  details: string[]
}

/**
 * A piece of evidence the candidate cites: `{ id, text }`, or just its text as a string (its id is
 * then `evidence-<index>`). New specifics of the candidate must appear in some `text`.
 */
export type ReformulationEvidence =
  | string
  | {
      id: string
      /** The evidence content (tool result, document excerpt). Without it only the count criterion can pass. */
      text?: string
      /** Where it came from, for provenance. */
      source?: string
    }

/** Why a candidate is not a pure narrowing or clarification. */
export interface ReformulationFinding {
  kind:
    | 'new-conjunct'
    | 'broader-time-window'
    | 'dropped-time-window'
    | 'broader-quantifier'
    | 'dropped-quantifier'
    | 'broadening-term'
    | 'dropped-restriction'
    | 'dropped-constraint'
    | 'loosened-constraint'
    | 'side-effect-action'
    | 'polarity-flip'
    | 'contradiction'
    | 'substituted-concept'
    | 'ungrounded-specific'
  /** The term or phrase concerned. */
  term: string
  /** For `ungrounded-specific`: what the term looks like. */
  entity?: 'location' | 'date' | 'person-or-organization' | 'number' | 'term'
  message: string
}

/** The outcome of `validateReformulation`: a value, never a throw. */
export interface ReformulationValidation {
  allowed: boolean
  /** The change, classified. An allowed type with `allowed: false` means only confidence or evidence count failed. */
  type: ReformulationType
  /** Primary abort code (precedence documented on `validateReformulation`); absent when allowed. */
  code?: ReformulationAbortCode
  /** Every failing criterion's code, in code order. */
  codes: ReformulationAbortCode[]
  checks: ReformulationCheck[]
  findings: ReformulationFinding[]
}

/** A semantic similarity in 0..1 replacing the lexical concept coverage (e.g. embeddings). */
export type ReformulationSimilarity = (original: string, candidate: string) => number | Promise<number>

/** Extra vocabulary for the lexical analysis. */
export interface ReformulationLexicon {
  /** Groups of interchangeable terms, e.g. `[['car', 'automobile', 'vehicle']]`. */
  synonyms?: readonly (readonly string[])[]
  /** Narrower terms that carry a broader one, e.g. `{ crypto: ['bitcoin', 'ethereum'] }`. */
  narrower?: Readonly<Record<string, readonly string[]>>
}
