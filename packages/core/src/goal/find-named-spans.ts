import { fileExtensions } from './goal-words.ts'

/** Characters that wrap a name in a sentence (`(src/app.ts)`, `"notes.md",`), not part of it. */
const openers = `(["'<[{`
const closers = `)"'>]},.;:!?`

/** A file or folder the user @-mentions, as coding agents' chats write it (`@src/app.ts`, `@Architecture/`). */
const mention = /^@[\p{L}\p{N}_./\\-]/u
/** A chat command (`/ask`, `/run`) or a lone `/word`: read as words, not as a path. */
const slashWord = /^\/[\p{L}-]+$/u
/** Two words joined by a slash (`and/or`, `read/write`, `frontend/backend`): words, not a path. */
const wordPair = /^\p{L}+\/\p{L}+$/u
/** A hidden file or folder (`.history`, `.venv`, `.env.local`). */
const dotName = /^\.[\p{L}_]/u
/** A file name with an extension (`nodes.py`, `refactor-plan.md`, `Node.js`). */
const fileName = new RegExp(`^[\\p{L}\\p{N}_@.-]*[\\p{L}\\p{N}_-]\\.(?:${fileExtensions})$`, 'u')

/** Does `run` (a stretch of text with no white space, its wrapping punctuation off) name a file, a folder or a URL? */
export function isNamedRun(run: string): boolean {
  if (run.length < 2) return false
  // Lower case, not the `i` flag: `\p{…}` needs `u`, and `iu` runs on V8's slow path.
  if (mention.test(run) || dotName.test(run) || fileName.test(run.toLowerCase())) return true
  return /[/\\]/.test(run) && !slashWord.test(run) && !wordPair.test(run)
}

/**
 * Character ranges `[start, end)` of the names a request gives: @-mentions, paths, URLs, hidden
 * files and file names. Their words name a thing, they ask nothing: `@design/` asks for no design,
 * `.history` for no git history, `milestone-refactor-plan.md` for no refactor.
 */
export function findNamedSpans(text: string): Array<readonly [number, number]> {
  const spans: Array<readonly [number, number]> = []
  if (!/[@./\\]/.test(text)) return spans
  const runs = /\S+/g
  for (let match = runs.exec(text); match !== null; match = runs.exec(text)) {
    let start = match.index
    let end = start + match[0].length
    while (start < end && openers.includes(text[start]!)) start++
    while (end > start && closers.includes(text[end - 1]!)) end--
    if (isNamedRun(text.slice(start, end))) spans.push([start, end])
  }
  return spans
}
