import { railPlaceholderPattern } from '../enforcement/rail-placeholder.ts'
import { stemWord } from '../text/index.ts'
import type { CompiledGoalVocabulary } from './compile-goal-vocabulary.ts'
import { fileExtensions as extensions, isCharacterWord } from './goal-words.ts'
import { type GoalToken, normalizeGoalText } from './normalize-goal-text.ts'

/** The thing a request names, and what kind of name it is. */
export interface GoalTarget {
  /** `revision`: a commit hash or a range of them (`855110d`, `855110d..HEAD`). */
  kind: 'identifier' | 'path' | 'phrase' | 'revision' | 'none'
  text?: string
}

/**
 * A commit a request names by its hash (7 to 40 hex digits with a digit and a letter among them,
 * so neither a word nor a number), or relative to HEAD (`HEAD~1`, `HEAD^`, `HEAD^^`), or a range
 * of them (`855110d..HEAD`, `abc1234...def5678`, `HEAD~3..HEAD`). A bare `HEAD` is none: `git
 * diff` already compares with it.
 */
const revisionPattern =
  /(?<![\w./-])((?:(?=[0-9a-f]{0,39}\d)(?=[0-9a-f]{0,39}[a-f])[0-9a-f]{7,40}|HEAD(?:~\d{1,3}|\^{1,3}))(?:\.{2,3}(?:(?=[0-9a-f]{0,39}\d)[0-9a-f]{7,40}|HEAD(?:~\d{1,3}|\^{1,3})?))?)(?![\w./~^-])/i

/** Is `text` a target {@link revisionPattern} reads: one commit or a range of them? */
export function isRevision(text: string): boolean {
  const match = revisionPattern.exec(text)
  return match !== null && match[1] === text
}

const quoted = /["\u201c`]([^"\u201d`\n]{1,120})["\u201d`]/
// A name's characters in any script (`src/naïve.ts`, `café.ts`, `src/日本.ts`), not ASCII only:
// `\w` cut `naïve.ts` to `ve.ts`, and `café.ts` became the phrase "café ts".
const nameChar = String.raw`\p{L}\p{M}\p{N}_`
/**
 * A place outside the repository written as such: an absolute path of two or more parts
 * (`/etc/passwd`), a system folder (`/tmp`, `/etc`), the home folder (`~`, `~/project`, `~root`),
 * the parent folder (`..`, `../`, `../..`), a network share (`\\server\share`) or a drive
 * (`C:\Windows`, `C:/`). They stay paths, with their `/`, `~`, `..`, `\` or `:`, so a tool's
 * policy sees where they point: "run the tests in /tmp" became the target "tmp", which passed a
 * check for a leading `/`, "read /etc/passwd" the phrase "etc passwd", "in ../" or "in ~root" no
 * target (the whole suite was put to the maintainer) and "in C:\Windows" the stray "c". A lone
 * `/word` is not one (`/ask` and `/help` are chat commands).
 */
const outsidePlaces = String.raw`/(?:[\p{L}\p{M}\p{N}_.@-]+/)+[\p{L}\p{M}\p{N}_.@-]*|/(?:tmp|etc|var|usr|home|root|opt|dev|proc|sys|bin|sbin|srv|mnt|boot|lib|Users|Volumes|private)/?|~(?:[\p{L}_][\p{L}\p{M}\p{N}_.-]*)?(?:/[\p{L}\p{M}\p{N}_.@-]+)*/?|\.\.(?!\.)(?:[/\\]\.\.)*[/\\]?|\\\\[\p{L}\p{M}\p{N}_.$-]+(?:\\[\p{L}\p{M}\p{N}_.$-]*)*|[A-Za-z]:[/\\](?:[\p{L}\p{M}\p{N}_.$-]+(?:[/\\][\p{L}\p{M}\p{N}_.$-]+)*[/\\]?)?`
const pathPattern = new RegExp(
  `(?:^|[\\s(])((?:\\.{0,2}/)?(?:[${nameChar}.@-]+/)*\\.?[${nameChar}@-]+(?:\\.[${nameChar}-]+)*\\.(?:${extensions})|(?:[${nameChar}.@-]+/)+[${nameChar}.@-]+/?|${outsidePlaces}|Makefile|Dockerfile|README|CHANGELOG)(?=$|[\\s),:;?!]|\\.(?:\\s|$))`,
  'u',
)
const wordPattern = /[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?/g
const properNouns = new Set([
  'GitHub',
  'GitLab',
  'JavaScript',
  'TypeScript',
  'PostgreSQL',
  'MySQL',
  'MongoDB',
])
const maxPhraseWords = 5
/**
 * Verbs that say how something is asked about, never what ("how do I *use* the API": the target
 * was "use", and a grep for it narrowed the goal to the README at 0.95).
 */
const genericVerbs: ReadonlySet<string> = new Set(
  'use uses used using work works worked working happen happens happened mean means meant get gets getting'.split(
    ' ',
  ),
)

/**
 * Fillers, interjections, placeholders and quantifiers: a run of words made of these alone names
 * nothing ("hmm", "help", "no wait", "explain *something*", "explain *all* files"). Before, each was
 * searched for as a file or text, and an answer to the agent's own question narrowed the goal to
 * "explain hmm" (session 46's review); "explain all files except the router" searched for `all`
 * (session 65's).
 */
const fillerWords: ReadonlySet<string> = new Set(
  'help wait ok okay yes yeah yep no nope nah well sure right so all every each'.split(' '),
)

/**
 * The fillers that also fall off the ends of a longer run ("hmm router" is "router"): sounds,
 * courtesies and placeholders, never a word a name is made of. "help", "wait", "right" or "ok" may
 * be ("the help command", "the wait queue", "the right panel", "the ok button"): they go only with
 * a run of fillers alone.
 */
const edgeFillerWords: ReadonlySet<string> = new Set(
  'hmm hm hmmm mm um umm uh uhh er erm ah ahh oh ooh oops eh huh hey hi hello yo please thanks thx sorry something anything everything whatever someone somewhere'.split(
    ' ',
  ),
)

/** `word` lower-cased, its repeated last letter cut to two ("hmmmm" → "hmm", "ummm" → "umm"). */
function fillerForm(word: string): string {
  const lower = word.toLowerCase()
  return /^h+m+$/u.test(lower) ? 'hmm' : /^u+m+$/u.test(lower) ? 'umm' : lower.replace(/(.)\1+$/u, '$1$1')
}

function isEdgeFiller(word: string): boolean {
  const lower = word.toLowerCase()
  return edgeFillerWords.has(lower) || edgeFillerWords.has(fillerForm(word))
}

function isFiller(word: string): boolean {
  return isEdgeFiller(word) || fillerWords.has(word.toLowerCase()) || fillerWords.has(fillerForm(word))
}

/** `run` without its edge fillers ("hmm router" → "router"), or nothing when it is all fillers ("no wait"). */
function trimFillers(run: readonly string[]): string[] {
  if (run.every(isFiller)) return []
  let start = 0
  let end = run.length
  while (start < end && isEdgeFiller(run[start]!)) start++
  while (end > start && isEdgeFiller(run[end - 1]!)) end--
  return run.slice(start, end)
}

function isCodeIdentifier(word: string): boolean {
  if (properNouns.has(word)) return false
  return /[a-z][A-Z]|^[A-Z][a-z0-9]+[A-Z]|_|\(\)$/.test(word) || /^[a-z]\w*\.[a-z]\w*$/i.test(word)
}

function findIdentifier(text: string, compiled: CompiledGoalVocabulary): string | undefined {
  let capitalised: string | undefined
  for (const match of (text.length > 4000 ? text.slice(0, 4000) : text).matchAll(wordPattern)) {
    const word = match[0]
    if (isCodeIdentifier(word)) return word.replace(/\(\)$/, '')
    if (capitalised || !/^[A-Z][a-z]{2,}$/.test(word)) continue
    const index = match.index ?? 0
    const before = text.slice(Math.max(0, index - 4), index).trimEnd()
    const startsSentence = before === '' || /[.?!:]$/.test(before)
    const lower = word.toLowerCase()
    const known = compiled.stopWords.has(lower) || compiled.lexicon.has(stemWord(lower))
    if (!startsSentence && !known) capitalised = word
  }
  return capitalised
}

/** Pronouns that stand as a subject: the word after one is its verb ("does it *return*", "it *fails*"). */
export const subjectPronouns: ReadonlySet<string> = new Set(['it', 'they', 'he', 'she', 'we', 'you', 'i'])
/** Words before a noun: a verb of {@link behaviourVerbs} after one is a noun ("the *return* value"). */
const determiners: ReadonlySet<string> = new Set(
  'the a an this that these those its their our my your each every any some no which what'.split(' '),
)
/**
 * Stems of verbs that say what code does ("what does it *return*?", "the router *returns* 401",
 * "why does it *throw*?"): not a name unless a determiner makes them one ("the return value").
 * Before, "return" and "router returns" were searched for, and "it" went unread.
 */
const behaviourVerbs: ReadonlySet<string> = new Set(
  'return throw call fail crash break hang send handle accept reject emit print give take respond raise catch behave produce yield output loop timeout time block refuse deny allow expect'
    .split(' ')
    .map((verb) => stemWord(verb)),
)

/** Does `token` stand where a verb does: after a subject pronoun, or a verb of behaviour with no determiner? */
function isVerbPosition(token: GoalToken, before: GoalToken | undefined): boolean {
  const previous = before?.surface.toLowerCase()
  if (previous !== undefined && subjectPronouns.has(previous)) return true
  if (!behaviourVerbs.has(stemWord(token.surface.toLowerCase()))) return false
  return previous === undefined || !determiners.has(previous)
}

function findPhrase(tokens: readonly GoalToken[], compiled: CompiledGoalVocabulary): string | undefined {
  let best: string[] = []
  let run: string[] = []
  for (const [index, token] of tokens.entries()) {
    // A chat command (`/ask`, `/run`) names how the request is made, never what it is about.
    const isContent =
      !token.stop &&
      !genericVerbs.has(token.surface.toLowerCase()) &&
      !isVerbPosition(token, tokens[index - 1]) &&
      !compiled.lexicon.has(token.concept) &&
      !token.corrected &&
      !/^\d+$/.test(token.surface) &&
      !token.surface.startsWith('/')
    // A run of characters of a script written without spaces (`取消订单`) is one word of the
    // phrase: it counts once toward its length and is joined back without spaces.
    const glued =
      isContent && run.length > 0 && isCharacterWord(token.surface) && isCharacterWord(run.at(-1)!.slice(-1))
    if (glued) run[run.length - 1] = `${run.at(-1)}\u0000${token.surface}`
    else if (isContent && run.length < maxPhraseWords) run.push(token.surface)
    else {
      run = trimFillers(run)
      if (run.length > best.length) best = run
      run = isContent ? [token.surface] : []
    }
  }
  run = trimFillers(run)
  if (run.length > best.length) best = run
  return best.length > 0 ? best.join(' ').replaceAll('\u0000', '') : undefined
}

/** Words that leave out whatever follows them: "except the auth", "other than …", "but not the tests". */
const leavingOut = 'except|excluding|other than|apart from|aside from|but not'
/**
 * Verbs that leave out what follows them when they give the request a condition: "explain the
 * router, ignoring the tests", "…but avoid src/auth.ts", "skip the router". As the verb a question
 * asks about ("how do I avoid the race", "how to ignore a file in git") they are its subject.
 */
const leaveOutVerbs = 'exclude|excludes|skip|skipping|ignore|ignoring|avoid|avoiding|leave out|leaving out'
/** Denials: "don't", "without", "never", "not". */
const denials = String.raw`don['\u2019]?t|do not|never|without|not`
/** Verbs of reading a denial leaves out the object of: "don't *read* …", "without *opening* …". */
const readingVerbs = String.raw`read(?:ing)?|open(?:ing)?|touch(?:ing)?|look(?:ing)?\s+at|use|using|change|changing|edit(?:ing)?`

/**
 * Words that leave out the path after them: "don't read src/auth.ts", "without opening it",
 * "except src/router.ts", "but not the tests", "other than …", "skip …", "ignoring …", "avoid …".
 */
const excluding = new RegExp(
  String.raw`\b(?:${denials}|${leavingOut}|${leaveOutVerbs})\b(?:\s+(?:${readingVerbs}|the|file|files|in|for))*\s+$`,
  'i',
)

/**
 * A part of a request that leaves out what it names, to the end of its clause: "except the auth",
 * ", excluding auth", "but avoid the router", "don't read the router". Session 65's review: its
 * words became the target ("explain everything except the auth" searched for `except`).
 */
const excludedClause = new RegExp(
  String.raw`(?:\b(?:${leavingOut}|(?:${denials})\s+(?:${readingVerbs}))|(?:^|[,;]|\b(?:but|and|then)\b)\s*(?:${leaveOutVerbs}))\b[^.,;:!?\n]*?(?=$|[.,;:!?\n]|\s(?:but|and|then)\s)`,
  'gi',
)

/**
 * The paths a request leaves out ("explain the router except src/router.ts": `src/router.ts`).
 * Their tools are never run on them, whatever else the request names.
 */
export function excludedPaths(text: string): string[] {
  return exclusionsIn(text).map((exclusion) => exclusion.path)
}

/** Each path a request leaves out, with where its exclusion starts (`except …`) and ends. */
function exclusionsIn(text: string): Array<{ path: string; start: number; end: number }> {
  const head = text.length > 4000 ? text.slice(0, 4000) : text
  const found: Array<{ path: string; start: number; end: number }> = []
  for (const match of head.matchAll(globalPathPattern)) {
    const path = match[1]
    if (path === undefined) continue
    const at = (match.index ?? 0) + match[0].indexOf(path)
    const from = Math.max(0, at - 60)
    const words = excluding.exec(head.slice(from, at))
    if (words !== null) found.push({ path, start: from + words.index, end: at + path.length })
  }
  return found
}

const globalPathPattern = new RegExp(pathPattern.source, 'gu')

/**
 * Is `text` a whole file path as {@link extractGoalTarget} reads one (`src/auth.ts`, `orders.ts`,
 * `tests/`), and no commit? A name (`CommandRouter`, "the auth stuff") is not.
 */
export function isPathTarget(text: string): boolean {
  if (isRevision(text)) return false
  const match = pathPattern.exec(text)
  return match !== null && match[1] === text.trim()
}

/**
 * Every path a request names and does not leave out, in order, each once ("compare src/orders.ts
 * with src/router.ts": both). The target is the first; the others are read beside it.
 */
export function namedPaths(text: string): string[] {
  const head = text.length > 4000 ? text.slice(0, 4000) : text
  const paths: string[] = []
  for (const match of head.matchAll(globalPathPattern)) {
    const path = match[1]
    if (path === undefined || paths.includes(path) || isRevision(path) || /^[a-z]+\/[a-z]+$/i.test(path))
      continue
    const at = (match.index ?? 0) + match[0].indexOf(path)
    if (!excluding.test(head.slice(Math.max(0, at - 60), at))) paths.push(path)
  }
  return paths
}

/** The first path of `head` that the request does not leave out. */
function firstPathNotExcluded(head: string): string | undefined {
  for (const match of head.matchAll(globalPathPattern)) {
    const path = match[1]
    if (path === undefined) continue
    const at = (match.index ?? 0) + match[0].indexOf(path)
    if (!excluding.test(head.slice(Math.max(0, at - 60), at))) return path
  }
  return undefined
}

/** Finds the target: a quoted string, a path, a code identifier, else the longest uncued phrase. */
export function extractGoalTarget(
  text: string,
  tokens: readonly GoalToken[],
  compiled: CompiledGoalVocabulary,
): GoalTarget {
  // A value the input rail hid (`[CREDIT_CARD_1]`) is nothing to look up: the card number a user
  // pasted was searched for as the symbol `CREDIT_CARD_1` (session 65's review). The request is
  // read as if it were not there.
  if (text.includes('[')) {
    const blanked = text.replace(railPlaceholderPattern, (placeholder) => ' '.repeat(placeholder.length))
    if (blanked !== text) return extractGoalTarget(blanked, normalizeGoalText(blanked, compiled), compiled)
  }
  const head = text.length > 4000 ? text.slice(0, 4000) : text
  const quote = /["\u201c`]/.test(head) ? quoted.exec(head)?.[1]?.trim() : undefined
  if (quote) return { kind: isRevision(quote) ? 'revision' : 'phrase', text: quote }
  // A file the request names comes before a hash-like token beside it ("explain src/orders.ts,
  // the error hash is 5e3f21a" is about the file).
  const path = /[./~\\:]|Makefile|Dockerfile|README|CHANGELOG/.test(head)
    ? firstPathNotExcluded(head)
    : undefined
  if (path && !/^[a-z]+\/[a-z]+$/i.test(path) && !isRevision(path)) return { kind: 'path', text: path }
  const revision = revisionPattern.exec(head)?.[1]
  if (revision !== undefined) return { kind: 'revision', text: revision }
  // What the request leaves out ("but don't read src/auth.ts", "except the auth") names no target
  // either: its words are read past (`auth.ts`, "src auth ts", `except` were the targets).
  const exclusions = [
    ...exclusionsIn(head),
    ...[...head.matchAll(excludedClause)].map((match) => ({
      start: match.index,
      end: match.index + match[0].length,
    })),
  ]
  let kept = text
  for (const { start, end } of exclusions)
    kept = `${kept.slice(0, start)}${' '.repeat(end - start)}${kept.slice(end)}`
  const identifier = findIdentifier(kept, compiled)
  if (identifier) return { kind: 'identifier', text: identifier }
  const phrase = findPhrase(exclusions.length === 0 ? tokens : normalizeGoalText(kept, compiled), compiled)
  return phrase ? { kind: 'phrase', text: phrase } : { kind: 'none' }
}
