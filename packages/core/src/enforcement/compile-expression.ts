import { Environment } from '@marcbachmann/cel-js'
import { FocalError } from '../errors/focal-error.ts'
import { assertSafePattern } from './assert-safe-pattern.ts'
import { fromCelValue, toCelValue } from './to-cel-value.ts'
import type {
  CompiledExpression,
  CompileExpressionOptions,
  ExpressionCheck,
  ExpressionOutcome,
} from './types.ts'

const defaultMaxMatchInputLength = 65_536

let sharedEnvironment: Environment | undefined

/** One environment for every expression: undeclared variables are `dyn`; mixed int/double arithmetic works. */
function celEnvironment(): Environment {
  if (sharedEnvironment !== undefined) return sharedEnvironment
  const environment = new Environment({
    unlistedVariablesAreDyn: true,
    limits: { maxAstNodes: 2000, maxDepth: 64 },
  })
  const toNumber = (value: unknown): number => Number(value)
  for (const operator of ['+', '-', '*', '/'] as const) {
    const apply = (left: number, right: number): number =>
      operator === '+'
        ? left + right
        : operator === '-'
          ? left - right
          : operator === '*'
            ? left * right
            : left / right
    environment.registerOperator(`int ${operator} double`, (left: unknown, right: unknown) =>
      apply(toNumber(left), toNumber(right)),
    )
    environment.registerOperator(`double ${operator} int`, (left: unknown, right: unknown) =>
      apply(toNumber(left), toNumber(right)),
    )
  }
  // `sum(list)`: the total of a list of numbers, e.g. what was refunded on an order so far:
  // `sum(session.calls.filter(c, c.tool == 'issue_refund').map(c, c.args.amount))`.
  environment.registerFunction('sum(list): double', (list: readonly unknown[]) => {
    let total = 0
    for (const value of list) total += Number(value)
    return total
  })
  sharedEnvironment = environment
  return environment
}

/**
 * Compiles a CEL expression once (parse, type-check, regex safety) and returns an evaluator that
 * never throws: runtime errors and missing variables come back as `{ type: 'error' }`.
 * Regexes in `matches()` must be string literals and pass `assertSafePattern`; string inputs of an
 * expression using `matches()` are bounded by `maxMatchInputLength`.
 *
 * @example
 * const limit = compileExpression('refund_amount <= 50', { path: 'rules[0].enforce.expression' })
 * limit.evaluate({ refund_amount: 75 }) // { type: 'value', value: false }
 */
export function compileExpression(
  source: string,
  options: CompileExpressionOptions = {},
): CompiledExpression {
  const { path = 'expression', maxMatchInputLength = defaultMaxMatchInputLength } = options
  if (typeof source !== 'string' || source.trim() === '') throw invalid(path, 'expression is empty')
  let program: ReturnType<Environment['parse']>
  try {
    program = celEnvironment().parse(source)
  } catch (error) {
    throw invalid(path, firstLine(error), error)
  }
  const checked = program.check()
  if (!checked.valid) throw invalid(path, firstLine(checked.error))
  const usesMatches = guardMatches(program.ast, path)
  const names = identifiersOf(program.ast)
  const { reads, tests } = replyReadsOf(program.ast)
  const evaluate = (variables: Record<string, unknown>): ExpressionOutcome => {
    try {
      if (usesMatches && exceedsLength(variables, maxMatchInputLength)) {
        return { type: 'error', message: `input longer than ${maxMatchInputLength} characters for matches()` }
      }
      return { type: 'value', value: fromCelValue(program(celVariables(variables, names))) }
    } catch (error) {
      return { type: 'error', message: firstLine(error) }
    }
  }
  const operands = options.parts === false ? [] : conjunctsOf(program.ast as AstNode)
  const parts =
    operands.length < 2
      ? undefined
      : operands.map((node, index) =>
          compileExpression(operandSource(source, node.start, node.end), {
            ...options,
            path: `${path} (operand ${index + 1} of &&)`,
            parts: false,
          }),
        )
  return {
    source,
    evaluate,
    resultType: String(checked.type),
    reads: [...new Set([...names, ...reads])],
    tests,
    ...(parts === undefined ? {} : { parts }),
  }
}

interface AstNode {
  op: string
  args: unknown
  start: number
  end: number
}

/**
 * An operand's source from its node's `start` to `end`, with the closing parentheses the node
 * leaves out: cel-js ends the node of "(b || (c && d))" where its last nested operand ends, before
 * the final ")", so the slice alone would not parse. Parentheses inside a string do not count.
 */
function operandSource(source: string, start: number, end: number): string {
  let open = 0
  let quote: string | undefined
  for (let index = start; index < end; index++) {
    const character = source[index]
    if (quote !== undefined) {
      if (character === '\\') index++
      else if (character === quote) quote = undefined
    } else if (character === '"' || character === "'") quote = character
    else if (character === '(') open++
    else if (character === ')') open--
  }
  let stop = end
  while (open > 0 && stop < source.length) {
    const character = source[stop]!
    if (character === ')') open--
    else if (character.trim() !== '') break
    stop++
  }
  return source.slice(start, stop)
}

/** The operands of a top-level chain of `&&` (left to right); empty when the root is no `&&`. */
function conjunctsOf(node: AstNode): AstNode[] {
  if (node.op !== '&&' || !Array.isArray(node.args)) return []
  return (node.args as AstNode[]).flatMap((operand) => {
    const inner = conjunctsOf(operand)
    return inner.length === 0 ? [operand] : inner
  })
}

/** The `reply` fields an expression reads (`reply.x`) and those it tests with `has(reply.x)`. */
function replyReadsOf(ast: AstLike): { reads: string[]; tests: string[] } {
  const reads = new Set<string>()
  const tests = new Set<string>()
  const replyField = (value: unknown): string | undefined => {
    const node = value as AstLike | undefined
    if (node?.op !== '.' || !Array.isArray(node.args)) return undefined
    const [target, field] = node.args as [AstLike, unknown]
    return target?.op === 'id' && target.args === 'reply' && typeof field === 'string' ? field : undefined
  }
  walkAst(ast, (node) => {
    const field = replyField(node)
    if (field !== undefined) reads.add(field)
    if (node.op === 'call' && Array.isArray(node.args) && node.args[0] === 'has') {
      const tested = replyField((node.args[1] as unknown[] | undefined)?.[0])
      if (tested !== undefined) tests.add(tested)
    }
  })
  return { reads: [...reads], tests: [...tests] }
}

/**
 * Evaluates a compiled boolean check. Only a literal `true` passes: `false`, an error, a missing
 * variable or a non-boolean value all fail, so a policy can never pass by accident.
 */
export function checkExpression(
  expression: CompiledExpression,
  variables: Record<string, unknown>,
): ExpressionCheck {
  const outcome = expression.evaluate(variables)
  if (outcome.type === 'error') return { type: 'failed', reason: 'error', message: outcome.message }
  if (outcome.value === true) return { type: 'passed' }
  if (outcome.value === false)
    return { type: 'failed', reason: 'false', message: `${expression.source} is false` }
  return { type: 'failed', reason: 'not-boolean', message: `${expression.source} did not return a boolean` }
}

function invalid(path: string, message: string, cause?: unknown): FocalError {
  return new FocalError({
    code: 'invalid-expression',
    message: `${path}: ${message}`,
    issues: [{ path, message }],
    cause,
  })
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.split('\n')[0] ?? message
}

interface AstLike {
  op: string
  args: unknown
}

/** Calls `onNode` for every node of a CEL AST (a node before the nodes of its arguments). */
function walkAst(value: unknown, onNode: (node: AstLike) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walkAst(item, onNode)
    return
  }
  if (value === null || typeof value !== 'object' || !('op' in value)) return
  onNode(value as AstLike)
  walkAst((value as AstLike).args, onNode)
}

/** Walks the AST: every `matches()` pattern must be a safe string literal. Returns whether any exists. */
function guardMatches(node: AstLike, path: string): boolean {
  let found = false
  walkAst(node, (current) => {
    if (
      (current.op === 'rcall' || current.op === 'call') &&
      Array.isArray(current.args) &&
      current.args[0] === 'matches'
    ) {
      found = true
      const patternArgs = current.args[current.op === 'rcall' ? 2 : 1] as AstLike[]
      const pattern = patternArgs[patternArgs.length - 1]
      if (pattern?.op !== 'value' || typeof pattern.args !== 'string') {
        throw new FocalError({
          code: 'unsafe-pattern',
          message: `${path}: matches() needs a string literal pattern so it can be checked at load time`,
          issues: [{ path, message: 'matches() pattern is not a string literal' }],
        })
      }
      assertSafePattern(pattern.args, { path: `${path} matches()`, flags: '' })
    }
  })
  return found
}

/**
 * The names an expression reads at its root (`session` of `session.fields.email`, `refund_amount`),
 * and the variables of its comprehensions (`c` of `calls.exists(c, …)`): CEL resolves a name only
 * from the root of the variables, never a dotted key, so no other variable can change its value.
 */
function identifiersOf(ast: AstLike): readonly string[] {
  const names = new Set<string>()
  walkAst(ast, (node) => {
    if (node.op === 'id' && typeof node.args === 'string') names.add(node.args)
  })
  return [...names]
}

const isEnumerable = Object.prototype.propertyIsEnumerable

/**
 * The CEL values of the variables an expression names (see {@link toCelValue}): a turn's variables
 * hold the whole session, and converting every one of them for every rule cost more than the rules.
 */
function celVariables(variables: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const converted: Record<string, unknown> = {}
  for (const name of names) {
    if (!isEnumerable.call(variables, name)) continue
    const value = variables[name]
    if (value !== undefined) converted[name] = toCelValue(value)
  }
  return converted
}

function exceedsLength(value: unknown, limit: number): boolean {
  if (typeof value === 'string') return value.length > limit
  if (value === null || typeof value !== 'object') return false
  return Object.values(value).some((field) => exceedsLength(field, limit))
}
