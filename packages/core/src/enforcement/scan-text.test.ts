import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/focal-error.ts'
import { createScanner } from './create-scanner.ts'
import { redact } from './redact.ts'
import { scanText } from './scan-text.ts'
import type { DetectorId } from './types.ts'

/** `[type, value]` pairs found in a text by one detector. */
function found(text: string, detector: DetectorId): Array<[string, string]> {
  return scanText(text, { detectors: [detector] }).map((finding) => [finding.type, finding.value])
}

function values(text: string, detector: DetectorId): string[] {
  return found(text, detector).map(([, value]) => value)
}

describe('scanText', () => {
  describe('credit-card', () => {
    it.each([
      '4012888888881881',
      '4012-8888-8888-1881',
      '4012 8888 8888 1881',
      '122000000000003',
      '371449635398431',
      '5555555555554444',
      '5019717010103742',
      '30569309025904',
      '6011000400000000',
      '3528000700000000',
      '6759649826438453',
      '4917300800000000',
      '4484070000000000',
      '3782 822463 10005',
      '2221000000000009',
      // Groups spaced out with a dash between them.
      '4012 - 8888 - 8888 - 1881',
      // Groups split by tabs, and by a dash with two spaces on each side (a reader sees a card).
      '4539\t1488\t0343\t6467',
      '4539  -  1488  -  0343  -  6467',
      // Superscript, circled and dingbat digits (NFKC reads the first two as ASCII digits), and a
      // combining mark drawn on each digit: the finding covers the marks.
      '\u2074\u2075\u00b3\u2079 \u00b9\u2074\u2078\u2078 \u2070\u00b3\u2074\u00b3 \u2076\u2074\u2076\u2077',
      '\u2463\u2464\u2462\u2468 \u2460\u2463\u2467\u2467 \u24ea\u2462\u2463\u2462 \u2465\u2463\u2465\u2466',
      '\u2779\u277a\u2778\u277e 1488 0343 6467',
      '4\u03055\u03053\u03059 1488 0343 6467\u0305',
      // One digit at a time.
      '4 5 3 9 1 4 8 8 0 3 4 3 6 4 6 7',
      '4 5 3 9  1 4 8 8  0 3 4 3  6 4 6 7',
      // Two digits at a time, and each group in parentheses of its own, as a model told to get a
      // card past a filter writes it (session 65's review saw them reach the widget in full).
      '45 39 14 88 03 43 64 67',
      '30-56-93-09-02-59-04',
    ])('flags the Luhn-valid card %s', (card) => {
      expect(values(`my card is ${card}.`, 'credit-card')).toEqual([card])
    })

    it.each([
      ['(4539) (1488) (0343) (6467)', '4539) (1488) (0343) (6467'],
      ['(4539)(1488)(0343)(6467)', '4539)(1488)(0343)(6467'],
      ['(4539)-(1488)-(0343)-(6467)', '4539)-(1488)-(0343)-(6467'],
      ['(4539) 1488 0343 6467', '4539) 1488 0343 6467'],
      ['4539 1488 (0343) 6467', '4539 1488 (0343) 6467'],
    ])('flags the Luhn-valid card %s, its groups in parentheses', (card, found) => {
      expect(values(`my card is ${card}.`, 'credit-card')).toEqual([found])
    })

    it.each([
      // Pairs: a phone number, a date and time, and a Luhn-invalid stretch of sixteen digits.
      'call 06 12 34 56 78 tonight',
      'at 12 05 20 24 10 30',
      '45 39 14 88 03 43 64 68',
      // A phone's area code in parentheses.
      'call (415) 555-0132 now',
    ])('flags no card in %s', (text) => {
      expect(values(text, 'credit-card')).toEqual([])
    })

    it.each([
      '4012-8888-8888-1882',
      '36168002586008',
      '4111111111111112',
      '1234567812345678',
      '5555555555554445',
    ])('does not flag the Luhn-invalid decoy %s', (decoy) => {
      expect(values(`my credit card number is ${decoy}`, 'credit-card')).toEqual([])
    })

    it('finds cards hidden with full-width digits, zero-width characters and mixed separators', () => {
      const text =
        'a ４１１１ １１１１ １１１１ １１１１ b 4111\u200b1111\u200b1111\u200b1111 c 4111-1111 1111.1111 d 4111\u2013 1111\u00a01111 1111'
      expect(values(text, 'credit-card')).toHaveLength(4)
    })

    it.each([
      ['U+FE63 small hyphen-minus', '\ufe63'],
      ['U+FE58 small em dash', '\ufe58'],
      ['U+2015 horizontal bar', '\u2015'],
      ['U+2043 hyphen bullet', '\u2043'],
      ['U+2E3A two-em dash', '\u2e3a'],
      ['U+301C wave dash', '\u301c'],
      ['U+2024 one dot leader', '\u2024'],
      ['U+2027 hyphenation point', '\u2027'],
      ['U+00B7 middle dot', '\u00b7'],
      ['U+2022 bullet', '\u2022'],
      ['U+2800 braille blank', '\u2800'],
      ['U+205F medium mathematical space', '\u205f'],
      ['U+30FB katakana middle dot', '\u30fb'],
      ['U+00D7 multiplication sign', '\u00d7'],
      ...[...'!$%&@?[]{}^<>*`'].map((mark) => [`${mark} (ASCII)`, mark]),
    ])(
      'finds a card whose groups are joined by %s (outside attack review, session 64)',
      (_name, separator) => {
        const card = ['4111', '1111', '1111', '1111'].join(separator)
        expect(values(`my card is ${card} thanks`, 'credit-card')).toEqual([card])
        // A Luhn-invalid number so written stays unflagged.
        expect(values(`ref ${['4111', '1111', '1111', '1112'].join(separator)}`, 'credit-card')).toEqual([])
      },
    )

    it('does not flag a Luhn-invalid card in superscript or circled digits, or a squared unit', () => {
      expect(
        values(
          'ref \u2074\u2075\u00b3\u2079 \u00b9\u2074\u2078\u2078 \u2070\u00b3\u2074\u00b3 \u2076\u2074\u2076\u2078',
          'credit-card',
        ),
      ).toEqual([])
      expect(
        values(
          'ref \u2463\u2460\u2460\u2460 \u2460\u2460\u2460\u2460 \u2460\u2460\u2460\u2460 \u2460\u2460\u2460\u2461',
          'credit-card',
        ),
      ).toEqual([])
      expect(scanText('a room of 4111 m\u00b2 and 1111 1111 1111 cm\u00b3')).toEqual([])
    })

    it('reads a card written one digit at a time as a stretch that passes Luhn, or as spans of a longer one', () => {
      // Luhn-invalid, and too short.
      expect(values('card 4 5 3 9 1 4 8 8 0 3 4 3 6 4 6 8 end', 'credit-card')).toEqual([])
      expect(values('pin 4 1 1 1 1 1 1 1 1 1 1 1 end', 'credit-card')).toEqual([])
      // A stretch too long for one card holds one (sixteen digits first), or two side by side,
      // whatever spaces stand between them.
      expect(values('seq 1 4 5 3 9 1 4 8 8 0 3 4 3 6 4 6 7 end', 'credit-card')).toEqual([
        '4 5 3 9 1 4 8 8 0 3 4 3 6 4 6 7',
      ])
      expect(values('seq 4 5 3 9 1 4 8 8 0 3 4 3 6 4 6 7 2 1 0 5 end', 'credit-card')).toEqual([
        '4 5 3 9 1 4 8 8 0 3 4 3 6 4 6 7',
      ])
      for (const between of [' ', '  ', '\t', ' - '])
        expect(
          values(
            `a 4 5 3 9 1 4 8 8 0 3 4 3 6 4 6 7${between}5 5 5 5 5 5 5 5 5 5 5 5 4 4 4 4 b`,
            'credit-card',
          ),
          JSON.stringify(between),
        ).toEqual(['4 5 3 9 1 4 8 8 0 3 4 3 6 4 6 7', '5 5 5 5 5 5 5 5 5 5 5 5 4 4 4 4'])
      expect(values('card 4 5 3 9  1 4 8 8  0 3 4 3  6 4 6 7 end', 'credit-card')).toEqual([
        '4 5 3 9  1 4 8 8  0 3 4 3  6 4 6 7',
      ])
      // Beside a grouped card, each is found.
      expect(values('a 4 5 3 9 1 4 8 8 0 3 4 3 6 4 6 7 4111 1111 1111 1111 b', 'credit-card')).toEqual([
        '4 5 3 9 1 4 8 8 0 3 4 3 6 4 6 7',
        '4111 1111 1111 1111',
      ])
    })

    it('reads spaces around a dash as a separator only up to five characters, and in all of a card or none', () => {
      expect(values('card 4539   -   1488   -   0343   -   6467 end', 'credit-card')).toEqual([])
      expect(values('card 4539    1488    0343    6467 end', 'credit-card')).toEqual([])
      expect(values('card 4539 -  1488  -  0343  - 6467 end', 'credit-card')).toEqual([
        '4539 -  1488  -  0343  - 6467',
      ])
      // Between two cards a spaced dash separates them: no window across it is a third card.
      expect(values('5555-5555-5555-4444 -  4111 1111 1111 1111', 'credit-card')).toEqual([
        '5555-5555-5555-4444',
        '4111 1111 1111 1111',
      ])
    })

    it('does not flag a Luhn-valid window inside a longer number or a word', () => {
      expect(values('order 98765 4111111111111111 99 ref', 'credit-card')).toEqual(['4111111111111111'])
      expect(values('id 94111111111111111111', 'credit-card')).toEqual([])
      expect(values('x4111111111111111 4111111111111111y', 'credit-card')).toEqual([])
      expect(values('666000000 078-05-0000', 'credit-card')).toEqual([])
      // The inner 12 digits (5000 0000 0009) pass Luhn with a Maestro prefix; the 16-digit number does not.
      expect(values('ref 4000 5000 0000 0009 noted', 'credit-card')).toEqual([])
    })
  })

  describe('credit-card written with another mark between its groups (outside review rv59 1)', () => {
    it.each([
      '4111/1111/1111/1111',
      '4111\n1111\n1111\n1111',
      '4111\r\n1111\r\n1111\r\n1111',
      '4111,1111,1111,1111',
      '4111:1111:1111:1111',
      '4111;1111;1111;1111',
      '4111|1111|1111|1111',
      '4111_1111_1111_1111',
      '4111+1111+1111+1111',
      '4111\\1111\\1111\\1111',
      '4111\u2022 1111\u2022 1111\u2022 1111',
      '4111 / 1111 / 1111 / 1111',
      '3782/822463/10005',
      // Joints of up to four marks, the same between every group (the attack pass of session
      // 69): a quoted list, a quoted Markdown line each, TeX, brackets, a YAML list of quoted strings.
      '4539","1488","0343","6467',
      "4539', '1488', '0343', '6467",
      '4539\n> 1488\n> 0343\n> 6467',
      '4539$ $1488$ $0343$ $6467',
      '4539][1488][0343][6467',
      '4539"\n  - "1488"\n  - "0343"\n  - "6467',
    ])('flags %j as the card it spells', (card) => {
      expect(values(`my card ${card} thanks`, 'credit-card')).toEqual([card])
    })

    it.each([
      // Luhn-invalid, no card shape, mixed marks, a number glued to it, a list or dates.
      '4111/1111/1111/1112',
      '4111/1111/1111/11111',
      '4111/1111:1111/1111',
      'x4111/1111/1111/1111',
      'ids 4821, 3392, 1043, 2210',
      'dates 2024/05/17 and 2024/06/01',
      'at 10:30:45:12',
      // Joints of several marks: Luhn-invalid, a list of years, joints that differ, six marks.
      '> 4111\n> 1111\n> 1111\n> 1112',
      'years ["2019","2020","2021","2022"]',
      '["4539","1488",  "0343","6467"]',
      '4539"]],[["1488"]],[["0343"]],[["6467',
    ])('flags nothing in %j', (text) => {
      expect(values(text, 'credit-card')).toEqual([])
    })

    it.each([
      ['words', 'card 4539 then 1488 then 0343 then 6467 ok'],
      ['labelled lines', 'Group 1: 4539\nGroup 2: 1488\nGroup 3: 0343\nGroup 4: 6467\nok'],
      [
        'labelled lines, a blank line between',
        'Group 1: 4539\n\nGroup 2: 1488\n\nGroup 3: 0343\n\nGroup 4: 6467',
      ],
      ['labels on one line', 'group 1: 4539, group 2: 1488, group 3: 0343, group 4: 6467.'],
      [
        'a table with a row number',
        '| # | Digits |\n|---|---|\n| 1 | 4539 |\n| 2 | 1488 |\n| 3 | 0343 |\n| 4 | 6467 |',
      ],
      [
        "a table's inner column",
        '| p0 | 4539 | ok |\n| p1 | 1488 | ok |\n| p2 | 0343 | ok |\n| p3 | 6467 | ok |',
      ],
      ['a JSON object whose keys count with a letter', '{"a":"4539","b":"1488","c":"0343","d":"6467"}'],
    ])(
      'flags a card whose groups are joined by the same words or label: %s (attack pass, session 69)',
      (_, text) => {
        const found = values(text, 'credit-card')
        expect(found).toHaveLength(1)
        expect(found[0]).toMatch(/^4539\D[\s\S]*6467$/)
      },
    )

    it.each([
      // The counter skips (the same one, or one more, passes), the joints differ, a joint is too long or holds two blank lines, the
      // first group is glued to a word, or the checksum fails.
      'Group 1: 4539\nGroup 3: 1488\nGroup 5: 0343\nGroup 7: 6467',
      '4539 then 1488 and 0343 then 6467',
      '4539 and then a while after that 1488 and then a while after that 0343 and then a while after that 6467',
      'Group 1: 4539\n\n\nGroup 2: 1488\n\n\nGroup 3: 0343\n\n\nGroup 4: 6467',
      'x4539 then 1488 then 0343 then 6467',
      '4539 then 1488 then 0343 then 6468',
      'Order 4512 shipped; order 4513 shipped; order 4514 shipped; order 4515 shipped.',
      // A letter that skips, or two letters that count.
      '{"a":"4539","c":"1488","e":"0343","g":"6467"}',
      '{"ab":"4539","bc":"1488","cd":"0343","de":"6467"}',
    ])('flags nothing in the worded %j', (text) => {
      expect(values(text, 'credit-card')).toEqual([])
    })

    it('holds a stream open where the text ends inside such a card', () => {
      const scanner = createScanner()
      expect(scanner.scan('card 4111/1111/').openFrom).toBe(5)
      expect(scanner.scan('card 4111\n1111\n').openFrom).toBe(5)
      // Joined by a label: the next group may still come; once the joint grows past its reach,
      // or a lone group's own number run goes on, the text is let go.
      expect(scanner.scan('Group 1: 4539\nGroup 2: 14').openFrom).toBe(9)
      expect(scanner.scan('Group 1: 4539\nGroup').openFrom).toBe(9)
      expect(scanner.scan('In 4539 we shipped the first version to everyone').openFrom).toBeGreaterThan(9)
      expect(scanner.scan('card 4111 1111 1111 1111 is set. ').openFrom).toBe(33)
      // Not after a time or a short group.
      expect(scanner.scan('see you at 10:30').openFrom).toBeGreaterThanOrEqual(11)
    })
  })

  describe('us-ssn', () => {
    it.each([
      '078051121',
      '078-05-1123',
      '078.05.1123',
      '078 05 1123',
      '536-90-4399',
      '536\t22\t8741',
      '\u2075\u00b3\u2076-\u00b2\u00b2-\u2078\u2077\u2074\u00b9',
    ])('flags the valid SSN %s', (ssn) => {
      expect(values(`ssn: ${ssn}`, 'us-ssn')).toEqual([ssn])
    })

    it.each([
      '0780511201',
      '078051120',
      '000000000',
      '666000000',
      '078-05-0000',
      '078 00 1123',
      '693-09.4444',
      '000-12-3456',
      '666-12-3456',
      '912-34-5678',
      '123-45-6789',
      '111-11-1111',
      '219-09-9999',
    ])('does not flag the invalid SSN %s', (ssn) => {
      expect(values(`ssn: ${ssn}`, 'us-ssn')).toEqual([])
    })
  })

  describe('email', () => {
    it('flags addresses with a valid domain suffix and exact bounds', () => {
      const text = 'try one of this emails: info@presidio.site or anotherinfo@presidio.site'
      const findings = scanText(text, { detectors: ['email'] })
      expect(findings.map((finding) => [finding.start, finding.end])).toEqual([
        [24, 42],
        [46, 71],
      ])
      expect(values('mail john.doe+tag@mail.example.co.uk, thanks', 'email')).toEqual([
        'john.doe+tag@mail.example.co.uk',
      ])
    })

    it('does not read URL credentials or an SSH remote as an email', () => {
      expect(values('postgres://app:Xk7pq2mZq9Lw@db.internal:5432/app', 'email')).toEqual([])
      expect(values('redis://:Xk7pq2mZq9Lw@cache.example.com:6379', 'email')).toEqual([])
      expect(values('git clone git@github.com:acme/platform-infrastructure.git', 'email')).toEqual([])
      expect(values('mailto:jane@acme.io', 'email')).toEqual(['jane@acme.io'])
      expect(values('write to jane@acme.io: thanks', 'email')).toEqual(['jane@acme.io'])
    })

    it.each([
      'my email is info@presidio.',
      'user@localhost',
      'a@b.c',
      'name@domain.notarealtld',
      '@handle on twitter',
      'x@-bad.com',
    ])('does not flag %s', (text) => {
      expect(values(text, 'email')).toEqual([])
    })
  })

  describe('phone', () => {
    it.each([
      '+1 (555) 234-5678',
      '(415) 555-2671',
      '415-555-2671',
      '415.555.2671',
      '+44 20 7946 0958',
      '+33 1 23 45 67 89',
      '1 800 555 1234',
    ])('flags the phone number %s', (phone) => {
      expect(values(`call ${phone} today`, 'phone')).toEqual([phone])
    })

    it.each([
      'call 123-456-7890',
      'room 015-555-1234',
      'version 2024-01-15',
      '+12 345',
      'total 1,234,567.89',
    ])('does not flag %s', (text) => {
      expect(values(text, 'phone')).toEqual([])
    })
  })

  describe('phone (Presidio phone recognizer case)', () => {
    it('finds the US and the international number at their spans, and the Israeli local number', () => {
      const text = 'My US number is (415) 555-0132, and my international one is +1 415 555 0132'
      const spans = scanText(text, { detectors: ['phone'] }).map((finding) => [finding.start, finding.end])
      expect(spans).toEqual([
        [16, 30],
        [60, 75],
      ])
      const local = scanText('My Israeli number is 09-7625400', { detectors: ['phone'] })
      expect(local.map((finding) => [finding.start, finding.end])).toEqual([[21, 31]])
    })
  })

  describe('phone, IBAN and SSN shapes of other countries (Presidio recognizer cases)', () => {
    it.each([
      ['My Japanese number is 090-1234-5678', '090-1234-5678'],
      ['My CN number is 13812345678', '13812345678'],
      ['call 020 7946 0958 today', '020 7946 0958'],
    ])('flags the national phone number in %s', (text, phone) => {
      expect(values(text, 'phone')).toEqual([phone])
    })

    it('flags a dash-grouped IBAN, but not a slash-grouped one', () => {
      const iban = 'AL47-2121-1009-0000-0002-3569-8741'
      expect(values(`Dash as iban separator: ${iban}`, 'iban')).toEqual([iban])
      expect(values('Slash as iban separator: AL47/2121/1009/0000/0002/3569/8741', 'iban')).toEqual([])
    })

    it('flags two SSNs written with one dash each in one string', () => {
      expect(values('078-051121 07805-1121', 'us-ssn')).toEqual(['078-051121', '07805-1121'])
    })
  })

  it('reads typographic quotes, guillemets and corner brackets as quotes around a value', () => {
    const found = (text: string) => scanText(text).map((finding) => [finding.type, finding.value])
    // A model writing prose quotes with “ ”: the email, and a short key named before it, were missed.
    expect(found('Write to “jane.doe@example.com” for help.')).toEqual([
      ['email-address', 'jane.doe@example.com'],
    ])
    expect(found('API_KEY=“Qp7vB2mK9Lx4RtZ8”')).toEqual([['generic-api-key', 'Qp7vB2mK9Lx4RtZ8']])
    expect(found('token: ‘Qp7vB2mK9Lx4’')).toEqual([['generic-api-key', 'Qp7vB2mK9Lx4']])
    expect(found('the password: «Xv8qL2mRt9Zk»')).toEqual([['password', 'Xv8qL2mRt9Zk']])
    expect(found('api_key = 「Qp7vB2mK9Lx4RtZ8」')).toEqual([['generic-api-key', 'Qp7vB2mK9Lx4RtZ8']])
    // An apostrophe inside a word is no quote around a value.
    expect(found('don’t worry, it’s fine and the key’s rotated')).toEqual([])
  })

  it('sees through zero-width characters inside SSNs and phone numbers', () => {
    expect(values('ssn 078-05-11\u200b23', 'us-ssn')).toEqual(['078-05-11\u200b23'])
    expect(values('call (415) 555-\u200d2671', 'phone')).toEqual(['(415) 555-\u200d2671'])
  })

  describe('invisible characters', () => {
    const found = (text: string) => scanText(text).map((finding) => [finding.type, finding.value])
    /** `text` in tag characters (U+E0020 to U+E007E): invisible copies of its ASCII. */
    const tagged = (text: string) =>
      [...text].map((char) => String.fromCodePoint(0xe0000 + (char.codePointAt(0) as number))).join('')

    it('reads a secret split by zero-width characters, soft hyphens or bidi controls as one', () => {
      for (const mark of ['\u200b', '\u200d', '\u2060', '\ufeff', '\u00ad', '\u202e']) {
        const key = `AKIALALEM${mark}EL33243OLIB`
        expect(found(`export KEY=${key} now`), JSON.stringify(mark)).toEqual([['aws-access-key', key]])
        const token = `ghp_wWPw5k4a${mark}XcaT4fNP0Ucn${mark}ZwJUVFk6LO0pINUx`
        expect(found(`token ${token} done`), JSON.stringify(mark)).toEqual([['github-token', token]])
      }
      expect(found('password = "hunter2\u00adXyz9Qp"')).toEqual([['password', 'hunter2\u00adXyz9Qp']])
    })

    it('reads a key written in tag characters ("ASCII smuggling") and reports the tag characters', () => {
      const hidden = tagged('key AKIALALEMEL33243OLIB')
      const text = `Here is the summary.${hidden} Thanks!`
      const findings = scanText(text)
      expect(findings.map((finding) => finding.type)).toEqual(['aws-access-key'])
      const [finding] = findings
      expect(finding?.value).toBe(tagged('AKIALALEMEL33243OLIB'))
      expect(text.slice(finding?.start, finding?.end)).toBe(finding?.value)
      expect(redact(text, findings)).toBe(`Here is the summary.${tagged('key ')}[AWS_ACCESS_KEY] Thanks!`)
    })

    it('reads full-width forms of ASCII as that ASCII, as NFKC does (a key in full-width letters, a Japanese phone)', () => {
      const wide = (text: string) =>
        [...text]
          .map((char) => (char === ' ' ? char : String.fromCharCode(char.charCodeAt(0) + 0xfee0)))
          .join('')
      const key = wide('AKIALALEMEL33243OLIB')
      expect(found(`key ${key} done`)).toEqual([['aws-access-key', key]])
      expect(found('電話：０３－１２３４－５６７８です')).toEqual([
        ['phone-number', '０３－１２３４－５６７８'],
      ])
      expect(found('カード ４１１１ １１１１ １１１１ １１１１。')).toEqual([
        ['credit-card', '４１１１ １１１１ １１１１ １１１１'],
      ])
    })

    it('reads a secret written in base64, and leaves base64 of plain text alone', () => {
      const encoded = btoa('AKIALALEMEL33243OLIB')
      expect(found(`Here it is: ${encoded} ok`)).toEqual([['aws-access-key', encoded]])
      expect(scanText(`KEY=${encoded}`, { detectors: ['secret'] }).map((finding) => finding.value)).toEqual([
        encoded,
      ])
      expect(found(`data ${btoa('hello world, this is just text')} end`)).toEqual([])
    })

    it('reads a card or an SSN written in base64 or hex where long tokens are searched (attack pass, session 69)', () => {
      const card = btoa('4539148803436467')
      const spaced = btoa('card 4539 1488 0343 6467')
      const hex = [...'4539148803436467'].map((digit) => digit.charCodeAt(0).toString(16)).join('')
      const ssn = btoa('my SSN is 536-22-8741')
      expect(found(`Here: ${card} ok`)).toEqual([['credit-card', card]])
      expect(found(`Here: ${spaced} ok`)).toEqual([['credit-card', spaced]])
      expect(found(`Here: ${hex} ok`)).toEqual([['credit-card', hex]])
      expect(found(`Here: ${ssn} ok`)).toEqual([['us-ssn', ssn]])
      // With the secret or the entropy detector on (the default), whose long-token search finds it.
      const withEntropy = scanText(`Here: ${card} ok`, { detectors: ['credit-card', 'high-entropy'] })
      expect(withEntropy.map((finding) => [finding.type, finding.detector, finding.value])).toEqual([
        ['credit-card', 'credit-card', card],
      ])
      // Luhn-invalid, or with the card detector off.
      expect(found(`Here: ${btoa('4539148803436468')} ok`)).toEqual([])
      expect(scanText(`Here: ${card} ok`, { detectors: ['secret', 'email'] })).toEqual([])
    })

    it('finds nothing in emoji sequences or words that join with invisible characters', () => {
      expect(found('Family: \u{1F468}\u200d\u{1F469}\u200d\u{1F467} \u2764\ufe0f done')).toEqual([])
      expect(
        found(
          '\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 \u0646\u0645\u06cc\u200c\u062f\u0627\u0646\u0645',
        ),
      ).toEqual([])
    })
  })

  describe('iban', () => {
    it.each([
      'AL47212110090000000235698741',
      'AL47 2121 1009 0000 0002 3569 8741',
      'DE89370400440532013000',
      'DE89 3704 0044 0532 0130 00',
      'GB29NWBK60161331926819',
      'NO93 8601 1117 947',
      'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
      'BR97 0036 0305 0000 1000 9795 493P 1',
    ])('flags the valid IBAN %s', (iban) => {
      expect(values(`pay to ${iban}.`, 'iban')).toEqual([iban])
    })

    it.each([
      'AL47 2121 1009 0000 0002 3569 8740',
      'DE89 3704 0044 0532 0130 01',
      'GB29 NWBK 6016 1331 9268 10',
      'AL47 212A 1009 0000 0002 3569 8741',
      'DE89 3704 0044 0532 0130',
      'EE38 2200 2210  014 5686',
      'GI75 aWBK 0000 0000 7099 453',
      'XX89370400440532013000',
    ])('does not flag the invalid IBAN %s', (iban) => {
      expect(values(`pay to ${iban}.`, 'iban')).toEqual([])
    })
  })

  describe('crypto-address', () => {
    it.each([
      '16Yeky6GMjeNkAiNcBY7ZhrLoMSgg1BoyZ',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    ])('flags the checksum-valid address %s', (address) => {
      expect(values(`my wallet address is: ${address}`, 'crypto-address')).toEqual([address])
    })

    it.each([
      '16Yeky6GMjeNkAiNcBY7ZhrLoMSgg1BoyZ2',
      '16Yeky6GMjeNkAiNcBY7ZhrLoMSgg1BoyY',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr',
      '8f953371d3e85eddb89b05ed6b9e680791055315c73e1025ab5dba7bb2aee189',
      '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDdC8C6FB',
    ])('does not flag the invalid address %s', (address) => {
      expect(values(`address ${address}`, 'crypto-address')).toEqual([])
    })
  })

  describe('ip-address', () => {
    it.each([
      '192.168.1.1',
      '8.8.8.8',
      '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
      '2001:db8::1',
      'fe80::1',
      '::ffff:192.0.2.1',
    ])('flags %s', (address) => {
      expect(values(`host ${address}, up`, 'ip-address')).toEqual([address])
    })

    it.each(['version 1.2.3', '999.1.1.1', '01.02.03.04', 'at 12:30:45', 'std::vector', '1:2:3'])(
      'does not flag %s',
      (text) => {
        expect(values(text, 'ip-address')).toEqual([])
      },
    )

    // Span expectations from Microsoft Presidio's IP recognizer test cases (data, not code).
    it.each([
      ['microsoft.com 192.168.0.1', [[14, 25]]],
      ['my ip: 192.168.0', []],
      ['microsoft.com 684D:1111:222:3333:4444:5555:6:77', [[14, 47]]],
      ['684D:1111:222:3333:4444:5555:77', []],
      ['2345:0425:2CA1::0567:5673:23b5', [[0, 30]]],
      ['Use local ipv6 ::', [[15, 17]]],
      [
        'src=:: dst=::1',
        [
          [4, 6],
          [11, 14],
        ],
      ],
      ['fe80::1%eth0', [[0, 12]]],
      ['Connect to [2001:db8::1]:8080', [[12, 23]]],
      ['Visit http://[2001:db8::1]/path', [[14, 25]]],
      ['SSH to user@2001:db8::1', [[12, 23]]],
      ['Connect to ::ffff:10.0.0.1 now', [[11, 26]]],
      ['0:0:0:0:0:FFFF:129.144.52.38', [[0, 28]]],
      ['2001:db8::256.1.1.1', []],
      [
        'IPs: 192.168.1.1, 10.0.0.1, 2001:db8::1',
        [
          [5, 16],
          [18, 26],
          [28, 39],
        ],
      ],
      ['MAC address aa:bb:cc:dd:ee:ff', []],
      ['Ratio 1:2:3:4', []],
      ['Port 80:443', []],
      ['MyClass::toString', []],
      [':::', []],
      ['IP192.168.1.1text', []],
      ['text192.168.1.1', []],
      ['(192.168.1.1)', [[1, 12]]],
      ['IP: 192.168.1.1.', [[4, 15]]],
      ['2001:db8::1.', [[0, 11]]],
      ['fe80::1text', []],
      ['text2001:db8::1', []],
      ['192.168.1.1.1', [[0, 11]]],
      ['gggg:hhhh::1234', []],
      ['12345:db8::1', []],
      ['2001::db8::1', []],
      ['192.168.2.1@eth0', [[0, 11]]],
      ['text::ffff:192.0.2.1', [[11, 20]]],
      ['foo2001:db8::10.0.0.1', [[13, 21]]],
      ['192.168.1.0/24', [[0, 14]]],
      ['2001:db8::/32', [[0, 13]]],
      ['fe80::1%eth0/64', [[0, 15]]],
      ['Route is 10.0.0.0/8.', [[9, 19]]],
      ['10.0.0.0/123', [[0, 8]]],
      ['2001:db8::/9999', [[0, 10]]],
    ] as const)('agrees with Presidio on %s', (text, spans) => {
      const found = scanText(text, { detectors: ['ip-address'] }).map((finding) => [
        finding.start,
        finding.end,
      ])
      expect(found).toEqual(spans)
    })
  })

  describe('url', () => {
    it.each([
      ['see http://example.com:8080/x.', ['http://example.com:8080/x']],
      ['see HTTPS://Example.COM/x.', ['HTTPS://Example.COM/x']],
      ['see http://microsoft.vlaanderen/x.', ['http://microsoft.vlaanderen/x']],
      ['see www.example.vlaanderen now', []],
      ['see gopher://example.com/x.', []],
      ['see http://1.2.3.4567/x.', []],
      ['see http://example.com:123456/x.', []],
    ] as const)('checks scheme, host and port of %s', (text, urls) => {
      expect(values(text, 'url')).toEqual(urls)
    })

    it('takes an email only with a local part that has no double or trailing dot', () => {
      expect(values('mail a..b@x.io or x.@y.com or ok@y.com', 'email')).toEqual(['ok@y.com'])
    })

    it.each([
      'https://example.com/path?q=1',
      'http://localhost:8080/x',
      'www.google.com',
      'ftp://files.example.org/a.txt',
      'https://user:pw@10.0.0.1:8443/',
    ])('flags %s without trailing punctuation', (url) => {
      expect(values(`see ${url}.`, 'url')).toEqual([url])
    })

    it.each(['see example.notatld/x', 'javascript:alert(1)', 'ratio 3:4', 'https://nodot'])(
      'does not flag %s',
      (text) => {
        expect(values(text, 'url')).toEqual([])
      },
    )
  })

  describe('url (Presidio URL recognizer cases)', () => {
    it.each([
      ['https://www.microsoft.com/', [[0, 26]]],
      ['http://www.microsoft.com', [[0, 24]]],
      ['http://microsoft.site', [[0, 21]]],
      ['http://microsoft.webcam', [[0, 23]]],
      ['http://microsoft.vlaanderen', [[0, 27]]],
      ['https://webhook.site/324d38de-dc6b-4920-9c3e-813f7cf78729?q=1&b=2', [[0, 65]]],
      ['https://www.microsoft.com/store/abc/', [[0, 36]]],
      ['microsoft.com', [[0, 13]]],
      [
        'my domains: microsoft.com google.co.il',
        [
          [12, 25],
          [26, 38],
        ],
      ],
      ['www.microsoft', []],
      ['http://microsoft', []],
      ['see README.md and main.py, then Node.js', []],
    ] as const)('agrees on %s', (text, spans) => {
      expect(scanText(text, { detectors: ['url'] }).map((finding) => [finding.start, finding.end])).toEqual(
        spans,
      )
    })
  })

  describe('secret', () => {
    it('reports the credentials of a URL, and leaves a template or placeholder password', () => {
      expect(found('git clone https://deploy:Qm7vX2kLp9@git.example.net/app.git', 'secret')).toEqual([
        ['url-password', 'https://deploy:Qm7vX2kLp9@'],
      ])
      for (const template of [
        'https://user:password@example.com/api',
        'https://{USER}:{PASS}@template.example.com',
        'https://user:****@host.example.com',
        'https://user:abc@api.example.com',
      ])
        expect(found(template, 'secret')).toEqual([])
    })

    it('reads a named value up to closing punctuation or an item glued to it, not past a template', () => {
      expect(found('client_secret=JMN4Q~Nwr~cPITojMJHsXI.n_utg8NlKdqjf4MMT-abc: done', 'secret')).toEqual([
        ['generic-api-key', 'JMN4Q~Nwr~cPITojMJHsXI.n_utg8NlKdqjf4MMT-abc'],
      ])
      expect(found('(api_key=Zx8Qp2LmN7vRt5Kw9Yb3), next', 'secret')).toEqual([
        ['generic-api-key', 'Zx8Qp2LmN7vRt5Kw9Yb3'],
      ])
      const glued = scanText(
        'client_secret=JMN4Q~Nwr~cPITojMJHsXI.n_utg8NlKdqjf4MMT-abc４１１１ １１１１ １１１１ １１１１',
      )
      expect(glued.map((finding) => finding.type)).toEqual(['generic-api-key', 'credit-card'])
      expect(found('token=xoxp-123-4567-####', 'secret')).toEqual([])
    })

    it('judges each query parameter of a URL as an assignment of its own', () => {
      const url =
        'https://api.example.net/v1/r?format=json&access_token=HYZHPP4PBYXCOZAVK4FH55W4MRHYLALPU1&page=2'
      expect(found(url, 'secret')).toEqual([['generic-api-key', 'HYZHPP4PBYXCOZAVK4FH55W4MRHYLALPU1']])
      // Names that say nothing of a secret, and a provider's key found by its own rule.
      expect(
        found('https://example.com/cb?client_id=8f953371d3e85eddb89b&state=af0ifjsldkj9', 'secret'),
      ).toEqual([])
      expect(
        found(
          'https://maps.googleapis.com/maps/api/js?key=AIzaSyOabGbBfAVinTZquLDFxzvesY4ibH795JU&callback=init',
          'secret',
        ),
      ).toEqual([['gcp-api-key', 'AIzaSyOabGbBfAVinTZquLDFxzvesY4ibH795JU']])
    })

    it.each([
      ['aws-access-key', 'AKIALALEMEL33243OLIB'],
      ['aws-access-key', 'ASIAY34FZKBOKMUTVV7A'],
      ['gcp-api-key', 'AIzaSyDaGmWKa4JsXZ-HjGw7ISLn_3namBGewQe'],
      ['github-token', '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'],
      ['github-token', `github_pat_${'A1b2C3d4E5'.repeat(8)}ab`],
      ['stripe-key', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
      ['openai-key', 'sk-proj-abcDEF123456ghiJKL789012mnoPQR345678'],
      ['openai-key', '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'],
      [
        'anthropic-key',
        'sk-ant-api03-PJ3NEQ9E12tvvV0J_K_Puw29KlJPfDjB5nwOjsbzrvRsbN_0-fOIlEskXWFEizFkS0Y-z4qSQZmY205PxlOxMIT7V4ypWAA',
      ],
      ['anthropic-key', `sk-ant-oat01-${'Zk9_x-Q2'.repeat(6)}`],
      [
        'openai-key',
        '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',
      ],
      ['slack-token', 'xoxb-296269805987-5588078732001-Zq7XkP2mVb9WcR4tLy8NhJ3d'],
      [
        'jwt',
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      ],
    ])('flags a %s', (type, secret) => {
      expect(found(`config: token=${secret} end`, 'secret')).toEqual([[type, secret]])
    })

    it.each([
      ['aws-access-key', 'AKIALALEMELABCDOLIBX'],
      ['stripe-key', 'rk_test_QwErTyUiOpAsD'],
    ])('flags a %s of 20 to 23 characters with no digit, alone or in a sentence', (type, secret) => {
      expect(found(secret, 'secret')).toEqual([[type, secret]])
      expect(found(`use ${secret} now`, 'secret')).toEqual([[type, secret]])
    })

    it.each([
      ['stripe-key', 'sk_live_QwErTyUiOp'],
      ['stripe-key', 'rk_prod_ZxCvBnMqWeR'],
    ])(
      'flags a %s as short as its shape allows (15 to 19 characters), with every detector on',
      (type, secret) => {
        for (const text of [secret, `use ${secret} now`, `key=${secret}`]) {
          expect(scanText(text).map((finding) => [finding.type, finding.value])).toEqual([[type, secret]])
        }
      },
    )

    it.each(['password=Xk7pq2mZr9Lw', 'secret=Xk7pq2mZr9Lw', 'db_password="Xk7pq2mZr9Lw"'])(
      'flags a short named value as the first token of the text as it does after other text: %s',
      (text) => {
        const value = 'Xk7pq2mZr9Lw'
        expect(values(text, 'secret')).toEqual([value])
        expect(values(`x ${text}`, 'secret')).toEqual([value])
      },
    )

    it('flags a secret written in hex, in either case, and leaves a hash and hex of plain text alone', () => {
      const hex = (value: string) =>
        [...value].map((char) => char.charCodeAt(0).toString(16).padStart(2, '0')).join('')
      const token = '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'
      expect(found(`in hex: ${hex(token)} done`, 'secret')).toEqual([['github-token', hex(token)]])
      expect(found(`KEY=${hex('AKIALALEMEL33243OLIB').toUpperCase()}`, 'secret')).toEqual([
        ['aws-access-key', hex('AKIALALEMEL33243OLIB').toUpperCase()],
      ])
      expect(found('commit 8f953371d3e85eddb89b05ed6b9e680791055315 fixed it', 'secret')).toEqual([])
      expect(found(`note ${hex('the quick brown fox jumps over it')}`, 'secret')).toEqual([])
    })

    it('does not take a character outside ASCII for a template mark or a fill-in word in a secret', () => {
      // U+013C and U+1FBC end in the bits of `<`, U+00F8 in those of `x`: read as ASCII they had
      // made a live value look like `<key>` or `xxxx`, and it passed.
      expect(values('DB_PASSWORD=Summer2024\u013cx', 'secret')).toEqual(['Summer2024\u013cx'])
      expect(values('curl -u admin:Zx8Qp2LmN7vRt\u1fbc5Kw123456 https://x.io', 'secret')).toEqual([
        'admin:Zx8Qp2LmN7vRt\u1fbc5Kw123456',
      ])
    })

    it('flags a key named in words before a colon, as a reply writes it ("API key: …"), not a bare dictionary key', () => {
      const value = '9x7Kq2LmP4vR8tW1zY6b'
      for (const name of [
        'API key',
        'Your API key',
        'Secret key',
        'Private key',
        'License key',
        'Access key',
      ])
        expect(values(`${name}: ${value}`, 'secret'), name).toEqual([value])
      for (const text of [
        `key: ${value}`,
        `{"key": "${value}"}`,
        `public key: ${value}`,
        `Public key: ${value}`,
      ])
        expect(values(text, 'secret'), text).toEqual([])
    })

    it('flags a whole private key block', () => {
      const key =
        '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi\n-----END RSA PRIVATE KEY-----'
      expect(found(`here:\n${key}\nthanks`, 'secret')).toEqual([['private-key', key]])
    })

    it.each([
      'aws_access_key: AKIAIOSFODNN7EXAMPLE',
      'key = AKIAXXXXXXXXXXXXXXXX',
      'TODAYINASIAASACKOFRICEFELLOVER',
      'sk-ant-api03-abc123xyz-456de-klMnopqrstuvwx-3456yza789bcde-1234fghijklmnopAA',
      'sk-ant-api03-abc123xyz-456def789ghij-klmnopqrstuvwx-3456yza789bcde-1234fghijklmnopby56aaaogaopaaaabc123xyzBB',
      'anthropic_token = "sk-ant-oat01-tooShort"',
      'AKIAIOSFODNN7EXAMPL',
      'the word AKIAISAWORD',
      'ghp_short',
      'sk_live_short',
      // Not Slack's documented shapes (`xoxb-<digits>-<digits>-<random>`), and placeholder bodies.
      'xoxb-abcdefghij',
      'xoxp-abcdefghijklm',
      'ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'AIzaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      '-----BEGIN PRIVATE KEY-----\nanything\n-----END PRIVATE KEY-----',
      'eyJub3QiOiJhIGp3dCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig',
      '-----BEGIN PUBLIC KEY-----\nMIIBIjANBg\n-----END PUBLIC KEY-----',
    ])('does not flag %s', (text) => {
      expect(values(text, 'secret')).toEqual([])
    })
  })

  it("covers a Teams webhook's signature segment", () => {
    const url =
      'fabrikam.webhook.office.com/webhookb2/e1017d9f-58c5-4fc9-8e1e-dc1da0acda7c@3b58c927-8374-4f9a-9704-c78dcacf22a7/IncomingWebhook/9f1151e5a9fb2c053b6a55590930f004/d10eb4fa-d598-4530-b1ab-9089ea9c379b/V24qoEmqonHVTRbZbPaTycpN1WPYsv-0iqgR-LdDRjtdUY'
    expect(values(`TEAMS_WEBHOOK=https://${url}`, 'secret')).toEqual([url])
  })

  describe('high-entropy', () => {
    it('flags a random string named as a key, or a long random string anywhere', () => {
      expect(values('api_key = zK8mQ3xR7vN2pL9wT4yB6cF1', 'high-entropy')).toEqual([
        'zK8mQ3xR7vN2pL9wT4yB6cF1',
      ])
      expect(
        values('blob Q2xhdWRlIGlzIGEgaGVscGZ1bCBhc3Npc3RhbnQ9ZXhhbXBsZQ9x7', 'high-entropy'),
      ).toHaveLength(1)
    })

    it('does not flag a random string cut short with an ellipsis, as documentation shows one', () => {
      const cut = '...6wqX6fNUXA/rYqRvfQ+EZAKGqQRiRyqAFRQshGPWOIAwNWGORfKHSBnVNFtVmWYoW6PH23lkq...'
      expect(values(`key: ${cut}`, 'high-entropy')).toEqual([])
    })

    it('does not flag words, hex hashes or ids', () => {
      expect(values('internationalization2024 antidisestablishmentarianism', 'high-entropy')).toEqual([])
      expect(
        values('sha 8f953371d3e85eddb89b05ed6b9e680791055315c73e1025ab5dba7bb2aee189', 'high-entropy'),
      ).toEqual([])
      expect(values('id 123e4567-e89b-12d3-a456-426614174000', 'high-entropy')).toEqual([])
    })

    it("leaves a provider's secret to its own rule and judges only the name glued before it", () => {
      // One run of entropy characters: a PEM armor's tail glued to a GitHub token.
      const token = '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'
      expect(scanText(`-----END RSA PRIVATE KEY-----/${token}`).map((finding) => finding.value)).toEqual([
        token,
      ])
      // A long random name before the value is still judged on its own.
      const name = 'q7Zt2Vx9Lm4Kp8Rw3Nc6Hb1Jy5Gd0Fs7Ta2Ue9Wo4'
      expect(scanText(`${name}=${token}`).map((finding) => finding.value)).toEqual([name, token])
    })

    it('reports a secret found in a token without the name it is assigned to', () => {
      const token =
        'fWkvnbelkdvEx7.atlasv1.DhRzJt7HHBoOqRlGcWX2Siba3f90eOdCUfYdvUGnu3mOpat9QrqQW2LnTqFiR1ciKfG'
      expect(scanText(`TF_TOKEN_app_terraform_io=${token}`).map((finding) => finding.value)).toEqual([token])
      const bitbucket = `ATCTT3xFfGN0${'_fIb8kpbZjSTZ9viD4f7a4K0ThyHv68U1AD8Mnt7k2jCihZ1XgjXdfCZ3jzwKAfcLK'.repeat(3)}=0020DFEB`
      expect(scanText(`BITBUCKET_ACCESS_TOKEN=${bitbucket}`).map((finding) => finding.value)).toEqual([
        bitbucket,
      ])
    })

    it('flags a hex string that reaches exactly 4 bits per character next to a key name', () => {
      // Every hex digit twice: the only way sixteen symbols reach the default threshold.
      const uniform = '3a7f0c19e5b2d864b6e0d2a94c8f1375'
      expect(values(`api_key = ${uniform}`, 'high-entropy')).toEqual([uniform])
      expect(values(`api_key = ${uniform.slice(0, 31)}0`, 'high-entropy')).toEqual([])
      const lowered = scanText(`api_key = ${uniform}`, { detectors: ['high-entropy'], entropyThreshold: 3.9 })
      expect(lowered.map((finding) => finding.value)).toEqual([uniform])
    })
  })

  describe('blocklist and patterns', () => {
    it('matches keywords case-insensitively on word boundaries', () => {
      const options = { detectors: [] as DetectorId[], blocklist: ['Acme Corp', 'refund'] }
      expect(
        scanText('Try ACME  corp instead; refunds are not refund-able.', options).map(
          (finding) => finding.value,
        ),
      ).toEqual(['ACME  corp', 'refund'])
    })

    it('matches user patterns with their own type', () => {
      const options = {
        detectors: [] as DetectorId[],
        patterns: [{ type: 'order-id', pattern: 'ORD-\\d{6}' }],
      }
      expect(scanText('order ORD-123456 shipped', options)).toMatchObject([
        { type: 'order-id', value: 'ORD-123456', detector: 'pattern' },
      ])
    })

    it('rejects a catastrophic user pattern at load with a located error', () => {
      try {
        scanText('x', { path: 'rules[2].enforce', patterns: [{ type: 'bad', pattern: '(a+)+$' }] })
        expect.unreachable()
      } catch (error) {
        expect(FocalError.isInstance(error) && error.code).toBe('unsafe-pattern')
        expect((error as FocalError).issues[0]?.path).toBe('rules[2].enforce.patterns[0].pattern')
      }
    })

    it('rejects an unknown detector with a located error', () => {
      expect(() => scanText('x', { detectors: ['passport' as DetectorId] })).toThrowError(
        /scan\.detectors\[0\]/,
      )
    })

    it.each([
      ['entropyMinLength', Number.NaN],
      ['entropyMinLength', -1],
      ['entropyThreshold', Number.POSITIVE_INFINITY],
      ['entropyThreshold', '4'],
    ])('rejects %s %s with a located error instead of switching detectors off', (option, value) => {
      try {
        scanText('x', { path: 'rules[1].enforce', [option]: value })
        expect.unreachable()
      } catch (error) {
        expect(FocalError.isInstance(error) && error.code).toBe('invalid-argument')
        expect((error as FocalError).issues[0]?.path).toBe(`rules[1].enforce.${option}`)
      }
    })
  })

  it('reports exact offsets and values for every default detector in mixed text', () => {
    const text = 'Card 4111 1111 1111 1111, mail a@b.io, ip 10.0.0.1.'
    for (const finding of scanText(text)) expect(text.slice(finding.start, finding.end)).toBe(finding.value)
    expect(scanText(text).map((finding) => finding.detector)).toEqual(['credit-card', 'email', 'ip-address'])
  })

  describe('markup a reader does not see', () => {
    const key = 'sk-proj-ps4Jb0qoIHAv9Vk2FpV21LSNM9esRsHx8bhnIyxKOg1eAJsw'
    const percentEncoded = [...key]
      .map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
      .join('')

    it.each([
      ['card 4539 **1488** 0343 6467 end', '4539 **1488** 0343 6467'],
      ['card 4539 *1488* 0343 6467 end', '4539 *1488* 0343 6467'],
      ['card `4539` `1488` `0343` `6467` end', '4539` `1488` `0343` `6467'],
      ['card **4539**-**1488**-**0343**-**6467** end', '4539**-**1488**-**0343**-**6467'],
      [
        'card &#52;&#53;&#51;&#57;&#49;&#52;&#56;&#56;&#48;&#51;&#52;&#51;&#54;&#52;&#54;&#55; end',
        '&#52;&#53;&#51;&#57;&#49;&#52;&#56;&#56;&#48;&#51;&#52;&#51;&#54;&#52;&#54;&#55;',
      ],
      ['card 4539 &#x31;&#x34;&#x38;&#x38; 0343 6467 end', '4539 &#x31;&#x34;&#x38;&#x38; 0343 6467'],
      ['card 4539 ~~1488~~ 0343 6467 end', '4539 ~~1488~~ 0343 6467'],
      ['card 4539 _1488_ 0343 6467 end', '4539 _1488_ 0343 6467'],
      ['card 4539 ==1488== 0343 6467 end', '4539 ==1488== 0343 6467'],
      ['card 4539 <b>1488</b> 0343 6467 end', '4539 <b>1488</b> 0343 6467'],
      [
        'card <td>4539</td><td>1488</td><td>0343</td><td>6467</td>',
        '4539</td><td>1488</td><td>0343</td><td>6467',
      ],
      ['card 4539 <!-- x --> 1488 0343 6467 end', '4539 <!-- x --> 1488 0343 6467'],
      ['card 4539&nbsp;1488&thinsp;0343&#32;6467 end', '4539&nbsp;1488&thinsp;0343&#32;6467'],
      ['card 4539 [1488](https://x.io/a) 0343 6467 end', '4539 [1488](https://x.io/a) 0343 6467'],
      ['card [4539](a)[1488](b)[0343](c)[6467](d) end', '4539](a)[1488](b)[0343](c)[6467'],
      ['card 4539 [1488][note] 0343 6467 end', '4539 [1488][note] 0343 6467'],
      ['card:\n- 4539\n- 1488\n- 0343\n- 6467\n', '4539\n- 1488\n- 0343\n- 6467'],
      ['card:\n* 4539\n* 1488\n* 0343\n* 6467\nend', '4539\n* 1488\n* 0343\n* 6467'],
      ['card 4539\r\n\r\n1488\r\n\r\n0343\r\n\r\n6467 end', '4539\r\n\r\n1488\r\n\r\n0343\r\n\r\n6467'],
      ['card:\n1. 4539\n2. 1488\n3. 0343\n4. 6467\nend', '4539\n2. 1488\n3. 0343\n4. 6467'],
      ['1) 4539\r\n2) 1488\r\n3) 0343\r\n4) 6467', '4539\r\n2) 1488\r\n3) 0343\r\n4) 6467'],
      ['card:\n  1. 4539\n  2. 1488\n  3. 0343\n  4. 6467\n', '4539\n  2. 1488\n  3. 0343\n  4. 6467'],
      ['**4539**\n**1488**\n**0343**\n**6467**', '4539**\n**1488**\n**0343**\n**6467'],
      [
        'card:\n1. **4539**\n2. **1488**\n3. **0343**\n4. **6467**',
        '4539**\n2. **1488**\n3. **0343**\n4. **6467',
      ],
      ['- `4539`\r\n- `1488`\r\n- `0343`\r\n- `6467`', '4539`\r\n- `1488`\r\n- `0343`\r\n- `6467'],
      [
        '<li>4539</li>\n<li>1488</li>\n<li>0343</li>\n<li>6467</li>',
        '4539</li>\n<li>1488</li>\n<li>0343</li>\n<li>6467',
      ],
      ['~~4539~~\n\n~~1488~~\n\n~~0343~~\n\n~~6467~~', '4539~~\n\n~~1488~~\n\n~~0343~~\n\n~~6467'],
      ['| Group |\n|---|\n| 4539 |\n| 1488 |\n| 0343 |\n| 6467 |', '4539 |\n| 1488 |\n| 0343 |\n| 6467'],
    ])('finds the card in %s, covering the markup inside it', (text, card) => {
      expect(values(text, 'credit-card')).toEqual([card])
    })

    it('finds an SSN in bold', () => {
      expect(values('ssn **536**-22-8741 end', 'us-ssn')).toEqual(['536**-22-8741'])
    })

    it('finds a key percent-encoded, or with `**` slipped into it', () => {
      expect(found(`key ${percentEncoded} end`, 'secret')).toEqual([['openai-key', percentEncoded]])
      expect(found('key sk-proj-ps4Jb0qoIHAv9Vk2**FpV21LSNM9esRsHx8bhnIyxKOg1eAJsw** end', 'secret')).toEqual(
        [['openai-key', 'sk-proj-ps4Jb0qoIHAv9Vk2**FpV21LSNM9esRsHx8bhnIyxKOg1eAJsw']],
      )
    })

    it.each([
      ['card 4539 1488\n0343 6467 end', '4539 1488\n0343 6467'],
      ['Your card is 4539 1488\r\n0343 6467, thanks', '4539 1488\r\n0343 6467'],
      ['card 4539 1488 0343 \n 6467', '4539 1488 0343 \n 6467'],
      ['card 4539-1488-\n0343-6467', '4539-1488-\n0343-6467'],
      ['amex 3782 822463\n10005 ok', '3782 822463\n10005'],
      ['1111 2222\n4539 1488\n0343 6467', '4539 1488\n0343 6467'],
      ['**4539 1488**\n**0343 6467**', '4539 1488**\n**0343 6467'],
    ])('finds the card wrapped at a line end in %s', (text, card) => {
      expect(values(text, 'credit-card')).toEqual([card])
    })

    it('reads two cards on adjacent lines as two, and a wrapped Luhn-invalid number or phone as none', () => {
      expect(values('4539 1488 0343 6467\n5555 5555 5555 4444', 'credit-card')).toEqual([
        '4539 1488 0343 6467',
        '5555 5555 5555 4444',
      ])
      expect(values('card 4539 1488\n0343 6468 end', 'credit-card')).toEqual([])
      // The line before holds a whole card: its groups are not read on into the next line's.
      expect(values('4111 1111 1111 1111\n4539 1488', 'credit-card')).toEqual(['4111 1111 1111 1111'])
      expect(values('call 415 555\n0132', 'credit-card')).toEqual([])
    })

    it('flags no Luhn-invalid card, table of numbers or ordinary markup', () => {
      expect(values('card 4539 **1488** 0343 6468 end', 'credit-card')).toEqual([])
      expect(values('card:\n- 4539\n- 1488\n- 0343\n- 6468\n', 'credit-card')).toEqual([])
      expect(values('card:\n1. 4539\n2. 1488\n3. 0343\n4. 6468\n', 'credit-card')).toEqual([])
      expect(values('Years:\n1. 2019\n2. 2020\n3. 2021\n4. 2022\n', 'credit-card')).toEqual([])
      expect(values('1. **4539**\n2. **1488**\n3. **0343**\n4. **6468**', 'credit-card')).toEqual([])
      expect(values('**Total**: 4539\n**Paid**: 1488\n**Due**: 0343 6467', 'credit-card')).toEqual([])
      expect(values('| 4539 |\n| 1488 |\n| 0343 |\n| 6468 |', 'credit-card')).toEqual([])
      // A column of numbers that is no card: Luhn-invalid, and no issuer's prefix.
      expect(values('| Paid |\n|---|\n| 2019 |\n| 2020 |\n| 2021 |\n| 2022 |', 'credit-card')).toEqual([])
      expect(values('Qty\n12\n30\n7\nTotal 49 in 2024\n\n2025 next', 'credit-card')).toEqual([])
      expect(values('card `4111` `1111` `1111` `1112` end', 'credit-card')).toEqual([])
      expect(
        values(
          'card &#52;&#49;&#49;&#49;&#49;&#49;&#49;&#49;&#49;&#49;&#49;&#49;&#49;&#49;&#49;&#50;',
          'credit-card',
        ),
      ).toEqual([])
      expect(scanText('| **4539** | **1488** | **0343** | **6468** |\n| `536` | `22` | `8741` |')).toEqual([])
      // A row that spells a whole card, prefix and checksum, is one: a card may be written as a
      // table's cells, as with any mark between its groups (outside review rv59 1).
      expect(values('| **4539** | **1488** | **0343** | **6467** |', 'credit-card')).toEqual([
        '4539** | **1488** | **0343** | **6467',
      ])
      // Only the URL, as without the reading.
      const text =
        '**Note:** run `npm test`, 2**10 is 1024, 50% off, see https://example.com/a%20b and R&#38;D.'
      expect(scanText(text).map((finding) => finding.value)).toEqual(['https://example.com/a%20b'])
    })
  })
})
