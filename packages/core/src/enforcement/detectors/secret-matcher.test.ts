import { describe, expect, it } from 'vitest'
import { FocalError } from '../../errors/focal-error.ts'
import { createScanner } from '../create-scanner.ts'
import { defineDetector } from './define-detector.ts'
import { minimumMatchLength } from './minimum-match-length.ts'
import { longSecretLength, secretMatcherFor } from './secret-matcher.ts'
import { builtInSecretDetectors } from './secret-rules.ts'

describe('secretMatcherFor', () => {
  it('reaches every built-in prefixed detector by a feature or by the long-token search', () => {
    const features = new RegExp(secretMatcherFor().features.join('|'))
    // A publishable format is never looked for: it only claims its values.
    for (const definition of builtInSecretDetectors.filter(({ publishable }) => publishable !== true)) {
      for (const prefix of definition.prefixes ?? []) {
        // A prefix with `://` is found by the URL feature.
        const short = minimumMatchLength(definition.pattern) < longSecretLength && !prefix.includes('://')
        if (short) expect(features.test(prefix), `${definition.id} ${prefix}`).toBe(true)
      }
    }
  })

  it('claims values in a provider format by a prefix of four characters or more, or after a short anchor', () => {
    const matcher = secretMatcherFor()
    const claims = (text: string, at = 0): boolean => matcher.claimsAt(text, at)
    expect(claims('xoxp-20481024-a9Fk2mQ7')).toBe(true)
    expect(claims('AIzaK7vQ2mXp9RtL4wBn8ZcY3hJd6FgS1aUe5oPiWq0')).toBe(true)
    // `sntrys_` of `sntrys_eyJ`: the provider's name through its separator claims any body.
    expect(claims('sntrys_Q7mZ2kXv9pLt4RwN8cBy3HjD6fGs1aUe5oPi')).toBe(true)
    // `SK`, `sk-` and `hf_` are too short to claim: ordinary words and ids start with them.
    expect(claims('SKETCH_2024_draft')).toBe(false)
    expect(claims('sk-learn')).toBe(false)
    // Mailgun's `key-` starts other services' keys too (`claims: false`): not claimed.
    expect(claims('key-8DbqWq7r9XKxhUqp3THfA1VMxggreCczfejJsT3UFGISA')).toBe(false)
    // The run after a Telegram token's `:A` starts inside its anchor.
    const telegram = '4821:Aq7mZ2kXv9pLt4RwN8cBy3HjD6fGs1aUe5oP'
    expect(claims(telegram, telegram.indexOf('A'))).toBe(true)
    expect(claims('plain words', 0)).toBe(false)
    // A publishable format (Stripe's `pk_live_`) claims its own values, by its whole prefix only.
    expect(claims('pk_live_KUWevzuNaFEhWS1Cm9kyaPx5')).toBe(true)
    expect(claims('pk_other_KUWevzuNaFEhWS1Cm9kyaPx5')).toBe(false)
  })

  it('never reports a publishable format, nor lets the generic detectors report its values', () => {
    const scanner = createScanner({ detectors: ['secret', 'high-entropy'] })
    const publishable = defineDetector({
      id: 'acme-publishable-key',
      prefixes: ['acme_pub_'],
      pattern: 'acme_pub_[A-Za-z0-9]{24}',
      publishable: true,
    })
    const withAcme = createScanner({ detectors: ['secret', 'high-entropy'], secretDetectors: [publishable] })
    const line = 'api_token = "acme_pub_Q7mZ2kXv9pLt4RwN8cBy3HjD"'
    expect(scanner.scan(line).findings.map(({ type }) => type)).toEqual(['generic-api-key'])
    expect(withAcme.scan(line).findings).toEqual([])
    expect(scanner.scan('STRIPE_KEY=pk_live_KUWevzuNaFEhWS1Cm9kyaPx5').findings).toEqual([])
    expect(() =>
      defineDetector({ id: 'short', prefixes: ['pk_'], pattern: 'pk_[a-z]{8}', publishable: true }),
    ).toThrow(FocalError)
    // A host's publishable prefix hides no built-in provider's key (the README's option reference).
    const overlapping = defineDetector({
      id: 'host-ghp',
      prefixes: ['ghp_'],
      pattern: 'ghp_[A-Za-z0-9]{36}',
      publishable: true,
    })
    const withOverlap = createScanner({
      detectors: ['secret', 'high-entropy'],
      secretDetectors: [overlapping],
    })
    expect(
      withOverlap.scan('token ghp_c3B5MKO9P8QFxHhalej2ek9XjZEaUVzzYOhi').findings.map(({ type }) => type),
    ).toEqual(['github-token'])
  })

  it('lets a prefix start only where its first three characters are (two for a two-character prefix)', () => {
    const matcher = secretMatcherFor()
    for (const definition of builtInSecretDetectors.filter(({ publishable }) => publishable !== true))
      for (const prefix of definition.prefixes ?? [])
        expect(matcher.isStart(`${prefix}0`, 0), `${definition.id} ${prefix}`).toBe(true)
    // `do` starts DigitalOcean's `dop_v1_`, but `doe` starts no prefix (an email's `jane.doe@`).
    expect(matcher.isStart('doe123', 0)).toBe(false)
    expect(matcher.isStart('dop_v1_', 0)).toBe(true)
    // Twilio's `SK` has two characters: any third one may follow.
    expect(matcher.isStart('SK~', 0)).toBe(true)
  })

  it('reads a provider key with dots, dashes, `+`, `*` or `~` slipped between its characters as the key', () => {
    const scanner = createScanner({ detectors: ['secret', 'high-entropy'] })
    const found = (text: string) =>
      scanner.scan(text).findings.map((finding) => `${finding.type} ${finding.value}`)
    // Each piece is too short for the entropy detector, and the provider's prefix claims the value.
    expect(found('token ghp_c3B5MKO9P8QFxHhale-j2ek9XjZEaUVzzYOhi here')).toEqual([
      'github-token ghp_c3B5MKO9P8QFxHhale-j2ek9XjZEaUVzzYOhi',
    ])
    expect(found('ghp_c3B5MK-O9P8QF.xHhalej2ek9X+jZEaUVzzYOhi')).toEqual([
      'github-token ghp_c3B5MK-O9P8QF.xHhalej2ek9X+jZEaUVzzYOhi',
    ])
    expect(found('id AKIAQ3B5MKO9P8.QFXHHZ.')).toEqual(['aws-access-key AKIAQ3B5MKO9P8.QFXHHZ'])
    expect(found('glpat-c3B5MKO9P8.QFxHhalej2')).toEqual(['gitlab-token glpat-c3B5MKO9P8.QFxHhalej2'])
    // A format with dashes of its own keeps them: only the slipped-in dot is read out.
    expect(found('xoxb-123456789012-1234567890123-c3B5MKO9P8.QFxHhalej2ek9X')).toEqual([
      'slack-token xoxb-123456789012-1234567890123-c3B5MKO9P8.QFxHhalej2ek9X',
    ])
    // A key whose format matched up to the mark covers the random piece after it too.
    expect(found('sk-proj-c3B5MKO9P8QFxHhalej2ek9Xj.ZEaUVzzYOhiid3OWohpAqSVptBFL4FWAC2F')).toEqual([
      'openai-key sk-proj-c3B5MKO9P8QFxHhalej2ek9Xj.ZEaUVzzYOhiid3OWohpAqSVptBFL4FWAC2F',
    ])
    // Not a key: words after a prefix (one kind of character), placeholders, a host name, and an
    // email glued to a key (the key stops where its random piece does).
    expect(found('see https://github.com/xoxa-nyc/xoxa-nyc.github.io/blob/master/README.md')).toEqual([])
    expect(found('ghp_xxxxxxxxxx-xxxxxxxxxxxxxxxxxxxxxxxxxx')).toEqual([])
    expect(found('AKIA-EXAMPLE.KEYS-GO-HERE')).toEqual([])
    expect(found('ghp_c3B5MKO9P8QFxHhalej2ek9XjZEaUVzzYOhi.jane.doe')).toEqual([
      'github-token ghp_c3B5MKO9P8QFxHhalej2ek9XjZEaUVzzYOhi',
    ])
  })

  it('reads a key written with Cyrillic or Greek look-alike letters, and keeps the reading without them', () => {
    const scanner = createScanner({ detectors: ['secret', 'high-entropy'] })
    const found = (text: string) =>
      scanner
        .scan(text)
        .findings.map((finding) => `${finding.type} ${finding.start}-${finding.end} ${finding.value}`)
    // Cyrillic А К І А: an AWS key to anyone who reads it; the finding covers the original letters.
    expect(found('key \u0410\u041a\u0406\u0410C3B5MKO9P8QFXHHA ok')).toEqual([
      'aws-access-key 4-24 \u0410\u041a\u0406\u0410C3B5MKO9P8QFXHHA',
    ])
    // Cyrillic р in the prefix.
    expect(found('gh\u0440_c3B5MKO9P8QFxHhalej2ek9XjZEaUVzzYOhi')).toEqual([
      'github-token 0-40 gh\u0440_c3B5MKO9P8QFxHhalej2ek9XjZEaUVzzYOhi',
    ])
    // A Cyrillic letter that ended a key still ends it: read as `J`, it would glue the key to a letter.
    expect(found('Kux.\u0408AKIALALEMEL33243OLIB')).toEqual(['aws-access-key 5-25 AKIALALEMEL33243OLIB'])
    // A card in Russian prose is found once; Russian words are not read as anything.
    expect(
      createScanner()
        .scan('Привет, Аня! Ваша карта 4111 1111 1111 1111 сохранена.')
        .findings.map((finding) => finding.type),
    ).toEqual(['credit-card'])
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
    expect(() =>
      defineDetector({ id: 'x', prefixes: ['ab'], pattern: 'ab', bodyAfter: '' }, 'rules[2]'),
    ).toThrow(/rules\[2\]\.bodyAfter: expected a literal/)
    expect(() => defineDetector({ id: 'x', prefixes: ['ab'], pattern: 'ab', lookahead: -1 })).toThrow(
      /detector.lookahead: expected a whole number/,
    )
    expect(() => defineDetector({ id: 'x', prefixes: ['ab'], pattern: 'ab', lookahead: 1.5 })).toThrow(
      /detector.lookahead/,
    )
  })

  it('checks only the part after `bodyAfter` for placeholders, when it is long enough to be the secret', () => {
    const token = defineDetector({
      id: 'ids-then-secret',
      prefixes: ['tok-'],
      pattern: 'tok-[0-9]+-[0-9]+-[0-9a-f]{4,40}',
      bodyAfter: '-',
    })
    const scanner = createScanner({ detectors: ['secret'], secretDetectors: [token] })
    const found = (text: string): string[] => scanner.scan(text).findings.map((finding) => finding.type)
    // Runs of one digit in the ids are no placeholder; the random part decides.
    expect(found('t = tok-1000000-2222222-9b3f6c1e2d7a4f80c5e1')).toEqual(['ids-then-secret'])
    expect(found('t = tok-1000000-2222222-xxxxxxxxxxxxxxxxxxxx')).toEqual([])
    // A part too short to be the secret leaves the whole body checked (its runs of 1 and 2 reject it).
    expect(found('t = tok-1111111-2222222-9b3f')).toEqual([])
    expect(found('t = tok-1234567-2345678-9b3f')).toEqual(['ids-then-secret'])
    const whole = defineDetector({
      id: 'whole-body',
      prefixes: ['tok-'],
      pattern: 'tok-[0-9]+-[0-9]+-[0-9a-f]{4,40}',
    })
    // Without it, the runs in the ids outweigh a random part too short to be a secret alone.
    expect(found('t = tok-1000000-2222222-9b3f6c1e2d7a')).toEqual(['ids-then-secret'])
    expect(
      createScanner({ detectors: ['secret'], secretDetectors: [whole] }).scan(
        't = tok-1000000-2222222-9b3f6c1e2d7a',
      ).findings,
    ).toEqual([])
  })

  it('throws a FocalError with a code for a pattern open to catastrophic backtracking', () => {
    try {
      defineDetector({ id: 'slow', prefixes: ['ab'], pattern: 'ab(a+)+$' }, 'rules[0]')
      expect.unreachable()
    } catch (error) {
      expect(FocalError.isInstance(error)).toBe(true)
      expect((error as FocalError).code).toBe('unsafe-pattern')
      expect((error as FocalError).message).toContain('rules[0].pattern')
    }
  })

  it("reports a host's keyword-named secret (before the generic detector) only after its keyword, not under an id-like name", () => {
    const acme = defineDetector({
      id: 'acme-key',
      context: 'acme[\\w.-]{0,20}\\s*=\\s*',
      contextAllowlist: '_id\\s*=\\s*',
      pattern: '[A-Za-z0-9]{32}',
    })
    const scanner = createScanner({ detectors: ['secret'], secretDetectors: [acme] })
    const value = 'Q7rT2mX9pL4sV8nB3kD6fH1jW5yZ0cA2'
    expect(scanner.scan(`acme_key = ${value}`).findings.map((finding) => finding.type)).toEqual(['acme-key'])
    expect(scanner.scan(`acme_id = ${value}`).findings).toEqual([])
    expect(scanner.scan(`other = ${value}`).findings).toEqual([])
  })
})
