import type { ChatTextScan } from './apply-chat-chunk.ts'

/** Options of {@link createCardNumberScan}. */
export interface CardNumberScanOptions {
  /**
   * What a card number is replaced with.
   * @default '[redacted card number]'
   */
  replacement?: string
}

const candidate = /\d(?:[ -]?\d){12,18}/g
const trailingDigits = /\d[\d -]*$/

function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2
    sum += digit
  }
  return sum % 10 === 0
}

/**
 * A client-side Lane 1 scan for `createChatStore({ scan })`: replaces Luhn-valid card numbers and,
 * while a reply is still streaming (or was cut off), withholds a trailing run of digits that could
 * still grow into one, so no prefix of a card number ever reaches the DOM.
 *
 * @example
 * const store = createChatStore({ transport, scan: createCardNumberScan() })
 */
export function createCardNumberScan({
  replacement = '[redacted card number]',
}: CardNumberScanOptions = {}): ChatTextScan {
  return (text, { final }) => {
    const masked = text.replace(candidate, (match) =>
      passesLuhn(match.replace(/[ -]/g, '')) ? replacement : match,
    )
    return final ? masked : masked.replace(trailingDigits, '')
  }
}
