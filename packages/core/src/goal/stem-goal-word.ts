// A Map, not an object: words like `constructor` must not resolve to Object.prototype members.
const irregular: ReadonlyMap<string, string> = new Map(
  Object.entries({
    did: 'do',
    done: 'do',
    does: 'do',
    broke: 'break',
    broken: 'break',
    ran: 'run',
    wrote: 'write',
    written: 'write',
    built: 'build',
    made: 'make',
    went: 'go',
    gone: 'go',
    got: 'get',
    found: 'find',
    saw: 'see',
    seen: 'see',
    took: 'take',
    fell: 'fall',
    was: 'be',
    were: 'be',
  }),
)

/** Irregular past forms the parser treats as past tense. */
export const irregularPastForms: ReadonlySet<string> = new Set(
  [...irregular.keys()].filter((word) => word !== 'does'),
)

const isVowel = (character: string | undefined) => character !== undefined && 'aeiouy'.includes(character)

function undouble(stem: string): string {
  const last = stem[stem.length - 1]
  return stem.length > 3 && last === stem[stem.length - 2] && !isVowel(last) && !'lsz'.includes(last ?? '')
    ? stem.slice(0, -1)
    : stem
}

/**
 * A light English stemmer: `modify`, `modified`, `modifies`, `modifying` all become `modify`;
 * `cache`, `cached`, `caching` become `cach`. Same input, same stem: cues and text share it.
 */
export function stemGoalWord(word: string): string {
  const mapped = irregular.get(word)
  if (mapped !== undefined) return mapped
  let stem = word
  if (stem.length <= 3) return stem
  if (stem.endsWith('ies') || stem.endsWith('ied')) stem = `${stem.slice(0, -3)}y`
  else if (stem.endsWith('ing') && stem.length > 5) stem = undouble(stem.slice(0, -3))
  else if (stem.endsWith('ed') && stem.length > 4) stem = undouble(stem.slice(0, -2))
  else if (/(?:ss|sh|ch|x|z)es$/.test(stem)) stem = stem.slice(0, -2)
  else if (stem.endsWith('s') && !/(?:ss|us|is)$/.test(stem)) stem = stem.slice(0, -1)
  if (stem.length > 3 && stem.endsWith('e')) stem = stem.slice(0, -1)
  return stem
}
