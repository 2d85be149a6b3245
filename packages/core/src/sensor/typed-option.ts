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
  return options.find((option) =>
    [option.id, option.label, option.value].some((candidate) => optionWords(candidate) === typed),
  )
}

/** An option as compared with what was typed: lower case, words only. */
function optionWords(text: string): string {
  return text
    .slice(0, 500)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}
