import { isQuestion } from '../sensor/asks-about-assistant.ts'
import { declinesOrDefers, plainlyRequests } from '../sensor/asks-if-done.ts'
import { withdrawsRequest } from '../sensor/detect-conversation-act.ts'
import { entityMatches } from '../sensor/extract-entities.ts'
import { extractMoney } from '../sensor/extract-money.ts'
import type { Perception } from '../sensor/types.ts'
import type { CompiledEngine } from './compile-engine.ts'
import { asksForSomething, opensRequest } from './last-reply.ts'

const rows = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm']
const keyPosition = new Map<string, { row: number; column: number }>()
rows.forEach((row, index) => {
  for (const [column, key] of [...row].entries()) keyPosition.set(key, { row: index, column })
})

/** A word typed by sliding along one keyboard row ("asdf", "qwer", "jkl"): a key mash, not a word. */
function isKeyMash(word: string): boolean {
  if (word.length < 3) return false
  for (let index = 1; index < word.length; index++) {
    const left = keyPosition.get(word[index - 1]!)
    const right = keyPosition.get(word[index]!)
    if (left === undefined || right === undefined || left.row !== right.row) return false
    if (Math.abs(left.column - right.column) !== 1) return false
  }
  return true
}

/**
 * Why a message inside a flow says nothing the flow can use, or undefined when it can be used:
 * a hesitation ("hmm", "what?") or a key mash ("asdf qwer") with no entity and no topic word. An
 * answer such as "San Jose" or "16:30 please" is not unclear: it may fill the step.
 */
export function unclearTurnReason(perception: Perception, text: string): string | undefined {
  const informative =
    (perception.evidence?.words ?? 0) > 0 ||
    Object.values(perception.entities).some((value) => value !== undefined)
  if (informative) return undefined
  if (perception.act === 'hesitate') return 'the message hesitates and answers nothing'
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? []
  if (words.length > 0 && words.filter(isKeyMash).length * 2 >= words.length)
    return 'the message looks like random keys'
  return undefined
}

/**
 * Two requests for different scenarios in one message ("cancel NW-2002 and refund me $20"): the
 * scenario each clause speaks for clearly (by `margin` nats over every other intent), in order,
 * with the clause itself (choosing an option sends it, so its own order id and amount apply).
 * Fewer than two distinct scenarios: undefined.
 */
export function twoRequests(
  compiled: CompiledEngine,
  text: string,
  margin: number,
  current: string | null = null,
): Array<{ scenario: string; intent: string; clause: string }> | undefined {
  // ", then" and "after that" join requests in order, as "and" does ("refund $20 on NW-1001, then
  // cancel NW-2002" was one clause: the refund ran on NW-2002); so does "then" with no comma.
  const clauses = withThenAsBreak(text)
    .split(/\band\b|\balso\b|,\s*then\b|\bafter that\b|[;!?]+|\.(?=\s|$)/i)
    .filter((clause) => aLetter.test(clause))
  if (clauses.length < 2) return undefined
  const found: Array<{ scenario: string; intent: string; clause: string }> = []
  for (const [index, clause] of clauses.entries()) {
    // Two requests need two clauses that read as one: with fewer left than are still missing, none is.
    if (found.length + clauses.length - index < 2) return undefined
    const { words, intent, lead } = compiled.evidence.leader(clause)
    if (words === 0 || intent === undefined || lead < margin) continue
    const scenario = compiled.definition.scenarios.find((candidate) => candidate.intents.includes(intent))
    if (scenario === undefined || found.some((entry) => entry.scenario === scenario.id)) continue
    // "Ok it's shipped, fine. Go back to cancelling it" after the lookup: a clause of the scenario
    // the conversation is in that asks for nothing and gives no fact is said about it, not asked
    // of it. One that gives a fact ("cancellation total $780. also refund $20 for NW-1001") is
    // still a request: dropped, its facts and the other request's would run as one.
    if (scenario.id === current && !asksForSomething(clause) && !givesFact.test(clause)) continue
    // "I want a refund. my email is ann@… and my card is 4111 …": a clause that only says what
    // one of the customer's things is asks for nothing of its own (outside review rv58 3: the
    // card's clause was offered as a card-on-file request, and quoted back with its CVV). The
    // scenario under way's facts stay a request of their own (above).
    if (scenario.id !== current && statesWhatItIs.test(clause) && !asksForSomething(clause)) continue
    found.push({ scenario: scenario.id, intent, clause: clause.trim() })
  }
  return found.length >= 2 ? found : undefined
}

/**
 * The one clause of a message that asks for something, when the rest only says what happened ("my
 * package NW-1001 is lost, I want a refund", "it's lost. refund it, $40"): the request says what
 * the customer wants, the story around it only why. Undefined when no clause asks, when more than
 * one does (two requests: `twoRequests`), when another clause is a question ("I'd like to rent a
 * car. Do you have any available?" asks what there is as much as it books), or when the message
 * is a single clause.
 */
export function requestClauseOf(text: string): string | undefined {
  if (text.length > 300) return undefined
  const clauses = text.match(clausePattern)?.filter((clause) => aLetter.test(clause)) ?? []
  if (clauses.length < 2) return undefined
  let request: string | undefined
  for (const clause of clauses) {
    const words = clause
      .replace(/[.,;!?\s]+$/u, '')
      .replace(/^\s*(?:and|also|but|so|then|plus)\s+/i, '')
      .trim()
    if (!opensRequest(words)) {
      if (isQuestion(clause.trim())) return undefined
      continue
    }
    if (request !== undefined) return undefined
    request = words
  }
  return request
}

/**
 * The one clause of a message that asks for something when every other clause only says what one
 * of the writer's things is ("i want a refund. my email is ann@… and my card is 4111 …"): those
 * clauses give facts, and their words ("my card") ask for nothing (outside review rv58 3: the
 * card's words took the message to the card on file). Undefined otherwise.
 */
export function requestBesideStatements(text: string): string | undefined {
  if (text.length > 300 || !statesWhatItIsAnywhere.test(text)) return undefined
  const clauses = text.split(/[.;!?]+(?=\s|$)|,|\band\b/i).filter((clause) => aLetter.test(clause))
  if (clauses.length < 2) return undefined
  let request: string | undefined
  for (const clause of clauses) {
    if (statesWhatItIs.test(clause) && !asksForSomething(clause)) continue
    const words = clause.trim()
    if (request !== undefined || !opensRequest(words)) return undefined
    request = words
  }
  return request
}

/** A clause with the marks that end it. */
const clausePattern = /[^.,;!?]+[.,;!?]*/gu

/** A letter (a clause without one is no request). */
const aLetter = /\p{L}/u

/**
 * `text` with each "then" that joins two requests written ", then" ("refund $20 on NW-1001 then
 * cancel NW-2002"), as the clause split reads it. Not one that ends a condition opened before it
 * in its sentence ("if it hasn't shipped then cancel it"), nor one that opens the message.
 */
function withThenAsBreak(text: string): string {
  if (!/\bthen\b/i.test(text)) return text
  return text.replace(/([^,\s])(\s+)then\b/gi, (match, before: string, space: string, offset: number) => {
    const sentence =
      text
        .slice(0, offset + 1)
        .split(/[.!?;]/u)
        .at(-1) ?? ''
    return opensCondition.test(sentence) ? match : `${before},${space}then`
  })
}

/** A word that opens a condition its "then" ends ("if …", "once …", "as soon as …"). */
const opensCondition = /\b(?:if|unless|when|whenever|once|as soon as|after|before|in case)\b/i

/**
 * A request taken back and replaced in the same message ("refund $20 for NW-1001... actually no,
 * just cancel NW-6060 instead, it was $780"): the text from the taking back on, when it asks clearly
 * for another scenario than the text before it did; else undefined. The caller reads that text as
 * the message, so no fact of the request taken back (its $20) carries into the one that replaces
 * it, and no "which one first?" offers what was taken back.
 */
export function replacingRequest(compiled: CompiledEngine, text: string, margin: number): string | undefined {
  if (text.length > 600 || !takingBackWord.test(text)) return undefined
  let start: number | undefined
  for (const match of text.matchAll(takingBack)) start = match.index + match[0].length - match[1]!.length
  if (start === undefined || start === 0) return undefined
  const scenarioOf = (part: string) => {
    const { words, intent, lead } = compiled.evidence.leader(part)
    if (words === 0 || intent === undefined || lead < margin) return undefined
    return compiled.definition.scenarios.find((candidate) => candidate.intents.includes(intent))?.id
  }
  const rest = text.slice(start)
  const before = scenarioOf(text.slice(0, start))
  const after = scenarioOf(rest)
  return before !== undefined && after !== undefined && before !== after ? rest : undefined
}

/**
 * Does the message, after it takes something back, plainly ask again for the scenario it is in?
 * "Never mind, I'd like a refund of $20 for NW-1001" during a refund says what the refund is now,
 * not that it is off: the clauses after the last one that takes back ask for it, deny nothing,
 * and their words lead to one of `intents` by `margin` (outside review rv61 8: the refund ended,
 * and the yes to "Shall I refund $20 for order NW-1001 now?" that the "never mind" made the
 * engine ask got the menu).
 */
export function restatesRequest(
  compiled: CompiledEngine,
  text: string,
  intents: readonly string[],
  margin: number,
): boolean {
  if (text.length > 600) return false
  const clauses = text.split(clauseBreak)
  let last = -1
  for (const [index, clause] of clauses.entries()) if (withdrawsRequest(clause)) last = index
  if (last < 0) return false
  const rest = clauses.slice(last + 1).join(', ')
  if (!plainlyRequests(rest) || declinesOrDefers(rest) || withdrawsRequest(rest)) return false
  const { words, intent, lead } = compiled.evidence.leader(rest)
  return words > 0 && intent !== undefined && lead >= margin && intents.includes(intent)
}

/** Where a clause ends: marks before a space or the end ("$19.99", "ann@example.com" stay whole), or "but". */
const clauseBreak = /(?:[.,;:!?]+|\n+)(?=\s|$)|\bbut\b/i

/**
 * A clause that opens by taking back what came before: "actually no", "wait, no", "no wait",
 * "scratch that", "forget that". Not an exclamation ("oh no, I'd rather…").
 */
const takingBack =
  /(?:^|[.,;!?]\s*|\s-+\s*)((?:(?:actually|wait|sorry)\W{1,3}no|no\W{1,3}(?:actually|wait)|scratch that|forget that|never ?mind that)\b)/gi

/**
 * What every {@link takingBack} holds ("actually", "wait", "sorry", "scratch that", ...), the
 * cheap test before it: its opening alternatives try a match at every space of a message, and
 * few messages take anything back.
 */
const takingBackWord = /actually|wait|sorry|scratch that|forget that|never ?mind that/i

/** A digit, an email or a money word: a clause that gives a fact (an id, an amount, an address). */
const givesFact = /\d|@|\b(?:dollars?|bucks|euros?|pounds?|cents?)\b/i

/** A clause that says what one of the writer's things is: "my card is 4111 …", "the order number is NW-1001". */
const statesWhatItIs =
  /^\s*(?:(?:and|but|so|plus)\s+)?(?:my|our|the)\s+(?:[a-z]+\s+){0,2}?(?:is|was|are|=|:)\s+\S/i
/** `statesWhatItIs` anywhere in a message (a cheap test before its clauses are read). */
const statesWhatItIsAnywhere = /\b(?:my|our|the)\s+(?:[a-z]+\s+){0,2}?(?:is|was|are|=|:)\s+\S/i

/**
 * The second request of one message that asks the same thing twice, each with its own id ("refund
 * $10 for NW-1001 and $15 for NW-1002"): the text from the clause break before the second id of a
 * definition entity on, as a request of its own (prefixed with the intent's label, so it reads
 * as that request when it runs: "I want a refund: $15 for NW-1002"), or undefined; with the `head`
 * before the break, whose own facts the first request runs with now (the whole message's amount
 * may be the second's). This one is offered once the first is done, never dropped. A second id taken back ("…, not NW-1002")
 * is no request.
 */
export function secondRequestOf(
  compiled: CompiledEngine,
  breaks: readonly IdBreak[],
  intent: string,
  text = '',
): { head: string; requests: string[] } | undefined {
  if (intent === 'unknown') return undefined
  for (const { name, head, rest } of breaks) {
    if (/^(?:not|but not|instead of|rather than)\b/i.test(rest)) continue
    // "cancel NW-5005 and tell me where NW-6006 is": the rest asks for something else in its own
    // words, so it is queued as written (labelled as the first request, a yes cancelled NW-6006).
    const leaning = leaningOf(compiled, rest)
    if (leaning !== undefined && leaning !== intent) return { head, requests: [rest] }
    const label = compiled.definition.intents.find((candidate) => candidate.id === intent)?.label ?? intent
    const prefix = label.replace(/[?!.]+$/u, '')
    // "Refund $50 each for NW-1001, NW-2002 and NW-3003": one request per order, each with the
    // amount said once for all of them; without "each" a list keeps its words as written.
    const entity = compiled.entityPatterns.find((candidate) => candidate.name === name)
    const ids =
      entity === undefined ? [] : [...new Set(entityMatches(rest, entity).map((match) => match.value))]
    // The amount may come after the last id too ("refund NW-1001 and NW-3003, $20 each"): the
    // first request then runs with it as well.
    const each = /\b(?:each|apiece|per order|every one)\b/i.test(text)
    const sharedBefore = each ? amountIn(head) : undefined
    const shared = sharedBefore ?? (each ? amountIn(rest) : undefined)
    // "Cancel NW-2002 and NW-3003, totals $120 and $80": one amount per order, after the last one,
    // in the orders' order.
    const listed = each || amountIn(head) !== undefined ? [] : extractMoney(rest)
    if (
      ids.length > 0 &&
      listed.length === ids.length + 1 &&
      listed.every((found) => rest.indexOf(found.text) > rest.indexOf(ids.at(-1)!))
    )
      return {
        head: `${head}, ${listed[0]!.text}`,
        requests: ids.map((id, index) => `${prefix}: ${id}, ${listed[index + 1]!.text}`),
      }
    if (ids.length > 1 || (shared !== undefined && ids.length === 1))
      return {
        head: sharedBefore === undefined && shared !== undefined ? `${head}, ${shared}` : head,
        requests: ids.map((id) => `${prefix}: ${id}${shared === undefined ? '' : `, ${shared}`}`),
      }
    // "Where is my order?" and "NW-3003?" read as "Where is my order: NW-3003?".
    return { head, requests: [`${prefix}: ${rest}`] }
  }
  return undefined
}

/** The one amount `text` states, as written (`$50`, `fifty dollars`, `€20`), if it states exactly one. */
function amountIn(text: string): string | undefined {
  const found = extractMoney(text)
  return found.length === 1 ? found[0]!.text : undefined
}

/** A message split at the clause break before the second of two ids it names ({@link idBreaks}). */
export interface IdBreak {
  /** The entity the ids are of (`order_id`). */
  name: string
  /** The message up to the break, without it. */
  head: string
  /** The message after the break. */
  rest: string
  /** The second id. */
  second: string
}

/**
 * For each definition entity a message names with two different ids, the message split at the
 * clause break nearest before the second id ("…, and", "also", `;`): the `head` up to it, the
 * `rest` after it, and the second id. Not where the words between take the first id back
 * ("NW-1001… wait no, NW-2002"). Read once per turn; most messages name one id or none.
 */
export function idBreaks(compiled: CompiledEngine, text: string): IdBreak[] {
  const breaks: IdBreak[] = []
  const searched = text.slice(0, 2000)
  for (const entity of compiled.entityPatterns) {
    const matches = entityMatches(searched, entity)
    const first = matches[0]
    const second = matches.find((match) => match.value !== first?.value)
    if (first === undefined || second === undefined) continue
    if (correctionBetween.test(searched.slice(first.end, second.index))) continue
    // "Keep NW-2002 but cancel NW-2003": an id set aside asks for nothing; it is no second request.
    if (setAside(searched, first) || setAside(searched, second)) continue
    if (idPickedByPlace(searched, matches) !== undefined) continue
    const last = [...searched.slice(first.end, second.index).matchAll(/\band\b|\balso\b|\bthen\b|[,;]/gi)].at(
      -1,
    )
    if (last === undefined) continue
    const breakAt = first.end + last.index
    breaks.push({
      name: entity.name,
      head: searched
        .slice(0, breakAt)
        .trim()
        .replace(/[\s,;]+$/u, ''),
      rest: searched.slice(breakAt + last[0].length).trim(),
      second: second.value,
    })
  }
  return breaks
}

/** The intent `text` clearly leans to (at least 0.2 and twice the next reading), if any. */
function leaningOf(compiled: CompiledEngine, text: string): string | undefined {
  const [best, next] = compiled.sensor.senseSync?.(text, { now: 0 }).alternatives ?? []
  return best !== undefined && best.confidence >= 0.2 && best.confidence >= 2 * (next?.confidence ?? 0)
    ? best.intent
    : undefined
}

/**
 * A message whose first id belongs to another request ("check where NW-1001 is, and refund me $20
 * for NW-2002"): the clause of the first id leans to another intent, the rest to `intent`. The
 * request of `intent` runs with the rest's own ids (`ids`: NW-2002, never the message's first), and
 * `head` is the other request, as written, to offer once this one is done. Undefined otherwise.
 */
export function leadingOtherRequest(
  compiled: CompiledEngine,
  breaks: readonly IdBreak[],
  intent: string,
): { head: string; ids: Record<string, string> } | undefined {
  if (intent === 'unknown') return undefined
  for (const { name, head: whole, rest, second } of breaks) {
    // The sentence the first id is in ("my email is ann@x.com. check where NW-1001 is"): a sentence
    // before it (an email, a greeting) is no part of that request, and its words blurred the lean.
    const head = whole.slice(sentenceStart(whole))
    const headIntent = leaningOf(compiled, head)
    if (headIntent === undefined || headIntent === intent || leaningOf(compiled, rest) !== intent) continue
    return { head, ids: { [name]: second } }
  }
  return undefined
}

/** Where the last sentence of `text` starts (after its last `.`, `!` or `?` and a space), else 0. */
function sentenceStart(text: string): number {
  const ends = [...text.matchAll(/[.!?]\s+(?=\S)/gu)]
  const last = ends.at(-1)
  return last === undefined ? 0 : last.index + last[0].length
}

/** Words between two ids that take the first back ("NW-1001… wait no, NW-2002", "I mean NW-2002"). */
const correctionBetween =
  /\b(?:wait|no|sorry|i mean|i meant|actually|oops|correction|make that|rather|err|erm|typo|scratch that)\b/i

/**
 * The ids a message corrects itself to ("refund NW-1001… wait no, NW-2002. $20" → `order_id`
 * NW-2002): the id after a word that takes the one before it back.
 */
export function correctedIds(compiled: CompiledEngine, text: string): Record<string, string> {
  const corrected: Record<string, string> = {}
  const searched = text.slice(0, 2000)
  // Every turn asks: most messages have no correction word, and then no id is looked for.
  if (!correctionBetween.test(searched)) return corrected
  for (const entity of compiled.entityPatterns) {
    const matches = entityMatches(searched, entity)
    for (let index = 1; index < matches.length; index++) {
      const before = matches[index - 1]!
      const match = matches[index]!
      if (match.value !== before.value && correctionBetween.test(searched.slice(before.end, match.index)))
        corrected[entity.name] = match.value
    }
  }
  return corrected
}

/**
 * A word just before an id that says it is not the one: "not NW-1001", "it wasn't for NW-1001",
 * "not order NW-1001". Only a word that names or points at the id may stand between: after a
 * verb the negation is about the action, and the id is still the one meant ("I'm not cancelling
 * NW-2002, I want $20 back on it").
 */
const denialBeforeId =
  /\b(?:not|isn'?t|wasn'?t|never)\W+(?:(?:order|number|the|my|that|this|for|about|on|even)\W+)?$/i

/**
 * Words before an id that set it aside: kept, left out, or done before ("keep NW-2002 but cancel
 * NW-2003", "everything except NW-2005", "my order other than NW-1003", "I got a refund for
 * NW-1005 last week"). Outside review rv54 C: the first id of the message was acted on.
 */
const asideBeforeId =
  /\b(?:keep(?:ing)?|except(?:\s+for)?|excluding|other\s+than|besides|apart\s+from|(?:got|received|had|already\s+got)\s+(?:a\s+|my\s+|the\s+)?(?:refund|cancellation)\s+(?:for|on|of))\W+(?:(?:order|number|the|my)\W+)?$/i

/**
 * Words after an id that say nothing is wrong with it: "NW-1001 is fine", "NW-1001 was perfect",
 * "NW-3003 but that one is fine" (outside review rv60 1: the refund went to it).
 */
const fineAfterId =
  /^\W*(?:(?:but|and|though)\s+)?(?:(?:that|this)(?:\s+one)?\s*|it\s*)?(?:is|was|are|were|['\u2019]s)\s+(?:(?:totally|completely|all|just|perfectly)\s+)?(?:fine|ok|okay|good|perfect|great|alright|all\s+right|not\s+the\s+(?:one|problem))\b/i

/** "The second one", "the first order", "the latter": a place among the ids listed before it. */
const placeAfterIds = /\bthe\s+(first|1st|second|2nd|third|3rd|last|latter|former)(?:\s+(?:one|order))?\b/i

/**
 * The id a message picks by its place among the distinct ids it listed before ("I have two
 * orders, NW-1001 and NW-1002. refund $20 on the second one": NW-1002), if any. Outside review
 * rv54 F10: the first id was refunded.
 */
function idPickedByPlace(
  text: string,
  matches: ReadonlyArray<{ value: string; end: number }>,
): string | undefined {
  const last = matches.at(-1)
  if (last === undefined) return undefined
  const place = placeAfterIds.exec(text.slice(last.end))?.[1]?.toLowerCase()
  if (place === undefined) return undefined
  const listed = [...new Set(matches.map((match) => match.value))]
  if (listed.length < 2) return undefined
  const index =
    place === 'first' || place === '1st' || place === 'former'
      ? 0
      : place === 'second' || place === '2nd'
        ? 1
        : place === 'third' || place === '3rd'
          ? 2
          : listed.length - 1
  return listed[index]
}

/** The words any of the readers above needs (the cheap test before them): most messages have none. */
const mayDenyId =
  /\b(?:not|isn'?t|wasn'?t|never|keep(?:ing)?|except|excluding|than|besides|apart|got|received|had)\b|\b(?:is|was|are|were)\s+(?:\w+\s+)?(?:fine|ok|okay|good|perfect|great|alright|all\s+right|not)\b|\bthe\s+(?:first|1st|second|2nd|third|3rd|last|latter|former)\b/i

/** Does the text around the id say it is not the one meant, or set it aside (kept, fine, left out)? */
function setAside(text: string, match: { index: number; end: number }): boolean {
  const before = text.slice(Math.max(0, match.index - 40), match.index)
  return (
    denialBeforeId.test(before) ||
    asideBeforeId.test(before) ||
    fineAfterId.test(text.slice(match.end, match.end + 40))
  )
}

/**
 * The ids a message says are not the ones ("no, not NW-1001 - I meant my other order") or sets
 * aside ("keep NW-2002", "NW-1001 is fine", "except NW-2005"): for each
 * id field, `denied` holds the value taken back, and `instead` the message's last id of that field
 * it does not take back, if any ("not NW-1001 but NW-2002").
 */
export function deniedIds(
  compiled: CompiledEngine,
  text: string,
): Array<{ name: string; denied: string; instead: string | undefined }> {
  const found: Array<{ name: string; denied: string; instead: string | undefined }> = []
  const searched = text.slice(0, 2000)
  // Every turn asks: most messages have no denial word, and then no id is looked for.
  if (!mayDenyId.test(searched)) return found
  for (const entity of compiled.entityPatterns) {
    const matches = entityMatches(searched, entity)
    const picked = idPickedByPlace(searched, matches)
    if (picked !== undefined) {
      const other = matches.find((match) => match.value !== picked)
      if (other !== undefined) found.push({ name: entity.name, denied: other.value, instead: picked })
      continue
    }
    let denied: string | undefined
    let instead: string | undefined
    for (const match of matches) {
      if (setAside(searched, match)) denied = match.value
      else instead = match.value
    }
    if (denied !== undefined)
      found.push({ name: entity.name, denied, instead: instead === denied ? undefined : instead })
  }
  return found
}
