/**
 * "Am I talking to a bot?", "are you a real person?", "is this automated?": the user asks what
 * they are talking to. Asking for a person ("can I speak to a human") is a handoff cue instead.
 */
const assistantQuestion =
  /\b(?:are you|r u|am i (?:talking|speaking|chatting) (?:to|with)|is this|is it|is that)\s+(?:just\s+)?(?:an?\s+|the\s+)?(?:real\s+|actual\s+|live\s+)?(?:bot|robot|chat\s?bot|human|person|ai|machine|computer|automated|agent)\b/i

/** Does the message ask whether the user is talking to a bot or a person? */
export function asksAboutAssistant(text: string): boolean {
  return assistantQuestion.test(text.slice(0, 400))
}

/**
 * A question: it ends with a question mark, or opens with a question word or an inverted verb
 * ("do you ship to Canada", "what about Canada", "can I pay later").
 */
const questionOpening =
  /^\s*(?:what|when|where|why|who|whom|whose|which|how|do|does|did|can|could|will|would|is|are|was|were|should|shall|may|might|have|has)\b/i

/** Is the message a question (by its mark or its first word)? */
export function isQuestion(text: string): boolean {
  return /\?\s*$/u.test(text) || questionOpening.test(text)
}
