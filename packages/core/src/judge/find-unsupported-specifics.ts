/** What {@link findUnsupportedSpecifics} extracted and which of it is unsupported. */
export interface SpecificsCheck {
  /** File paths and code symbols named in the draft's prose. */
  specifics: string[]
  /** The subset appearing neither in the tool trace nor in the goal. */
  unsupported: string[]
}

const filePath =
  /^(?:[\w@.-]+\/)*[\w-]+\.(?:tsx?|jsx?|mjs|cjs|py|go|rs|java|kt|rb|cs|cpp|cc|c|h|hpp|php|swift|scala|sql|ya?ml|json|toml|md|sh|proto)$/
const directoryPath = /^(?:[\w@.-]+\/){2,}[\w@.-]*$/
const callSymbol = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\(\)$/
const backtickSymbol = /`([A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*(?:\(\))?)`/g
const fence = /```[\s\S]*?```/g
const maxSpecificLength = 200

/**
 * Names the draft states as facts about the system (file paths, directories, code symbols in
 * backticks or written as calls) and which of them never appear in the tool trace or the goal:
 * specifics the system cannot have seen (seed 004 §9.3 UNSUPPORTED_SPECIFICS). Fenced code is
 * skipped: proposed code is not a claim about existing code.
 */
export function findUnsupportedSpecifics(draft: string, toolTrace: string, goal = ''): SpecificsCheck {
  const prose = draft.includes('```') ? draft.replace(fence, ' ') : draft
  const specifics = new Set<string>()
  for (const candidate of pathLikeTokens(prose)) {
    // Real paths and symbols are short; skipping giant tokens keeps hostile drafts linear.
    if (candidate.length > maxSpecificLength) continue
    if (filePath.test(candidate) || directoryPath.test(candidate)) specifics.add(candidate)
    else if (candidate.endsWith('()') && callSymbol.test(candidate)) specifics.add(candidate.slice(0, -2))
  }
  if (prose.includes('`')) {
    for (const match of prose.matchAll(backtickSymbol)) {
      const symbol = match[1] ?? ''
      if (looksLikeCode(symbol)) specifics.add(symbol.replace(/\(\)$/, ''))
    }
  }
  const known = `${toolTrace}\n${goal}`
  const unsupported = [...specifics].filter((specific) => !known.includes(baseName(specific)))
  return { specifics: [...specifics], unsupported }
}

/**
 * Tokens around every `/`, `.` and `()`, found by scanning for those characters and expanding to
 * token boundaries: far cheaper than a regex tried at every position of a 2 KB draft.
 */
function pathLikeTokens(text: string): string[] {
  const tokens: string[] = []
  let consumedUntil = -1
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index)
    const isCall = char === 40 && text.charCodeAt(index + 1) === 41
    if ((char !== 47 && char !== 46 && !isCall) || index < consumedUntil) continue
    let start = index
    while (start > 0 && isTokenChar(text.charCodeAt(start - 1))) start--
    let end = isCall ? index : index + 1
    while (end < text.length && isTokenChar(text.charCodeAt(end))) end++
    if (text.charCodeAt(end) === 40 && text.charCodeAt(end + 1) === 41) end += 2
    consumedUntil = end
    const token = text.slice(start, end).replace(/[.:!?]+$/, '')
    if (token.length > 1 && (token.includes('/') || token.includes('.') || token.endsWith('()')))
      tokens.push(token)
  }
  return tokens
}

/** Letters, digits, `_`, `$`, `@`, `-`, `.`, `/`. */
function isTokenChar(char: number): boolean {
  return (
    (char >= 97 && char <= 122) ||
    (char >= 65 && char <= 90) ||
    (char >= 48 && char <= 57) ||
    char === 95 ||
    char === 36 ||
    char === 64 ||
    char === 45 ||
    char === 46 ||
    char === 47
  )
}

/** `handleRequest`, `Foo.bar`, `a_b`, `x::y`: not a plain English word in backticks. */
function looksLikeCode(symbol: string): boolean {
  return /[._:#$()]/.test(symbol) || /[a-z][A-Z]/.test(symbol) || /^[A-Z][a-z]+[A-Z]/.test(symbol)
}

/** A path is supported when its last segment was seen (traces often abbreviate directories). */
function baseName(specific: string): string {
  const trimmed = specific.replace(/\/+$/, '')
  const slash = trimmed.lastIndexOf('/')
  return slash === -1 ? trimmed : trimmed.slice(slash + 1)
}
