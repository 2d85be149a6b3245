/**
 * A queued request as the engine quotes it back ("You also asked: "…""): without the clauses
 * that only give personal details ("where is NW-3003, my ssn is 123-45-6789" → "where is
 * NW-3003"; "…, my phone is 555-123-4567"; "- paid with card … cvv 123"). The request is kept
 * whole in the session; only the quote leaves them out (outside review rv55: an SSN, a CVV and a
 * phone number were quoted back in full). A request that is nothing but such details is quoted as is.
 */
export function quoteRequest(request: string): string {
  if (!mayGiveDetail.test(request)) return withLongNumbersHidden(request)
  const parts = request.split(clauseBreak)
  const kept = parts.filter((part) => !personalDetail.test(part))
  if (kept.length === 0 || kept.length === parts.length) return withLongNumbersHidden(request)
  return withLongNumbersHidden(
    kept
      .join(', ')
      .replace(/[\s,;-]+$/u, '')
      .trim(),
  )
}

/**
 * `text` with every run of 12 to 19 digits shown as its last four ("•••• 1111"), however it is
 * grouped (any one or two marks between digits: spaces, dashes, dots, slashes, colons, pluses)
 * and glued to letters or not, and nine digits written as an SSN ("536/22/1234") as its last four: the engine quotes the
 * customer's own words back, and a card number in them must not come back whole. The card
 * detectors of Lane 1 read the usual groupings only; "4111/1111/1111/1111" and
 * "visa4111111111111111" came back in full (outside review rv56 L1).
 */
export function withLongNumbersHidden(text: string): string {
  if (!manyDigits.test(text)) return text
  return text
    .replace(longNumber, (run) => `\u2022\u2022\u2022\u2022 ${run.replace(/\D/gu, '').slice(-4)}`)
    .replace(ssnLike, (run) => `\u2022\u2022\u2022-\u2022\u2022-${run.slice(-4)}`)
}
const manyDigits = /(?:\d\D{0,2}){9}/u
const longNumber = /(?<!\d)\d(?:[^\p{L}\p{N}]{0,2}\d){11,18}(?!\d)/gu
/** An SSN however written: three, two and four digits with or without marks between (rv57 L2). */
const ssnLike = /(?<!\d)\d{3}[^\p{L}\p{N}\s$]?\d{2}[^\p{L}\p{N}\s$]?\d{4}(?!\d)/gu

/** Where a request's clauses part: a comma, a semicolon, a dash between spaces. */
const clauseBreak = /\s*(?:[,;]|\s-\s|\s\u2013\s)\s*/u

/** A word of {@link personalDetail}, anywhere: the cheap test before the request is split. */
const mayGiveDetail =
  /\b(?:ssn|social|phone|mobile|cell|card|cvv|cvc|security|dob|date of birth|birthday|pin|password|exp(?:iry|ires|iration)?)\b/i

/** A clause that gives a personal detail: "my ssn is …", "my phone is …", "my card is …", "paid with card …", "cvv 123", "exp 08/29". */
const personalDetail =
  /^(?:(?:and|also)\s+)?(?:my\s+)?(?:ssn|social(?:\s+security)?(?:\s+number)?|phone(?:\s+number)?|mobile(?:\s+number)?|cell(?:\s+number)?|card\s+number|cvv|cvc|security\s+code|dob|date\s+of\s+birth|birthday|pin|password)\b|^(?:(?:and|also)\s+)?my\s+(?:credit\s+|debit\s+)?card\s+(?:is|was|=|:)|\bpaid\s+with\s+(?:my\s+|a\s+|the\s+)?card\b|\b(?:cvv|cvc)\s*:?\s*\d|\bexp(?:iry|ires|iration)?(?:\s+date)?\s*:?\s*\d{1,2}\s*\/\s*\d{2,4}/i
