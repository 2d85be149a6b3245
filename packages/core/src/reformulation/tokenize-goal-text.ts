import { stemWord } from '../text/index.ts'

/** One token of a goal or evidence text. */
export interface GoalToken {
  /** As written (after Unicode normalisation). */
  text: string
  lower: string
  stem: string
  /** Starts with an upper-case letter. */
  capitalized: boolean
  /** First word of a sentence (its capital says nothing about being a name). */
  sentenceStart: boolean
  /** Numeric value for numbers, money and percentages (`$1.5k` is 1500). */
  value?: number
  /** `$`, `%`, or undefined. */
  unit?: '$' | '%'
  punctuation: boolean
}

// File paths (`src/auth.ts`, `README.md`) are one token: a location, not words joined on.
const tokenPattern =
  /(?:[\p{L}\p{N}_@-]+\/)+[\p{L}\p{N}_@-]+(?:\.[\p{L}\p{N}]+)?|[\p{L}\p{N}_-]+\.(?:tsx?|jsx?|mjs|cjs|py|go|rs|java|kt|rb|cs|cpp|php|swift|md|json|ya?ml|toml|sql|sh|css|html)\b|\d{4}-\d{2}-\d{2}|[$€£]\s?\d+(?:[.,]\d+)*(?:\s?(?:k|m|bn|b)\b)?|\d+(?:[.,]\d+)*\s?%|\d+(?:[.,]\d+)*[a-z]*|[\p{L}][\p{L}\p{N}]*(?:['’][\p{L}]+)?|<=|>=|[&/,;+<>?!.:]/giu

/** Cyrillic and Greek letters that render like Latin ones. */
const homoglyphs: Readonly<Record<string, string>> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ӏ: 'l',
  һ: 'h',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ј: 'J',
  Ѕ: 'S',
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ν: 'v',
  τ: 't',
  ι: 'i',
  κ: 'k',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
}

const multipliers: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, b: 1e9, bn: 1e9 }

function numericValue(text: string): Pick<GoalToken, 'value' | 'unit'> {
  const money = /^[$€£]\s?([\d.,]+)\s?(k|m|bn|b)?$/i.exec(text)
  if (money)
    return {
      value: Number(money[1]!.replace(/,/g, '')) * (multipliers[(money[2] ?? '').toLowerCase()] ?? 1),
      unit: '$',
    }
  const percent = /^([\d.,]+)\s?%$/.exec(text)
  if (percent) return { value: Number(percent[1]!.replace(/,/g, '')), unit: '%' }
  if (/^\d+(?:[.,]\d+)*$/.test(text)) return { value: Number(text.replace(/,(?=\d{3}\b)/g, '')) }
  return {}
}

/** Normalises quotes, dashes and hyphenated words, then splits a text into {@link GoalToken}s. */
export function tokenizeGoalText(text: string): GoalToken[] {
  const normalized = text
    .normalize('NFKC')
    // Invisible characters and look-alike letters must not hide a word from the guard (`an\u200bd`, Cyrillic `аnd`).
    .replace(/[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]/g, '')
    .replace(/[\u0370-\u03ff\u0400-\u04ff]/g, (character) => homoglyphs[character] ?? character)
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/(\p{L})[-‐‑](?=\p{L})/gu, '$1 ')
    .replace(/[–—]/g, ' - ')
  const tokens: GoalToken[] = []
  let sentenceStart = true
  for (const match of normalized.matchAll(tokenPattern)) {
    const raw = match[0]
    const punctuation = !/[\p{L}\p{N}]/u.test(raw)
    const lower = raw.toLowerCase()
    tokens.push({
      text: raw,
      lower,
      stem: punctuation ? lower : stemWord(lower.replace(/n't$/, '')),
      capitalized: /^\p{Lu}/u.test(raw),
      sentenceStart: sentenceStart && !punctuation,
      punctuation,
      ...numericValue(raw),
    })
    if (!punctuation) sentenceStart = false
    if (/^[.?!:;]$/.test(raw)) sentenceStart = true
  }
  return tokens
}
