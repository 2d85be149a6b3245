import {
  anyWord,
  type CompiledCueWord,
  type CompiledGoalCue,
  type CompiledGoalVocabulary,
} from './compile-goal-vocabulary.ts'
import type { GoalToken } from './normalize-goal-text.ts'

/** One cue found in a request, with the words that matched it. */
export interface GoalCueHit {
  cue: CompiledGoalCue
  words: readonly string[]
  /** Index of the last matched word in the tokens (a cue's verb: `called`, `who … uses`). */
  last: number
  /** The cue's weight, reduced when a word was typo-corrected. */
  weight: number
  /**
   * The weight a change named inside a wh-question lost ({@link askedDiscount}): it votes for
   * `explain` instead ("what backend should be used?" asks how to go about it).
   */
  asked?: number
  /**
   * The cue is a name's word (`refactor` of `@design/refactor-plan.md`): its intent vote counts
   * only when no word of the request's own reads an intent.
   */
  named?: true
}

/** Stop words are skipped freely, but a cue never reaches further than this. */
const maxReach = 8
/** A corrected typo counts for less than a word spelled right. */
const typoDiscount = 0.8
/**
 * Cues in the opening clause of a request of several clauses count 1.5 times: the head clause states
 * the task ("You are auditing the repo. Objectives: …"), later ones detail it.
 */
const headClauseBoost = 1.5
/** Words that open a subordinate clause: a request opening with one states its task later. */
const subordinators: ReadonlySet<string> = new Set(
  'when whenever if unless once while before after since because although though as'.split(' '),
)

/** Index of the first token after the head clause; 0 when there is no head clause to boost. */
function headClauseEnd(tokens: readonly GoalToken[]): number {
  // A name the request opens with (`@notes.md summarize it`) is no clause of its own.
  let from = 0
  while (tokens[from]?.named === true) from++
  const first = tokens[from]
  if (first === undefined || first.pasted || subordinators.has(first.surface.toLowerCase())) return 0
  for (let index = from + 1; index < tokens.length; index++) if (tokens[index]!.lead === 1) return index
  return 0
}

/** A cue on a pasted line (code, a log) describes the paste, not what the request asks. */
const pastedDiscount = 0.3
/**
 * A cue inside a name (`@design/`, `.history`, `refactor-plan.md`) names a thing, it asks nothing;
 * a destructive one keeps its weight, so a read-only reading of it stays in doubt.
 */
const namedDiscount = 0.3

/**
 * A change or a command named inside a wh-question ("where should I create the job files?", "what
 * should I put in the readme to install it?") is asked about, not asked for: its cue counts for
 * less. Destructive cues keep their weight (a read-only reading of them must stay in doubt).
 */
const askedDiscount = 0.4
const askedIntents: ReadonlySet<string> = new Set(['modify', 'execute'])

function isAskedChange(cue: CompiledGoalCue, first: GoalToken): boolean {
  return (
    first.asked === true &&
    !cue.destructive &&
    cue.votes.some(([field, value]) => field === 'intent' && askedIntents.has(value))
  )
}

function wordMatches(word: CompiledCueWord, token: GoalToken): boolean {
  return (
    (word.concept === token.concept || (word.concept === anyWord && !token.stop)) &&
    (word.forms === undefined || word.forms.has(token.form)) &&
    token.lead >= word.lead
  )
}

function findNext(word: CompiledCueWord, tokens: readonly GoalToken[], after: number): number {
  if (word.adjacent === true) {
    const next = tokens[after + 1]
    return next !== undefined && wordMatches(word, next) ? after + 1 : -1
  }
  let skipped = 0
  const end = Math.min(tokens.length, after + 1 + maxReach)
  for (let candidate = after + 1; candidate < end; candidate++) {
    const token = tokens[candidate]!
    if (wordMatches(word, token)) return candidate
    if (token.stop) continue
    if (++skipped > word.maxGap) return -1
  }
  return -1
}

function matchAt(
  cue: CompiledGoalCue,
  tokens: readonly GoalToken[],
  start: number,
): { matched: GoalToken[]; last: number } | undefined {
  const first = tokens[start]!
  if (!wordMatches(cue.words[0]!, first)) return undefined
  const matched: GoalToken[] = [first]
  let position = start
  for (let index = 1; index < cue.words.length; index++) {
    position = findNext(cue.words[index]!, tokens, position)
    if (position < 0) return undefined
    matched.push(tokens[position]!)
  }
  return { matched, last: position }
}

/** Words that deny what follows them ("do not modify files", "without changing anything"). */
const negations: ReadonlySet<string> = new Set(['not', 'never', 'without'])

/**
 * Is the word at `start` denied: `not`, `never` or `without` just before it, or with one stop word
 * between ("do not modify files", "never edit", "not to change"; not "never mind, delete it")? A
 * denied cue says what the request does not ask.
 */
function isDenied(tokens: readonly GoalToken[], start: number): boolean {
  for (let index = start - 1; index >= Math.max(0, start - 2); index--) {
    const token = tokens[index]!
    const word = token.surface.toLowerCase()
    if (negations.has(word)) return !(word === 'never' && tokens[index + 1]?.surface.toLowerCase() === 'mind')
    if (!token.stop) return false
  }
  return false
}

/** Every cue of the vocabulary found in the tokens; each cue counts once (at its first match). */
export function matchGoalCues(tokens: readonly GoalToken[], compiled: CompiledGoalVocabulary): GoalCueHit[] {
  const hits: GoalCueHit[] = []
  const seen = new Set<CompiledGoalCue>()
  const headEnd = headClauseEnd(tokens)
  for (let start = 0; start < tokens.length; start++) {
    const candidates = compiled.cuesByFirstConcept.get(tokens[start]!.concept)
    if (!candidates) continue
    for (const cue of candidates) {
      if (seen.has(cue)) continue
      const match = matchAt(cue, tokens, start)
      // A destructive cue counts even when denied ("not only delete X…"): a wrong denial would
      // read a destructive request as read-only.
      if (!match || (!cue.destructive && isDenied(tokens, start))) continue
      const { matched, last } = match
      seen.add(cue)
      const corrected = matched.some((token) => token.corrected)
      let weight = corrected ? cue.weight * typoDiscount : cue.weight
      if (matched[0]!.pasted) weight *= pastedDiscount
      // A destructive cue keeps its weight in a name too (`cat /dev/null > src/orders.ts`).
      else if (matched[0]!.named && !cue.destructive) weight *= namedDiscount
      const named = !matched[0]!.pasted && matched[0]!.named && !cue.destructive
      const asked = isAskedChange(cue, matched[0]!)
      if (start < headEnd) weight *= headClauseBoost
      const hit: GoalCueHit = { cue, words: matched.map((token) => token.surface), last, weight }
      if (named) hit.named = true
      if (asked) {
        hit.weight = weight * askedDiscount
        hit.asked = weight - hit.weight
      }
      hits.push(hit)
    }
  }
  return hits
}
