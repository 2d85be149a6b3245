import { FocalError } from '../errors/index.ts'
import type { Goal, GoalParser } from './types.ts'

/** Options of `compareClassifications`. */
export interface CompareClassificationsOptions {
  /** Requests to compare on (from telemetry, or a test set). */
  texts: readonly string[]
  parser: GoalParser
  /** The legacy keyword classifier: text -> its flat goal type. */
  legacyClassify: (text: string) => string
  /** Maps a parsed goal to the legacy type it should correspond to. */
  legacyTypeOf: (goal: Goal) => string
  /** Parses at or above this confidence count as "confident" (migration step 3). @default 0.8 */
  confidentAbove?: number
}

/** One request in a shadow-mode comparison. */
export interface ClassificationComparisonRow {
  text: string
  legacy: string
  /** The legacy type the parsed goal maps to. */
  derived: string
  goal: Goal
  confidence: number
  agreed: boolean
}

/** What `compareClassifications` reports. */
export interface ClassificationComparison {
  total: number
  agreed: number
  /** agreed / total (0 when there are no texts). */
  agreement: number
  /** Agreement among parses at or above `confidentAbove`, and how many there were. */
  confident: { total: number; agreed: number; agreement: number }
  /** legacy type -> derived type -> count: where the two disagree. */
  confusion: Record<string, Record<string, number>>
  rows: ClassificationComparisonRow[]
}

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole)

/**
 * Shadow mode for teams migrating off keyword routing (seed 003, steps 1-2): run the legacy
 * classifier beside the goal parser on the same requests and report how often they agree.
 *
 * @example
 * const report = compareClassifications({ texts, parser: createGoalParser(), legacyClassify, legacyTypeOf: (goal) => goal.entity === 'git-history' ? 'CommitHistory' : 'CodebaseQuery' })
 * report.confident.agreement // switch routing once this stays high
 */
export function compareClassifications({
  texts,
  parser,
  legacyClassify,
  legacyTypeOf,
  confidentAbove = 0.8,
}: CompareClassificationsOptions): ClassificationComparison {
  if (!Array.isArray(texts) || typeof legacyClassify !== 'function' || typeof legacyTypeOf !== 'function') {
    throw new FocalError({
      code: 'invalid-argument',
      message: 'compareClassifications: texts must be an array and legacyClassify, legacyTypeOf functions',
    })
  }
  const confusion: Record<string, Record<string, number>> = {}
  const rows = texts.map((text): ClassificationComparisonRow => {
    const { goal, confidence } = parser.parse(text)
    const legacy = legacyClassify(text)
    const derived = legacyTypeOf(goal)
    const byLegacy = confusion[legacy] ?? {}
    confusion[legacy] = byLegacy
    byLegacy[derived] = (byLegacy[derived] ?? 0) + 1
    return { text, legacy, derived, goal, confidence, agreed: legacy === derived }
  })
  const agreed = rows.filter((row) => row.agreed).length
  const confidentRows = rows.filter((row) => row.confidence >= confidentAbove)
  const confidentAgreed = confidentRows.filter((row) => row.agreed).length
  return {
    total: rows.length,
    agreed,
    agreement: ratio(agreed, rows.length),
    confident: {
      total: confidentRows.length,
      agreed: confidentAgreed,
      agreement: ratio(confidentAgreed, confidentRows.length),
    },
    confusion,
    rows,
  }
}
