import { describe, expect, it } from 'vitest'
import { createScanner } from '../create-scanner.ts'
import { defineDetector } from './define-detector.ts'
import { minimumMatchLength } from './minimum-match-length.ts'
import { longSecretLength, secretMatcherFor } from './secret-matcher.ts'
import { builtInSecretDetectors } from './secret-rules.ts'

describe('secretMatcherFor', () => {
  it('reaches every built-in prefixed detector by a feature or by the long-token search', () => {
    const features = new RegExp(secretMatcherFor().features.join('|'))
    for (const definition of builtInSecretDetectors) {
      for (const prefix of definition.prefixes ?? []) {
        // A prefix with `://` is found by the URL feature.
        const short = minimumMatchLength(definition.pattern) < longSecretLength && !prefix.includes('://')
        if (short) expect(features.test(prefix), `${definition.id} ${prefix}`).toBe(true)
      }
    }
  })

  it("runs a host's own detector, defined as data, with no change to the scan loop", () => {
    const acme = defineDetector({ id: 'acme-token', prefixes: ['acme_'], pattern: 'acme_([A-Za-z0-9]{12})' })
    const scanner = createScanner({ detectors: ['secret'], secretDetectors: [acme] })
    expect(scanner.scan('use acme_Q7rT2mX9pL4s now').findings.map((finding) => finding.type)).toEqual([
      'acme-token',
    ])
    expect(scanner.scan('use acme_xxxxxxxxxxxx now').findings).toEqual([])
    expect(createScanner({ detectors: ['secret'] }).scan('use acme_Q7rT2mX9pL4s now').findings).toEqual([])
  })
})

describe('minimumMatchLength', () => {
  it.each([
    ['ghp_[0-9A-Za-z]{36,255}', 40],
    ['(?:sk|rk)_(?:test|live|prod)_([0-9A-Za-z]{10,99})', 18],
    ['a(?=bc)d?e*f+', 2],
    ['x|yz', 1],
    ['\\.(?:a|bc){2}', 3],
  ])('%s matches at least %i characters', (source, length) => {
    expect(minimumMatchLength(source)).toBe(length)
  })
})

describe('defineDetector', () => {
  it('rejects a detector with no way to be found, with a located error', () => {
    expect(() => defineDetector({ id: 'x', pattern: 'abc' })).toThrow(/detector: a detector needs prefixes/)
    expect(() => defineDetector({ id: 'Bad Id', prefixes: ['ab'], pattern: 'ab' })).toThrow(/detector.id/)
  })
})
