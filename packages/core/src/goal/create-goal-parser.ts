import { FocalError } from '../errors/index.ts'
import {
  blendableIntents,
  blendedProbability,
  blendGoalIntent,
  ruleIntentDistribution,
} from './blend-goal-intent.ts'
import { compileGoalVocabulary } from './compile-goal-vocabulary.ts'
import { decodeIntentModel } from './decode-intent-model.ts'
import { defaultGoalVocabulary } from './default-goal-vocabulary.ts'
import {
  defaultBlendedConfidenceCalibration,
  defaultIntentBlendWeight,
  defaultIntentModel,
} from './default-intent-model.ts'
import { describeGoalAmbiguities, explainGoalParse } from './describe-goal-parse.ts'
import { findNamedSpans } from './find-named-spans.ts'
import { calibrateBlendedConfidence, goalConfidence, rawGoalConfidence } from './goal-confidence.ts'
import { mutatingIntents } from './goal-values.ts'
import {
  destructiveConfidenceCap,
  guardDestructiveReading,
  keepsDestructiveReading,
} from './guard-destructive-reading.ts'
import type { IntentModel } from './intent-model.ts'
import { intentProbabilities } from './intent-probabilities.ts'
import { mergeGoalVocabulary } from './merge-goal-vocabulary.ts'
import { chatModeOf } from './normalize-goal-text.ts'
import { readGoalRules } from './read-goal-rules.ts'
import { readableRequest } from './readable-request.ts'
import { type ResolvedGoal, resolveGoal } from './resolve-goal.ts'
import type { GoalIntent, GoalParseResult, GoalParser, GoalParserOptions, GoalVocabulary } from './types.ts'
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

/** The learned model reads at most this much: a long request's first and last halves of it. */
const learnedCharacters = 2000

/** The most confidence a learned guess gets when no cue read the request (below `clarifyBelow` 0.3). */
const vagueGuessConfidence = 0.25

/**
 * The best reading of a request in question mode that changes nothing: by the blended
 * probabilities when a learned model read it, else by the cues' votes; `explain` when neither
 * names one (a question asks to be told something).
 */
function readOnlyReading(
  resolved: ResolvedGoal,
  blended: ((intent: GoalIntent) => number) | undefined,
): GoalIntent {
  let best: GoalIntent = 'explain'
  let bestScore = 0
  if (blended !== undefined) {
    for (const intent of blendableIntents) {
      if (mutatingIntents.has(intent) || intent === 'unknown') continue
      const score = blended(intent)
      if (score > bestScore) {
        best = intent
        bestScore = score
      }
    }
    return best
  }
  for (const [value, score] of resolved.fields.intent.ranked) {
    const intent = value as GoalIntent
    if (mutatingIntents.has(intent) || intent === 'unknown' || score <= bestScore) continue
    best = intent
    bestScore = score
  }
  return best
}

/** What the learned model reads: the question may stand after a long paste, or before it. */
function learnedIntentText(text: string): string {
  if (text.length <= learnedCharacters) return text
  return `${text.slice(0, learnedCharacters / 2)}\n${text.slice(-learnedCharacters / 2)}`
}

/**
 * `text` without the names it gives ({@link findNamedSpans}: @-mentions, paths, file names): their
 * words ask nothing (`@design/refactor-plan.md` asks for no refactor), for the learned model as for
 * the cue rules.
 */
function withoutNames(text: string): string {
  const spans = findNamedSpans(text)
  if (spans.length === 0) return text
  let kept = ''
  let from = 0
  for (const [start, end] of spans) {
    kept += `${text.slice(from, start)} `
    from = end
  }
  return kept + text.slice(from)
}

let decodedModel: IntentModel | undefined
/** The built-in learned intent model, decoded on first use and shared by every parser. */
function defaultLearnedIntentModel(): IntentModel {
  decodedModel ??= decodeIntentModel(defaultIntentModel)
  return decodedModel
}

/**
 * Creates a deterministic goal parser: no network, tens of microseconds per request. Cue rules
 * read the request and a small built-in learned model (word n-grams, `learnedIntent`) may overrule
 * a weak reading of its intent; confidence is calibrated on out-of-fold readings of real requests. Phrasing
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
  learnedIntent = vocabulary === defaultGoalVocabulary,
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
  const learnedModel = learnedIntent ? defaultLearnedIntentModel() : undefined
  return {
    parse(text: string): GoalParseResult {
      if (typeof text !== 'string') {
        throw new FocalError({ code: 'invalid-argument', message: 'parse(text): text must be a string' })
      }
      const read = readableGoalText(readableRequest(text))
      const rules = readGoalRules(read, compiled, merged)
      const { hits, target, contentWords } = rules
      let resolved = rules.resolved
      let confidence = goalConfidence(resolved, contentWords)
      let overruled: { cued: GoalIntent; share: number } | undefined
      // The blended probability of each intent, when a learned model read the request.
      let blended: ((intent: GoalIntent) => number) | undefined
      // One word no cue reads ("frontend") or a bare file name asks nothing: the model does not
      // guess a request into it.
      if (learnedModel !== undefined && contentWords > 0 && !rules.bare) {
        const cued = resolved.goal.intent
        const distribution = ruleIntentDistribution(resolved, confidence)
        // When no cue read the request's own words, its names are all the model has to go on.
        const modelText = cued === 'unknown' ? read : withoutNames(read)
        const learned = intentProbabilities(learnedModel, learnedIntentText(modelText))
        blended = (intent) => blendedProbability(distribution, learned, defaultIntentBlendWeight, intent)
        // A destructive request the cues read as a change stays a change, whatever the model says.
        const blend = keepsDestructiveReading(resolved, hits)
          ? { intent: cued, probability: distribution.get(cued) ?? 0, cuedProbability: 0 }
          : blendGoalIntent(distribution, learned, defaultIntentBlendWeight, cued, rules.asks)
        if (blend.intent !== cued) {
          resolved = resolveGoal(rules.scores, target, merged, rules.question, blend.intent)
          overruled = { cued, share: blend.cuedProbability / blend.probability }
        }
        confidence =
          blend.intent === 'unknown'
            ? rawGoalConfidence(resolved)
            : calibrateBlendedConfidence(blend.probability, contentWords, defaultBlendedConfidenceCalibration)
        // No cue read the request ("the auth stuff"): it is vague, whatever the model guesses. The
        // guess stands, below the line where a task agent asks (seed 003's clarification).
        if (cued === 'unknown') confidence = Math.min(confidence, vagueGuessConfidence)
      }
      // A request typed in a coding agent's question mode (aider's `/ask`) asks and edits
      // nothing: it is never read as a change or a command, whatever its words (`/ask can you
      // show me how you would implement…`). The next reading the cues or the model gave stands.
      if (chatModeOf(text) === 'ask' && mutatingIntents.has(resolved.goal.intent)) {
        const readOnly = readOnlyReading(resolved, blended)
        resolved = resolveGoal(rules.scores, target, merged, rules.question, readOnly)
        // Its probability given that the request changes nothing: the changing readings' share is
        // taken out of the whole.
        confidence =
          blended === undefined
            ? goalConfidence(resolved, contentWords)
            : calibrateBlendedConfidence(
                blended(readOnly) / Math.max(1e-9, 1 - blended('modify') - blended('execute')),
                contentWords,
                defaultBlendedConfidenceCalibration,
              )
      }
      const result: GoalParseResult = {
        goal: resolved.goal,
        confidence,
        ambiguities: describeGoalAmbiguities(resolved, merged),
        explanation: explainGoalParse(resolved, hits, target),
      }
      if (overruled) {
        const { cued, share } = overruled
        result.explanation += `; the learned intent model overrules the cues' reading (${cued})`
        const others = result.ambiguities.filter((item) => item.field !== 'intent' || item.value !== cued)
        const description = `intent could be ${cued} (the cue rules' reading, overruled by the learned model)`
        const ambiguity = {
          field: 'intent' as const,
          value: cued,
          score: Math.round(share * 1000) / 1000,
          description,
        }
        result.ambiguities = cued === 'unknown' ? others : [ambiguity, ...others]
      }
      // "explain what git reset --hard does" may stay explain, but never confidently: a planner
      // acting on a read-only reading of a destructive request must ask first.
      const named = hits.find((hit) => hit.cue.destructive)
      if (named !== undefined) result.destructive = named.words.join(' ')
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
