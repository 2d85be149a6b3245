import type { CompiledGoalVocabulary } from './compile-goal-vocabulary.ts'
import { extractGoalTarget, type GoalTarget } from './extract-goal-target.ts'
import { isGoalQuestion } from './is-goal-question.ts'
import { isTargetSubject } from './is-target-subject.ts'
import { type GoalCueHit, matchGoalCues } from './match-goal-cues.ts'
import { normalizeGoalText } from './normalize-goal-text.ts'
import { type ResolvedGoal, resolveGoal } from './resolve-goal.ts'
import { type GoalFieldScores, scoreGoalFields } from './score-goal-fields.ts'
import type { GoalVocabulary } from './types.ts'

/** What the cue rules read in a request, before any learned model has a say. */
export interface GoalRulesReading {
  hits: GoalCueHit[]
  target: GoalTarget
  scores: GoalFieldScores
  /** Words that are not stop words. */
  contentWords: number
  question: boolean
  /**
   * A sentence of the request asks a wh-question ("…. where should I put the logic? …"), wherever
   * it stands: a learned model may not turn the cues' read-only reading of it into a change.
   */
  asks: boolean
  resolved: ResolvedGoal
  /**
   * The request is one word or one path that no cue reads ("frontend", "game_craft.rb",
   * `'/Users/ann/app/rename.html'`): no request at all (LABELLING.md's bare word or file name).
   */
  bare: boolean
}

/**
 * A request that is only a path or a file name, maybe quoted: its words name a file, they ask
 * nothing. A separator after the first character is looked ahead for, so the run of name
 * characters is read once (`name.sep.rest` as two runs backtracked in O(n²) on a long line).
 */
const barePath = /^\s*(["']?)(?=[\w.~/\\:-][\w.~/\\:-]*?[./\\])[\w.~/\\:-]+\1\s*$/

/** Normalises `text`, matches the cues and resolves a goal from their votes and the default rows. */
export function readGoalRules(
  text: string,
  compiled: CompiledGoalVocabulary,
  vocabulary: GoalVocabulary,
): GoalRulesReading {
  const tokens = normalizeGoalText(text, compiled)
  let contentWords = 0
  for (const token of tokens) if (!token.stop) contentWords++
  const path = barePath.test(text)
  const target = extractGoalTarget(text, tokens, compiled)
  // A cue of who acts on the target ("who calls checkToken") reads nothing into a request where
  // the target acts ("what does checkToken call"): that asks the opposite (session 65's review).
  const hits = path
    ? []
    : matchGoalCues(tokens, compiled).filter(
        (hit) => !(hit.cue.targetIsObject && isTargetSubject(tokens, hit.last, target)),
      )
  const scores = scoreGoalFields(hits, target)
  const question = contentWords > 0 && isGoalQuestion(text)
  const resolved = resolveGoal(scores, target, vocabulary, question, path ? 'unknown' : undefined)
  const bare = path || (contentWords === 1 && resolved.goal.intent === 'unknown')
  const asks = question || tokens.some((token) => token.asked === true && token.embedded !== true)
  return { hits, target, scores, contentWords, question, asks, resolved, bare }
}
