import { describe, expect, it } from 'vitest'
import { createScanner } from '../create-scanner.ts'
import { defineDetector } from './define-detector.ts'
import { expectedEntropy, isRandomValue } from './random-value.ts'
import { secretMatcherFor } from './secret-matcher.ts'
import { introducingWords, mayStartValueAfter, startsValue } from './value-features.ts'

const scanner = createScanner()
const secretTypes = (text: string): string[] =>
  scanner
    .scan(text)
    .findings.filter((finding) => finding.detector === 'secret' || finding.detector === 'high-entropy')
    .map((finding) => `${finding.type}:${finding.value}`)

describe('startsValue', () => {
  const words = introducingWords(['-u', '--user', 'token'])
  const at = (text: string, value: string): boolean => startsValue(text, text.indexOf(value), words)

  it('starts a value after an option or a scheme in any case, not after a prose word of the same length', () => {
    expect(at('curl -u deploy:x', 'deploy')).toBe(true)
    expect(at('curl --USER deploy:x', 'deploy')).toBe(true)
    expect(at('Authorization: BEARER abc', 'abc')).toBe(true)
    expect(at('a shiny abc', 'abc')).toBe(false)
    expect(at('curl -x deploy', 'deploy')).toBe(false)
    expect(at('the basics abc', 'abc')).toBe(false)
  })
})

describe('mayStartValueAfter', () => {
  // The prefilter turns operators away before the operator feature's regex runs: it must never
  // turn away one the regex accepts, or a named secret would go unreported.
  const operators = new RegExp(secretMatcherFor(undefined).operatorFeature as string, 'y')
  const texts = [
    'password = "hunter2hunter2"',
    'api_key=sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    "TOKEN =   'abcdefgh12345678'",
    'token: Bearer abcdefgh',
    'authorization = "Bearer abc12345"',
    'auth_header= basic\tq1w2e3r4t5',
    'token => basic   Zm9vOmJhcg==',
    'Authorization: basic  dXNlcjpwYXNzd29yZA==',
    '"secret": "s3cr3t-value-here", "other": 1',
    'x = y, z => w',
    'const key = process.env.KEY',
    'secret=\u3000\u201cd4f8a1b2c3e4\u201d',
    'passwd=\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\tlongvalue1',
    'passwd=\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\tlongvalue1',
    'key=\u00e9t\u00e9-\u00e9t\u00e9-value',
    "credentials = 'short'",
    'token,',
    'key=',
    'a > b',
    '<secret>{jenkins AQAAABAAAAAQ}',
  ]

  it('accepts every operator the operator feature accepts', () => {
    let accepted = 0
    for (const text of texts) {
      for (let position = 0; position < text.length; position++) {
        const code = text.charCodeAt(position)
        if (code !== 61 && code !== 62 && code !== 44) continue
        operators.lastIndex = position
        if (!operators.test(text)) continue
        accepted++
        const braces = code === 62 && text.charCodeAt(position + 1) === 123
        expect(braces || mayStartValueAfter(text, position), `${text} at ${position}`).toBe(true)
      }
    }
    // The list holds operators the regex accepts (the assertion above ran).
    expect(accepted).toBeGreaterThanOrEqual(8)
  })

  it('turns away an operator with no value after it', () => {
    expect(mayStartValueAfter('x = y', 2)).toBe(false)
    expect(mayStartValueAfter('"POST", method: json', 6)).toBe(false)
    expect(mayStartValueAfter('"POST", body: json', 6)).toBe(false)
    expect(mayStartValueAfter('header = Bearer x', 7)).toBe(true)
    expect(mayStartValueAfter('key = ', 4)).toBe(false)
  })
})

describe('value features', () => {
  it('finds a short random value named as a secret in each assignment syntax', () => {
    for (const text of [
      'chartmogul_token = "jydzhcdicmsn8ce6v3c6"',
      '<deployToken>\n  cO1cgsoXTUPY7r\n</deployToken>',
      'System.setProperty("PARTNER_SECRET", "bVUfjBEE14JEWs")',
      'ci_key := `2qn2nzgds0tn1w`',
    ])
      expect(secretTypes(text), text).toHaveLength(1)
  })

  it('finds a value padded away from its name (spaces, tabs, blank lines), as a model may be told to write it', () => {
    for (const text of ['password =          "hunter2Xyz9Qp"', 'password:\t\t\t\t\t\t\thunter2Xyz9Qp'])
      expect(secretTypes(text), JSON.stringify(text)).toEqual(['password:hunter2Xyz9Qp'])
    for (const text of ['api_token =\n\n\n\n\n\n"hunter2Xyz9Qp"', 'secret        = hunter2Xyz9Qp'])
      expect(secretTypes(text), JSON.stringify(text)).toEqual(['generic-api-key:hunter2Xyz9Qp'])
  })

  it('leaves short words, slugs, host names and unquoted comma lists alone', () => {
    for (const text of [
      'token = "test-token-1"',
      'Authentication-Results: 5h.ca.iphmx.com',
      'import { chain_Anvil1_Key, chain_Anvil2_Key } from "./consts"',
      '|| pIdxKey->default_rc==0',
      'password = "password123"',
    ])
      expect(secretTypes(text), text).toEqual([])
  })

  it('finds curl -u credentials and leaves references and placeholders alone', () => {
    expect(secretTypes('curl -u deploy:Hh4bmlSZ9wgHecM https://ci.internal.test')).toEqual([
      'curl-basic-auth:deploy:Hh4bmlSZ9wgHecM',
    ])
    expect(secretTypes('curl -u "$USER:$PASSWORD" https://ci.internal.test')).toEqual([])
    expect(secretTypes('curl -u username:password https://ci.internal.test')).toEqual([])
  })

  it('reads Basic credentials: a placeholder password is reported by no detector', () => {
    expect(secretTypes("-H 'Authorization: Basic Y2ktYm90OkhoYm1sU1o5d2dIZWNN'")).toEqual([
      'authorization-header:Y2ktYm90OkhoYm1sU1o5d2dIZWNN',
    ])
    expect(secretTypes('Authorization: Basic dXNlcm5hbWU6cGFzc3dvcmQ=')).toEqual([])
    expect(secretTypes('Authorization: Token 2qn2nzgds0tn1wjydzhc')).toHaveLength(1)
  })

  it('finds a NuGet.Config password but not an environment reference', () => {
    expect(secretTypes('<add key="ClearTextPassword" value="bVUfjBEE1#JEWs" />')).toEqual([
      'nuget-config-password:bVUfjBEE1#JEWs',
    ])
    expect(secretTypes('<add key="ClearTextPassword" value="%FEED_PASSWORD%" />')).toEqual([])
  })

  it('judges a base64 value under a secret name by what it encodes', () => {
    expect(secretTypes('data:\n  password: ZGItd3luTDRja3ZXZVgzVGRUY3Bq\n')).toHaveLength(1)
    expect(secretTypes('data:\n  password: cGFzc3dvcmQ=\n  username: YWRtaW4=\n')).toEqual([])
  })

  it("finds a short value named by a host detector's own keyword", () => {
    const acme = defineDetector({
      id: 'acme-pin',
      context: String.raw`acme[\w.-]{0,20}\s*=\s*"?`,
      keywords: ['acme'],
      pattern: '[0-9]{6}',
      entropy: 0,
    })
    const own = createScanner({ secretDetectors: [acme] })
    expect(own.scan('ACME_PIN = "493817"').findings.map((finding) => finding.type)).toContain('acme-pin')
  })
})

describe('isRandomValue', () => {
  it('holds random values of any alphabet to their expected entropy', () => {
    expect(expectedEntropy(16, 10)).toBeCloseTo(2.84, 1)
    expect(expectedEntropy(32, 16)).toBeCloseTo(3.61, 1)
    expect(isRandomValue('427138689078051745')).toBe(true)
    expect(isRandomValue('1111111122222222')).toBe(false)
    expect(isRandomValue('f08b49f2cdc03d1001b2d0c3d9dc5592')).toBe(true)
  })
})
