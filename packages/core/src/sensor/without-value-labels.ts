import { railPlaceholderPattern } from '../enforcement/rail-placeholder.ts'

/**
 * A value the customer gives that no request is made of: an email, a long run of digits (a card,
 * account or phone number, grouped by spaces or dashes or not), or an input rail's placeholder for
 * one it hid before the engine saw it (`@focal/edge`: "my card is [CREDIT_CARD_1]").
 */
const givenValue = new RegExp(
  String.raw`[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\d(?:[ -]?\d){7,}|${railPlaceholderPattern.source}`,
  'gu',
)

/**
 * The label of a value right before it, from the start of its clause: at most three words (with
 * "my", "our", "the" or "your" before them) and "is", "was", "are", ":" or "=" ("my card is",
 * "card number:", "email =", "here's my card:"); or, with nothing between it and the value, a
 * noun phrase that opens with "my", "our", "the" or "your" (after "here is", "here's", "this is")
 * and has at most three words ("my card 4111 …", "here is my card 4111 …"). Its words may hold
 * apostrophes. A clause that opens with a verb ("refund my card 4111 …") is no label.
 */
const labelBefore =
  /(?:^|[.,;!?]|\s(?:and|also|plus|but)|\s[-\u2013\u2014])\s*((?!(?:and|also|plus|but)\s)(?:(?:(?:my|our|the|your)\s+)?(?:[\p{L}'\u2019]+\s+){0,2}[\p{L}'\u2019]+\s*(?::|=|\s(?:is|was|are)\s)|(?:(?:here\s+is|here['\u2019]s|this\s+is)\s+)?(?:my|our|the|your)\s+(?:\p{L}+\s+){0,2}\p{L}+\s))\s*$/diu

/**
 * What may follow a labelled value: the end of its clause, or "and" with more. A clause that goes
 * on ("my card is 4111 … exp 12/27 can you update it") asks something of the value: its label
 * says what about, and stays.
 */
const clauseEndsAfter = /^\s*(?:$|[.,;:!?]|and\s|[-\u2013\u2014]\s)/iu

/** How far before a value its label is looked for, in characters. */
const labelReach = 60

/**
 * `text` without the words that only label a value it gives: "my card is 4111 1111 1111 1111,
 * email ann@example.com" says what the number is, not what the customer asks for, so "my card" is
 * no evidence for a question about the card on file (a refund whose email question was answered
 * so went to the card on file). The values stay; a label with a request in its clause ("which
 * card is on file? 4111 …", "refund it to my card 4111 …", "my card is 4111 … can you update
 * it") is no label and stays too.
 *
 * @example
 * withoutValueLabels('my card is 4111 1111 1111 1111, email ann@example.com')
 * // '4111 1111 1111 1111, email ann@example.com'
 */
export function withoutValueLabels(text: string): string {
  if (!/\d{4}|@|_\d+\]/u.test(text)) return text
  let kept = ''
  let from = 0
  for (const value of text.matchAll(givenValue)) {
    const start = value.index
    if (!clauseEndsAfter.test(text.slice(start + value[0].length, start + value[0].length + 8))) continue
    const reach = Math.max(from, start - labelReach)
    const label = labelBefore.exec(text.slice(reach, start))
    if (label !== null) {
      const labelStart = reach + (label.indices?.[1]?.[0] ?? label.index)
      kept += text.slice(from, labelStart)
      from = start
    }
  }
  return from === 0 ? text : kept + text.slice(from)
}
