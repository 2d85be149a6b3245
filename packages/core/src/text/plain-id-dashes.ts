/** A typographic dash (hyphen, non-breaking hyphen, figure dash, en and em dash, minus sign) between a letter or digit and a digit. */
const idDash = /(?<=[\p{L}\p{N}])[\u2010-\u2015\u2212](?=\p{N})/gu

/**
 * `text` with each typographic dash that joins an id's letters to its digits written as a hyphen:
 * "NW–2002" (the en dash phones' autocorrect types) is "NW-2002", as every id pattern expects.
 * Dashes in prose ("refund — actually no") and before a currency sign ("$20–$30") stay; the text
 * keeps its length, so positions in it still hold.
 */
export function withPlainIdDashes(text: string): string {
  return /[\u2010-\u2015\u2212]/u.test(text) ? text.replace(idDash, '-') : text
}
