import { wordsOf } from './content-words.ts'
import { type ConversationAct, conversationActs } from './conversation-acts.ts'

const phrases: ReadonlyArray<{ words: string[]; act: ConversationAct }> = Object.entries(conversationActs)
  .flatMap(([act, list]) => list.map((phrase) => ({ words: wordsOf(phrase), act: act as ConversationAct })))
  // Longest first, so "no thanks" is a deny and "thanks" alone a thank.
  .sort((left, right) => right.words.length - left.words.length)

/**
 * `wordsOf(text, 200)`, remembered for the last text: the readers below (the act, a closing, a
 * withdrawal, a back reference) read one message several times a turn. No reader changes it.
 */
function messageWords(text: string): readonly string[] {
  if (text !== lastMessage.text) lastMessage = { text, words: wordsOf(text, 200) }
  return lastMessage.words
}

let lastMessage: { text: string; words: readonly string[] } = { text: '', words: [] }

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
  const words = messageWords(text)
  if (words.length === 0) return emojiYes.test(text) ? 'affirm' : undefined
  for (const phrase of phrasesByFirstWord.get(words[0]!) ?? []) {
    if (phrase.words.length > words.length) continue
    if (startsAt(words, 0, phrase.words)) return phrase.act
  }
  return echoedYes.test(text.slice(0, 200)) ? 'affirm' : undefined
}

/** A thumbs-up, an OK hand or a check mark alone: a yes with no words (`wordsOf` keeps none). */
const emojiYes =
  /^\s*(?:\u{1F44D}(?:\u{1F3FB}|\u{1F3FC}|\u{1F3FD}|\u{1F3FE}|\u{1F3FF})?|\u{1F44C}|\u2705|\u2714\uFE0F?|\u{1F197})+\s*$/u

/**
 * A yes said by echoing the question's auxiliary, the clause ending there ("I would.", "I do,
 * please", "I sure do", "we will, thanks"), asking for what was offered ("Could you do so
 * please?", "can you do that?") or welcoming it ("That would be great, on the 13th"). Not "I would
 * like a table" or "I am looking for a bus": the auxiliary opens a clause of its own there.
 */
const echoedYes =
  /^\W*(?:(?:i|we)\s+(?:(?:really|sure|surely|certainly|definitely|absolutely|do|would)\s+)?(?:would|do|will|am|are|did|can|could)(?=\s*(?:$|[.!,;]|\s(?:please|thanks|thank you|so|indeed)\b))|(?:could|can|would|will)\s+you\s+(?:please\s+)?do\s+(?:so|that|it|this)\b|(?:that|it)\s+would\s+be\s+(?:great|nice|good|perfect|wonderful|lovely|fine|awesome|fantastic|excellent)\b)/i

/**
 * "I'm all set", "we're all set for now", "I should be all set": a closing, said as a statement. Not "I'm not
 * all set", "are we all set?", "almost all set, one more question" nor "I'm all set, but …". Not among the act phrases,
 * whose words every intent's evidence ignores ("set" names an alarm's task).
 */
export const allSetIdiom =
  "\\b(?:i|we)(?:['\u2019]m|['\u2019]re| am| are| should be| will be|['\u2019]ll be) (?:all )?set\\b(?! up\\b)(?![^.!?]*\\?)(?![^.!?]*\\b(?:but|however|except|though)\\b)"
const allSetPattern = new RegExp(allSetIdiom, 'i')

/** The thank and bye phrases, as words, longest first. */
const closingPhrases = phrases.filter((phrase) => phrase.act === 'thank' || phrase.act === 'bye')

/**
 * Whether a message thanks or says goodbye anywhere in it ("perfect, thank you! bye", "ok bye",
 * "thanks so much!"): `bye` when it takes leave, else `thank`, else undefined. The caller decides
 * whether the message says anything more (its content words and entities).
 */
export function closingActOf(text: string): 'thank' | 'bye' | undefined {
  const words = messageWords(text)
  let found: 'thank' | 'bye' | undefined = allSetPattern.test(text.slice(0, 200)) ? 'thank' : undefined
  for (let start = 0; start < words.length; start++) {
    for (const phrase of closingPhrases) {
      if (start + phrase.words.length > words.length) continue
      if (!startsAt(words, start, phrase.words)) continue
      if (phrase.act === 'bye') return 'bye'
      found = 'thank'
    }
  }
  return found
}

/** "Don't cancel it", "do not send that": an action at hand told not to happen. */
const negatedAction =
  /\b(?:don[’']?t|do not)\s+(?:cancel|refund|book|reserve|buy|order|send|charge|process|proceed with|go ahead with|do)\s+(?:it|that|this|them|(?:my|the|this|that)\s+(?:order|refund|request|cancellation|booking|reservation)|[a-z]{1,4}-\d{3,})\b/i

/**
 * "Forget the refund. How much is Plus?", "ok, forget about the cancellation": a clause that opens
 * by forgetting the request (not "I forget the order number", which opens with "I").
 */
const forgetTheRequest =
  /(?:^|[.!?;,]\s*)\W*(?:(?:ok|okay|actually|no|so|well|hmm|fine)[\s,]+)*forget\s+(?:about\s+)?(?:the|my|this|that)\s+(?:refund|cancellation|return|exchange|request|booking|reservation|order|purchase|transfer)\b(?!\s+(?:number|amount|id|email|date|total|details?|info)\b)/i

/**
 * Phrases that take back the request at hand, anywhere in a message. Not "I changed my mind": it
 * as often changes a detail of the same request ("I changed my mind: with no subtitles").
 */
const withdrawals = [
  'never mind',
  'nevermind',
  'forget it',
  'forget about it',
  'forget that',
  'scratch that',
  'no longer need',
  'do not need it anymore',
  'dont need it anymore',
  'dont bother',
  'do not bother',
  // Keeping what a cancellation or a return would take: "I changed my mind, I'll keep it".
  'ill keep it',
  'i will keep it',
  'want to keep it',
  'rather keep it',
  'keep the order',
  'keep my order',
  'dont want it anymore',
  'do not want it anymore',
  'dont want that anymore',
  'do not want that anymore',
  'withdraw the request',
  'withdraw my request',
  'dont go through with it',
  'do not go through with it',
].map((phrase) => wordsOf(phrase))

/**
 * What the request rested on, said not to be so ("oh wait, I wasn't charged twice after all",
 * "turns out it isn't broken", "false alarm"): a negation before "after all" in one clause, or
 * "turns out" before a negation. Not "I do want a refund after all" (no negation).
 */
const premiseTakenBack =
  /\b(?:(?:was|were|is|are|did|do|does|has|have)(?:n['\u2019]?t|\s+not)|not|never)\b[^.!?;,]*\bafter\s+all\b|\bturn(?:s|ed)\s+out\b[^.!?;]*\b(?:(?:was|were|is|are|did|do|does|has|have)(?:n['\u2019]?t|\s+not)|never)\b|\bfalse\s+alarm\b/i

/**
 * The request itself said to be unwanted or unneeded, or the thing it was about kept: "I don't
 * want to cancel it anymore", "I don't want a refund anymore", "no need to cancel", "no
 * cancellation needed", "no longer needed", "I decided to keep it", "I'm gonna keep the package",
 * "disregard that", "ignore my last message", "scrap that", "drop it", "let it be", "I'll pass"
 * (these last ones at the end of a clause). Not "don't keep it", "keep it under $50", "leave it
 * at the door", "I'll drop it off on the 7th" or "let it be a 12:30 reservation".
 */
const requestUnwanted = new RegExp(
  [
    String.raw`\b(?:don['’]?t|do not|no longer)\s+(?:really\s+)?(?:want|need|wish)\s+(?:to\s+)?(?:cancel|refund|return|a\s+refund|the\s+refund|the\s+cancellation|a\s+cancellation)\b`,
    String.raw`\bno\s+(?:need|reason)\s+(?:to\s+)?(?:cancel|refund)\b`,
    // "I don't need it cancelled anymore", "I no longer want NW-2002 refunded" (outside review rv55).
    String.raw`\b(?:don['’]?t|do not|no longer)\s+(?:really\s+)?(?:want|need)\s+(?:it|that|this|them|(?:my|the|this|that)\s+order|[a-z]{1,4}-\d{3,})\s+(?:cancell?ed|canceled|refunded)\b`,
    // "Don't cancel anything", "do not refund either one" (outside review rv55 S8).
    String.raw`\b(?:don['’]?t|do not)\s+(?:cancel|refund|charge|process)\s+(?:anything|everything|either(?:\s+one)?|any\s+of\s+(?:it|them))\b`,
    // "Let's not cancel it", "better not refund it after all".
    String.raw`\b(?:let['’]?s|better|rather)\s+not\s+(?:cancel|refund|do\s+(?:it|that|this)|go\s+(?:ahead|through))\b`,
    // The matter resolved: "it started working again", "actually I found the missing part",
    // "it's fine now", "problem solved", and a kept item said as needed ("it's a gift, I need it").
    String.raw`(?<!\b(?:stopped|stop|not|never|isn['’]?t|doesn['’]?t|does|do|did|will|would|to|could|should)\s+)\b(?:works|working|work)\s+(?:again|fine\s+now|now)\b(?![^.!?]*(?:\bbut\b|\?))`,
    String.raw`\bfound\s+(?:it|them|the\s+missing\s+\w+)\b(?!\s+(?:damaged|broken|empty|cracked|open|opened|missing|torn|wet|used|late))`,
    String.raw`\b(?:it['’]?s|its|it\s+is|all)\s+(?:fine|good|ok|okay|sorted)\s+now\b`,
    String.raw`\bproblem\s+(?:solved|fixed|sorted)\b`,
    String.raw`\bi\s+still\s+need\s+(?:it|them)\b(?!\s+(?:cancell?ed|canceled|refunded|back|by|for|to)\b)`,
    String.raw`\bactually\b[^.!?]*\bi\s+(?:really\s+)?need\s+(?:it|them)\s*(?:after\s+all\s*)?(?:$|[.!;,])`,
    String.raw`\bno\s+(?:cancellation|refund)s?\s+(?:needed|necessary|required)\b`,
    String.raw`\b(?:no\s+longer|not)\s+(?:needed|necessary|required)\b`,
    String.raw`(?<!\b(?:not|don['’]?t|do not|never)\s+)\bkeep(?:ing)?\s+(?:it|them|this\s+one|that\s+one|the\s+(?:order|package|parcel|item|items)|my\s+(?:order|package|parcel|item|items)|[a-z]{1,4}-\d{3,})\b(?!\s+(?:under|below|above|at|to|as|in|on|open|short|simple|between|for|until|till|safe|warm|cold|dry|updated|posted)\b)`,
    String.raw`\b(?:disregard|ignore)\s+(?:that|this|it|what\s+i\s+(?:said|wrote)|my\s+(?:last\s+)?(?:message|request))\b`,
    String.raw`\b(?:(?:scrap|drop|belay)\s+(?:that|this|it)|let\s+it\s+be|i['’]?ll\s+pass|forget\s+this)(?=\s*(?:[.!?,;]|$|please\b|thanks\b|then\b))`,
    String.raw`\bleave\s+it(?:\s+(?:as\s+is|be|alone|then))?\W*$`,
  ].join('|'),
  'i',
)

/** "Stop the cancellation please", "cancel the cancellation", "call off the refund". */
const stopTheRequest =
  /\b(?:stop|halt|abort|call off|cancel|withdraw|undo|retract|revoke|pull)\s+(?:the|my|this|that)\s+(?:(?:cancellation|refund)\s+)?(?:cancellation|refund|request)\b/i

/**
 * A message that is only a stop or a change of mind ("stop", "nvm", "abort, abort", "I changed my
 * mind", "cancel, I changed my mind"), perhaps with a complaint about the help ("stop it, you're
 * not helping": no request to cancel an order): what was asked is taken back. "I changed my mind: with no
 * subtitles" goes on to change a detail, and takes nothing back.
 */
/** A complaint about the help said with a stop ("you're not helping", "this is useless"). */
const complaintAboutHelp = String.raw`(?:you(?:['\u2019]re|\s+are)\s+(?:not\s+(?:helping|listening|getting\s+it)|useless|wasting\s+my\s+time)(?:\s+(?:me|to\s+me))?|you\s+don['\u2019]?t\s+(?:understand|get\s+it|listen)|this\s+(?:is\s+(?:useless|pointless|not\s+helping|not\s+working)|isn['\u2019]?t\s+(?:helping|working))|(?:it|that)(?:['\u2019]s|\s+is)\s+not\s+(?:helping|working|what\s+i\s+(?:asked|meant|wanted)))`
const onlyStops = new RegExp(
  String.raw`^\W*(?:${complaintAboutHelp}\W+)?(?:(?:oh|ok|okay|actually|sorry|wait|no|hmm|cancel|so|ugh|please|just)\W+)*(?:i(?:['\u2019]ve| have)?\s+changed\s+my\s+mind|changed\s+my\s+mind|stop(?:\s+it)?(?:\s+wasting\s+my\s+time)?|quit|exit|abort(?:\W+abort)*|nvm|undo\s+that)(?:\W+please)?(?:\W+${complaintAboutHelp})?\W*$`,
  'i',
)

/**
 * Words that point back at the thing the conversation was just about ("it arrived broken",
 * "cancel that one", "refund the order"), so a new request is about it too.
 */
const backReferences = [
  'it',
  'its',
  'this one',
  'that one',
  'the same one',
  'this order',
  'that order',
  'the order',
  'same order',
  'the package',
  'the parcel',
  'the item',
  'the delivery',
  // "Cancel that" right after a lookup is that order (outside review rv53 F7).
  'cancel that',
  'cancel this',
].map((phrase) => wordsOf(phrase))

/** Does the message point back at what was just discussed ("it", "that order", "the package")? */
export function refersBack(text: string): boolean {
  return hasPhrase(messageWords(text), backReferenceIndex)
}

/** Word lists by their first word (each list has one), for {@link hasPhrase}. */
type PhraseIndex = ReadonlyMap<string, ReadonlyArray<readonly string[]>>

function indexPhrases(phrases: readonly (readonly string[])[]): PhraseIndex {
  const index = new Map<string, Array<readonly string[]>>()
  for (const phrase of phrases) {
    const list = index.get(phrase[0]!)
    if (list === undefined) index.set(phrase[0]!, [phrase])
    else list.push(phrase)
  }
  return index
}

const withdrawalIndex = indexPhrases(withdrawals)
const backReferenceIndex = indexPhrases(backReferences)

/** Does one of the indexed phrases (word lists) occur among `words`? */
function hasPhrase(words: readonly string[], phrases: PhraseIndex): boolean {
  for (let start = 0; start < words.length; start++) {
    const candidates = phrases.get(words[start]!)
    if (candidates === undefined) continue
    for (const phrase of candidates)
      if (start + phrase.length <= words.length && startsAt(words, start, phrase)) return true
  }
  return false
}

/** Whether `phrase` is the words of `words` from `start` on (the caller checks it fits). */
function startsAt(words: readonly string[], start: number, phrase: readonly string[]): boolean {
  for (let index = 0; index < phrase.length; index++) if (words[start + index] !== phrase[index]) return false
  return true
}

/** Short ways to take back what came just before, besides the withdrawals ("actually no"). */
const retractions = ['actually no', 'no actually', 'no wait', 'nvm', 'no need', 'not needed'].map((phrase) =>
  wordsOf(phrase),
)

/**
 * Is `clause` nothing but a taking back of what came just before ("never mind", "actually no",
 * "scratch that")? "Never mind the bot" takes nothing back.
 */
export function onlyTakesBack(clause: string): boolean {
  const words = wordsOf(clause, 200)
  return takingsBack.some((phrase) => phrase.length === words.length && startsAt(words, 0, phrase))
}

/** Every phrase that takes back what came before, alone: the withdrawals and the retractions. */
const takingsBack = [...withdrawals, ...retractions]

/** "Cancel my refund request", "cancel the request": the request itself called off, not an order. */
const cancelTheRequest =
  /\bcancel\s+(?:my|the|this|that)\s+(?:(?:refund|cancellation|return|exchange)\s+)?request\b/i
const cancelTheRequestEverywhere = new RegExp(cancelTheRequest.source, 'gi')

/**
 * "Never mind the cancellation", "forget about the refund", "instead of a refund", "rather than
 * cancelling": the request named only to take it back.
 * Its name is no evidence for it ("Actually, never mind the cancellation. Refund NW-2002 $30
 * instead" had kept the cancellation's words and shown the menu: outside review rv51).
 */
const requestTakenBack =
  /\b(?:never\s*mind|forget(?:\s+about)?|scrap|drop)\s+(?:the|my|this|that)\s+(?:refund|cancellation|return|exchange|request|booking|reservation|purchase|transfer)\b|\b(?:instead of|rather than)\s+(?:a\s+|the\s+|my\s+)?(?:refund(?:ing)?|cancell?(?:ation|ing)|return(?:ing)?)\b/gi

/**
 * `text` with each "cancel my … request" and "never mind the cancellation" written as "never
 * mind" (what it says), and a message that only stops ("stop", "abort") as "never mind", for
 * scoring intents.
 */
export function withRequestCalledOffAsNeverMind(text: string): string {
  // "stop", "abort": a stop alone is no evidence for cancelling an order.
  if (onlyStops.test(text)) return 'never mind'
  const called = cancelTheRequest.test(text) ? text.replace(cancelTheRequestEverywhere, 'never mind') : text
  requestTakenBack.lastIndex = 0
  return requestTakenBack.test(called) ? called.replace(requestTakenBack, 'never mind') : called
}

/**
 * "Cancel that", "cancel this", "cancel all that", "cancel the whole thing" or "cancel it", alone
 * or with fillers ("ok, cancel that please", "never mind, cancel that", "cancel it, thanks"); the
 * group is what is cancelled.
 */
const cancelsAlone =
  /^\W*(?:(?:oh|ok|okay|actually|no|hmm|so|just|please|pls|wait|never\s*mind|nvm)\W+)*cancel\s+(it|that|this|all\s+(?:of\s+)?that|the\s+whole\s+thing|everything)(?:\W+(?:please|pls|thanks|thank\s+you|for\s+me))*\W*$/i

/**
 * Is the message only a "cancel that"? It calls off the request at hand while that request still
 * asks for a fact or waits for a decision; right after something was looked up it points back at
 * that thing, as "cancel it" does (the engine tells the two apart by the session's state).
 */
export function cancelsThatAlone(text: string): boolean {
  const cancelled = cancelsAlone.exec(text)?.[1]
  return cancelled !== undefined && cancelled.toLowerCase() !== 'it'
}

/**
 * Is the message only a "cancel it"? Unlike "cancel that", "it" names a thing as often as the
 * request ("track NW-3003" → "cancel it" is that order), so the engine reads it as calling the
 * request off only while no record it could point at is known.
 */
export function cancelsItAlone(text: string): boolean {
  return cancelsAlone.exec(text)?.[1]?.toLowerCase() === 'it'
}

/**
 * Does the message take back the request at hand ("actually never mind, I'll keep the item",
 * "forget it", "stop the cancellation", "I changed my mind" alone)? The caller weighs it against
 * what else the message asks.
 */
export function withdrawsRequest(text: string): boolean {
  return (
    negatedAction.test(text) ||
    forgetTheRequest.test(text) ||
    cancelTheRequest.test(text) ||
    stopTheRequest.test(text) ||
    onlyStops.test(text) ||
    premiseTakenBack.test(text) ||
    requestUnwanted.test(text) ||
    hasPhrase(messageWords(text), withdrawalIndex)
  )
}
