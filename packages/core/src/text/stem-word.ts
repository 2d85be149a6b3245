// Maps, not objects: words like `constructor` must not resolve to Object.prototype members.
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
    // Plural-only nouns whose singular reads differently (`earnings` is not `earning` + s in use).
    earnings: 'earn',
    earning: 'earn',
    sales: 'sal',
    savings: 'sav',
  }),
)

/** Irregular past forms: a parser reads them as past tense (`broke`, `wrote`, `was`). */
export const irregularPastForms: ReadonlySet<string> = new Set(
  'did done broke broken ran wrote written built made went gone got found saw seen took fell was were'.split(
    ' ',
  ),
)

/** Words ending in `s` that are not plurals (`news`, `analysis`, `status`, `means`). */
const notPlural: ReadonlySet<string> = new Set(
  (
    'news series species analysis basis crisis thesis business less loss across focus status plus versus ' +
    'always bonus census campus virus canvas atlas lens gas bus us its this has is as yes goes physics ' +
    'economics politics mathematics ethics athletics means'
  ).split(' '),
)

const isVowel = (character: string | undefined) => character !== undefined && 'aeiouy'.includes(character)

/** `stopp` → `stop`, but `fill`, `pass`, `buzz` keep their double letter. */
function undouble(stem: string): string {
  const last = stem[stem.length - 1]
  return stem.length > 3 && last === stem[stem.length - 2] && !isVowel(last) && !'lsz'.includes(last ?? '')
    ? stem.slice(0, -1)
    : stem
}

/**
 * Stems already computed, by word: every turn stems the same few thousand words again, and a
 * lookup costs a tenth of stemming. Bounded by {@link maxRememberedStems}.
 */
const stems = new Map<string, string>()
const maxRememberedStems = 20_000

/**
 * Focal's one English stemmer, shared by the goal parser, the sensor, the reformulation guard and
 * the intent classifier, so a word stems the same wherever it is compared. Light and deterministic:
 * plural, `-ing`, `-ed`, a possessive and a final `e` go (`modify`, `modified`, `modifies`,
 * `modifying` → `modify`; `cache`, `cached`, `caching` → `cach`; `movie`, `movies` → `movy`; one suffix only, so `settings`
 * is `setting`, not the verb `set`, as `ratings` is `rating` (its singular stems to `rate`, and
 * `warning` to `warn`: an `-ings` noun does not meet its singular, so a cue written `warning` misses
 * `warnings`); a one-syllable verb in `-te` keeps its
 * `e`: `rate`, `rated`, `rating` → `rate`, never `rat`), irregular
 * verbs map to their base (`wrote` → `write`), words with digits are left alone.
 */
export function stemWord(word: string): string {
  const known = stems.get(word)
  if (known !== undefined) return known
  const stem = stemUncached(word)
  // A word list is open-ended (names, typos): the memo starts over rather than grow without bound.
  if (stems.size >= maxRememberedStems) stems.clear()
  stems.set(word, stem)
  return stem
}

/**
 * A one-syllable stem ending in a single vowel and `t` (`rat`, `not`, `writ`, `stat`): what is
 * left of a verb in `-te` once `-ing`, `-ed` or its `e` is gone (`rating`, `noted`, `write`),
 * since a verb that ends in the letters themselves doubles the `t` (`sitting`, `setting`). Such a
 * stem keeps its `e`, so `rating` is not the animal, nor `note` the negation `not`.
 */
const singleSyllableT = /^[^aeiouy]*[aeiouy]t$/u
const hasVowel = /[aeiouy]/u

/** `core` with the `e` of a verb in `-te` back on, when {@link singleSyllableT} says it had one. */
function withFinalE(core: string): string {
  return singleSyllableT.test(core) ? `${core}e` : core
}

/** The stem of a word in `-ing` or `-ed` once the suffix is off (`stopp` → `stop`, `rat` → `rate`). */
function suffixStem(core: string): string {
  const undoubled = undouble(core)
  return undoubled === core ? withFinalE(core) : undoubled
}

function stemUncached(word: string): string {
  let stem = word
    .toLowerCase()
    .replace(/['’]s$/u, '')
    .replace(/['’]$/u, '')
  if (/\d/u.test(stem)) return stem
  const mapped = irregular.get(stem)
  if (mapped !== undefined) stem = mapped
  if (stem.length <= 3 || notPlural.has(stem)) return stem
  // One suffix at most: `settings` stays `setting`, never the verb `set`.
  if ((stem.endsWith('ies') || stem.endsWith('ied')) && stem.length > 4) stem = `${stem.slice(0, -3)}y`
  // A suffix comes off only where a vowel is left before it: `string` is no `str` + `-ing`.
  else if (stem.endsWith('ing') && stem.length > 5 && hasVowel.test(stem.slice(0, -3)))
    stem = suffixStem(stem.slice(0, -3))
  else if (stem.endsWith('ed') && stem.length > 4 && hasVowel.test(stem.slice(0, -2)))
    stem = suffixStem(stem.slice(0, -2))
  else if (/(?:ss|sh|ch|x|z)es$/u.test(stem)) stem = stem.slice(0, -2)
  else if (stem.endsWith('s') && !/(?:ss|us|is)$/u.test(stem)) stem = stem.slice(0, -1)
  // A noun in `-ie` stems like its plural in `-ies` (`movie`, `movies` → `movy`).
  if (stem.length > 4 && stem.endsWith('ie')) return `${stem.slice(0, -2)}y`
  if (stem.length > 3 && stem.endsWith('e')) {
    const core = stem.slice(0, -1)
    return singleSyllableT.test(core) ? stem : core
  }
  return stem
}
