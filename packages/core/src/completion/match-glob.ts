/** Options of {@link matchGlob}. */
export interface MatchGlobOptions {
  /**
   * Let `*` and `?` match `/` too (for names that are not paths, such as marker subtypes).
   * @default false
   */
  crossSeparators?: boolean
}

type GlobToken =
  | { type: 'literal'; character: string }
  | { type: 'star' }
  | { type: 'globstar' }
  | { type: 'globstar-slash' }
  | { type: 'any-one' }

/**
 * Whole-string glob match without regular expressions: `*` (any run without `/`), `**` (any run),
 * `**\/` (zero or more folders), `?` (one character). Dynamic programming, O(pattern × text).
 */
export function matchGlob(pattern: string, text: string, options: MatchGlobOptions = {}): boolean {
  const { crossSeparators = false } = options
  const tokens = tokenize(pattern)
  // next[j]: do tokens[i + 1..] match text[j..]; built from the last token backwards.
  let next: boolean[] = Array.from({ length: text.length + 1 }, (_, j) => j === text.length)
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i] as GlobToken
    const current: boolean[] = new Array<boolean>(text.length + 1).fill(false)
    for (let j = text.length; j >= 0; j--)
      current[j] = matchesAt(token, text, j, current, next, crossSeparators)
    next = current
  }
  return next[0] === true
}

function matchesAt(
  token: GlobToken,
  text: string,
  j: number,
  current: boolean[],
  next: boolean[],
  crossSeparators: boolean,
): boolean {
  const character = text[j]
  const canConsume = character !== undefined && (crossSeparators || character !== '/')
  switch (token.type) {
    case 'literal':
      return character === token.character && next[j + 1] === true
    case 'any-one':
      return canConsume && next[j + 1] === true
    case 'star':
      return next[j] === true || (canConsume && current[j + 1] === true)
    case 'globstar':
      return next[j] === true || (character !== undefined && current[j + 1] === true)
    case 'globstar-slash':
      // Zero folders, or any run that ends with `/`.
      return next[j] === true || globstarSlashAt(text, j, next)
  }
}

function globstarSlashAt(text: string, j: number, next: boolean[]): boolean {
  for (let end = text.indexOf('/', j); end >= 0; end = text.indexOf('/', end + 1)) {
    if (next[end + 1] === true) return true
  }
  return false
}

function tokenize(pattern: string): GlobToken[] {
  const tokens: GlobToken[] = []
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index] as string
    if (character === '?') tokens.push({ type: 'any-one' })
    else if (character !== '*') tokens.push({ type: 'literal', character })
    else if (pattern[index + 1] !== '*') pushStar(tokens, { type: 'star' })
    else if (pattern[index + 2] === '/') {
      tokens.push({ type: 'globstar-slash' })
      index += 2
    } else {
      pushStar(tokens, { type: 'globstar' })
      index += 1
    }
  }
  return tokens
}

// Consecutive stars collapse into one: `***` behaves as `**`.
function pushStar(tokens: GlobToken[], token: GlobToken): void {
  const previous = tokens.at(-1)
  if (previous?.type === 'star' || previous?.type === 'globstar')
    tokens[tokens.length - 1] = previous.type === 'globstar' ? previous : token
  else tokens.push(token)
}
