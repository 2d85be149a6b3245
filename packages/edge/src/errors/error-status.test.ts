import { readFileSync } from 'node:fs'
import { FocalError } from '@focal/core'
import { describe, expect, it } from 'vitest'
import { errorStatus } from './error-status.ts'
import { toErrorResponse } from './to-error-response.ts'

const codesFile = new URL('../../../core/src/errors/codes.ts', import.meta.url)

describe('errorStatus', () => {
  it("maps every code in core's codes.ts to an HTTP status", () => {
    const codes = [...readFileSync(codesFile, 'utf8').matchAll(/\|\s*'([a-z-]+)'/g)].map((match) => match[1]!)
    expect(codes.length).toBeGreaterThan(20)
    expect(codes.filter((code) => !(code in errorStatus))).toEqual([])
  })
})

describe('toErrorResponse', () => {
  it('answers unknown throwables with a fixed internal-error body and no stack', () => {
    const { status, body } = toErrorResponse(new Error('secret detail\n    at internal (x.ts:1:1)'))
    expect(status).toBe(500)
    expect(body).toEqual({ error: { code: 'internal-error', message: 'Internal error.' } })
  })

  it('keeps the located path of the first issue of a FocalError', () => {
    const error = new FocalError({
      code: 'invalid-request',
      message: 'text: too long',
      issues: [{ path: 'text', message: 'too long' }],
    })
    expect(toErrorResponse(error)).toEqual({
      status: 400,
      body: { error: { code: 'invalid-request', message: 'text: too long', path: 'text' } },
    })
  })
})
