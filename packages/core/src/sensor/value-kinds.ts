import { numberWordPattern } from '../text/index.ts'

/**
 * Kinds of slot value a text gives, as tokens the evidence model learns like words: a time of day
 * (`~time`: "10:15 am", "half past 1", "at 8 in the morning") and a quantity (`~quantity`: "for 2",
 * "three tickets", "I need 4"). The values themselves are never evidence (any number, any hour);
 * that a message gives one is, within a topic: a table booking takes a time and a party size, the
 * restaurant search does not, and the examples say which intent writes them. Dates are left out:
 * searches and bookings both take one ("a flight on the 4th", "check in on the 4th").
 */

/** A clock time or a time of day attached to an hour. */
const timePattern =
  /\b\d\d?(?::\d\d)?\s*[ap]\.?m\b|\b\d\d?:\d\d\b|o['\u2019]?clock|\b(?:half|quarter) (?:past|to)\b|\bnoon\b|\b(?:(?:in the|at) (?:morning|afternoon|evening|night)|(?:morning|afternoon|evening|night) \d)/i

const timePatternAll = new RegExp(timePattern.source, 'gi')

/**
 * A count: digits or a number word `text/` reads ("two", "twenty-five", "a dozen"), but not "one",
 * as often a pronoun ("that one"). Read after times are taken out, so "4:30" is not a count.
 */
const quantityPattern = new RegExp(String.raw`\b(?:\d+|(?!one\b)(?:${numberWordPattern}))\b`, 'i')

const timeToken = '~time'
const quantityToken = '~quantity'

/** The value-kind tokens, in a fixed order. */
export const valueKindTokens: readonly string[] = [timeToken, quantityToken]

/**
 * The kinds of slot value in `text`, as tokens (`~time`, `~quantity`), each at most once.
 *
 * @example
 * valueKinds('Two tickets at 10:15 am please') // ['~time', '~quantity']
 */
export function valueKinds(text: string): string[] {
  const kinds: string[] = []
  const time = timePattern.test(text)
  if (time) kinds.push(timeToken)
  // An ordinal day ("the 4th") is never a count: the pattern's \b cannot end between 4 and th.
  if (quantityPattern.test(time ? text.replace(timePatternAll, ' ') : text)) kinds.push(quantityToken)
  return kinds
}
