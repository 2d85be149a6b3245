import { blocklistReading, originalIndex, readingClass, readingIndex } from './blocklist-readings.ts'
import type { Finding } from './types.ts'

/**
 * Finds a scanner's blocklist terms in a text, pushing findings from `from` on, and returns where
 * a term the text's end may cut short begins (`Best Bu`, `A m a z`, or a whole term the next
 * character could still join to a word: `Target` | `ed`), else `text.length`.
 */
export type BlocklistMatcher = (text: string, from: number, findings: Finding[]) => number

/** Most whitespace or joiner characters a blank inside a term matches (`Acme\n  Corp`). */
const blankRun = 32
/** Most separator characters between two characters spelled apart (`A m a z o n`, `A . m . a`). */
const spacedRun = 3
/** Characters written inside a word that a reader reads through (`Wal-Mart`, `A.m.a.z.o.n`, `A/m/a/z/o/n`). */
const joiners = '\\-\\u2010-\\u2015\\u2212._\\u00b7\\u2022*~/\\\\+'
const joiner = `[${joiners}]`
const separator = `[\\s${joiners}]`
/** A run of blanks or joiners inside a term, or one character of it. */
const termPiece = new RegExp(`${separator}+|[\\s\\S]`, 'gu')
const blankPiece = new RegExp(`^${separator}+$`, 'u')
const wordCharacter = '[\\p{L}\\p{N}_]'
/** A letter or digit written alone, its next character a separator (`a` in `x a m a z o n`). */
const loneBefore = `(?<!${wordCharacter})[\\p{L}\\p{N}]${separator}{1,${spacedRun}}`
/** A separator, then a letter or digit written alone (` s` in `t a r g e t s`). */
const loneAfter = `${separator}{1,${spacedRun}}[\\p{L}\\p{N}](?!${wordCharacter})`

/**
 * A group that never matches, in place of a way of writing a term has not: each term keeps its
 * group's number (the match's group tells which term it read).
 */
const never = '((?!))'

/** A term written in scripts without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Burmese). */
const unspacedScript =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u30fc\u30fb\s]+$/u

/** One character of a term (a class of what reads as it) and whether a blank follows it. */
interface Unit {
  source: string
  blankAfter: boolean
}

/**
 * Compiles blocklist terms to one matcher over a reader's reading of the text (undefined when there
 * are none: a scanner without a blocklist pays nothing). A term is found whole-word and
 * case-insensitively, also when it is written
 * - with digits or symbols for letters (`Amaz0n`, `W@lmart`), accented, or in mathematical,
 *   letterlike or enclosed letters (`𝐀𝐦𝐚𝐳𝐨𝐧`), see `readingClass`;
 * - with one joiner (`-._·•*~`) between two of its characters (`Wal-Mart`, `A.m.a.z.o.n`);
 * - spelled apart, every character followed by 1 to 3 separators (`A m a z o n`), and then not
 *   inside a longer spelled-apart word (`t a r g e t s`, `x a m a z o n`);
 * - with each blank of a multi-word term as 0 to 32 whitespace or joiner characters (`BestBuy`,
 *   `Best-Buy`, `Best  Buy`).
 * A reading counts only when at least half the term's letters are written as letters (read as a
 * reader reads them: `ⓐ` and a look-alike `А` are letters, `4` and `@` are not), so a number never
 * reads as a word (`8053` is not `Bose`). Findings cover the characters as written.
 * Every character becomes a class of what reads as it, and every repeat sits between classes it
 * cannot overlap (and is bounded, but in the end-anchored prefix search of a text's tail): a term
 * cannot make the regex backtrack.
 */
export function compileBlocklist(terms: readonly string[]): BlocklistMatcher | undefined {
  if (terms.length === 0) return undefined
  // A definition's stream guard makes a scanner per reply: its terms are compiled once. The
  // matcher holds no state between calls (each sets its regexes' `lastIndex`), so it is shared.
  const key = terms.join('\n')
  const cached = compiled.get(key)
  if (cached !== undefined) return cached
  if (compiled.size >= compiledLimit) compiled.clear()
  const matcher = compileTerms(terms)
  if (matcher !== undefined) compiled.set(key, matcher)
  return matcher
}

/** Matchers already compiled, by their terms (see `compileBlocklist`). */
const compiled = new Map<string, BlocklistMatcher>()
const compiledLimit = 64

function compileTerms(terms: readonly string[]): BlocklistMatcher | undefined {
  const kept = terms.filter((term) => unitsOf(term).length > 0)
  if (kept.length === 0) return undefined
  const parsed = kept.map(unitsOf)
  const letters = kept.map((term) => term.match(/\p{L}/gu)?.length ?? 0)
  // Every term in a group of its own (its index tells which term a match read), the word
  // boundaries once per way of writing: a Unicode class costs V8 a lot to compile.
  const compact = parsed.map((units) => `(${compactSource(units)})`)
  const spaced = parsed.map((units) =>
    units.length < 2 ? never : `(${units.map((unit) => unit.source).join(`${separator}{1,${spacedRun}}`)})`,
  )
  // A term of a script written without spaces (`アマゾン`, `沃尔玛`) stands between other letters of
  // its sentence: it is found with no word boundary (blind draft attack, session 70: it never was).
  const unspaced = parsed.map((units, index) =>
    unspacedScript.test(kept[index] as string) ? `(${compactSource(units)})` : never,
  )
  const anyUnspaced = unspaced.some((source) => source !== never)
  const regex = new RegExp(
    `(?<!${wordCharacter})(?:(?:${compact.join('|')})(?!${wordCharacter})|(?<!${loneBefore})(?:${spaced.join('|')})(?!${wordCharacter})(?!${loneAfter}))${anyUnspaced ? `|${unspaced.join('|')}` : ''}`,
    'gu',
  )
  // Where a term the text's end cuts short may begin: the prefixes of both ways of writing it,
  // anchored at the end, read only in the last `partialSpan` characters of the reading. Its
  // separator runs are unbounded (`+`, `*`): nested bounded ones (`{1,3}` in every prefix) cost
  // V8 30 ms to compile, and holding a little more of a tail only delays it.
  const unspacedPrefixes = parsed
    .filter((_, index) => unspacedScript.test(kept[index] as string))
    .map(compactPrefixes)
  const partial = new RegExp(
    `(?:(?<!${wordCharacter})(?:${parsed.flatMap((units) => (units.length < 2 ? [compactPrefixes(units)] : [compactPrefixes(units), spacedPrefixes(units)])).join('|')})${unspacedPrefixes.length > 0 ? `|${unspacedPrefixes.join('|')}` : ''})$`,
    'gu',
  )
  const partialSpan = Math.max(
    ...parsed.map((units) =>
      units.reduce((span, unit) => span + 1 + (unit.blankAfter ? blankRun : spacedRun), 0),
    ),
  )
  return (text, from, findings) => {
    const reading = blocklistReading(text)
    const read = reading.text
    const readFrom = readingIndex(reading, from)
    regex.lastIndex = readFrom
    for (let match = regex.exec(read); match !== null; match = regex.exec(read)) {
      const term = (match.findIndex((group, index) => index > 0 && group !== undefined) - 1) % parsed.length
      const start = originalIndex(reading, match.index)
      const end = originalIndex(reading, match.index + match[0].length)
      const value = text.slice(start, end)
      // Letters as read: a circled or look-alike letter is one, a digit written for one is not.
      if (2 * (match[0].match(/\p{L}/gu)?.length ?? 0) < (letters[term] ?? 0)) {
        // A number read as a word: look again from its next character.
        regex.lastIndex = match.index + 1
        continue
      }
      findings.push({ type: 'blocklist', start, end, value, confidence: 1, detector: 'blocklist' })
    }
    partial.lastIndex = Math.max(readFrom, read.length - partialSpan)
    const cutShort = partial.exec(read)
    return cutShort === null ? text.length : originalIndex(reading, cutShort.index)
  }
}

/** A term's characters, each marked when a blank (whitespace or joiners) follows it. */
function unitsOf(term: string): Unit[] {
  const units: Unit[] = []
  for (const piece of term.trim().match(termPiece) ?? []) {
    const last = units.at(-1)
    if (blankPiece.test(piece)) {
      if (last !== undefined) last.blankAfter = true
    } else units.push({ source: readingClass(piece), blankAfter: false })
  }
  const last = units.at(-1)
  if (last !== undefined) last.blankAfter = false
  return units
}

/** What may stand after a unit inside a term written compactly: a blank, or one joiner. */
function gapAfter(unit: Unit): string {
  return unit.blankAfter ? `${separator}{0,${blankRun}}` : `${joiner}?`
}

function compactSource(units: readonly Unit[]): string {
  return units
    .map((unit, index) => (index === units.length - 1 ? unit.source : `${unit.source}${gapAfter(unit)}`))
    .join('')
}

/** Every non-empty prefix of a term written compactly, nested (its length grows with the term's). */
function compactPrefixes(units: readonly Unit[]): string {
  let source = ''
  for (let index = units.length - 1; index >= 0; index--) {
    const unit = units[index] as Unit
    const gap = unit.blankAfter ? `${separator}*` : `${joiner}?`
    source = index === units.length - 1 ? unit.source : `${unit.source}(?:${gap}(?:${source})?)?`
  }
  return source
}

/**
 * Every non-empty prefix of a term spelled apart, and the whole term with separators and a letter
 * after it (`a m a z o n f` may go on to `for`, or to `f o r`: a longer word spelled apart).
 */
function spacedPrefixes(units: readonly Unit[]): string {
  const gap = `${separator}+`
  let source = ''
  for (let index = units.length - 1; index >= 0; index--) {
    const unit = units[index] as Unit
    source =
      index === units.length - 1
        ? `${unit.source}(?:${gap}[^\\s${joiners}]?)?`
        : `${unit.source}(?:${gap}(?:${source})?)?`
  }
  return source
}
