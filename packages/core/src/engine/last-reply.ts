import {
  capitalisedKeys,
  type IntentEvidence,
  type IntentEvidenceModel,
} from '../sensor/create-intent-evidence.ts'
import type { Perception } from '../sensor/types.ts'
import type { EngineSessionState } from './session-state.ts'

// What the engine's own last reply says about this turn: whether the message accepts a proposal
// the reply made, or answers a question it asked. Only the engine's own stored reply is read,
// never text the user attributes to it.

/**
 * A proposal in the engine's last reply: what a "yes" accepts ("Shall I rent it?", "Would you like
 * to book a table?"). A confirmation of the task at hand ("Please confirm: a table for 2 at 7 pm",
 * "Is that right?") or of a result found ("Would that one interest you?") is not one: a "yes" to a
 * result found goes on with the current scenario, a "yes" to a confirmation accepts an action
 * ({@link confirmedAction}).
 */
const offerPhrases =
  "shall i|should i|would you like|would you care|do you want|do you wish|do you need|want me to|can i|may i|are you interested|if you (?:want|wish|like|would like|'d like)|i can(?!['’]t| ?not)|i could(?!n['’]t| not)"
const offerPattern = new RegExp(`\\?\\s*$|\\b(?:${offerPhrases}|how about)\\b`, 'i')
/** A sentence worded as a proposal ("Shall I…", "Would you like me to…"), not only as a question. */
const proposalPattern = new RegExp(`\\b(?:${offerPhrases})\\b`, 'i')
/**
 * A sentence that restates the task at hand for a yes ("Please confirm: …", "Is that right?"), or
 * asks whether a result found will do ("Would that one interest you?", "Does it work for you?").
 * "Are you interested in a cab?" proposes something new: it is an offer.
 */
const confirmationPattern =
  /\b(?:confirm|confirmation|correct|is that right|is it right|right\?|(?:that|this|it|one|them) interests? you|interested in (?:that|this|it|them)\b|work for you|(?:okay|ok|good) (?:for|with) you|suit you)/i

/**
 * A confirmation asked before an action is taken ("Please confirm: a table for 2 at 7 pm", "Is
 * that correct?"): not a result found ("Does it work for you?"), which a yes only likes.
 */
const actionConfirmation = /\b(?:confirm|confirmation|correct|is that right|is it right)\b|\bright\?/i

/**
 * What a yes to a confirmation accepts: that something be done, not looked for. Its evidence is
 * the acquiring action's ("book", "buy", "rent") less the search action's ("find", "look for"),
 * within each topic only; the confirmation's own words restate values (dates, places) that a
 * search and a booking of one topic share, and are not read. Undefined when the definition's
 * examples teach neither action.
 */
function confirmedAction(evidence: IntentEvidenceModel): IntentEvidence | undefined {
  if (actionEvidence.has(evidence)) return actionEvidence.get(evidence)
  const acquire = evidence.measureWords(['~acquire']).withinTopic
  const search = evidence.measureWords(['~search']).withinTopic
  const withinTopic: Record<string, number> = {}
  let any = false
  for (const [intent, value] of Object.entries(acquire)) {
    const action = value - (search[intent] ?? 0)
    if (action !== 0) any = true
    withinTopic[intent] = action
  }
  // Like a value kind, it speaks within a topic only (`values`), never for a topic.
  const action = any
    ? { words: 0, values: 1, logLikelihoods: { ...withinTopic }, topics: {}, withinTopic }
    : undefined
  actionEvidence.set(evidence, action)
  return action
}

/** {@link confirmedAction} by model: it depends on the definition alone (read, never changed). */
const actionEvidence = new WeakMap<IntentEvidenceModel, IntentEvidence | undefined>()

/** What a "yes" to the engine's last reply accepted. */
export interface AcceptedOffer {
  /** The evidence of the sentence accepted. */
  evidence: IntentEvidence
  /**
   * Whether it was worded as a proposal ("Shall I book a cab there?"): accepting one is a
   * deliberate move, like a switch cue. A "yes" to a bare question ("Is that for a March 4th
   * check in?", "Does the 4:30 bus work?") moves only by what the question says.
   */
  proposal: boolean
  /**
   * Whether it was a confirmation asked before an action ("Is that correct?"): the yes goes on
   * with the task, so it still only answers or asks for nothing ({@link answersQuestion},
   * {@link requestsNothing}) as far as other topics go.
   */
  confirmation?: true
  /** Whether a message of facts alone took up the reply's invitation ("… tell me the order and the amount"). */
  invited?: true
  /**
   * Whether the proposal is the question the reply ends on ("…at 7 pm. Shall I book it?"), not a
   * proposal made on the way ("I can get you the phone number. Anything else?").
   */
  last?: true
}

/** The sentences of a reply. */
const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/u)

/** The engine's own last reply, if the conversation's last message is one. */
function lastReply(state: EngineSessionState): string | undefined {
  const last = state.history.at(-1)
  return last?.role === 'assistant' ? last.content : undefined
}

/**
 * The evidence of the engine's own last reply when this turn accepts it: the user opens with an
 * affirmation ("yes", "sure, please") and the reply ended on a question or a proposal that is not
 * a confirmation; or, for a confirmation asked before an action, the action's evidence.
 */
export function acceptedOffer(
  evidence: IntentEvidenceModel,
  state: EngineSessionState,
  perception: Perception,
  /** The message only gives facts (an order, an amount) and asks for nothing itself. */
  givesFactsOnly = false,
): AcceptedOffer | undefined {
  if (perception.act !== 'affirm') return givesFactsOnly ? invitationTaken(evidence, state) : undefined
  const reply = lastReply(state)
  if (reply === undefined) return undefined
  const sentences = sentencesOf(reply)
  const offered = sentences.findLast(
    (sentence) => offerPattern.test(sentence) && !confirmationPattern.test(sentence),
  )
  if (offered === undefined) {
    // A yes to a confirmation asked before an action accepts the action: "Is that correct?" →
    // "Yes" after a car's details goes on to the reservation, not the search.
    if (!sentences.some((sentence) => actionConfirmation.test(sentence))) return undefined
    const action = confirmedAction(evidence)
    return action === undefined ? undefined : { evidence: action, proposal: false, confirmation: true }
  }
  const measured = evidence.measure(offered)
  if (measured.words === 0) return undefined
  const proposal = proposalPattern.test(offered)
  return offered === sentences.at(-1) && /\?\s*$/u.test(offered)
    ? { evidence: measured, proposal, last: true }
    : { evidence: measured, proposal }
}

/**
 * A sentence of the reply that invites a request by the facts it needs: "If you'd like a refund
 * now, tell me the order and the amount".
 */
const factsInvitation =
  /\bif you(?: want| wish| like| would like|['\u2019]d like)\b[^.?!]*\b(?:tell me|let me know|give me|send me)\b/i

/**
 * The evidence of the engine's last reply when a message that only gives facts ("it was for
 * NW-1001, $20") answers its invitation to a request ("If you'd like a refund now, tell me the
 * order and the amount"): taking it up is a deliberate move, as a yes to a proposal is.
 */
function invitationTaken(
  evidence: IntentEvidenceModel,
  state: EngineSessionState,
): AcceptedOffer | undefined {
  const reply = lastReply(state)
  if (reply === undefined || !factsInvitation.test(reply)) return undefined
  const invitation = sentencesOf(reply).findLast((sentence) => factsInvitation.test(sentence))
  if (invitation === undefined) return undefined
  const measured = evidence.measure(invitation)
  return measured.words === 0 ? undefined : { evidence: measured, proposal: true, invited: true }
}

/** A question for information: what, where, when, which, who, whose, how (much, many, long). */
const informationQuestion = /\b(?:what|where|when|which|who|whose|how)\b/i
/** A proposal worded as a question: "How about the 5:30 bus?", "What about Dogman?". */
const proposalQuestion = /\b(?:how|what) about\b/i
/** A question that opens as an offer: "Would you like me to find a restaurant where you arrive?". */
const offerOpening = new RegExp(`^\\W*(?:${offerPhrases})\\b`, 'i')
/** An open invitation, not a question about the task at hand: "Anything else I can help with?". */
const openInvitation = /\b(?:anything else|something else|help you with|can i help|may i help|assist you)\b/i

/**
 * A message that asks or requests something of its own: a question ("where is my order?", "can
 * you check the balance"), a request ("I want…", "please…", "let's…") or an imperative ("book…",
 * "reserve…", "send…"). Such a message is a new request, never only an answer.
 */
const askingBack =
  /\?|^\W*(?:(?:ok(?:ay)?|so|and|well|fine|alright|right|um+|uh+|hm+|whatever|anyway|but|oh|hey)\W+){0,3}(?:what|where|when|which|who|whose|why|how|can|could|would|will|do|does|did|is|are)\b/i

/**
 * Does the message ask something (a `?`, or it opens with a question word or an auxiliary, maybe
 * after a filler: "ok whatever, where is NW-3003 then", outside review rv58 12)?
 */
export function asksBack(text: string): boolean {
  return askingBack.test(text)
}
/**
 * Verbs that ask for a task to be done ("book…", "cancel…", "send…"), for both patterns below.
 * "check", "give" and "tell" open a request of their own when they lead a message, but inside one
 * they mostly ask about the task at hand ("and check the cost and timing for me"): counting
 * "check" anywhere cost 0.25 points per turn on SGD dev. A support desk's own (refund, exchange,
 * replace, renew, reset, …): "refund $20 on NW-1001" after a cancellation was read as a remark on
 * the cancellation, and cancelled NW-1001.
 */
const taskVerbs =
  'book|reserve|find|get|show|search|look|cancel|buy|purchase|order|send|transfer|play|rent|schedule|add|set|make|change|call|help|try|refund|reimburse|exchange|replace|subscribe|unsubscribe|upgrade|downgrade|renew|reset|delete|remove'
const requesting = new RegExp(
  `^\\W*(?:please|i want|i'd like|i would like|i need|let's|lets|check|give|tell|${taskVerbs})\\b|^\\W*(?:(?:no|nope|actually|sorry|oh|well|ok(?:ay)?)\\W+){1,3}(?:i(?:['\u2019]d| would)? (?:rather|prefer)|i(?:['\u2019]d| would) (?:like|want)|i want|i need|please)\\b`,
  'i',
)

/** The verb of an amendment, dropped when the rest of the message is read for a request. */
const amendingVerb = /\b(?:make|set|schedule|change|move|push|put)\b/i
/**
 * "Make it three", "make that March 9th", "no, set it for 5:45 pm": a verb with a pronoun for the
 * task at hand sets one of its values, as an answer does; it asks for nothing new. "Make that
 * reservation" or "make this booking happen" name a task, and stay requests.
 */
const amendsTaskAtHand =
  /^\W*(?:(?:ok(?:ay)?|yes|yeah|no|nope|actually|sorry|hmm|um|oh)\W+){0,2}(?:please\s+)?(?:(?:can|could|would) you\s+)?(?:make (?:it|them|(?:that|this)(?! (?:reservation|booking|appointment|purchase|transfer|payment|order|call|ride|trip|visit|request|happen)\b))|(?:set|schedule|change|move|push|put) (?:it|that|this|them) (?:for|on|at|to))\b/i

/**
 * A want of the user's own travel or timing ("I want to leave next Thursday", "I'd like to leave
 * from Las Vegas", "I need to be at Chengdu Style Restaurant", "I'd like to visit LA"): it tells
 * the task at hand a value, as an answer does; it asks the agent to do nothing.
 */
const statesOwnPlan =
  /^\W*(?:(?:ok(?:ay)?|yes|yeah|no|nope|actually|sorry|well|um)\W+){0,2}i(?: would|['\u2019]d| will|['\u2019]ll)? (?:want|like|need|plan|prefer|hope)(?: to| on)? (?:leave|leaving|depart|arrive|travel|head|be (?:at|in|there)|get there|come back)\b/i

/**
 * Whether the sentence amends the task at hand or states the user's own plan, and names no task
 * of its own past its verb ("Make it a refund of $30 instead" asks for a refund: outside review
 * rv51 R4).
 */
const amendsOrPlans = (sentence: string) => {
  const matched = amendsTaskAtHand.exec(sentence) ?? statesOwnPlan.exec(sentence)
  return matched !== null && !namesTask.test(sentence.slice(matched[0].length))
}

/** A sentence that opens with a request of its own (not one that amends the task at hand or states a plan). */
const opensWithRequest = (sentence: string) => {
  if (requesting.test(sentence) && !amendsOrPlans(sentence)) return true
  // "I'm not cancelling it, I want $20 back on it": a denial clause, then the request (outside
  // review rv53 F15: with a full stop after the denial it was read, with a comma it was not).
  if (!sentence.includes(',') && !sentence.includes(';')) return false
  const afterDenial = deniedThenMore.exec(sentence)?.[1]
  return afterDenial !== undefined && requesting.test(afterDenial) && !amendsOrPlans(afterDenial)
}

/** A first clause that denies something ("I'm not cancelling it", "I don't want to cancel"), then the rest. */
const deniedThenMore =
  /^[^,;]*\b(?:not|never|\w+n['\u2019]t|dont|didnt|doesnt|isnt|wasnt|wont|cant)\b[^,;]*[,;]\s*(.+)$/i

/**
 * Does a sentence of the message open with a request of its own ("I want a refund…", "please…",
 * "cancel…")? Such a message asks for something; it does not only answer.
 */
export function opensRequest(text: string): boolean {
  return sentencesOf(text).some(opensWithRequest)
}

/**
 * Whether this turn only answers a question the engine's own last reply ended on: a question for
 * information about the task at hand ("Where are you leaving from?", "How many tickets?"), not a
 * proposal ("How about the 5:30 bus?", "Would you like me to book it?": a "yes" to it is an
 * {@link acceptedOffer}) nor an open "anything else?"; and a message that neither asks nor
 * requests anything itself, carries no switch cue ("actually", "instead") and accepts no offer.
 * The engine's own clarifications and loop replies (a pending clarification) are not such
 * questions: their answer chooses, it does not continue a task.
 */
export function answersQuestion(
  state: EngineSessionState,
  text: string,
  turn: { perception: Pick<Perception, 'topicShift'>; offer: AcceptedOffer | undefined; clarifying: boolean },
): boolean {
  if (turn.perception.topicShift || turn.offer !== undefined || turn.clarifying) return false
  // A request in any sentence makes the message more than an answer ("It arrived broken. I want
  // a refund." to "What's your order number?").
  if (askingBack.test(text) || sentencesOf(text).some(opensWithRequest)) return false
  const reply = lastReply(state)
  if (reply === undefined) return false
  const asked = sentencesOf(reply).findLast((sentence) => /\?\s*$/u.test(sentence))
  return (
    asked !== undefined &&
    informationQuestion.test(asked) &&
    !proposalQuestion.test(asked) &&
    !offerOpening.test(asked) &&
    !openInvitation.test(asked)
  )
}

/**
 * A word that asks for something to be done, anywhere in a message: a task verb ("book", "find",
 * "get", "rent"), a want ("I need", "I'd like") or a request marker ("please", "let's", "go
 * ahead", "help").
 */
const requestWord = new RegExp(
  `\\b(?:${taskVerbs}|need|want|like|please|lets|let's|go ahead|pull up)\\b`,
  'i',
)

/**
 * A want the message denies about anything more ("I don't need anything else", "we won't need
 * any more"): it closes the task, it asks for nothing.
 */
const deniedWant =
  /\b(?:don['\u2019]?t|do not|won['\u2019]?t|will not|no longer) (?:really )?(?:need|want|require) (?:anything|any more|anymore|nothing)(?: else)?\b/gi

/** Does the message ask for something to be done anywhere (a task verb, a want, a request marker)? */
export function asksForSomething(text: string): boolean {
  if (text === lastAsking.text) return lastAsking.asks
  const asks = readsAsAsking(text)
  lastAsking = { text, asks }
  return asks
}

/** The last text {@link asksForSomething} read and its answer: a turn asks it of its message twice or more. */
let lastAsking = { text: '', asks: false }

/** {@link asksForSomething}, read. */
function readsAsAsking(text: string): boolean {
  if (!requestWord.test(text)) return false
  // "Make it three" amends the task at hand: its "make" asks for nothing new.
  const sentences = sentencesOf(text)
  if (sentences.some((sentence) => amendsTaskAtHand.test(sentence)))
    return readsAsAsking(
      sentences
        .map((sentence) => (amendsTaskAtHand.test(sentence) ? sentence.replace(amendingVerb, ' ') : sentence))
        .join(' '),
    )
  // "Can I get their phone number?", "I need the address": a detail of the item at hand, asked.
  infoRequest.lastIndex = 0
  if (infoRequest.test(text)) return readsAsAsking(text.replace(infoRequest, ' '))
  deniedWant.lastIndex = 0
  return !deniedWant.test(text) || requestWord.test(text.replace(deniedWant, ' '))
}

/**
 * A request for a detail of the item at hand ("get their phone number", "I need the address",
 * "tell me its rating"): it asks to be told something, not for a task.
 */
const infoRequest =
  /\b(?:(?:can|could|may) (?:i|you|we) )?(?:get|give|tell|know|have|need|want|like)(?: to know| to have)?(?: me| us)? (?:the|their|its|his|her|your) (?:[a-z]+ )?(?:address|phone|number|price|cost|rating|location|name|details|info|information|contact|email|website|hours|reviews?)\b/gi

/**
 * Whether this turn asks for nothing to be done: no task verb, want or request marker anywhere
 * ("What's the price, and how long is the trip?", "Three of us, on the 4th", "Is it pet
 * friendly?"), no switch cue, no accepted offer, and no pending clarification. Such a message
 * asks about or adds to the task at hand; it names another task only with clearly stronger words.
 */
export function requestsNothing(
  text: string,
  turn: { perception: Pick<Perception, 'topicShift'>; offer: AcceptedOffer | undefined; clarifying: boolean },
): boolean {
  if (turn.perception.topicShift || turn.offer !== undefined || turn.clarifying) return false
  return !asksForSomething(text)
}

/** Does the message ask what there is ({@link asksWhatThereIs})? */
export function asksWhatIsThere(text: string): boolean {
  return asksWhatThereIs.test(text)
}

/** Where: "there", "around", "nearby", "in that area". */
const nearby = '(?:there|around|near|nearby|close|in (?:the|that|this) (?:area|city|town))\\b'

/**
 * A question for what there is, which asks for a search as a request does: "are there any hotels
 * in that area?", "is there a museum nearby?", "what hotels are around there?", "any hotels
 * nearby?", "what about a hotel there?".
 */
const asksWhatThereIs = new RegExp(
  [
    // "are there any hotels …", "is there a museum nearby?"
    '\\b(?:are|is) there (?:any|some|a|an)\\b',
    // "what hotels are in that area?", "what are some hotels near there?"
    `\\bwhat (?:(?:are|is) (?:some|any) )?[a-z]+(?: [a-z]+)?(?: (?:are|is))? ${nearby}`,
    // "any hotels nearby?"
    `\\bany [a-z]+(?: [a-z]+)? ${nearby}`,
    // "what about a hotel there?"
    '\\b(?:what|how) about (?:a|an|some|any) [a-z]+',
  ].join('|'),
  'i',
)

/**
 * A question of a noun phrase alone ("and my refund?", "what about the other order?") right after
 * a question of the user's own that asks where, when or how ("where is my order NW-1001 now?"): it
 * asks the same of that noun, so it is read as "where is my refund?". Undefined for any other message, or when the last
 * message was no such question. English only, like the other conversation cues.
 */
export function ellipsisOf(text: string, previous: string | undefined): string | undefined {
  if (previous === undefined || text.length > 80) return undefined
  const noun = ellipticalQuestion.exec(text)?.[1]
  const head = noun === undefined ? undefined : questionHead.exec(previous)?.[1]
  return noun === undefined || head === undefined ? undefined : `${head} ${noun.trim()}?`
}

const ellipticalQuestion =
  /^\W*(?:and|what about|how about)\s+((?:my|the|our)\s+[a-z][a-z\s'-]{0,40}?)\s*\?+\s*$/i
const questionHead =
  /^\W*((?:where|when|how)(?:['\u2019]s|\s+(?:is|are|was|were|will|does|did|do|about)\b)?)\s/i

/**
 * A word that names a task of its own: a transaction's verb or noun, any form ("refund",
 * "cancellation", "booking", "returned", "money back"), or money asked back ("get $30 back").
 */
const namesTask =
  /\b(?:refund|reimburs|cancel|return|exchang|replac|subscri|unsubscri|upgrad|downgrad|renew|reset|delet|remov|book|reserv|buy|purchas|order|send|transfer|rent|schedul|pay|money back)\w*|\b(?:get|give|want|need|have)\b[^.!?]{0,25}\bback\b/i

/** Words that open a correction ("no, …", "actually, …", "sorry, …", "wrong, …"). */
const correctionOpening = /^\W*(?:(?:no|nope|actually|sorry|wrong|oops)\b\W*)+/i
const correctionWord = /\b(?:instead|actually)\b/i
/**
 * A question for information ("what is the weather there?", "will it rain?"), which asks about
 * something rather than changing a value; "could I go to … instead?" and "can it be at 5?" ask
 * for a change.
 */
const asksForInformation =
  /^\W*(?:what|where|when|which|who|whose|why|how|will|do|does|did|is|are|was|were)\b/i

/**
 * Whether the message corrects what the engine's own last reply asked or confirmed about the task
 * at hand: the reply ended on a question that is no open "anything else?", or asked to confirm;
 * the message opens with "no", "actually", "sorry" or "wrong", or says "instead" or "actually";
 * and, past those words, it opens no request of its own and asks for no information ("No,
 * actually I'll be leaving on the 5th.", "Sorry, could I go to Egg Roll King instead?", but not
 * "Actually, I want a hotel instead" nor "Actually, what's the weather there?"). Its switch cue
 * changes a value of the task; it names no new one.
 */
export function correctsLastQuestion(
  state: EngineSessionState,
  text: string,
  readsOtherTask: boolean,
): boolean {
  const opening = correctionOpening.exec(text)?.[0]
  if (opening === undefined && !correctionWord.test(text)) return false
  const rest = opening === undefined ? text : text.slice(opening.length)
  if (opensRequest(rest) || asksForInformation.test(rest)) return false
  // A task named and read as another scenario's is a move, however it is worded ("I'd prefer a
  // refund instead", "Actually, my refund never came through" during a cancellation).
  if (readsOtherTask && namesTask.test(rest)) return false
  const reply = lastReply(state)
  if (reply === undefined) return false
  const asked = sentencesOf(reply.trim()).at(-1) ?? ''
  return !openInvitation.test(asked) && (/\?\s*$/u.test(asked) || /\bconfirm\b/i.test(asked))
}

/**
 * The names the engine's own last reply wrote capitalised inside a sentence ("How about
 * *Family*?", "What do you think of *Green Book*?"), as `capitalisedWords` keys them (lower-cased,
 * no apostrophes); none when the conversation's last message is not the engine's. "I" and a
 * sentence's first word are no names.
 */
export function namesOffered(state: EngineSessionState): Set<string> {
  const reply = lastReply(state)
  if (reply === undefined) return new Set()
  return capitalisedKeys(reply)
}
