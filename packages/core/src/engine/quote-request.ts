/**
 * A queued request as the engine quotes it back ("You also asked: "…""): without the clauses
 * that only give personal details ("where is NW-3003, my ssn is 123-45-6789" → "where is
 * NW-3003"; "…, my phone is 555-123-4567"; "- paid with card … cvv 123"). The request is kept
 * whole in the session; only the quote leaves them out (outside review rv55: an SSN, a CVV and a
 * phone number were quoted back in full). A request that is nothing but such details is quoted as is.
 */
export function quoteRequest(request: string): string {
  if (!mayGiveDetail.test(request)) return request
  const parts = request.split(clauseBreak)
  const kept = parts.filter((part) => !personalDetail.test(part))
  if (kept.length === 0 || kept.length === parts.length) return request
  return kept
    .join(', ')
    .replace(/[\s,;-]+$/u, '')
    .trim()
}

/** Where a request's clauses part: a comma, a semicolon, a dash between spaces. */
const clauseBreak = /\s*(?:[,;]|\s-\s|\s\u2013\s)\s*/u

/** A word of {@link personalDetail}, anywhere: the cheap test before the request is split. */
const mayGiveDetail =
  /\b(?:ssn|social|phone|mobile|cell|card|cvv|cvc|security|dob|date of birth|birthday|pin|password)\b/i

/** A clause that gives a personal detail: "my ssn is …", "my phone is …", "paid with card …", "cvv 123". */
const personalDetail =
  /^(?:(?:and|also)\s+)?(?:my\s+)?(?:ssn|social security(?:\s+number)?|phone(?:\s+number)?|mobile(?:\s+number)?|cell(?:\s+number)?|card\s+number|cvv|cvc|security\s+code|dob|date\s+of\s+birth|birthday|pin|password)\b|\bpaid\s+with\s+(?:my\s+|a\s+|the\s+)?card\b|\b(?:cvv|cvc)\s*:?\s*\d/i
