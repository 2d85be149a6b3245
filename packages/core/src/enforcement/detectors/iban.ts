import { isWordCode } from './char-classes.ts'

/** IBAN length per country (SWIFT IBAN registry), indexed by the country code's two letters. */
const ibanLengths = (() => {
  const table = new Uint8Array(26 * 26)
  const entries =
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 DK18 DO28 EE20 EG29 ES24 ' +
    'FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HN28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 LC32 ' +
    'LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24 ' +
    'RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30'
  for (const entry of entries.split(' '))
    table[countryIndex(entry.charCodeAt(0), entry.charCodeAt(1))] = Number(entry.slice(2))
  return table
})()

/** Index of a two-capital country code in `ibanLengths`. */
function countryIndex(first: number, second: number): number {
  return (first - 65) * 26 + (second - 65)
}

/** Longest IBAN (Russia, 33; the standard allows 34). */
const maxIbanLength = 34
/** The characters of the IBAN being read (reused; no array per candidate). */
const ibanCodes = new Uint16Array(maxIbanLength)

function isUpper(code: number): boolean {
  return code >= 65 && code <= 90
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

/** Expected length when `text` at `start` begins like an IBAN (`CCdd`, known country), else 0. */
export function ibanLengthAt(text: string, start: number): number {
  const c0 = text.charCodeAt(start)
  const c1 = text.charCodeAt(start + 1)
  if (
    !isUpper(c0) ||
    !isUpper(c1) ||
    !isDigit(text.charCodeAt(start + 2)) ||
    !isDigit(text.charCodeAt(start + 3))
  )
    return 0
  return ibanLengths[countryIndex(c0, c1)] as number
}

/** Result of reading an IBAN: where it ends, or that the text ended mid-way (streaming). */
export type IbanMatch = { type: 'match'; end: number } | { type: 'none' } | { type: 'incomplete' }

/**
 * Reads an IBAN at `start`, compact (`DE89370400440532013000`) or in groups of four separated by
 * single spaces or single dashes, with exactly the country's length and a valid ISO 7064 mod-97 check.
 */
export function readIban(text: string, start: number, expected: number): IbanMatch {
  // Groups of four are separated by single spaces or single dashes, the same throughout.
  const separator = text.charCodeAt(start + 4)
  const spaced = separator === 32 || separator === 45
  const codes = ibanCodes
  let count = 0
  let index = start
  while (count < expected) {
    if (index >= text.length) return { type: 'incomplete' }
    if (spaced && count > 0 && count % 4 === 0 && index === start + count + count / 4 - 1) {
      if (text.charCodeAt(index) !== separator) return { type: 'none' }
      index++
      continue
    }
    const code = text.charCodeAt(index)
    if (!isUpper(code) && !isDigit(code)) return { type: 'none' }
    codes[count++] = code
    index++
  }
  if (index < text.length && isWordCode(text.charCodeAt(index))) return { type: 'none' }
  let remainder = 0
  for (let position = 4; position < expected + 4; position++) {
    const code = codes[position % expected] as number
    remainder = isDigit(code) ? (remainder * 10 + code - 48) % 97 : (remainder * 100 + code - 55) % 97
  }
  return remainder === 1 ? { type: 'match', end: index } : { type: 'none' }
}
