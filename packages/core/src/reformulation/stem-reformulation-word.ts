const unchanged = new Set([
  'news',
  'series',
  'species',
  'analysis',
  'basis',
  'crisis',
  'thesis',
  'business',
  'less',
  'loss',
  'across',
  'focus',
  'status',
  'plus',
  'versus',
  'always',
  'bonus',
  'census',
  'campus',
  'virus',
  'canvas',
  'atlas',
  'lens',
  'gas',
  'bus',
  'us',
  'its',
  'this',
  'has',
  'was',
  'is',
  'as',
  'yes',
  'does',
  'goes',
  'physics',
  'economics',
  'politics',
  'mathematics',
  'ethics',
  'athletics',
  'means',
])

/** Plural-only nouns whose singular reads differently (`earnings` is not `earning` + s in use). */
const irregular: Readonly<Record<string, string>> = {
  earnings: 'earn',
  earning: 'earn',
  sales: 'sal',
  savings: 'sav',
}

const isVowel = (character: string | undefined) => character !== undefined && 'aeiouy'.includes(character)

function undouble(stem: string): string {
  const last = stem[stem.length - 1]
  return stem.length > 3 && last === stem[stem.length - 2] && !isVowel(last) && !'lsz'.includes(last ?? '')
    ? stem.slice(0, -1)
    : stem
}

function stripSuffix(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`
  if (word.endsWith('sses')) return word.slice(0, -2)
  if (/(ss|us|is)$/.test(word)) return word
  if (/(ch|sh|x|z)es$/.test(word)) return word.slice(0, -2)
  if (word.endsWith('s') && word.length > 3) return word.slice(0, -1)
  if (word.endsWith('ing') && word.length > 5) return undouble(word.slice(0, -3))
  if (word.endsWith('ed') && word.length > 4) return undouble(word.slice(0, -2))
  return word
}

/**
 * A light, deterministic English stemmer for goal comparison: plural, `-ing`, `-ed`, possessive
 * and a final `e` are removed, so `summarize`, `summarized`, `summarizing` share `summariz` and
 * `prices`, `priced` share `pric`. Same input, same stem.
 */
export function stemReformulationWord(word: string): string {
  let stem = word
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/['’]$/, '')
  if (/\d/.test(stem)) return stem
  if (unchanged.has(stem)) return stem
  const mapped = irregular[stem]
  if (mapped !== undefined) return mapped
  stem = stripSuffix(stem)
  if (stem.endsWith('ing') && stem.length > 5) stem = undouble(stem.slice(0, -3))
  return stem.length > 3 && stem.endsWith('e') ? stem.slice(0, -1) : stem
}
