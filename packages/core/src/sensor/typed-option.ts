import type { ClarificationOption } from '../ports/turn-types.ts'

/**
 * The option of the engine's own question that a message is, typed or sent by a widget: its id,
 * its label or its value, compared in lower case and words only ("I want a refund!", "refund",
 * "Go on with order cancellation"). The sensor promotes its intent, and the router takes it as
 * chosen: one reading for both (the id a widget sent was picked by the sensor, but never chosen).
 */
export function typedOption<Option extends ClarificationOption>(
  options: readonly Option[] | undefined,
  text: string,
): Option | undefined {
  if (options === undefined || options.length === 0) return undefined
  const typed = optionWords(text)
  if (typed === '') return undefined
  return (
    options.find((option) =>
      [option.id, option.label, option.value].some((candidate) => optionWords(candidate) === typed),
    ) ?? optionByPlace(options, typed)
  )
}

/**
 * An option picked by its place in the list, alone: "2", "option 2", "#2", "the second one",
 * "2nd please" (outside review rv55: "2" to "which one first?" ran the first request).
 */
function optionByPlace<Option>(options: readonly Option[], typed: string): Option | undefined {
  const picked = byPlace.exec(typed)
  if (picked === null) return undefined
  const place = picked[1] ?? picked[2]!
  const index = /^\d$/.test(place) ? Number(place) - 1 : ordinalPlaces[place]!
  return index >= 0 ? options[index] : undefined
}

const ordinalPlaces: Record<string, number> = {
  first: 0,
  '1st': 0,
  second: 1,
  '2nd': 1,
  third: 2,
  '3rd': 2,
  fourth: 3,
  '4th': 3,
  fifth: 4,
  '5th': 4,
}
/** A place alone, in `optionWords`' form (lower case, words only). */
const byPlace =
  /^(?:(?:option|number|no|choice) )?(?:(\d)|(?:the )?(first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)(?: one| option)?)(?: please| pls)?$/

/** An option as compared with what was typed: lower case, words only. */
function optionWords(text: string): string {
  return text
    .slice(0, 500)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}
