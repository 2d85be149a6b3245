import { FocalError } from '../errors/index.ts'
import { compileGoalVocabulary } from './compile-goal-vocabulary.ts'
import { defaultGoalVocabulary } from './default-goal-vocabulary.ts'
import { describeGoalAmbiguities, explainGoalParse } from './describe-goal-parse.ts'
import { extractGoalTarget } from './extract-goal-target.ts'
import { goalConfidence } from './goal-confidence.ts'
import { destructiveConfidenceCap, guardDestructiveReading } from './guard-destructive-reading.ts'
import { isGoalQuestion } from './is-goal-question.ts'
import { matchGoalCues } from './match-goal-cues.ts'
import { mergeGoalVocabulary } from './merge-goal-vocabulary.ts'
import { normalizeGoalText } from './normalize-goal-text.ts'
import { resolveGoal } from './resolve-goal.ts'
import { scoreGoalFields } from './score-goal-fields.ts'
import type { GoalParseResult, GoalParser, GoalParserOptions, GoalVocabulary } from './types.ts'
import { validateGoalVocabulary } from './validate-goal-vocabulary.ts'
import { vocabularyFromGoalExamples } from './vocabulary-from-goal-examples.ts'

/** Longer requests are read as their head and tail: CPU per parse stays bounded at the edge. */
const headCharacters = 12_000
const tailCharacters = 4_000

/** The part of a request the parser reads: all of it up to 16,000 characters, else head and tail. */
function readableGoalText(text: string): string {
  if (text.length <= headCharacters + tailCharacters) return text
  return `${text.slice(0, headCharacters)}\n${text.slice(-tailCharacters)}`
}

/**
 * Creates a deterministic goal parser: no model, no network, microseconds per request. Phrasing
 * does not matter (case, punctuation, contractions, inflections, stop words, synonyms and typos of
 * one letter in cue words of 5+ letters all normalise away); the vocabulary is data you can
 * replace or extend. Requests over 16,000 characters (pasted logs) are read as their first 12,000
 * and last 4,000 characters, so a parse never costs more than a few milliseconds.
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
      const read = readableGoalText(text)
      const tokens = normalizeGoalText(read, compiled)
      let contentWords = 0
      for (const token of tokens) if (!token.stop) contentWords++
      const hits = matchGoalCues(tokens, compiled)
      const target = extractGoalTarget(read, tokens, compiled)
      const resolved = resolveGoal(
        scoreGoalFields(hits, target),
        target,
        merged,
        contentWords > 0 && isGoalQuestion(read),
      )
      const result: GoalParseResult = {
        goal: resolved.goal,
        confidence: goalConfidence(resolved, contentWords),
        ambiguities: describeGoalAmbiguities(resolved, merged),
        explanation: explainGoalParse(resolved, hits, target),
      }
      // "explain what git reset --hard does" may stay explain, but never confidently: a planner
      // acting on a read-only reading of a destructive request must ask first.
      const destructive = guardDestructiveReading(resolved, hits)
      if (destructive) {
        result.confidence = Math.min(result.confidence, destructiveConfidenceCap)
        const { field, value } = destructive.ambiguity
        const others = result.ambiguities.filter((item) => item.field !== field || item.value !== value)
        result.ambiguities = [destructive.ambiguity, ...others]
        result.explanation += `; destructive '${destructive.words}' keeps confidence below 0.5`
      }
      return result
    },
  }
}
