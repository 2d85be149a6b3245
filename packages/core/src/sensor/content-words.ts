import { functionWords, stemWord } from '../text/index.ts'
import { conversationActs } from './conversation-acts.ts'

/**
 * "Where's", "what's", "it's": a question word or pronoun with a contracted "is", read as written
 * out ("where's my refund" is "where is my refund", as a definition's keywords write it). Only
 * these words: after a noun, `'s` is a possessive ("my husband's account").
 */
const contractedIs =
  /(?<![\p{L}\p{N}])(where|what|who|how|when|why|it|that|there|here|he|she)['\u2019]s(?![\p{L}\p{N}])/gu

/**
 * The same contractions typed without the apostrophe ("wheres my stuff", "whats the price"): none
 * of these is a word of its own (blind attack suite, session 70: "wheres my stuff" was asked what
 * it meant, "where's my stuff" looked the order up). "its" and "hes" are left alone: "its" is one.
 */
const bareContractedIs = /(?<![\p{L}\p{N}])(where|what|who|how|that|there)s(?![\p{L}\p{N}'\u2019])/gu
const hasBareContractedIs = /(?:where|what|who|how|that|there)s(?![\p{L}\p{N}])/u

/** `lower` (lower-cased) with a contracted "is" written out, with or without its apostrophe. */
export function withContractedIsWrittenOut(lower: string): string {
  const contracted =
    lower.includes("'s") || lower.includes('\u2019s') ? lower.replace(contractedIs, '$1 is') : lower
  return hasBareContractedIs.test(contracted) ? contracted.replace(bareContractedIs, '$1 is') : contracted
}

/**
 * Request and preference verbs, question words and chat fillers the sensor drops on top of the
 * shared function words: they say how something is asked, not what about ("I'm interested in a
 * hotel", "I'd prefer a concert"), so they are never evidence for an intent. The words of the
 * conversation acts join them below.
 */
const sensorWords = (
  'my mine us our your this their he she his her him um uh ok okay maybe anything again also ' +
  'and or but then now want wanna need like id im ill ive dont lets let get got give go going ' +
  'gonna one what which who whom when where why how as about into than too very much more most ' +
  'all not no yes yeah thanks thank sure great good fine well here other another else ' +
  'something way help know think see say tell pm interested prefer love enjoy wish'
).split(' ')

const ignored: ReadonlySet<string> = new Set([
  ...functionWords,
  ...sensorWords,
  ...Object.values(conversationActs).flatMap((phrases) => phrases.flatMap((phrase) => wordsOf(phrase))),
])

/** Negation cues: the words after one, up to the end of the clause, are negated ("not a billing question"). */
const negations: ReadonlySet<string> = new Set([
  'not',
  'no',
  'dont',
  'doesnt',
  'isnt',
  'wasnt',
  'werent',
  'without',
])
/**
 * The cues that deny a request rather than a thing: "not a billing question", "I don't want a
 * refund". "No subtitles" and "without a pool" negate a slot value and say nothing against the
 * request they are part of.
 */
const denials: ReadonlySet<string> = new Set(['not', 'dont', 'doesnt', 'isnt', 'forget', 'scrap'])
/**
 * Verbs that take a request back ("forget the refund, cancel NW-2002 instead", "scrap the
 * booking"): cues of their own, except after a negation ("don't forget my refund").
 */
const takingBack: ReadonlySet<string> = new Set(['forget', 'scrap'])
/**
 * Words that end a negated clause: a conjunction, or a request that opens after it ("if it doesn't
 * come *can* I get a refund", "I don't want a refund *please* just cancel it").
 */
const clauseBreaks: ReadonlySet<string> = new Set([
  'but',
  'and',
  'instead',
  'rather',
  'so',
  'can',
  'could',
  'would',
  'will',
  'please',
])
/**
 * Verbs of something that should have happened: a negation right before one is a complaint that it
 * did not ("I have not received my refund", "my package hasn't arrived", "I still don't have my
 * refund"), so it negates and denies nothing: the words stay evidence for what they are about.
 */
const happenings: ReadonlySet<string> = new Set([
  'received',
  'receive',
  'arrived',
  'arrive',
  'come',
  'came',
  'got',
  'gotten',
  'get',
  'have',
  'had',
  'seen',
  'see',
  'heard',
  'shown',
  'showed',
  'delivered',
  'processed',
  'credited',
  'refunded',
  'issued',
  // "NW-2002 wasn't cancelled": a complaint that it should have been (not "don't cancel").
  'cancelled',
  'canceled',
  'worked',
  'work',
  'working',
  // "It's not here yet": it has not arrived.
  'here',
])
/** Verbs after a negation that say a value does not matter ("don't care", "doesn't matter", "don't mind"). */
const indifference: ReadonlySet<string> = new Set(['care', 'mind', 'matter', 'bother', 'fuss'])

/** Words between a negation and the verb it negates ("not *yet* received", "don't *even* have"). */
const negationFillers: ReadonlySet<string> = new Set([
  'yet',
  'even',
  'ever',
  'still',
  'been',
  'really',
  'actually',
])

/** Words that make what follows in their clause a condition: a negation there denies nothing ("if it doesn't come"). */
const conditionals: ReadonlySet<string> = new Set(['if', 'unless', 'whether', 'otherwise'])

/**
 * What ends a clause: punctuation, a colon, a line break, a slash with a space on a side ("not a
 * refund question / where is NW-3003?"), a dash (an en or em dash, two hyphens, or a hyphen with
 * spaces around it: "not a refund question - where is NW-3003?"), or a hyphen right before a
 * question word ("not a refund question-where is NW-3003?"). A slash between two words joins them
 * ("I don't want a refund/cancellation": both are denied), and a hyphen inside a word or an id
 * ("e-mail", "follow-up", "NW-3003") ends nothing. The hyphen after a letter is matched before the
 * letter is looked back at (`-(?<=\p{L}-)`, the same match as `(?<=\p{L})-`): every alternative then
 * opens on a character the engine can scan for, which halves the cost of a split.
 */
const clauseEnd =
  /[.,;:!?\n\r\u2013\u2014]+|\s\/+|\/+\s|-{2,}|\s-+\s|-(?<=\p{L}-)(?=(?:where|what|when|why|how|who|which|whose|can|could|would|will|is|are|was|does|did)(?!\w))/iu

/**
 * Reads `text` clause by clause (punctuation, or a clause word, ends one) and calls `visit` with
 * each word, whether a negation cue covers it, and whether that cue denies a request.
 */
function readClauses(
  text: string,
  visit: (word: string, negating: boolean, denying: boolean, nameModifier: boolean) => void,
): void {
  for (const clause of text.split(clauseEnd)) {
    let negating = false
    let denying = false
    let conditional = false
    const words = wordsOf(clause)
    const modifiers = nameModifiers(clause, words.length)
    for (let index = 0; index < words.length; index++) {
      const word = words[index] as string
      if (negations.has(word) || (takingBack.has(word) && !negations.has(words[index - 1] ?? ''))) {
        let next = index + 1
        while (next < words.length && negationFillers.has(words[next] as string)) next++
        // "not received", "hasn't arrived": a complaint, not a negation of what follows. "I don't
        // care about the subtitles", "doesn't matter which": indifference to a value, no denial.
        if (!happenings.has(words[next] ?? '') && !indifference.has(words[next] ?? '')) {
          negating = true
          denying ||= denials.has(word) && !conditional
        }
      } else if (clauseBreaks.has(word)) negating = denying = conditional = false
      else if (conditionals.has(word)) conditional = true
      visit(word, negating, denying, modifiers?.[index] === true)
    }
  }
}

/**
 * The words of `clause` (as `wordsOf` splits it, `count` of them) that stand before another
 * capitalised word in a run of capitalised words: the modifiers of a name ("*New* York", "*San*
 * Diego", "*American* Airlines"). A name's last word is its head (English noun phrases end on
 * theirs); the ones before it say nothing of the topic ("new" is an alarm's word, not a trip's).
 * Undefined when the clause has none, or when most of its words are capitalised (Title Case
 * writing, where capitals mark no name).
 */
function nameModifiers(clause: string, count: number): boolean[] | undefined {
  if (count < 2 || !twoCapitalised.test(clause)) return undefined
  const text = clause.length > 2000 ? clause.slice(0, 2000) : clause
  const original = (
    text.includes("'") || text.includes('\u2019') ? text.replace(/['\u2019]/g, '') : text
  ).match(/[\p{L}]+/gu)
  if (original === null || original.length !== count) return undefined
  const capitalised = original.map(isCapitalised)
  let capitals = 0
  for (const flag of capitalised) if (flag) capitals++
  if (capitals * 2 > count) return undefined
  return capitalised.map(
    (flag, index) => flag && capitalised[index + 1] === true && (original[index] as string) !== 'I',
  )
}

/** Two capitalised words in a row ("New York"), the cheap test before {@link nameModifiers}. */
const twoCapitalised = /[A-Z][a-z'\u2019]+\s+[A-Z][a-z]/

/** Whether a word starts with a capital and goes on in lower case ("York", not "I" or "USA"). */
function isCapitalised(word: string): boolean {
  const first = word.charCodeAt(0)
  const second = word.charCodeAt(1)
  if (first < 128 && second < 128) return first >= 65 && first <= 90 && second >= 97 && second <= 122
  return /^\p{Lu}\p{Ll}/u.test(word)
}

/**
 * The lower-cased letter words of a text's first `limit` characters, apostrophes dropped, a
 * question word or pronoun's contracted "is" written out ("where's" and "wheres" → "where is", as
 * the lexical scores read it: a keyword "where is my order" is found in "where's NW-3003?").
 */
export function wordsOf(text: string, limit = 2000): string[] {
  const lower = text.slice(0, limit).toLowerCase()
  const apostrophe = lower.includes("'") || lower.includes('\u2019')
  const read = withContractedIsWrittenOut(lower)
  return (apostrophe ? read.replace(/['\u2019]/g, '') : read).match(/[\p{L}]+/gu) ?? []
}

/** The content words of a text: stemmed, function and conversation-act words removed. */
export interface ContentWords {
  /** Stemmed content words, in order. */
  words: string[]
  /** Stemmed content words inside a negated clause ("not a *billing* question", "no *subtitles*"). */
  negated: string[]
  /** The negated words a request-level cue negates ("not a *billing* question", not "no *subtitles*"). */
  denied: string[]
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
  const denied: string[] = []
  const affirmed: string[] = []
  readClauses(withCompoundsJoined(text), (word, negating, denying, nameModifier) => {
    if (!negating) affirmed.push(word)
    if (nameModifier || ignored.has(word) || word.length < 2) return
    const stem = stemWord(word)
    ;(negating ? negated : words).push(stem)
    if (denying) denied.push(stem)
  })
  return { words, negated, denied, affirmed: affirmed.join(' ') }
}

/**
 * "One way" / "one-way" of a ticket, a street or a trip is one word ("oneway"): its own two words
 * are fillers ("the other one", "by the way"), so a one-way flight had no word for it and a round
 * trip had two. Not "one way or another", "one way to do it".
 */
const oneWay = /\bone[-\s]way\b(?!\s+(?:or|to|of)\b)/gi

/** `text` with the compounds that are one word read as one. */
function withCompoundsJoined(text: string): string {
  return /way/i.test(text) ? text.replace(oneWay, 'oneway') : text
}

/** A denial cue as written (apostrophes optional), the cheap test before `withoutDeniedClauses`. */
const denialCue = /\b(?:not|don['\u2019]?t|doesn['\u2019]?t|isn['\u2019]?t|forget|scrap)\b/i

/**
 * `text` without the words a denial cue denies ("I don't want a refund, I want to cancel" → "I
 * want to cancel"): from the cue to the end of its clause, as `contentWords` reads them (a
 * conditional's negation denies nothing). Its words only, joined by spaces (ids and amounts,
 * which keywords never are, fall away); a text with no cue comes back as is.
 */
export function withoutDeniedClauses(text: string): string {
  if (!denialCue.test(text)) return text
  const kept: string[] = []
  readClauses(text, (word, _negating, denying) => {
    if (!denying) kept.push(word)
  })
  return kept.join(' ')
}
