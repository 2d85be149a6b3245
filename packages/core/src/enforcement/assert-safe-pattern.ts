import { FocalError } from '../errors/focal-error.ts'

/**
 * The characters a piece of a pattern can start (or end) with: a tester of one character, or
 * undefined for any character (`.`, an alternation, something the analysis does not read).
 */
type CharSet = RegExp | undefined

/** Why a pattern was rejected, or undefined when it is safe. */
type PatternVerdict = string | undefined

/** One parsed piece of a regex: what the backtracking analysis needs and nothing more. */
interface PatternNode {
  /** Does it start with a repeat without bound (`\d+x`, a group `(\d+)`)? */
  starts: boolean
  /** Does it end with a repeat without bound (`x\d+`, `(\d+)`, `\d+x?`)? */
  ends: boolean
  /** Does it contain an unbounded quantifier anywhere inside? */
  containsUnbounded: boolean
  /** Does it contain a quantifier of variable count (`?`, `{1,3}`, `*`) anywhere inside? */
  containsVariable: boolean
  /** Can it match the empty string? */
  nullable: boolean
  /** The characters it can start with. */
  first: CharSet
  /** The characters it can end with. */
  last: CharSet
  /** Is it an alternation whose branches can start with the same character? */
  overlapping: boolean
}

/**
 * Checks a policy author's regex for catastrophic backtracking before it is ever run, and throws a
 * located `FocalError('unsafe-pattern')` when it finds nested unbounded quantifiers (`(a+)+`),
 * unbounded repetition of overlapping alternatives (`(a|ab)*`), adjacent unbounded quantifiers
 * with no literal between them (`\d+\d*`), or backreferences. The check is conservative: it may
 * reject a pattern a human can prove safe; it never lets `(a+)+$` through.
 */
export function assertSafePattern(pattern: string, options: { path?: string; flags?: string } = {}): RegExp {
  const path = options.path ?? 'pattern'
  let regex: RegExp
  try {
    regex = new RegExp(pattern, options.flags ?? 'u')
  } catch (error) {
    throw unsafe(path, `invalid regular expression /${pattern}/: ${(error as Error).message}`, error)
  }
  const verdict = analysePattern(pattern, (options.flags ?? 'u').includes('i'))
  if (verdict !== undefined) throw unsafe(path, `/${pattern}/ can backtrack catastrophically: ${verdict}`)
  return regex
}

function unsafe(path: string, message: string, cause?: unknown): FocalError {
  return new FocalError({
    code: 'unsafe-pattern',
    message: `${path}: ${message}`,
    issues: [{ path, message }],
    cause,
  })
}

/**
 * Characters two character sets are compared on: ASCII, white space and line breaks of every
 * kind, letters whose case folds across scripts (`ſ`, the Kelvin sign), other scripts' letters and
 * digits. Two sets overlap when one of these is in both.
 */
const samples = [
  ...Array.from({ length: 0x7f - 0x09 }, (_, index) => String.fromCharCode(0x09 + index)),
  '\u0085',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u3000',
  '\ufeff',
  'é',
  'ß',
  'ſ',
  '\u212a',
  'я',
  'Ω',
  '中',
  '\u0661',
  '\u00b2',
  '_',
]

/** Could two character sets share a character? */
function overlaps(left: CharSet, right: CharSet): boolean {
  if (left === undefined || right === undefined) return true
  return samples.some((char) => left.test(char) && right.test(char))
}

/** Returns a reason when the pattern is unsafe. Exported for tests through `assertSafePattern`. */
function analysePattern(source: string, ignoreCase: boolean): PatternVerdict {
  const parser: Parser = { source, index: 0, verdict: undefined, flags: ignoreCase ? 'iu' : 'u' }
  parseAlternation(parser)
  return parser.verdict
}

type Parser = { source: string; index: number; verdict: PatternVerdict; flags: string }

/** The tester of a character set written in the pattern (`a`, `\d`, `[0-9a-f]`, `\p{L}`). */
function charSet(parser: Parser, text: string): CharSet {
  try {
    return new RegExp(text, parser.flags)
  } catch {
    return undefined
  }
}

function parseAlternation(parser: Parser): PatternNode {
  const branches: PatternNode[] = [parseSequence(parser)]
  while (parser.source[parser.index] === '|') {
    parser.index++
    branches.push(parseSequence(parser))
  }
  if (branches.length === 1) return branches[0] as PatternNode
  const overlapping = branches.some((branch, index) =>
    branches.some((other, otherIndex) => otherIndex > index && overlaps(branch.first, other.first)),
  )
  return {
    starts: branches.some((branch) => branch.starts),
    ends: branches.some((branch) => branch.ends),
    containsUnbounded: branches.some((branch) => branch.containsUnbounded),
    containsVariable: branches.some((branch) => branch.containsVariable),
    nullable: branches.some((branch) => branch.nullable),
    first: undefined,
    last: undefined,
    overlapping,
  }
}

function parseSequence(parser: Parser): PatternNode {
  const node: PatternNode = {
    starts: false,
    ends: false,
    containsUnbounded: false,
    containsVariable: false,
    nullable: true,
    first: undefined,
    last: undefined,
    overlapping: false,
  }
  let previousLast: CharSet
  let first = true
  while (parser.index < parser.source.length) {
    const char = parser.source[parser.index]
    if (char === '|' || char === ')') break
    const atom = parseQuantified(parser)
    // Two repeats next to each other (a group's own one too, `(\d+)(\d+)`) that can take the
    // same characters: each split of a run between them is tried.
    if (atom.starts && node.ends && overlaps(atom.first, previousLast))
      parser.verdict ??= 'adjacent unbounded quantifiers over overlapping characters'
    if (atom.ends || !atom.nullable) previousLast = atom.last
    if (first) {
      node.first = atom.nullable ? undefined : atom.first
      node.starts ||= atom.starts
    }
    first = first && atom.nullable
    node.ends = atom.ends || (node.ends && atom.nullable)
    node.last = atom.nullable ? undefined : atom.last
    node.containsUnbounded ||= atom.containsUnbounded
    node.containsVariable ||= atom.containsVariable
    node.nullable &&= atom.nullable
  }
  return node
}

function parseQuantified(parser: Parser): PatternNode {
  const atom = parseAtom(parser)
  const quantifier = readQuantifier(parser)
  if (quantifier === undefined) return atom
  const variable = quantifier.min !== quantifier.max
  if (quantifier.unbounded && atom.containsUnbounded) parser.verdict ??= 'nested unbounded quantifiers'
  if (quantifier.unbounded && atom.nullable) parser.verdict ??= 'unbounded repetition of an empty match'
  if (quantifier.max > 1 && variable && atom.overlapping)
    parser.verdict ??= 'repetition of overlapping alternatives'
  if (quantifier.max > 1 && quantifier.max !== Number.POSITIVE_INFINITY && atom.containsUnbounded)
    parser.verdict ??= 'repeated group containing an unbounded quantifier'
  // `(\d{1,3},?)+`, `(a{1,100}){1,100}`: a run can be cut into repeats in exponentially many ways.
  if (quantifier.max > 1 && variable && atom.containsVariable)
    parser.verdict ??= 'repetition of a group of variable length'
  return {
    starts: quantifier.unbounded || atom.starts,
    ends: quantifier.unbounded || atom.ends,
    containsUnbounded: atom.containsUnbounded || quantifier.unbounded,
    containsVariable: atom.containsVariable || variable,
    nullable: atom.nullable || quantifier.min === 0,
    first: atom.first,
    last: atom.last,
    overlapping: atom.overlapping,
  }
}

function readQuantifier(parser: Parser): { min: number; max: number; unbounded: boolean } | undefined {
  const char = parser.source[parser.index]
  let min: number
  let max: number
  if (char === '*' || char === '+' || char === '?') {
    parser.index++
    min = char === '+' ? 1 : 0
    max = char === '?' ? 1 : Number.POSITIVE_INFINITY
  } else if (char === '{') {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(parser.source.slice(parser.index))
    if (match === null) return undefined
    parser.index += match[0].length
    min = Number(match[1])
    max = match[2] === undefined ? min : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3])
  } else return undefined
  if (parser.source[parser.index] === '?') parser.index++ // lazy: same backtracking worst case
  return { min, max, unbounded: max === Number.POSITIVE_INFINITY || max > 1000 }
}

const zeroWidth: PatternNode = {
  starts: false,
  ends: false,
  containsUnbounded: false,
  containsVariable: false,
  nullable: true,
  first: undefined,
  last: undefined,
  overlapping: false,
}

/** A node of one character of `set`. */
const single = (set: CharSet): PatternNode => ({
  starts: false,
  ends: false,
  containsUnbounded: false,
  containsVariable: false,
  nullable: false,
  first: set,
  last: set,
  overlapping: false,
})

function parseAtom(parser: Parser): PatternNode {
  const { source } = parser
  const char = source[parser.index] as string
  if (char === '(') return parseGroup(parser)
  if (char === '[') {
    const start = parser.index
    skipClass(parser)
    return single(charSet(parser, source.slice(start, parser.index)))
  }
  parser.index++
  if (char === '^' || char === '$') return zeroWidth
  if (char === '.') return single(undefined)
  if (char !== '\\') return single(charSet(parser, char.replace(/[.*+?^${}()|[\]\\/-]/u, '\\$&')))
  const start = parser.index - 1
  const escaped = source[parser.index] ?? ''
  parser.index++
  if (/[1-9]/.test(escaped) || escaped === 'k') parser.verdict ??= 'backreferences are not allowed'
  if (escaped === 'b' || escaped === 'B') return zeroWidth
  if (escaped === 'u' || escaped === 'x' || escaped === 'p' || escaped === 'P' || escaped === 'c')
    skipEscapeBody(parser, escaped)
  // `\t`, `\n`, `\d`, `\p{L}`, `\.`: the set the escape itself stands for.
  return single(charSet(parser, source.slice(start, parser.index)))
}

function parseGroup(parser: Parser): PatternNode {
  const rest = parser.source.slice(parser.index, parser.index + 4)
  const lookaround = /^\(\?<?[=!]/.exec(rest)
  const prefix =
    lookaround?.[0] ?? /^\(\?(:|<[A-Za-z_$][\w$]*>)?/.exec(parser.source.slice(parser.index))?.[0] ?? '('
  parser.index += prefix.length
  const inner = parseAlternation(parser)
  if (parser.source[parser.index] === ')') parser.index++
  if (lookaround !== null) return { ...zeroWidth, containsUnbounded: inner.containsUnbounded }
  return inner
}

function skipClass(parser: Parser): void {
  parser.index++
  while (parser.index < parser.source.length && parser.source[parser.index] !== ']') {
    parser.index += parser.source[parser.index] === '\\' ? 2 : 1
  }
  parser.index++
}

function skipEscapeBody(parser: Parser, kind: string): void {
  const rest = parser.source.slice(parser.index)
  const body =
    kind === 'c'
      ? /^[A-Za-z]/.exec(rest)
      : kind === 'x'
        ? /^[0-9a-fA-F]{2}/.exec(rest)
        : /^(\{[^}]*\}|[0-9a-fA-F]{4})/.exec(rest)
  parser.index += body?.[0].length ?? 0
}
