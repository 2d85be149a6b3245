import { wordsOf } from './content-words.ts'
import { type ConversationAct, conversationActs } from './conversation-acts.ts'

const phrases: ReadonlyArray<{ words: string[]; act: ConversationAct }> = Object.entries(conversationActs)
  .flatMap(([act, list]) => list.map((phrase) => ({ words: wordsOf(phrase), act: act as ConversationAct })))
  // Longest first, so "no thanks" is a deny and "thanks" alone a thank.
  .sort((left, right) => right.words.length - left.words.length)

/**
 * The conversation act a message opens with ("Yes, rent it" → `affirm`, "No thanks" → `deny`,
 * "Hmm" → `hesitate`), or undefined when it opens with anything else.
 */
export function detectConversationAct(text: string): ConversationAct | undefined {
  const words = wordsOf(text, 200)
  if (words.length === 0) return undefined
  for (const phrase of phrases) {
    if (phrase.words.length > words.length) continue
    if (phrase.words.every((word, index) => words[index] === word)) return phrase.act
  }
  return undefined
}
