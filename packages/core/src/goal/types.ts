/** What the user wants done. */
export type GoalIntent =
  | 'explain'
  | 'locate'
  | 'review'
  | 'status'
  | 'diagnose'
  | 'compare'
  | 'navigate'
  | 'modify'
  | 'execute'
  | 'chat'
  | 'unknown'

/** What the request is about. */
export type GoalEntity =
  | 'codebase'
  | 'component'
  | 'symbol'
  | 'file'
  | 'architecture'
  | 'git-working-tree'
  | 'git-history'
  | 'ci-pipeline'
  | 'session'
  | 'build'
  | 'test'
  | 'unknown'

/** What the answer should produce. */
export type GoalArtifact =
  | 'overview'
  | 'definition'
  | 'usage'
  | 'difference'
  | 'report'
  | 'root-cause'
  | 'patch'
  | 'status'
  | 'explanation'
  | 'execution-output'

/** How far the investigation should reach. */
export type GoalScope = 'global' | 'local' | 'recent' | 'all'

/** A structured request: the planner's input instead of raw text. */
export interface Goal {
  intent: GoalIntent
  entity: GoalEntity
  artifact: GoalArtifact
  scope: GoalScope
  /** The thing named: `CommandRouter`, `src/auth.ts`, `authentication`. */
  target?: string
}

/** Grammatical form of a word, as cues can require it (`change:past`). */
export type GoalWordForm = 'base' | 'plural' | 'past' | 'ing'

/** The four fields a goal is made of. */
export type GoalField = 'intent' | 'entity' | 'artifact' | 'scope'

/** One alternative interpretation the parser considered and did not pick. */
export interface GoalAmbiguity {
  field: GoalField
  value: string
  /** Runner-up score relative to the chosen value's score, in (0, 1]; 1 means a tie. */
  score: number
  /** A human sentence: `entity could be git-history (files changed across commits)`. */
  description: string
  /**
   * The destructive action the request names, as written (`discard`, `reset hard`), when this is
   * the mutating reading of a request read as read-only: a task agent asks before acting on it.
   */
  destructive?: string
}

/** What `GoalParser.parse` returns. */
export interface GoalParseResult {
  goal: Goal
  /** 0..1; how much evidence the text gave and how far ahead of the runner-up the goal was. */
  confidence: number
  ambiguities: GoalAmbiguity[]
  /** Which cues produced the goal, in one sentence. */
  explanation: string
  /**
   * The destructive action the request names (the words of its first cue marked destructive:
   * `undo`, `git apply`, `/shell` for a shell command that writes a file), whatever the reading:
   * "run the tests, then undo my last commit" reads as running the tests and still names `undo`.
   */
  destructive?: string
}

/** A deterministic text-to-goal parser. */
export interface GoalParser {
  parse(text: string): GoalParseResult
}

/**
 * One cue: a phrase (matched after normalisation, words in order) that votes for one or more
 * field values. Up to two content words may fall between two cue words, none before a stop word
 * (`how are you`) unless `...` stands before it (`what does ... do`); a `+` before a word lets
 * nothing stand between it and the previous one, not even a stop word (`open +pr`: "open pr", not
 * "open the pr template"). `word:past` matches only that
 * form (`modified`, `did I edit`); forms are `base`, `plural`, `past`, `ing`, comma-separated.
 * A leading `^` makes the first word match only where a clause starts (`^add` in "ok, add a test"
 * or "it fails. add a test", not in "how do I add"); `^^` only at the start of the request.
 * The word `*` matches any content word (`not *:ing`: "it isn't picking up the files").
 */
export interface GoalCue {
  phrase: string
  intent?: GoalIntent
  entity?: GoalEntity
  artifact?: GoalArtifact
  scope?: GoalScope
  /** Votes added to each field value named. @default 1 */
  weight?: number
  /**
   * The phrase names an action that loses work or data (`delete`, `reset --hard`, `force push`): a
   * parse that still reads the request as read-only gets confidence below 0.5 and the mutating
   * reading as an ambiguity. @default false
   */
  destructive?: boolean
  /**
   * The phrase's words match only as written: no misspelt word is corrected to one of them. For
   * words of another language beside the vocabulary's own ("borra", "annule"), which an English
   * word one letter off ("annual") must not turn into. @default false
   */
  exact?: boolean
  /**
   * A courtesy (`thanks`, `great`, `hello`): its intent vote counts only when no other cue reads an
   * intent. "Thanks! Can you fix the build?" asks for the fix; "thanks!" alone is chat. @default false
   */
  courtesy?: boolean
  /**
   * The phrase's verb asks who acts on the target (`called`, `uses`, `imports`): it votes only when
   * the target is what the verb acts on ("who calls checkToken", "where is checkToken called"),
   * never when the target does the acting ("what does checkToken call", "which functions are
   * called by checkToken": what it calls is in its own body, not in its callers). @default false
   */
  targetIsObject?: boolean
}

/** A default applied when the text gave no cue for a field; first matching row wins. */
export interface GoalDefaultRow<Value extends string> {
  intent?: GoalIntent
  entity?: GoalEntity
  /** What kind of target the text named. */
  target?: 'identifier' | 'path' | 'phrase' | 'revision' | 'none'
  /** The request is a question (it ends with `?` or opens with what, how, why …). */
  question?: boolean
  value: Value
}

/** The data the parser runs on: replace it or extend it, no code changes. */
export interface GoalVocabulary {
  cues: readonly GoalCue[]
  /** Canonical word -> words that mean the same (`explain: ['describe', 'clarify']`). */
  synonyms: Readonly<Record<string, readonly string[]>>
  /** Words dropped before matching. */
  stopWords: readonly string[]
  /**
   * Words that, like stop words, do not count when finding the first word of a clause (`ok`,
   * `great`, `lets` in "great, lets add a test"), yet still match cues. @default []
   */
  fillerWords?: readonly string[]
  /**
   * Real words one letter off a cue word (`audio` of audit, `remote` of remove, `cloud` of
   * claude): read as themselves, never typo-corrected into the cue word. @default []
   */
  knownWords?: readonly string[]
  /** Human descriptions used in ambiguity sentences. */
  descriptions: Readonly<Partial<Record<string, string>>>
  /** Fallback rows per field when no cue voted. */
  defaults: {
    intent: readonly GoalDefaultRow<GoalIntent>[]
    entity: readonly GoalDefaultRow<GoalEntity>[]
    artifact: readonly GoalDefaultRow<GoalArtifact>[]
    scope: readonly GoalDefaultRow<GoalScope>[]
  }
}

/** A labelled example that teaches the parser new words. */
export interface GoalExample {
  text: string
  intent?: GoalIntent
  entity?: GoalEntity
}

/** Options of `createGoalParser`. */
export interface GoalParserOptions {
  /** Replaces the default vocabulary entirely. @default defaultGoalVocabulary */
  vocabulary?: GoalVocabulary
  /** Merged into the vocabulary: cues appended, synonyms and descriptions merged. @default undefined */
  extendVocabulary?: Partial<GoalVocabulary>
  /** Labelled examples whose words become cues for their labels. @default [] */
  examples?: readonly GoalExample[]
  /**
   * Blend the cues' intent with the built-in learned intent model (word n-grams trained on real
   * requests to coding agents and the hand-written phrasings), which may overrule a weak cue
   * reading; false leaves the intent to the cues alone. A destructive request the cues read as a
   * change is never turned read-only. @default true with the default vocabulary (extended or
   * not), false when `vocabulary` replaces it
   */
  learnedIntent?: boolean
}
