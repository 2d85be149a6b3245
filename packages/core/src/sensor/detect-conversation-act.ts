import { wordsOf } from './content-words.ts'
import { type ConversationAct, conversationActs } from './conversation-acts.ts'

const phrases: ReadonlyArray<{ words: string[]; act: ConversationAct }> = Object.entries(conversationActs)
  .flatMap(([act, list]) => list.map((phrase) => ({ words: wordsOf(phrase), act: act as ConversationAct })))
  // Longest first, so "no thanks" is a deny and "thanks" alone a thank.
  .sort((left, right) => right.words.length - left.words.length)

/** The phrases by their first word, longest first: only those can open a message with that word. */
const phrasesByFirstWord = new Map<string, Array<(typeof phrases)[number]>>()
for (const phrase of phrases) {
  const first = phrase.words[0]
  if (first === undefined) continue
  const list = phrasesByFirstWord.get(first)
  if (list === undefined) phrasesByFirstWord.set(first, [phrase])
  else list.push(phrase)
}

/**
 * The conversation act a message opens with ("Yes, rent it" → `affirm`, "No thanks" → `deny`,
 * "Hmm" → `hesitate`), or undefined when it opens with anything else.
 */
export function detectConversationAct(text: string): ConversationAct | undefined {
  const words = wordsOf(text, 200)
  if (words.length === 0) return undefined
  for (const phrase of phrasesByFirstWord.get(words[0]!) ?? []) {
    if (phrase.words.length > words.length) continue
    if (phrase.words.every((word, index) => words[index] === word)) return phrase.act
  }
  return undefined
}

/** The thank and bye phrases, as words, longest first. */
const closingPhrases = phrases.filter((phrase) => phrase.act === 'thank' || phrase.act === 'bye')

/**
 * Whether a message thanks or says goodbye anywhere in it ("perfect, thank you! bye", "ok bye",
 * "thanks so much!"): `bye` when it takes leave, else `thank`, else undefined. The caller decides
 * whether the message says anything more (its content words and entities).
 */
export function closingActOf(text: string): 'thank' | 'bye' | undefined {
  const words = wordsOf(text, 200)
  let found: 'thank' | 'bye' | undefined
  for (let start = 0; start < words.length; start++) {
    for (const phrase of closingPhrases) {
      if (start + phrase.words.length > words.length) continue
      if (!phrase.words.every((word, index) => words[start + index] === word)) continue
      if (phrase.act === 'bye') return 'bye'
      found = 'thank'
    }
  }
  return found
}
