import { createScanner, type Scanner } from './create-scanner.ts'
import { digitValue } from './detectors/char-classes.ts'
import { readableText } from './extract-response-variables.ts'

/** Finds cards as the `credit-card` detector does (Luhn, brand prefix, 13-19 digits); made on first use. */
let cardScanner: Scanner | undefined

/**
 * The card numbers (ASCII digits only) that the tool results in `variables.tool` hold, found by
 * the `credit-card` detector in every string of the results and every whole number (a card sent
 * as a JSON number). A long id that is not a card (no card brand's prefix) is not one, so a reply
 * may repeat it. Every value is read (no cap: a card past one would go unchecked); an object seen
 * twice is read once.
 */
export function toolCards(variables: Record<string, unknown> | undefined): string[] {
  const tool = variables?.tool
  if (typeof tool !== 'object' || tool === null) return []
  cardScanner ??= createScanner({ detectors: ['credit-card'] })
  const cards = new Set<string>()
  const seen = new Set<object>()
  const pending: unknown[] = [tool]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value))) {
      for (const finding of cardScanner.scan(String(value)).findings) cards.add(digitsOf(finding.value))
    } else if (typeof value === 'object' && value !== null && !seen.has(value)) {
      seen.add(value)
      pending.push(...Object.values(value))
    }
  }
  return [...cards]
}

/** The digits of `text` as ASCII, whatever script each is written in (`４１１１` → `4111`). */
function digitsOf(text: string): string {
  let digits = ''
  for (let index = 0; index < text.length; index++) {
    const digit = digitValue(text.charCodeAt(index))
    if (digit >= 0) digits += String(digit)
  }
  return digits
}

const digitWords: Readonly<Record<string, string>> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
}
/** A digit (ASCII, full-width, Arabic-Indic, Devanagari) or a digit's English word. */
const digitOrWord =
  /[\d\uff10-\uff19\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b/gi
/** How far apart two digits of one card may stand in a reply (characters) and still be read together. */
const digitReach = 40

/**
 * Does `text` spell out one of `cards` in full, with its digits in order however far apart the
 * writer put them (up to {@link digitReach} characters between two): in words ("four one one one,
 * one one one one, …") or split by other words ("4111 1111 and then 1111 1111"). A card written
 * as one number is the detectors' to find and mask; this is the rest of what a reader still reads
 * as the number (outside review rv63 2: both reached the customer after the card lookup ran).
 */
export function spellsOutCard(text: string, cards: readonly string[]): boolean {
  if (cards.length === 0) return false
  const digits: string[] = []
  const places: number[] = []
  for (const match of readableText(text).matchAll(digitOrWord)) {
    digits.push(digitWords[match[0].toLowerCase()] ?? String(digitValue(match[0].charCodeAt(0))))
    places.push(match.index)
  }
  return cards.some((card) => {
    for (let start = 0; start + card.length <= digits.length; start++) {
      let matched = 0
      while (
        matched < card.length &&
        digits[start + matched] === card[matched] &&
        (matched === 0 ||
          (places[start + matched] as number) - (places[start + matched - 1] as number) <= digitReach)
      )
        matched++
      if (matched === card.length) return true
    }
    return false
  })
}
