import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseJsonOutput } from './parse-json-output.ts'

const schema = z.object({ verdict: z.enum(['PASS', 'FAIL']), reasons: z.array(z.string()) })

describe('parseJsonOutput', () => {
  it('accepts bare JSON, fenced JSON and JSON wrapped in prose', () => {
    const expected = { type: 'valid', value: { verdict: 'PASS', reasons: [] } }
    expect(parseJsonOutput('{"verdict":"PASS","reasons":[]}', schema)).toEqual(expected)
    expect(parseJsonOutput('```json\n{"verdict":"PASS","reasons":[]}\n```', schema)).toEqual(expected)
    expect(parseJsonOutput('Here it is: {"verdict":"PASS","reasons":[]} hope it helps', schema)).toEqual(
      expected,
    )
  })

  it('returns located issues for schema violations and a parse message for broken JSON', () => {
    const invalid = parseJsonOutput('{"verdict":"PASS","reasons":[1]}', schema)
    expect(invalid.type === 'invalid' && invalid.issues[0]?.path).toBe('reasons[0]')
    const broken = parseJsonOutput('{"verdict":', schema)
    expect(broken.type === 'invalid' && broken.issues[0]?.message).toMatch(/not valid JSON/)
  })
})
