/**
 * The forms of a keyword a message may use: a one-word keyword also matches with the present
 * endings of English verbs and nouns (`arrive`: arrives, arriving; `refund`: refunds, refunding;
 * `fax`: faxes), so an author lists a word once. Not the past (`arrived`): "it arrived broken" is
 * no question about a delivery; an author who means it lists it (`shipped`). A phrase of several
 * words matches as written: its words already pin the meaning.
 */
export function keywordForms(keyword: string): string[] {
  if (keyword === '' || /\s/u.test(keyword) || !/^\p{L}+$/u.test(keyword)) return [keyword]
  const stem = keyword.endsWith('e') ? keyword.slice(0, -1) : keyword
  const forms = new Set([keyword, `${keyword}s`, `${stem}ing`])
  if (/(?:s|x|z|ch|sh)$/u.test(keyword)) forms.add(`${keyword}es`)
  // A final consonant after one vowel doubles too (`cancel`: cancelling; `ship`: shipping).
  if (/[^aeiou][aeiou][b-df-hj-np-tvz]$/u.test(keyword)) forms.add(`${keyword}${keyword.at(-1)}ing`)
  return [...forms]
}

/** A keyword ready to look for in a padded text (` words of the message `). */
export interface KeywordMatcher {
  /** What every form starts with, padded in front (` arriv`): one test rules most texts out. */
  prefix: string
  /** The forms, padded on both sides (` arrives `). */
  forms: readonly string[]
}

/** The matcher of `keyword` (already normalised the way the text it is looked for in is). */
export function keywordMatcher(keyword: string): KeywordMatcher {
  const forms = keywordForms(keyword).map((form) => ` ${form} `)
  if (forms.length === 1) return { prefix: forms[0] as string, forms }
  const stem = keyword.endsWith('e') ? keyword.slice(0, -1) : keyword
  return { prefix: ` ${stem}`, forms }
}

/** `countKeywordHits`'s word-start characters, reused by every call (it calls nothing that uses them). */
const wordStarts = new Set<number>()

/**
 * How many of each intent's keywords `padded` holds whole, into `hits` (one per keyword). The
 * longest phrase wins its words: a keyword of one intent that stands inside a longer keyword of
 * another found there counts for nothing ("status" of order status inside "refund status").
 */
export function countKeywordHits(
  padded: string,
  phrases: ReadonlyArray<readonly KeywordMatcher[]>,
  hits: { [index: number]: number; length: number },
): void {
  let found: Array<{ index: number; start: number; end: number }> | undefined
  // The characters that start a word of the text: a phrase starting with another is not searched
  // for (most of a definition's keywords, one read each instead of a substring search).
  const starts = wordStarts
  starts.clear()
  for (let at = padded.indexOf(' '); at >= 0 && at + 1 < padded.length; at = padded.indexOf(' ', at + 1))
    starts.add(padded.charCodeAt(at + 1))
  for (let index = 0; index < phrases.length; index++) {
    hits[index] = 0
    for (const phrase of phrases[index]!) {
      if (!starts.has(phrase.prefix.charCodeAt(1))) continue
      const span = keywordSpan(padded, phrase)
      if (span === undefined) continue
      found ??= []
      found.push({ index, start: span[0], end: span[1] })
    }
  }
  if (found === undefined) return
  for (const hit of found) {
    const inside = found.some(
      (other) =>
        other.index !== hit.index &&
        other.start <= hit.start &&
        other.end >= hit.end &&
        other.end - other.start > hit.end - hit.start,
    )
    if (!inside) hits[hit.index] = (hits[hit.index] as number) + 1
  }
}

/**
 * Where `padded` first holds one of the keyword's forms, on word boundaries: the start and end of
 * the form without its padding spaces, or undefined.
 */
export function keywordSpan(padded: string, matcher: KeywordMatcher): readonly [number, number] | undefined {
  if (!padded.includes(matcher.prefix)) return undefined
  for (const form of matcher.forms) {
    const at = padded.indexOf(form)
    if (at >= 0) return [at + 1, at + form.length - 1]
  }
  return undefined
}

/** Does `padded` (a text with a space at each end) hold one of the keyword's forms, on word boundaries? */
export function hasKeyword(padded: string, matcher: KeywordMatcher): boolean {
  if (!padded.includes(matcher.prefix)) return false
  if (matcher.forms.length === 1) return true
  for (const form of matcher.forms) if (padded.includes(form)) return true
  return false
}
