import { FocalError } from '../errors/focal-error.ts'

/** One parsed piece of a regex: what the backtracking analysis needs and nothing more. */
interface PatternNode {
  /** Can this node repeat without bound (`*`, `+`, `{n,}`)? */
  unbounded: boolean
  /** Does it contain an unbounded quantifier anywhere inside? */
  containsUnbounded: boolean
  /** Can it match the empty string? */
  nullable: boolean
  /** First character when it is one fixed literal; undefined when it can start with several. */
  firstLiteral: string | undefined
}

/** Why a pattern was rejected, or undefined when it is safe. */
type PatternVerdict = string | undefined

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
  const verdict = analysePattern(pattern)
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

const classTests: Record<string, RegExp> = { '\\d': /\d/, '\\s': /\s/, '\\w': /\w/ }

/** Could two first-character descriptions (a literal, `\\d`, `\\s`, `\\w`, or undefined = any) share a character? */
function overlaps(left: string | undefined, right: string | undefined): boolean {
  if (left === undefined || right === undefined || left === '\u0000overlap' || right === '\u0000overlap')
    return true
  const leftClass = classTests[left]
  const rightClass = classTests[right]
  if (leftClass === undefined && rightClass === undefined) return left === right
  if (leftClass === undefined) return (rightClass as RegExp).test(left)
  if (rightClass === undefined) return leftClass.test(right)
  return left === right || (left !== '\\s' && right !== '\\s')
}

/** Returns a reason when the pattern is unsafe. Exported for tests through `assertSafePattern`. */
function analysePattern(source: string): PatternVerdict {
  const parser = { source, index: 0, verdict: undefined as PatternVerdict }
  parseAlternation(parser)
  return parser.verdict
}

type Parser = { source: string; index: number; verdict: PatternVerdict }

function parseAlternation(parser: Parser): PatternNode {
  const branches: PatternNode[] = [parseSequence(parser)]
  while (parser.source[parser.index] === '|') {
    parser.index++
    branches.push(parseSequence(parser))
  }
  if (branches.length === 1) return branches[0] as PatternNode
  const distinct = branches.every((branch, index) =>
    branches.every(
      (other, otherIndex) => otherIndex === index || !overlaps(branch.firstLiteral, other.firstLiteral),
    ),
  )
  return {
    unbounded: false,
    containsUnbounded: branches.some((branch) => branch.containsUnbounded),
    nullable: branches.some((branch) => branch.nullable),
    firstLiteral: distinct ? undefined : '\u0000overlap',
  }
}

function parseSequence(parser: Parser): PatternNode {
  const node: PatternNode = {
    unbounded: false,
    containsUnbounded: false,
    nullable: true,
    firstLiteral: undefined,
  }
  let previousUnbounded = false
  let previousFirst: string | undefined
  let first = true
  while (parser.index < parser.source.length) {
    const char = parser.source[parser.index]
    if (char === '|' || char === ')') break
    const atom = parseQuantified(parser)
    if (atom.unbounded && previousUnbounded && overlaps(atom.firstLiteral, previousFirst))
      parser.verdict ??= 'adjacent unbounded quantifiers over overlapping characters'
    if (atom.unbounded || !atom.nullable) previousFirst = atom.firstLiteral
    previousUnbounded = atom.unbounded || (previousUnbounded && atom.nullable)
    if (first) node.firstLiteral = atom.nullable ? undefined : atom.firstLiteral
    first = first && atom.nullable
    node.containsUnbounded ||= atom.containsUnbounded
    node.nullable &&= atom.nullable
  }
  return node
}

function parseQuantified(parser: Parser): PatternNode {
  const atom = parseAtom(parser)
  const quantifier = readQuantifier(parser)
  if (quantifier === undefined) return atom
  if (quantifier.unbounded && atom.containsUnbounded) parser.verdict ??= 'nested unbounded quantifiers'
  if (quantifier.unbounded && atom.nullable) parser.verdict ??= 'unbounded repetition of an empty match'
  if (quantifier.unbounded && atom.firstLiteral === '\u0000overlap')
    parser.verdict ??= 'unbounded repetition of overlapping alternatives'
  if (quantifier.max > 1 && quantifier.max !== Number.POSITIVE_INFINITY && atom.containsUnbounded)
    parser.verdict ??= 'repeated group containing an unbounded quantifier'
  return {
    unbounded: quantifier.unbounded,
    containsUnbounded: atom.containsUnbounded || quantifier.unbounded,
    nullable: atom.nullable || quantifier.min === 0,
    firstLiteral: atom.firstLiteral,
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
  unbounded: false,
  containsUnbounded: false,
  nullable: true,
  firstLiteral: undefined,
}

function parseAtom(parser: Parser): PatternNode {
  const { source } = parser
  const char = source[parser.index] as string
  if (char === '(') return parseGroup(parser)
  if (char === '[') {
    skipClass(parser)
    return { unbounded: false, containsUnbounded: false, nullable: false, firstLiteral: undefined }
  }
  parser.index++
  if (char === '^' || char === '$') return zeroWidth
  if (char === '.')
    return { unbounded: false, containsUnbounded: false, nullable: false, firstLiteral: undefined }
  if (char !== '\\')
    return { unbounded: false, containsUnbounded: false, nullable: false, firstLiteral: char }
  const escaped = source[parser.index] ?? ''
  parser.index++
  if (/[1-9]/.test(escaped) || escaped === 'k') parser.verdict ??= 'backreferences are not allowed'
  if (escaped === 'b' || escaped === 'B') return zeroWidth
  if (escaped === 'u' || escaped === 'x' || escaped === 'p' || escaped === 'P' || escaped === 'c')
    skipEscapeBody(parser, escaped)
  const literal = /[dsw]/.test(escaped) ? `\\${escaped}` : /[DWSpPuxc]/.test(escaped) ? undefined : escaped
  return { unbounded: false, containsUnbounded: false, nullable: false, firstLiteral: literal }
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
