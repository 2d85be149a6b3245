import { stemGoalWord } from '../goal/stem-goal-word.ts'
import { conversationActs } from './conversation-acts.ts'

/**
 * English function words and request verbs: they say how something is asked, not what about, so
 * they are never evidence for an intent. The words of the conversation acts join them below.
 */
const functionWords = (
  'a an the is are am be been being was were to of in on at for with by from me my mine i we us our ' +
  'you your it its that this those these there their they them he she his her him please can could ' +
  'would should will shall may might must do does did have has had just so um uh ok okay maybe some ' +
  'any anything again really actually also and or but if then now want wanna need like id im ill ive ' +
  'dont lets let get got give go going gonna one what which who whom when where why how as about ' +
  'into than too very much more most all not no yes yeah thanks thank sure great good fine well here ' +
  'other another else something way help know think see say tell am pm'
).split(' ')

const ignored: ReadonlySet<string> = new Set([
  ...functionWords,
  ...Object.values(conversationActs).flatMap((phrases) => phrases.flatMap((phrase) => wordsOf(phrase))),
])

/** Negation cues: the words after one, up to the end of the clause, are negated ("not a billing question"). */
const negations: ReadonlySet<string> = new Set(['not', 'no', 'dont', 'doesnt', 'isnt', 'never', 'without'])
/** Words that end a negated clause. */
const clauseBreaks: ReadonlySet<string> = new Set(['but', 'and', 'instead', 'rather', 'so'])

/** The lower-cased letter words of a text's first `limit` characters, apostrophes dropped. */
export function wordsOf(text: string, limit = 2000): string[] {
  return (
    text
      .slice(0, limit)
      .toLowerCase()
      .replace(/['\u2019]/g, '')
      .match(/[\p{L}]+/gu) ?? []
  )
}

/** The content words of a text: stemmed, function and conversation-act words removed. */
export interface ContentWords {
  /** Stemmed content words, in order. */
  words: string[]
  /** Stemmed content words inside a negated clause ("not a *billing* question"). */
  negated: string[]
  /** Every word outside negated clauses, lower-cased and unstemmed, space-separated (for phrases). */
  affirmed: string
}

/**
 * Splits a text into the stemmed words that can be evidence for an intent, and the ones a
 * negation cancels. Digits never count: amounts and ids are slot values, not topics.
 */
export function contentWords(text: string): ContentWords {
  const words: string[] = []
  const negated: string[] = []
  const affirmed: string[] = []
  let negating = false
  // A clause ends at punctuation as well as at a clause word.
  for (const clause of text.split(/[.,;!?]+/u)) {
    negating = false
    for (const word of wordsOf(clause)) {
      if (negations.has(word)) negating = true
      else if (clauseBreaks.has(word)) negating = false
      if (!negating) affirmed.push(word)
      if (ignored.has(word) || word.length < 2) continue
      ;(negating ? negated : words).push(stemGoalWord(word))
    }
  }
  return { words, negated, affirmed: affirmed.join(' ') }
}
