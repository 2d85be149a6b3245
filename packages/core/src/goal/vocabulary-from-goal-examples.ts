import { FocalError } from '../errors/index.ts'
import type { CompiledGoalVocabulary } from './compile-goal-vocabulary.ts'
import { goalFieldValues } from './goal-values.ts'
import { normalizeGoalText } from './normalize-goal-text.ts'
import type { GoalCue, GoalExample, GoalVocabulary } from './types.ts'

/** A word seen this many times under one label reaches the weight of a strong cue. */
const maxExampleWeight = 2

function checkExample(example: GoalExample, index: number): void {
  const path = `examples[${index}]`
  if (typeof example?.text !== 'string') {
    throw new FocalError({ code: 'invalid-argument', message: `${path}.text: must be a string` })
  }
  for (const field of ['intent', 'entity'] as const) {
    const value = example[field]
    if (value !== undefined && !goalFieldValues[field].includes(value)) {
      throw new FocalError({
        code: 'invalid-argument',
        message: `${path}.${field}: unknown ${field} "${value}"`,
      })
    }
  }
}

/**
 * Cues learned from labelled examples: every word the vocabulary does not know yet votes for the
 * example's intent and entity, more strongly the more examples use it.
 */
export function vocabularyFromGoalExamples(
  examples: readonly GoalExample[],
  compiled: CompiledGoalVocabulary,
): Partial<GoalVocabulary> {
  const counts = new Map<string, { word: string; label: Partial<GoalCue>; count: number }>()
  examples.forEach((example, index) => {
    checkExample(example, index)
    const label: Partial<GoalCue> = {}
    if (example.intent) label.intent = example.intent
    if (example.entity) label.entity = example.entity
    for (const token of normalizeGoalText(example.text, compiled)) {
      if (token.stop || compiled.lexicon.has(token.concept) || /^\d+$/.test(token.surface)) continue
      const key = `${token.surface.toLowerCase()}|${example.intent ?? ''}|${example.entity ?? ''}`
      const entry = counts.get(key)
      if (entry) entry.count++
      else counts.set(key, { word: token.surface.toLowerCase(), label, count: 1 })
    }
  })
  const cues: GoalCue[] = [...counts.values()].map(({ word, label, count }) => ({
    phrase: word,
    ...label,
    weight: Math.min(maxExampleWeight, 0.5 + 0.5 * count),
  }))
  return { cues }
}
