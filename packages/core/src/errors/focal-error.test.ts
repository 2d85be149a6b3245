import { describe, expect, it } from 'vitest'
import { FocalError } from './focal-error.ts'

describe('FocalError', () => {
  it('is recognised across bundle copies by its symbol marker, not by instanceof', () => {
    const foreign = Object.assign(new Error('x'), { [Symbol.for('focal.error')]: true, code: 'aborted' })
    expect(FocalError.isInstance(foreign)).toBe(true)
    expect(FocalError.isInstance(new Error('plain'))).toBe(false)
    expect(FocalError.isInstance(null)).toBe(false)
  })

  it('serialises to code, message and issues without a stack', () => {
    const error = new FocalError({
      code: 'invalid-definition',
      message: 'bad',
      issues: [{ path: 'rules[0].tier', message: 'unknown tier "x"' }],
    })
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      code: 'invalid-definition',
      message: 'bad',
      issues: [{ path: 'rules[0].tier', message: 'unknown tier "x"' }],
    })
  })
})
