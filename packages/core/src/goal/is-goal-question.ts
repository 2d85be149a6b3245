const interrogatives = /^\W*(?:what|how|why|who|when|where)\b/i

/**
 * True when a request asks a question: its last line ends with `?`, or it opens with an
 * interrogative word (`what`, `how`, `why` …; not `which`, which asks to pick a state or a place). A question no cue explains asks to be told something.
 */
export function isGoalQuestion(text: string): boolean {
  const trimmed = text.trimEnd()
  return trimmed.endsWith('?') || interrogatives.test(trimmed)
}
