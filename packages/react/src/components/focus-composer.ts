/**
 * Moves focus to the message field of the chat that contains `element`: the options or buttons
 * that had focus are disabled or gone once used, and keyboard users should land where they type.
 */
export function focusComposer(element: HTMLElement): void {
  element.closest('.focal-thread')?.querySelector<HTMLTextAreaElement>('.focal-input')?.focus()
}
