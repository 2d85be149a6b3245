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
