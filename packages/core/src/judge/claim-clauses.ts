/** A clause of a draft that states something as fact (not a question, hedge or condition). */
export interface ClaimClause {
  text: string
  /** Where the first word starts: a capital there is a sentence start, not a name. */
  firstWordAt: number
  /** Opens its sentence (after list markers and a `Label:`), so its first word is a sentence start. */
  opensSentence: boolean
  /** Starts with a command ("Set the limit to 20"): proposes rather than reports, so quantities, names and statuses are not claims. */
  imperative: boolean
  /** A `Label:`, heading or table row: structure, so capitalised words are not names. */
  structural: boolean
  /** Opens with a greeting ("Hi Sarah") or follows a bare one ("Thanks, Sarah"): the next capitalised word is the user's name. */
  greeting: boolean
}

const fence = /```[\s\S]*?```/g
const inlineCode = /`[^`\n]{0,200}`/g
const doubleQuoted = /"[^"\n]{0,300}"|“[^”\n]{0,300}”/g
// An opening quote after a letter is an apostrophe (I'm, customers').
const singleQuoted = /(?<![\p{L}\p{N}])'[^'\n]{1,160}'(?![\p{L}\p{N}])/gu
const url = /\bhttps?:\/\/[^\s)>\]]+/g
const sentenceEnd = /[.!?]\s+/g
// A sentence can state a claim only with a digit, a capital after its first word, a currency,
// `#` or `%` sign, or (when statuses are checked) a status word: the rest is skipped unsplit.
const claimLike = /[\d$€£¥#%]|(?<![\p{L}\p{N}'])\p{Lu}/gu
// The same for ASCII text (dashes, curly quotes and bullets included), several times faster.
const claimLikeAscii = /[\d$#%]|(?<![A-Za-z0-9'])[A-Z]/g
// Beyond ASCII, nbsp, dashes, curly quotes and bullets (a positive class scans twice as fast).
const nonAscii = /[\u0080-\u009f\u00a1-\u200f\u2028-\uffff]/
const claimOpening = /^[\d$€£¥#%]/
/** Status words stated as fact ("shipped", "passed", "is down"). */
export const statusPattern =
  /\b(?:passed|failed|failing|succeeded|successful|shipped|delivered|dispatched|cancell?ed|refunded|approved|rejected|declined|deployed|rolled back|healthy|unhealthy|resolved|completed|processed|merged|paid|(?:is|are|was|were|been|went|'s)\s+down)\b/gi
const statusWord = new RegExp(statusPattern.source, 'i')
const clauseBreak =
  /[,;]\s+(?!\d{4}\b)|\s+[—–-]\s+|\s+(?:and|but|so|then|or|because|while|although|though)\s+/
const listMarker = /^[\s\-*•>#|_]*(?:\(?\d{1,3}[.)](?=\s))?/
const label = /^\p{L}[\p{L}\p{N} '/#-]{0,30}:\s+/u
const hedge =
  /\b(?:if|unless|whether|once|in case|assuming|suppose|might|could|would|let me|let's|let us|not sure|unsure|unable to|(?:can't|cannot|can not) (?:confirm|see|find|check|tell)|don't know|do not know|don't have|do not have|(?:i|we) (?:haven't|have not)|no record|for example|for instance|e\.g|(?:i|we) (?:can|'ll|will) (?:check|look|verify|confirm|find|see|ask|investigate|trace|request|escalate))\b/i
const modalMay = /\bmay\b/
// "If it failed, roll back": the condition governs every clause of its sentence.
const conditionalOpening = /^\W*(?:if|unless|once|in case|assuming|suppose|should it|when and if)\b/i
const commands = new Set(
  'add set use run try open click tap go navigate restart reboot rerun retry increase decrease reduce raise lower replace remove delete rename move install enable disable configure create make call wrap edit change apply ensure verify check review look see contact reach visit follow select choose enter type paste copy update upgrade downgrade pin bump monitor watch consider avoid keep wait please start stop schedule send return print pack drop log sign reset clear rotate switch turn allow block revoke grant assign save sort filter'.split(
    ' ',
  ),
)
const greetings = new Set([
  'hi',
  'hello',
  'hey',
  'dear',
  'thanks',
  'thank',
  'morning',
  'afternoon',
  'evening',
])

/** Every pattern this file runs on draft text, for the linear-time check in its tests. */
export const clausePatterns: readonly RegExp[] = [
  fence,
  inlineCode,
  doubleQuoted,
  singleQuoted,
  url,
  sentenceEnd,
  claimLike,
  claimLikeAscii,
  nonAscii,
  claimOpening,
  statusPattern,
  clauseBreak,
  listMarker,
  label,
  hedge,
  modalMay,
  conditionalOpening,
]

/**
 * The clauses of a draft that assert something, in order. Code, quoted text and links are blanked
 * first (proposed code and the user's own words are not claims); questions and sentences opening
 * with a condition ("If it failed, ...") are dropped whole; clauses with a hedge ("I can check
 * whether it passed", "it might be") are dropped.
 */
export function claimClauses(draft: string, { statuses = true }: ClaimClausesOptions = {}): ClaimClause[] {
  // Fences span lines: blank them first. Inline code, quotes and links are blanked line by line,
  // and only on lines that might state a claim at all.
  const prose = draft.includes('```') ? draft.replace(fence, ' ') : draft
  const clauses: ClaimClause[] = []
  const candidates = nonAscii.test(prose) ? claimLike : claimLikeAscii
  for (const rawLine of prose.split('\n')) {
    let line = rawLine.slice(listMarker.exec(rawLine)?.[0].length ?? 0)
    if (!mightClaim(line, candidates, statuses)) continue
    line = blankNonClaims(line)
    if (!mightClaim(line, candidates, statuses)) continue
    const lineIsStructure = /^\s*[#|]/.test(rawLine)
    for (const sentence of sentences(line)) {
      if (/\?[\s"')\]]*$/.test(sentence)) continue
      const body = sentence.trimStart()
      if (!mightClaim(body, candidates, statuses)) continue
      const labelText = label.exec(body)?.[0] ?? ''
      const rest = body.slice(labelText.length)
      if (conditionalOpening.test(rest)) continue
      if (labelText !== '') clauses.push(clause(labelText, false, true))
      let addressed = false
      let opens = true
      for (const text of rest.split(clauseBreak)) {
        const opensSentence = opens
        opens = false
        if (hedge.test(text) || modalMay.test(text)) continue
        const next = clause(text, opensSentence, lineIsStructure, addressed)
        // "Thanks, Sarah!": a bare greeting clause addresses the user in the next one.
        addressed = next.greeting && text.trim().split(/\s+/).length <= 2
        clauses.push(next)
      }
    }
  }
  return clauses
}

/** Options of {@link claimClauses}. */
export interface ClaimClausesOptions {
  /** Keep sentences whose only claim-like word is a status ("it shipped"). @default true */
  statuses?: boolean
}

/** Could this text state a claim at all? (A capital at its very start is a sentence start.) */
function mightClaim(text: string, candidates: RegExp, statuses: boolean): boolean {
  const trimmed = text.trimStart()
  if (claimOpening.test(trimmed)) return true
  // From the second character on: the lookbehind still sees the first, and `test` allocates nothing.
  candidates.lastIndex = 1
  return candidates.test(trimmed) || (statuses && statusWord.test(trimmed))
}

/** A line's sentences, each with its closing `.`, `!` or `?`. */
function sentences(line: string): string[] {
  const found: string[] = []
  let start = 0
  sentenceEnd.lastIndex = 0
  for (let match = sentenceEnd.exec(line); match !== null; match = sentenceEnd.exec(line)) {
    found.push(line.slice(start, match.index + 1))
    start = match.index + match[0].length
  }
  found.push(line.slice(start))
  return found
}

function clause(text: string, opensSentence: boolean, structural: boolean, addressed = false): ClaimClause {
  const firstWordAt = text.search(/[\p{L}\p{N}$€£#]/u)
  // ", and rotate the keys": the command follows the conjunction.
  const words = /^(?:(?:and|but|so|then|or)\s)?([\p{L}']+)/iu.exec(text.slice(Math.max(0, firstWordAt)))
  const firstWord = (words?.[1] ?? '').toLowerCase()
  return {
    text,
    firstWordAt,
    opensSentence,
    imperative: commands.has(firstWord) || firstWord === "let's",
    structural,
    greeting: addressed || (opensSentence && greetings.has(firstWord)),
  }
}

/** Blanks inline code, quoted text and links in a line, and unifies curly apostrophes. */
function blankNonClaims(line: string): string {
  let prose = line.includes('’') ? line.replaceAll('’', "'") : line
  if (prose.includes('`')) prose = prose.replace(inlineCode, ' ')
  if (prose.includes('"') || prose.includes('“')) prose = prose.replace(doubleQuoted, ' ')
  if (prose.includes("'")) prose = prose.replace(singleQuoted, ' ')
  if (prose.includes('://')) prose = prose.replace(url, ' ')
  return prose
}
