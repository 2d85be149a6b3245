import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { checkExpression, compileExpression } from './compile-expression.ts'

describe('compileExpression', () => {
  it('splits a top-level && into parts, each a whole operand with its nested parentheses', () => {
    // cel-js ends a parenthesised operand's node before the closing parentheses of what it nests:
    // "a && (b || (c && d))" failed to load, its second part read "(b || (c && d)".
    for (const [source, operands] of [
      ['a && (b || (c && d))', ['a', 'b || (c && d)']],
      ["x > 1 && (y <= 50 || (has(z.c) && z.c != ')'))", ['x > 1', "y <= 50 || (has(z.c) && z.c != ')')"]],
      ['a && (b || (c))', ['a', 'b || (c)']],
      ['(a || b) && c', ['a || b', 'c']],
    ] as const) {
      const expression = compileExpression(source)
      expect(
        expression.parts?.map((part) => part.source),
        source,
      ).toEqual(operands)
    }
    const nested = compileExpression('a && (b || (c && d))')
    expect(nested.evaluate({ a: true, b: false, c: true, d: true })).toEqual({ type: 'value', value: true })
  })

  it('treats integer-valued JS numbers as CEL ints so arithmetic compares as users expect', () => {
    const expression = compileExpression('amount + 1 == 501')
    expect(expression.evaluate({ amount: 500 })).toEqual({ type: 'value', value: true })
    expect(expression.evaluate({ amount: 499 })).toEqual({ type: 'value', value: false })
  })

  it('keeps fractional numbers as doubles and allows mixed int/double arithmetic', () => {
    expect(compileExpression('amount + 0.5 == 500.5').evaluate({ amount: 500 })).toEqual({
      type: 'value',
      value: true,
    })
    expect(compileExpression('amount * 2 == 1001').evaluate({ amount: 500.5 })).toEqual({
      type: 'value',
      value: true,
    })
    expect(compileExpression('refund_amount <= 50').evaluate({ refund_amount: 50.01 })).toEqual({
      type: 'value',
      value: false,
    })
  })

  it('converts nested arguments and returns plain JS numbers', () => {
    const expression = compileExpression('args.items.map(i, i.price * i.quantity)')
    const outcome = expression.evaluate({ args: { items: [{ price: 3, quantity: 2 }] } })
    expect(outcome).toEqual({ type: 'value', value: [6] })
  })

  it('adds a list of numbers with sum(), ints and doubles alike, an empty list to 0', () => {
    const total = compileExpression('sum(items.map(i, i.amount)) + 0.5')
    expect(total.evaluate({ items: [{ amount: 40 }, { amount: 9.5 }] })).toEqual({ type: 'value', value: 50 })
    expect(compileExpression('sum([]) == 0.0').evaluate({})).toEqual({ type: 'value', value: true })
  })

  it('reports a missing variable as an error value instead of throwing', () => {
    const outcome = compileExpression('refund_amount <= 50').evaluate({})
    expect(outcome.type).toBe('error')
  })

  it('throws a located invalid-expression error on syntax errors', () => {
    try {
      compileExpression('amount +* 1', { path: 'rules[3].enforce.expression' })
      expect.unreachable()
    } catch (error) {
      expect(FocalError.isInstance(error) && error.code).toBe('invalid-expression')
      expect((error as FocalError).message).toContain('rules[3].enforce.expression')
      expect((error as FocalError).issues[0]?.path).toBe('rules[3].enforce.expression')
    }
  })

  it('rejects catastrophic matches() patterns at load time', () => {
    expect(() => compileExpression('text.matches("(a+)+$")', { path: 'rules[1]' })).toThrowError(/rules\[1\]/)
    try {
      compileExpression('text.matches("^(a|aa)*$")')
    } catch (error) {
      expect((error as FocalError).code).toBe('unsafe-pattern')
    }
  })

  it('rejects matches() patterns that are not literals, since they cannot be checked', () => {
    expect(() => compileExpression('text.matches(pattern)')).toThrowError(/string literal/)
  })

  it('bounds the input length given to matches()', () => {
    const expression = compileExpression('text.matches("^[a-z]+$")', { maxMatchInputLength: 10 })
    expect(expression.evaluate({ text: 'short' })).toEqual({ type: 'value', value: true })
    expect(expression.evaluate({ text: 'much longer than ten' }).type).toBe('error')
  })
})

describe('checkExpression', () => {
  const limit = compileExpression('refund_amount <= 50')

  it('passes only when the expression is literally true', () => {
    expect(checkExpression(limit, { refund_amount: 40 })).toEqual({ type: 'passed' })
    expect(checkExpression(limit, { refund_amount: 75 })).toMatchObject({ type: 'failed', reason: 'false' })
  })

  it('fails (never passes) when a variable is missing or evaluation errors', () => {
    expect(checkExpression(limit, {})).toMatchObject({ type: 'failed', reason: 'error' })
    expect(checkExpression(compileExpression('1 / count > 0'), { count: 0 })).toMatchObject({
      type: 'failed',
      reason: 'error',
    })
    expect(checkExpression(limit, { refund_amount: undefined })).toMatchObject({ type: 'failed' })
  })

  it('fails when the expression does not return a boolean', () => {
    expect(checkExpression(compileExpression('refund_amount + 1'), { refund_amount: 1 })).toMatchObject({
      type: 'failed',
      reason: 'not-boolean',
    })
  })
})
