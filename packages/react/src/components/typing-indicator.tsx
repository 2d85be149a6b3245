/** Three pulsing dots with a screen-reader label, while the assistant has nothing to show yet. */
export function TypingIndicator() {
  return (
    <p className="focal-typing">
      <span className="focal-visually-hidden">Assistant is thinking…</span>
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
    </p>
  )
}
