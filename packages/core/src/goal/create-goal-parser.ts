import { FocalError } from '../errors/index.ts'
import { compileGoalVocabulary } from './compile-goal-vocabulary.ts'
import { defaultGoalVocabulary } from './default-goal-vocabulary.ts'
import { describeGoalAmbiguities, explainGoalParse } from './describe-goal-parse.ts'
import { extractGoalTarget } from './extract-goal-target.ts'
import { goalConfidence } from './goal-confidence.ts'
import { matchGoalCues } from './match-goal-cues.ts'
import { mergeGoalVocabulary } from './merge-goal-vocabulary.ts'
import { normalizeGoalText } from './normalize-goal-text.ts'
import { resolveGoal } from './resolve-goal.ts'
import { scoreGoalFields } from './score-goal-fields.ts'
import type { GoalParseResult, GoalParser, GoalParserOptions, GoalVocabulary } from './types.ts'
import { validateGoalVocabulary } from './validate-goal-vocabulary.ts'
import { vocabularyFromGoalExamples } from './vocabulary-from-goal-examples.ts'

/**
 * Creates a deterministic goal parser: no model, no network, microseconds per request. Phrasing
 * does not matter (case, punctuation, contractions, inflections, stop words, synonyms and typos of
 * one letter in cue words of 5+ letters all normalise away); the vocabulary is data you can
 * replace or extend.
 *
 * @example
 * const parser = createGoalParser()
 * parser.parse('which files changed').goal
 * // { intent: 'status', entity: 'git-working-tree', artifact: 'status', scope: 'recent' }
 * const custom = createGoalParser({ extendVocabulary: { cues: [{ phrase: 'ship it', intent: 'execute' }] } })
 */
export function createGoalParser({
  vocabulary = defaultGoalVocabulary,
  extendVocabulary,
  examples = [],
}: GoalParserOptions = {}): GoalParser {
  validateGoalVocabulary(vocabulary)
  let merged: GoalVocabulary = vocabulary
  if (extendVocabulary !== undefined) {
    validateGoalVocabulary(mergeGoalVocabulary(vocabulary, extendVocabulary), 'vocabulary extension')
    merged = mergeGoalVocabulary(vocabulary, extendVocabulary)
  }
  if (examples.length > 0) {
    merged = mergeGoalVocabulary(merged, vocabularyFromGoalExamples(examples, compileGoalVocabulary(merged)))
  }
  const compiled = compileGoalVocabulary(merged)
  return {
    parse(text: string): GoalParseResult {
      if (typeof text !== 'string') {
        throw new FocalError({ code: 'invalid-argument', message: 'parse(text): text must be a string' })
      }
      const tokens = normalizeGoalText(text, compiled)
      const hits = matchGoalCues(tokens, compiled)
      const target = extractGoalTarget(text, tokens, compiled)
      const resolved = resolveGoal(scoreGoalFields(hits, target), target, merged)
      return {
        goal: resolved.goal,
        confidence: goalConfidence(resolved),
        ambiguities: describeGoalAmbiguities(resolved, merged),
        explanation: explainGoalParse(resolved, hits, target),
      }
    },
  }
}
