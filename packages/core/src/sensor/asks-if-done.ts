import { foldLookalikes, hasInvisible, visibleText } from '../enforcement/detectors/visible-text.ts'

/**
 * "Did it go through?", "is it done?", "did you cancel it?", "so is it cancelled or not?", "is
 * NW-2222 cancelled?": the user asks whether what they asked for was done. English only, like the
 * other conversation cues. A subject may be an order written as an id (letters, then digits),
 * or an action's noun with the order it was for ("did the cancellation of NW-8318 go through?",
 * "did NW-8320 get cancelled?": both were read as requests to cancel, and the next answer did).
 */
const orderId = '(?:(?:my|the)\\s+)?(?:order\\s+)?#?[a-z]{0,4}[- ]?\\d{3,}'
const subject = `(?:it|that|this|they|both|both of them|everything|(?:the|my|your|our) (?:refund|refunds|cancell?ation|order|payment|request|money)(?:\\s+(?:of|for|on)\\s+${orderId})?|${orderId})`
const outcome =
  '(?:go through|gone through|work|worked|done|finished|complete|completed|processed|approved|successful|cancell?ed|refunded|issued|sorted|sent|paid|returned|credited|transferred)'
const askedIfDone = new RegExp(
  String.raw`\b(?:(?:did|has|have|was|is|were)\s+${subject}\s+(?:been\s+|actually\s+|really\s+|get\s+|got\s+)?${outcome}|(?:did|have)\s+you\s+(?:actually\s+|really\s+|already\s+)?(?:(?:do|done|process|processed|issue|issued)\s+(?:it|that|this|the refund|the cancell?ation)|cancel|cancell?ed|refund|refunded)\b|(?:did|has)\s+(?:the\s+)?(?:refund|cancell?ation)\s+(?:go|gone|been)\b)`,
  'i',
)

/**
 * "What's the status of my refund?", "which order did you refund?", "what did you cancel?", and
 * its record: "what's the reference number again?", "can you send me a receipt?".
 */
const askedWhatWasDone =
  /\b(?:status of (?:my|the) (?:refund|cancell?ation|request)|(?:any |an )?(?:update|news|word) (?:on|about) (?:my|the|that) (?:refund|cancell?ation|request)|(?:which|what) (?:order|one|amount) (?:did|have) you (?:refund|cancel)|what (?:did|have) you (?:refund|refunded|cancel|cancell?ed|do|done)|how much (?:did|have|has) (?:i|we) (?:get|got|gotten|been) (?:back|refunded)|how much (?:did|have) you (?:refund|refunded)|how much (?:have|has) (?:i|we) been refunded|(?:the|my|a) (?:reference|confirmation) (?:number|code|id)|(?:the|a|my) receipt|(?:an?|the|my) (?:e-?mail )?confirmation(?: e-?mail)?(?=\s*(?:[?.!]|$|please\b|(?:of|for) (?:it|that|this|the refund|the cancell?ation|my refund)\b)))\b/i

/**
 * "When will I see it?", "how long until I get it?", "when will it show up on my card?", "where
 * will it go?": when or where what was done arrives, which what was done says. Only with "it" or
 * "that" for what was done: "when will I get my money?" names what it asks about, and is read as
 * a message of its own (a definition's refund-status flow answers it).
 */
const askedWhenDone =
  /\b(?:how long (?:until|till|before|will it take|does it take|do i have to wait)\b[^.?!]{0,30}\b(?:it|that)|when (?:will|would|do|does|should|can) (?:i|we) (?:get|see|receive|have) (?:it|that)|when (?:will|would|does|should) (?:it|that) (?:arrive|show up|come|reach|be back|hit|appear|get)|where (?:will|would|does|is) (?:it|that) (?:go|going|be sent|end up))\b/i

/**
 * "I don't see it on my card yet", "haven't received it", "still haven't got the money": what was
 * done has not arrived, which asks when it will (outside review rv58 5: the card on file was shown).
 */
const notArrivedYet =
  /\b(?:don['\u2019]?t|do not|can['\u2019]?t|cannot|haven['\u2019]?t|have not|didn['\u2019]?t|did not|still (?:haven['\u2019]?t|have not|don['\u2019]?t))\s+(?:yet\s+)?(?:see|seen|got|gotten|get|receive|received|notice|noticed)\s+(?:it|that|the money|the refund|my refund|my money|anything)\b(?:\s+(?:on|in)\s+(?:my|the)\s+(?:card|account|statement|bank(?:\s+account)?))?(?:\s+yet)?/i

/** The words {@link askedWhenDone} opens with, the cheap test before it. */
const whenOrWhere = /\b(?:how long|when|where)\b/i

/**
 * An order written as an id ("NW-3003", "order #1234"). Stricter than `orderId` above, whose
 * letters are optional: a bare "600" there would make "total was 600, when will it arrive?" a
 * delivery question.
 */
const namedOrder = /\b[a-z]{1,4}-\d{3,}\b|\border\s+#?\d{3,}\b/i

/** "When does it arrive?": with an order named in the message, its "it" is that order's delivery. */
const orderArrives = /\bwhen (?:will|would|does|should) (?:it|that) (?:arrive|come|get here)\b/gi

/**
 * Does the message ask when or where what was done arrives? Not "I'll wait for NW-3003, when does
 * it arrive?": there "it" is the order the message names, a delivery to look up.
 */
function asksWhenDone(text: string): boolean {
  if (notArrivedYet.test(text)) return true
  if (!whenOrWhere.test(text)) return false
  return askedWhenDone.test(namedOrder.test(text) ? text.replace(orderArrives, ' ') : text)
}

/**
 * "So it's cancelled?", "the refund is done?": a statement of the outcome asked as a question.
 */
const statedIfDone = new RegExp(
  String.raw`\b${subject}(?:['\u2019]s|\s+is|\s+was|\s+has been|\s+got)\s+(?:been\s+|actually\s+|really\s+|now\s+|already\s+)?${outcome}\s*\?`,
  'i',
)

/** Does the message ask whether what the user asked for was done? */
export function asksIfDone(text: string): boolean {
  return (
    text.length <= 400 &&
    (askedIfDone.test(text) ||
      askedWhatWasDone.test(text) ||
      asksWhenDone(text) ||
      (text.includes('?') && statedIfDone.test(text)))
  )
}

/**
 * Does the message ask what was done before ("which order did you refund?", "when will I see
 * it?"), not about the request at hand?
 */
export function asksWhatWasDone(text: string): boolean {
  return text.length <= 400 && (askedWhatWasDone.test(text) || asksWhenDone(text))
}

const askedForUpdate =
  /\b(?:any (?:update|news|word)|an update|update on|status of (?:my|the|this) (?:request|cancell?ation|refund|approval)|approved yet|decided yet|how long (?:does|will|is|did) (?:the |it |this )?(?:approval|decision|take|it take)|when will (?:they|you|the supervisor|someone|a supervisor) decide|heard back|how long (?:will|does|would) (?:the |a |your )?(?:supervisor|approver|manager|reviewer)s? (?:take|need|be)|(?:is|has) (?:the |a |your )?(?:supervisor|approver|manager) (?:decided|answered|replied|looked))\b/i

/**
 * Does the message ask how a request that waits is going ("any update on my cancellation?", "is
 * it approved yet?", "how long does the approval take?"), or whether it was done?
 */
export function asksForUpdate(text: string): boolean {
  return text.length <= 400 && (askedIfDone.test(text) || askedForUpdate.test(text))
}

/**
 * "Sorry, I meant NW-2002 not NW-3003", "oops, wrong order", "it should have been $14", "actually
 * make it $20", "make that $20", "can you make it $30 instead", "actually it's NW-3003, not NW-1001", "wait, I only paid $30", "wait no, don't, I changed my mind", "please undo that
 * refund", "cancel that refund", "can you undo the cancellation? I want it after all": the message
 * says what was just done was not what was meant, or takes it back.
 */
const correctsDone =
  /\b(?:i meant|meant to say|oops|whoops|my (?:mistake|bad)|wrong (?:order|amount|one|number|card)|should have been|that was the wrong|actually,? make (?:it|that)|make (?:it|that) (?:only|just)\b|make that(?= [$\u20ac\u00a3]?\d)|but (?:only|just) [$\u20ac\u00a3]?\s?\d+|make (?:it|that) (?:[$\u20ac\u00a3]\s?)?\d+(?:\.\d+)?(?: ?(?:dollars|bucks|usd))? instead\b|(?:it['\u2019]?s|it is|it was|i meant) (?:order )?#?[a-z]{0,4}[- ]?\d{3,},? not\b|(?:it['\u2019]?s|it is|it was|i meant|should be) [$\u20ac\u00a3]\s?\d+(?:\.\d+)?,? not(?= [$\u20ac\u00a3]?\s?\d)|change (?:it|that) to|i only paid|changed my mind|wait,? no|no,? (?:wait|stop|don['\u2019]?t)|don['\u2019]?t do (?:it|that)|take (?:it|that) back|(?:undo|reverse|revert|roll ?back) (?:(?:it|that|this)(?=\s*(?:$|[.,!?;:]|please\b|now\b|for me\b))|(?:the|that|this|my) (?:refund|cancell?ation|last one))|un-?cancel|reinstate (?:it|the order|my order)|cancel (?:that|the|this|my) refund|(?:want|need) it after all)\b/i

/** Does the message say what was just done was not what was meant ("sorry, I meant NW-2002")? */
export function correctsWhatWasDone(text: string): boolean {
  return correctsDone.test(text.slice(0, 500))
}

/**
 * Words that ask about an action, suppose it or put it off, rather than ask for it: "is it
 * possible to get a refund?", "how do refunds work?", "how long does a refund take?", "do I
 * qualify for a refund?", "is there a fee to cancel?", "do you do refunds?", "what happens if I cancel?", "should I
 * cancel?", "if I cancel NW-1001 …", "only if it hasn't shipped", "just asking for now", "no need
 * to refund", "I'm thinking about cancelling", a hedge ("I might want a refund", "I may need to
 * cancel", "maybe cancel NW-2002?", "can I still get a refund after 30 days?").
 */
const aboutAction =
  /\b(?:how (?:long|fast|quickly|soon)\b|do (?:i|we) qualify|am i qualified|(?:is there|are there) (?:a |any )?(?:fee|fees|charge|charges|penalty|cost)\b|do you (?:do|offer|give|allow|accept|support|handle)\b|do (?:i|we) (?:need|have) to\b|(?:before|when|after|once) you (?:refund|cancel|process|issue)\b|(?:are|is) (?:a |an )?(?:refunds?|cancell?ations?|returns?) (?:possible|allowed|available|an option)|is it possible|would it be possible|possible to|how do(?:es)?\b[^.?!]{0,40}\bwork|how would|what happens|what if|what would happen|should i|would i|will i (?:get|be)|am i able|is that true|just asking|asking about|thinking (?:about|of)|considering|wondering|only if|no need to|not yet|in case|if i\b|if it\b|if you\b|(?:i|we) (?:might|may|probably|possibly|perhaps)\b|^\W*(?:maybe|perhaps|possibly)\b|maybe (?:cancel|refund|i|we|you)\b|(?:can|could) i still|am i (?:still )?(?:eligible|entitled|allowed))/i

/**
 * Words that name an action without asking for it: how it is done ("how do I request a refund?",
 * "I'd like to know how to get a refund of $20"),
 * a supposition ("hypothetically, could you refund $40?"), what happened before or to someone
 * else ("my friend got a refund of $40", "I was refunded $20 last week"), or a request declined
 * ("no refund please", "I don't need a refund anymore", "I no longer want to cancel").
 */
const namesWithoutAsking =
  /\b(?:how (?:do|can|could|would|should|does|did) (?:i|we|one|you|someone|people|customers?) (?:request|get|ask|apply|make|file|claim|start|go about)|how to (?:request|get|ask|apply|make|file|claim|start|go about|cancel|refund|return)|(?:know|find out|learn|understand) how\b|hypothetical(?:ly)?|theoretical(?:ly)?|in theory|suppos(?:e|ing)|imagine|let['’]?s say|say i\b|my (?:friend|wife|husband|partner|colleague|co-?worker|brother|sister|mom|mum|dad|mother|father|son|daughter|neighbou?r|boss|cousin)\b|(?:got|received|had|was given|were given|was issued|was paid) (?:a |my |the |an? )?(?:full |partial )?(?:refund|refunds|cancell?ation)\b|(?:was|were|got|been) (?:already )?(?:refunded|cancell?ed)\b|\bno (?:refunds?|cancell?ations?)\b|(?:don['’]?t|do not|doesn['’]?t|does not|no longer) (?:really |even |actually )?(?:want|need|require)\b|\b(?:any ?more)\b)/i

/**
 * Does the message only ask about an action, suppose it, put it off, or name it without asking
 * for it ("is it possible to get a refund of $25?", "if I cancel NW-1001 will I be charged?", "no
 * need to refund it", "how do I request a refund?", "my friend got a refund of $40", "I don't need
 * a refund anymore")? A `confirm` tool's call on such a message is asked about, never run.
 */
export function onlyAsksAboutAction(text: string): boolean {
  const head = text.slice(0, 1000)
  return aboutAction.test(head) || namesWithoutAsking.test(head) || declinesOrDefers(text)
}

/**
 * Words that deny, put off, look back or ask whether: "don't refund … yet", "hold off on
 * refunding", "I never asked for a refund", "customer service already refunded $20", "my refund
 * hasn't arrived", "wait, refund $20 later", "I'd like to know whether $20 would be refundable".
 * A message with any of them is not a plain request to act, whatever else it says: a `confirm`
 * call on it is asked about first ("I never got my order, refund me $20" is asked once, then runs
 * on a yes). Only a plain request runs at once.
 */
const deniesOrDefers =
  /\b(?:not|never|no|nah|nope|don['\u2019]?t|do not|doesn['\u2019]?t|didn['\u2019]?t|hasn['\u2019]?t|haven['\u2019]?t|isn['\u2019]?t|wasn['\u2019]?t|won['\u2019]?t|shouldn['\u2019]?t|hold off|later|wait|yet|whether|already|any ?more|no longer|forget it|forget that|scratch that|never ?mind|nevermind|jk|just kidding|kidding|tomorrow|tonight|next week|last week|yesterday|ago|asked you to|once|as soon as(?! possible)|unless|until|till|(?:after|when|before) (?:i|we) (?:get|receive|send|return|ship|have|hear|see|check|decide|talk)|(?:i|we)['\u2019]ll (?:let you know|probably|maybe|possibly|think|see|decide|consider)|(?:i|we)['\u2019]d consider|(?:was|were|been) (?:told|promised)|do you think|too late|fastest way|my options|maybe|perhaps|possibly|(?:is|would|will|was) (?:that|it|this) (?:even |still )?(?:be )?possible|possible to|pas|kein|keine|nicht|nein|nunca|jamais)\b|\uD83D[\uDEAB\uDE45]|[\u274C\u26D4]/i

/**
 * A correction of a fact, not of the request: "not NW-1002", "NW-1001... wait no, NW-2002", "no,
 * $20": a negation right before an id or an amount takes back that fact only.
 */
const correctsFact =
  /\b(?:wait\W{0,3})?(?:no\W{1,3})?(?:no|not)\b(?:\W{1,3}(?:it'?s|the|order|number))*\W{0,3}(?=[A-Za-z]{0,4}[- #]?\d|[$\u20ac\u00a3]\s?\d)/gi

/** Does the message deny, put off, look back or ask whether (see `deniesOrDefers`)? */
export function declinesOrDefers(text: string): boolean {
  // The whole message as a reader sees it: a denial after 1,000 characters of story, or written
  // with an invisible character or a look-alike letter ("n\u200bot", "nоt"), still counts.
  return deniesOrDefers.test(readable(text).replace(correctsFact, ' '))
}

/** `text` without invisible characters, look-alike letters as ASCII, a backtick as an apostrophe. */
function readable(text: string): string {
  const visible = hasInvisible(text) ? visibleText(text).text : text
  return foldLookalikes(visible).replaceAll('`', "'")
}

/** Words of a plain request: "please", "I want", "I'd like", "I need", "go ahead", "do it". */
const plainRequest =
  /\b(?:please|pls|plz|i (?:also |really |just |still |only )?(?:want|wanna|need)|i['\u2019]d (?:also )?like|i would like|go ahead|do it|do that|yes,? (?:please|do)|refund me|cancel it)\b/i

/**
 * A clause that opens by telling what to do: "cancel NW-2002, total $5", "please refund $20",
 * "ann@example.com, refund $20 on NW-1001", "I paid $120 for NW-1001, refund $40". Not one asked
 * ("cancel NW-2002?? is that possible": outside review rv55 F8).
 */
const command =
  /(?:^|[,.;:!?]|\b(?:and|then|so|now|just|also)\b|@[\w.-]+\.[a-z]{2,}\b)\W*(?:(?:ok(?:ay)?|so|then|now|and|please|pls|just|also)\W+){0,2}(?:refund|cancel|reimburse|return|exchange|replace)\b(?![^,.;:!?]*\?)/i

/** A request asked as a question: "can you refund $20 on NW-1001?", "could I get $20 back?". */
const politeRequest =
  /\b(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:(?:please|pls|just|also)\s+){0,2}(?:refund|cancel|reimburse|reverse|issue|process|give|send)|(?:can|could|may)\s+i\s+(?:please\s+)?(?:get|have))\b/i

/** A request said as its noun alone: "a refund for NW-1005", "ok, a refund for NW-1001 then". */
const nounRequest =
  /^\W*(?:(?:ok(?:ay)?|so|then|and|well|fine|right|alright)\W+)*(?:a|another)\s+(?:refund|cancellation)\b[^?]*$/i

/**
 * Does the message plainly ask for something to be done ("please refund it", "I want a refund",
 * "cancel NW-2002", "can you refund $20?")? A `confirm` call runs at once only on such a request
 * (the engine asks "Shall I …?" for anything else: a statement of facts, a question about the
 * action, a hedge); whether it also asks about, puts off or denies the action is
 * {@link onlyAsksAboutAction}'s to say.
 */
export function plainlyRequests(text: string): boolean {
  const head = text.slice(0, 1000)
  return plainRequest.test(head) || command.test(head) || politeRequest.test(head) || nounRequest.test(head)
}

/**
 * The stems of the actions a message names ("is it cancelled?" → `cancel`), from verbs and their
 * nouns ("did the cancellation go through?", "the replacement", "my reservation", "the approval").
 */
export function namedActions(text: string): string[] {
  const stems: string[] = []
  for (const [word] of text.toLowerCase().matchAll(/\p{L}{4,}/gu)) {
    const stem = stemOfVerb(word)
    if (actionStems.has(stem)) stems.push(stem)
    else {
      // "cancle", "refnud": two letters swapped in a money action's verb still name it (outside
      // review rv60 3: "cancle nw-2002 totl $30" in a refund read as facts alone, and refunded).
      const verb = swappedVerbs.get(word)
      if (verb !== undefined) stems.push(stemOfVerb(verb))
    }
  }
  return stems
}

/** A word without its endings ("cancellation" → cancel, "refunded" → refund), as `actionStems` keys it. */
function stemOfVerb(word: string): string {
  return word.replace(/(?:lations?|ations?|ements?|ments?|als?|led|ed|ings?|es|e|s|y)$/u, '')
}

/** Each money action's verb with two neighbouring letters swapped, to the verb: "cancle" → cancel. */
const swappedVerbs: ReadonlyMap<string, string> = new Map(
  ['cancel', 'refund', 'return', 'exchange', 'replace'].flatMap((verb) =>
    swapsOf(verb).map((swapped) => [swapped, verb] as const),
  ),
)

/** `word` with each pair of neighbouring letters swapped, but for `word` itself. */
function swapsOf(word: string): string[] {
  const swaps: string[] = []
  for (let index = 0; index + 1 < word.length; index++) {
    const swapped = word.slice(0, index) + word[index + 1] + word[index] + word.slice(index + 2)
    if (swapped !== word) swaps.push(swapped)
  }
  return swaps
}

/** Any swapped form, as a whole word (the cheap test before the words are looked up). */
const anySwappedVerb = new RegExp(`\\b(?:${[...swappedVerbs.keys()].join('|')})\\b`, 'i')

/**
 * The text with a money action's verb written with two letters swapped read as the verb ("cancle
 * nw-2002" → "cancel nw-2002"; outside review rv60 3: in a refund it read as facts alone, and
 * refunded the order to cancel). Same length: positions stay.
 */
export function withSwappedVerbsFixed(text: string): string {
  if (!anySwappedVerb.test(text)) return text
  return text.replace(/\p{L}+/gu, (word) => {
    const verb = swappedVerbs.get(word.toLowerCase())
    return verb === undefined ? word : verb
  })
}

/** Stems of the actions a status question names (cancel, refund, return, exchange, replace, ...). */
const actionStems: ReadonlySet<string> = new Set([
  'cancel',
  'refund',
  'return',
  'exchang',
  'replac',
  'reimburs',
  'deliver',
  'ship',
  'shipp',
  'approv',
  'transfer',
  'transferr',
  'book',
  'reserv',
])
