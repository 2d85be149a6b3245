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
 * `**\/` (zero or more folders), `?` (one character). Dynamic programming in O(pattern × text) time
 * for every pattern, `**\/` included (a glob from an HTTP body must not cost more; see
 * {@link globMatchCost}).
 */
export function matchGlob(pattern: string, text: string, options: MatchGlobOptions = {}): boolean {
  const { crossSeparators = false } = options
  const tokens = tokenize(pattern)
  const size = text.length + 1
  // next[j]: do tokens[i + 1..] match text[j..]; built from the last token backwards.
  let next = new Uint8Array(size)
  let current = new Uint8Array(size)
  next[text.length] = 1
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i] as GlobToken
    // `**/`: whether some `/` at or after j is followed by a match of the rest (zero folders aside).
    let folderAhead = 0
    for (let j = text.length; j >= 0; j--) {
      const character = text[j]
      const canConsume = character !== undefined && (crossSeparators || character !== '/')
      let matched: number
      switch (token.type) {
        case 'literal':
          matched = character === token.character ? next[j + 1]! : 0
          break
        case 'any-one':
          matched = canConsume ? next[j + 1]! : 0
          break
        case 'star':
          matched = next[j]! | (canConsume ? current[j + 1]! : 0)
          break
        case 'globstar':
          matched = next[j]! | (character !== undefined ? current[j + 1]! : 0)
          break
        case 'globstar-slash':
          if (character === '/' && next[j + 1] === 1) folderAhead = 1
          matched = next[j]! | folderAhead
          break
      }
      current[j] = matched
    }
    // Every cell of `current` is written before it is read: the used row is reused as is.
    const done = next
    next = current
    current = done
  }
  return next[0] === 1
}

/**
 * The cells {@link matchGlob} fills for a pattern over a text: what a caller that takes both from
 * a request (a goal contract's `artifactPattern`, the artifacts listed) budgets before matching.
 */
export function globMatchCost(pattern: string, text: string): number {
  return (pattern.length + 1) * (text.length + 1)
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
