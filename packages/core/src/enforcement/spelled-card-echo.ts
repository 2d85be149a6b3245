import { readableText } from './extract-response-variables.ts'

/** A run of 13 to 19 digits, grouped by single spaces or dashes or not: a card number's shape. */
const cardShape = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/gu

/** The Luhn checksum of a string of digits. */
function luhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/**
 * The card numbers (digits only) that the tool results in `variables.tool` hold: runs of 13-19
 * digits that pass the Luhn check, in any string of the results (at most 2,000 strings read).
 */
export function toolCards(variables: Record<string, unknown> | undefined): string[] {
  const tool = variables?.tool
  if (typeof tool !== 'object' || tool === null) return []
  const cards = new Set<string>()
  const pending: unknown[] = [tool]
  let read = 0
  while (pending.length > 0 && read < 2000) {
    const value = pending.pop()
    if (typeof value === 'string') {
      read++
      for (const match of value.matchAll(cardShape)) {
        const digits = match[0].replace(/\D/gu, '')
        if (luhn(digits)) cards.add(digits)
      }
    } else if (typeof value === 'object' && value !== null) pending.push(...Object.values(value))
  }
  return [...cards]
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
const digitOrWord = /\d|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b/giu
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
    digits.push(digitWords[match[0].toLowerCase()] ?? match[0])
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
