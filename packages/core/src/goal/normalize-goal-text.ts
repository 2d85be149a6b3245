import { editDistanceOne, irregularPastForms, stemWord } from '../text/index.ts'
import { type CompiledGoalVocabulary, exactConcept } from './compile-goal-vocabulary.ts'
import { findNamedSpans } from './find-named-spans.ts'
import { findPastedLines } from './find-pasted-lines.ts'
import { fullWidthClausePunctuation, goalWordSource } from './goal-words.ts'
import type { GoalWordForm } from './types.ts'

/** One word of a request after normalisation. */
export interface GoalToken {
  /** The word as written. */
  surface: string
  /** Canonical concept after stemming, synonyms and typo correction. */
  concept: string
  /** Grammatical form: `past` (edited, did edit), `ing`, `plural` (edits) or `base`. */
  form: GoalWordForm
  /** True when the word was corrected from a typo. */
  corrected: boolean
  /** A stop word: kept so multi-word cues (`how are you`) can match, ignored otherwise. */
  stop: boolean
  /**
   * Where the word stands: 2 for the first word of the request, 1 for the first word of a later
   * clause (after `.`, `?`, `!`, `;`, `:` or `,` and a space, or a line break), 0 elsewhere. Stop
   * words and filler words (`ok`, `great`, `lets`) before it do not count, so the imperative verb of
   * "ok, now please add a test" leads. Cues starting with `^` match only a leading word.
   */
  lead: 0 | 1 | 2
  /** On a line that looks pasted (code, a log, terminal output): its cues count for less. */
  pasted: boolean
  /**
   * In a sentence that asks a wh-question ("if I want to create jobs, how should I structure
   * them?"): a change it names is asked about, not asked for. A verb that opens the sentence before
   * the question ("add a test, how do I run it?") is not `asked`.
   */
  asked?: boolean
  /**
   * Part of a name the request gives (`@design/`, `.history`, `src/delete-user.ts`, a URL): its
   * cues count for less, and it takes no clause's lead ("@notes.md summarize it" leads with
   * `summarize`).
   */
  named?: boolean
  /**
   * `asked` only as part of a question another verb takes as its object ("explain what I should
   * run"): the request itself may still ask for a change ("we want to explain what it does, add it").
   */
  embedded?: boolean
}

function formOf(word: string, stem: string, past: boolean): GoalWordForm {
  if (past) return 'past'
  if (stem === word || word.length <= 3) return 'base'
  if (word.endsWith('ing')) return 'ing'
  return word.endsWith('s') ? 'plural' : 'base'
}

// A Map, not an object: request words like `__proto__` or `constructor` must not hit Object.prototype.
const contractions: ReadonlyMap<string, string> = new Map(
  Object.entries({
    whats: 'what is',
    wheres: 'where is',
    hows: 'how is',
    whos: 'who is',
    thats: 'that is',
    im: 'i am',
    // "let's add a test": `'s` is `us` here, not `is` (a lead blocker that would hide the verb).
    "let's": 'let us',
    ive: 'i have',
    dont: 'do not',
    doesnt: 'does not',
    didnt: 'did not',
    isnt: 'is not',
    cant: 'can not',
    "can't": 'can not',
    "won't": 'will not',
    cannot: 'can not',
    wont: 'will not',
    arent: 'are not',
    havent: 'have not',
    u: 'you',
    ur: 'your',
  }),
)
const suffixes: ReadonlyArray<readonly [string, string]> = [
  ["n't", ' not'],
  ["'s", ' is'],
  ["'re", ' are'],
  ["'ve", ' have'],
  ["'ll", ' will'],
  ["'d", ' would'],
  ["'m", ' am'],
]
/** Typo correction needs 5+ letters on both sides: shorter stems collide with real words. */
const minimumTypoStem = 5
const pastMarkers: ReadonlySet<string> = new Set(['did', 'have', 'has', 'had'])

function expandContraction(word: string): string {
  const mapped = contractions.get(word)
  if (mapped !== undefined) return mapped
  if (!word.includes("'")) return word
  for (const [suffix, replacement] of suffixes) {
    if (word.endsWith(suffix)) return word.slice(0, -suffix.length) + replacement
  }
  return word.replace(/'/g, '')
}

function correctTypo(stem: string, compiled: CompiledGoalVocabulary): string | undefined {
  // One letter off a known stem at most: a longer word is no typo, and its n deletions (n letters
  // each) would cost O(n²).
  if (stem.length > compiled.longestTypoTarget + 1) return undefined
  const candidates = [stem]
  for (let index = 0; index < stem.length; index++)
    candidates.push(stem.slice(0, index) + stem.slice(index + 1))
  for (const key of candidates) {
    for (const known of compiled.deletions.get(key) ?? []) {
      // Typos rarely hit the first letter; requiring it keeps real words (state, preferences) intact.
      // A destructive verb missing only its first letter ("emove", "elete") is still that verb: a
      // request to delete must not pass as a question for a typo.
      if (known.length < minimumTypoStem) continue
      if (
        known[0] === stem[0]
          ? stem.length >= minimumTypoStem && editDistanceOne(stem, known)
          : known.slice(1) === stem && compiled.destructiveStems.has(known)
      )
        return known
    }
  }
  return undefined
}

/** What the parser learned about one lower-case word. */
export interface WordAnalysis {
  stem: string
  concept: string
  corrected: boolean
}

/** Words analysed per vocabulary; a bounded memo, cleared when full, so results never change. */
const maxCachedWords = 4096

function analyseWord(word: string, compiled: CompiledGoalVocabulary): WordAnalysis {
  const cache = compiled.wordCache
  const cached = cache.get(word)
  if (cached) return cached
  const analysis = compiled.exactWords.has(word)
    ? { stem: word, concept: exactConcept(word), corrected: false }
    : readWord(word, compiled)
  if (cache.size >= maxCachedWords) cache.clear()
  cache.set(word, analysis)
  return analysis
}

/** A word no `exact` cue spells: stemmed, mapped to its synonym's concept, typos corrected. */
function readWord(word: string, compiled: CompiledGoalVocabulary): WordAnalysis {
  const stem = stemWord(word)
  // A stem one letter short of the minimum may still be a destructive verb without its first letter.
  if (word.length >= 5 && stem.length >= minimumTypoStem - 1 && !compiled.lexicon.has(stem)) {
    const fixed = correctTypo(stem, compiled)
    if (fixed !== undefined) return { stem, concept: compiled.conceptOf.get(fixed) ?? fixed, corrected: true }
  }
  return { stem, concept: compiled.conceptOf.get(stem) ?? stem, corrected: false }
}

function toToken(
  word: string,
  past: boolean,
  lead: GoalToken['lead'],
  compiled: CompiledGoalVocabulary,
): GoalToken {
  const { stem, concept, corrected } = analyseWord(word, compiled)
  const isPast = past || irregularPastForms.has(word) || (word.length > 4 && word.endsWith('ed'))
  return {
    surface: word,
    concept,
    form: formOf(word, stem, isPast),
    corrected,
    stop: false,
    lead,
    pasted: false,
  }
}

const errorName = /[a-z](?:Error|Exception)$/
const errorConcept = 'error'

// Determiners, `it`, and auxiliaries that open a question ("am I correct", "is it better"): no
// imperative verb follows them. `do`, `can`, `could`, `would` are not here: "do not use X",
// "could you add X".
// `if` opens a condition: "if I want to create a job, …" asks nothing of `create`.
const leadBlockers: ReadonlySet<string> = new Set(
  'a an the this that these those my our your its their it there am is are was were does did has had if'.split(
    ' ',
  ),
)

/**
 * Subjects that make an opening `do` or `should` a question ("do you write notes between
 * sessions?", "do we use redis?", "should I use zustand here?"): the verb after them is asked
 * about, not asked for. `do not use X` and `do it` stay imperatives.
 */
const questionSubjects: ReadonlySet<string> = new Set(['you', 'we', 'i', 'they'])
/** Words that open such a question with one of {@link questionSubjects} after them. */
const questionOpeners: ReadonlySet<string> = new Set(['do', 'should', 'shall'])

/** Does the clause so far hold only an opening `do` or `should` (stop words before it: "so do you …")? */
function opensQuestion(tokens: readonly GoalToken[]): boolean {
  const last = tokens[tokens.length - 1]
  return last?.stop === true && last.lead > 0 && questionOpeners.has(last.surface)
}

/** Greetings after which a coding assistant's name is the one greeted ("hi Aider, what can you do?"). */
const greetings: ReadonlySet<string> = new Set(['hi', 'hey', 'hello'])
/** Names of coding assistants a request may greet them by. */
const assistantNames: ReadonlySet<string> = new Set(
  'aider ader claude cursor copilot codex gemini chatgpt gpt cline'.split(' '),
)

/**
 * Is `word` an assistant's name right after a greeting? It is said to the assistant, so it takes
 * no clause lead: "hi Aider" does not run the `aider` command, the words after it open the request.
 */
function addressesAssistant(tokens: readonly GoalToken[], word: string): boolean {
  const previous = tokens[tokens.length - 1]
  return previous !== undefined && assistantNames.has(word) && greetings.has(previous.surface)
}

interface NormalizeState {
  pastWindow: number
  /** The lead value the next non-filler word takes. */
  pendingLead: 0 | 1 | 2
}

function pushWord(
  tokens: GoalToken[],
  word: string,
  identifier: string | undefined,
  state: NormalizeState,
  compiled: CompiledGoalVocabulary,
): void {
  if (pastMarkers.has(word)) state.pastWindow = 3
  if (word.length === 0) return
  if (compiled.stopWords.has(word)) {
    // A stop word carries the clause start on (`^does` cues) without using it up, except a lead
    // blocker ("the /undo command aborts").
    const lead = state.pendingLead
    if (leadBlockers.has(word) || (lead > 0 && questionSubjects.has(word) && opensQuestion(tokens))) {
      state.pendingLead = 0
    }
    tokens.push({
      surface: word,
      concept: word,
      form: 'base',
      corrected: false,
      stop: true,
      lead,
      pasted: false,
    })
    return
  }
  const filler = compiled.fillerWords.has(word) || addressesAssistant(tokens, word)
  const lead = filler ? 0 : state.pendingLead
  if (!filler) state.pendingLead = 0
  if (identifier === undefined) tokens.push(toToken(word, state.pastWindow > 0, lead, compiled))
  else {
    // `TypeError`, `KeyError`, `NullPointerException` name a failure like the word error does.
    const concept = errorName.test(identifier) ? errorConcept : (compiled.conceptOf.get(word) ?? word)
    tokens.push({
      surface: identifier,
      concept,
      form: 'base',
      corrected: false,
      stop: false,
      lead,
      pasted: false,
    })
  }
  if (state.pastWindow > 0) state.pastWindow--
}

const clausePunctuation = '.?!;:,'
const whiteSpace = ' \t\r\n'

/**
 * A line break, clause punctuation followed by white space, or full-width clause punctuation
 * (`，`, `。`) in `text[from, to)` starts a clause.
 */
function startsClause(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    const character = text[index]!
    if (character === '\n' || fullWidthClausePunctuation.includes(character)) return true
    if (clausePunctuation.includes(character) && whiteSpace.includes(text[index + 1] ?? 'x')) return true
  }
  return false
}

/**
 * Does `text[from, to)` end a sentence (a line break, or `.`, `?`, `!` followed by white space or
 * the end), and does it end it with a question mark?
 */
function sentenceEnd(text: string, from: number, to: number): { ends: boolean; asks: boolean } {
  let ends = false
  let asks = false
  for (let index = from; index < to; index++) {
    const character = text[index]!
    if (character === '?' || character === '\uff1f') asks = true
    if (character === '\n' || character === '\u3002' || character === '\uff1f' || character === '\uff01')
      ends = true
    else if ('.?!'.includes(character) && whiteSpace.includes(text[index + 1] ?? ' ')) ends = true
  }
  return { ends: ends || to >= text.length, asks }
}

/** Words that open a wh-question when they open a clause ("…, how should I structure it?"). */
const questionWords: ReadonlySet<string> = new Set(['how', 'what', 'where', 'which', 'why', 'who'])

/**
 * Auxiliaries that open a yes/no question about what is or was ("does that remove the function
 * or fix a mistake?", "were they created on purpose?"): a change it names is asked about. `can`,
 * `could`, `would` and `will` are not here ("can you add X?" asks for X), nor `do` (its own rule).
 */
const questionAuxiliaries: ReadonlySet<string> = new Set([
  'does',
  'did',
  'is',
  'are',
  'was',
  'were',
  'has',
  'had',
])
/** Subjects that point at what is already there ("does *that* remove…", "were *they* created…"). */
const pronounSubjects: ReadonlySet<string> = new Set(['that', 'this', 'it', 'they', 'these', 'those'])

/**
 * Marks the tokens of `tokens[start, end)` as `asked` when they form a sentence that ends with a
 * question mark and a clause of it opens with a wh-word; a content word leading a clause before
 * that wh-word (the imperative of "add a test, how do I run it?") stays unmarked.
 */
function markAsked(tokens: GoalToken[], start: number, end: number): void {
  let wh = -1
  for (let index = start; index < end; index++) {
    const token = tokens[index]!
    if (token.lead > 0 && questionWords.has(token.surface.toLowerCase())) {
      wh = index
      break
    }
  }
  // A question that opens with an auxiliary asks whether something is so, all of it; one put to
  // the assistant ("are you able to add X?") or about what is possible asks for the change.
  const at = tokens.findIndex((token, index) => index >= start && token.lead > 0 && !token.named)
  const opening = at >= 0 && at < end ? tokens[at]! : undefined
  const subject = tokens[at + 1]?.surface.toLowerCase()
  if (
    wh < 0 &&
    opening !== undefined &&
    questionAuxiliaries.has(opening.surface.toLowerCase()) &&
    subject !== undefined &&
    pronounSubjects.has(subject)
  )
    wh = start
  if (wh < 0) return
  for (let index = start; index < end; index++) {
    const token = tokens[index]!
    if (index < wh && token.lead > 0 && !token.stop) continue
    token.asked = true
  }
}

/**
 * Verbs that take a question as their object ("explain what I should run", "tell me which file
 * to change", "I want to know how to deploy it"): the change named in that question is asked about.
 */
const askingVerbs: ReadonlySet<string> = new Set(['explain', 'tell', 'know', 'understand', 'wonder'])
const askingConceptsOf = new WeakMap<CompiledGoalVocabulary, ReadonlySet<string>>()
/** The concepts of {@link askingVerbs} in `compiled` (`describe` is `explain` in the default vocabulary). */
function askingConcepts(compiled: CompiledGoalVocabulary): ReadonlySet<string> {
  let concepts = askingConceptsOf.get(compiled)
  if (concepts === undefined) {
    concepts = new Set([...askingVerbs].map((verb) => analyseWord(verb, compiled).concept))
    askingConceptsOf.set(compiled, concepts)
  }
  return concepts
}
/** Question words that open such an object (`whether` too). */
const embeddedQuestionWords: ReadonlySet<string> = new Set([...questionWords, 'whether'])
/** Stop words an asking verb may have before its question ("tell *me* what", "explain *to us* how"). */
const askingReach = 3

/**
 * Marks as `asked` the words of a question that an asking verb takes as its object, up to the end
 * of its clause ("explain what from here I should run and use": `run` and `use` are asked about).
 */
function markEmbeddedQuestions(tokens: GoalToken[], asking: ReadonlySet<string>): void {
  for (let index = 0; index < tokens.length; index++) {
    if (!asking.has(tokens[index]!.concept) || tokens[index]!.named) continue
    let wh = -1
    for (let next = index + 1; next < Math.min(tokens.length, index + 1 + askingReach); next++) {
      const token = tokens[next]!
      if (token.lead > 0) break
      if (embeddedQuestionWords.has(token.surface.toLowerCase())) {
        wh = next
        break
      }
      if (!token.stop) break
    }
    if (wh < 0 || tokens[wh]!.asked === true) continue
    let end = wh + 1
    while (end < tokens.length && tokens[end]!.lead === 0) end++
    for (let marked = wh; marked < end; marked++) {
      tokens[marked]!.asked = true
      tokens[marked]!.embedded = true
    }
    index = end - 1
  }
}

/** What follows the first word of a file name: its extension (`.py` of `nodes.py`). */
const fileExtension = /^\.[A-Za-z][A-Za-z0-9]{0,9}(?![A-Za-z0-9])/

/** A chat command at the very start of a request: `/ask …`, `/run …`. */
const chatCommand = /^\s*\/([A-Za-z][A-Za-z-]{1,20})(?=\s|$)/

/** Commands that name the mode a request is typed in (aider's), not an action of their own. */
const chatModes: ReadonlySet<string> = new Set(['ask', 'architect', 'code', 'context'])

/**
 * A line of a stack trace (`at run (/app/src/build.js:98:5)`, Python's `Traceback (most recent
 * call last)` or `File "x.py", line 3`), a run's failure (`exit code 1`, `npm ERR!`, Maven's and
 * Gradle's `BUILD FAILURE` / `BUILD FAILED`) or an editor's problem copied from its Problems panel
 * (`"severity": 8, "message": "…"`, as VS Code and Cursor copy them).
 */
const failureTrace =
  /^\s*at (?:async )?[\w$.<>[\] /-]{0,120}\(?[^\s()]+:\d+:\d+\)?\s*$|Traceback \(most recent call last\)|^\s*File "[^"\n]+", line \d+|exit(?:ed)? (?:with )?code [1-9]\d*|npm ERR!|BUILD FAIL(?:URE|ED)\b|"severity":\s*\d{1,2},\s*"message":\s*"/m

/**
 * A shell command that writes or runs what another prints: output redirected to a file (`git diff
 * > src/orders.ts`; not `2>&1` nor `> /dev/null`), a pipe into a shell or an interpreter (`git log
 * -p | sh`, `| tee notes.md`, `| xargs rm`), or an option that writes a file (`git show HEAD
 * --output=/tmp/x`, `curl -o`). Its words read as a look at the diff or the log: outside review rv62
 * 1 had each read as a confident `status`.
 */
const shellCommand =
  /\b(?:git|cat|echo|printf|ls|find|curl|wget|grep|rg|sed|awk|sort|uniq|head|tail|diff|cut|tr|jq|npm|pnpm|yarn|npx|node|python3?|env|date|yes|base64|xxd)\b/i
const fileCommand = /\b(?:git|curl|wget)\b/i
/** `>`, `>>` or `&>` before a file (not `2>&1`, a number or `/dev/null`). */
const redirection = /(?:^|\s)(?:\d?>>?|&>)[ \t]*(?![\s>=&]|\d+\b|\/dev\/null\b)[\w.~/$'"-]/g
const pipedToShell =
  /\|[ \t]*(?:sudo[ \t]+)?(?:sh|bash|zsh|fish|dash|ksh|csh|source|eval|python3?|node|perl|ruby|php|tee|dd|xargs(?:[ \t]+-[^\s-]\S*){0,4}[ \t]+(?:sudo[ \t]+)?(?:rm|git|mv|cp|sed|chmod|chown|truncate|shred|dd|sh|bash))\b/i
const outputOption = /\s(?:--output(?:-document)?|-o|-O)(?:=|\s)/g
/**
 * Git commands that rewrite or delete history or refs, written as commands: `git reflog expire`,
 * `git update-ref -d`, `git filter-branch`. (As a cue row their words would join the vocabulary
 * and stop naming targets: "an expired token".)
 */
const gitRewrite =
  /\bgit\s+(?:reflog\s+(?:expire|delete)|update-ref\b|filter-(?:branch|repo)\b|replace\s+-d\b|symbolic-ref\s+-d\b)/i
/** How far before a `>` or an output option the command it belongs to is looked for. */
const commandReach = 200

/** Is there a command (`commandWord`) on the same line, at most {@link commandReach} characters before `index`? */
function commandBefore(text: string, index: number, commandWord: RegExp): boolean {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1
  return commandWord.test(text.slice(Math.max(lineStart, index - commandReach), index))
}

/** Does the request hold a shell command that writes a file, runs what another prints or rewrites git refs? (Linear: each `>` or option looks back a bounded way.) */
function writesThroughShell(text: string): boolean {
  if (gitRewrite.test(text)) return true
  if (!/[>|]|\s-(?:-output|o|O)\b/.test(text)) return false
  if (pipedToShell.test(text)) return true
  redirection.lastIndex = 0
  for (let match = redirection.exec(text); match !== null; match = redirection.exec(text))
    if (commandBefore(text, match.index, shellCommand)) return true
  outputOption.lastIndex = 0
  for (let match = outputOption.exec(text); match !== null; match = outputOption.exec(text))
    if (commandBefore(text, match.index, fileCommand)) return true
  return false
}

/** The chat mode a request is typed in (`/ask …` is `ask`), or undefined. */
export function chatModeOf(text: string): string | undefined {
  const word = chatCommand.exec(text)?.[1]?.toLowerCase()
  return word !== undefined && chatModes.has(word) ? word : undefined
}

// One global regex, reset per call: cheaper than matchAll's iterator on requests of a few words.
const wordPattern = new RegExp(goalWordSource, 'gu')

/**
 * Turns a request into canonical tokens: lower case, contractions expanded, punctuation dropped,
 * stop words flagged, inflections stemmed, synonyms merged, typos on words of 5+ letters corrected.
 * Words after `did`/`have` count as past (`did I edit` reads like `edited`).
 */
export function normalizeGoalText(text: string, compiled: CompiledGoalVocabulary): GoalToken[] {
  const tokens: GoalToken[] = []
  const clean = /[\u2018\u2019`]/.test(text) ? text.replace(/[\u2018\u2019`]/g, "'") : text
  const state: NormalizeState = { pastWindow: 0, pendingLead: 2 }
  const pasted = findPastedLines(clean)
  let pastedIndex = 0
  const names = findNamedSpans(clean)
  let nameIndex = 0
  let previousEnd = 0
  wordPattern.lastIndex = 0
  // A chat command that opens the request (`/ask`, `/run`, `/undo`) is a token of its own that
  // cues can vote on (`/ask` asks a question and edits nothing). A command that is a verb is
  // also read as that word (`/run npm test` leads with `run`); the name of a mode (`/ask`,
  // `/architect`) is not, so the request typed in it leads ("/ask explain the cache").
  const command = chatCommand.exec(clean)
  if (command !== null) {
    const word = command[1]!.toLowerCase()
    tokens.push({
      surface: `/${word}`,
      concept: `/${word}`,
      form: 'base',
      corrected: false,
      stop: false,
      lead: 2,
      pasted: false,
    })
    if (chatModes.has(word)) wordPattern.lastIndex = command[0].length
  }
  // A stack trace or a failed run's exit code pasted in reports a failure: a token of its own
  // (`/crash`) that cues can vote on, as the words of the paste cannot.
  if (failureTrace.test(clean))
    tokens.push({
      surface: '/crash',
      concept: '/crash',
      form: 'base',
      corrected: false,
      stop: false,
      lead: 0,
      pasted: false,
    })
  // A shell command that writes a file or runs what another prints: `/shell`.
  if (writesThroughShell(clean))
    tokens.push({
      surface: '/shell',
      concept: '/shell',
      form: 'base',
      corrected: false,
      stop: false,
      lead: 0,
      pasted: false,
    })
  let sentenceStart = tokens.length
  for (let match = wordPattern.exec(clean); match !== null; match = wordPattern.exec(clean)) {
    const rawWord = match[0]
    const start = match.index
    if (previousEnd > 0) {
      const gap = sentenceEnd(clean, previousEnd, start)
      if (gap.ends) {
        if (gap.asks) markAsked(tokens, sentenceStart, tokens.length)
        sentenceStart = tokens.length
      }
    }
    if (previousEnd > 0 && startsClause(clean, previousEnd, start)) {
      if (state.pendingLead === 0) state.pendingLead = 1
      // "did"/"has" make the next words past only within their clause ("The file has
      // placeholders. Please update it": `update` asks for a change).
      state.pastWindow = 0
    }
    previousEnd = start + rawWord.length
    const isIdentifier = /[a-z][A-Z]|_|\d/.test(rawWord)
    const expanded = expandContraction(rawWord.toLowerCase())
    const before = tokens.length
    while (nameIndex < names.length && names[nameIndex]![1] <= start) nameIndex++
    const name = names[nameIndex]
    const named = name !== undefined && name[0] <= start
    const leadBefore = state.pendingLead
    if (!expanded.includes(' '))
      pushWord(tokens, expanded, isIdentifier ? rawWord : undefined, state, compiled)
    else for (const word of expanded.split(' ')) pushWord(tokens, word, undefined, state, compiled)
    // A file name's first word opens no clause: "nodes.py used in the backend?" is no `node`
    // command, "test.py fails" no request to run the tests.
    if (fileExtension.test(clean.slice(previousEnd, previousEnd + 12)))
      for (let index = before; index < tokens.length; index++) tokens[index]!.lead = 0
    if (named) {
      for (let index = before; index < tokens.length; index++) {
        tokens[index]!.named = true
        tokens[index]!.lead = 0
      }
      state.pendingLead = leadBefore
    }
    while (pastedIndex < pasted.length && pasted[pastedIndex]![1] < start) pastedIndex++
    const range = pasted[pastedIndex]
    if (range !== undefined && range[0] <= start)
      // A line start inside pasted code is no clause of the request: no `^` cue matches there.
      for (let index = before; index < tokens.length; index++) {
        tokens[index]!.pasted = true
        tokens[index]!.lead = 0
      }
  }
  if (sentenceEnd(clean, previousEnd, clean.length).asks) markAsked(tokens, sentenceStart, tokens.length)
  markEmbeddedQuestions(tokens, askingConcepts(compiled))
  return tokens
}
