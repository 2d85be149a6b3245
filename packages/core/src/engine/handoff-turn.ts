import type { LedgerEvent } from '../ledger/ledger-event-schema.ts'
import { onlyTakesBack } from '../sensor/detect-conversation-act.ts'
import { normalizeText, normalizeTextUncached } from '../sensor/score-intents.ts'
import { buildTurnProvenance } from './build-turn-provenance.ts'
import type { TurnScratch } from './finish-turn.ts'
import type { EngineSessionState } from './session-state.ts'
import type { TurnDependencies, TurnOutcome } from './turn-types.ts'
import type { Handoff, TurnResult } from './types.ts'

/** The handoff cue in a message ("can I speak to a human?"), when handoff is enabled. */
export function handoffCue(dependencies: TurnDependencies, text: string): string | undefined {
  const { handoff } = dependencies.compiled.definition.settings
  if (!handoff.enabled) return undefined
  const { padded: cues, byFirstWord } = paddedCues(handoff.cues)
  // Most messages name no cue at all: the whole message, normalised once (and cached for the
  // rules), is read first; only a message with a cue is read clause by clause.
  const whole = ` ${normalizeText(text.slice(0, 2000))} `
  if (!holdsCue(whole, byFirstWord)) return undefined
  // Clause by clause: a clause that says no to a person ("I don't want to talk to a human, just
  // refund me", "no need for a human") or speaks of the user ("I'm only human") asks for no one;
  // each handed the chat to a person, and the bot then stayed quiet.
  const clauses = text.slice(0, 2000).split(clauseBreak)
  for (const [index, clause] of clauses.entries()) {
    // A person the message only tells of ("an agent told me…", "the operator at UPS said…") or
    // a transfer of money ("transfer me $20 back") asks for no one (outside review rv58 8-10:
    // each handed the chat to a person).
    const padded = ` ${normalizeTextUncached(clause)} `.replace(toldOf, ' ').replace(moneyTransfer, ' ')
    const found = cues.findIndex((cue) => padded.includes(cue))
    if (found < 0 || selfDescribed.test(padded) || notAPerson.test(padded)) continue
    if (declines(padded.slice(0, padded.indexOf(cues[found]!) + 1))) continue
    // Taken back right after ("can I talk to a human? actually no, never mind, refund $20 …").
    if (clauses.slice(index + 1, index + 3).some(onlyTakesBack)) continue
    return handoff.cues[found]
  }
  return undefined
}

/**
 * Whether a no governs the cue that follows `before` (a clause up to the cue): the last no before
 * it with no request of the user's own after it ("I don't want to talk to a human", "no need for a
 * human"); "no I want a human", "you don't get it I want a human", "this bot is not helping me, let
 * me talk to a human" ask for one.
 */
function declines(before: string): boolean {
  const negations = [...before.matchAll(negation)]
  const last = negations.at(-1)
  if (last === undefined) return false
  return !freshRequest.test(before.slice(last.index + last[0].length - 1))
}

/** Where a clause ends: a sentence or clause mark, or "but". */
const clauseBreak = /[.,;:!?\n]+|\bbut\b/i
/** A no (as normalised: "don't" reads "don t"). "Can't I talk to a human?" asks. */
const negation = / (?:don t|dont|do not|does not|doesn t|didn t|not|never|no need|without|no)(?= )/gu
/** A request of the user's own: "I want", "I need", "let me", "get me", "give me", "I'd like". */
const freshRequest = / (?:i (?:want|need|d like|would like)|let me|get me|give me|put me) /u
/**
 * A person the message tells of: someone who said, did or was something ("an agent told me", "the
 * operator at UPS said it was lost", "your manager promised"), as normalised text.
 */
const toldOf =
  / (?:an? |the |your |one of your |another |some )?(?:human|agent|operator|representative|rep|person|manager|supervisor|someone|support agent|live agent)(?: (?:at|from|of|in|on|with) [a-z]+(?: [a-z]+)?)? (?:told|said|says|promised|mentioned|assured|confirmed|informed|claimed|gave|sent|emailed|called|was|were|had|did|helped|hung|tried|last|yesterday)(?= )/gu
/** A transfer of money, not of the chat: "transfer me $20 back", "transfer me the refund". */
const moneyTransfer =
  / transfer (?:me |us )?(?:\d|\$|the money|my money|the refund|my refund|it back|back|funds|the difference|[a-z]+ (?:dollars|bucks))/gu
/** "A human error on your side", "human resources": the word names no one to talk to. */
const notAPerson = / human (?:error|errors|mistake|mistakes|resources|rights|readable|being) /u
/**
 * "I'm only human", "I am human too", "I'm not a robot" (a captcha's words): the user speaking of
 * themselves (outside review rv59 4: "I'm not a robot, I just want a refund" handed the chat over).
 */
const selfDescribed =
  / (?:i m|im|i am) (?:(?:only |just |also |a )*human|not a (?:robot|bot|machine|spammer)) /u

/**
 * The cues normalised once per definition, not on every turn, and indexed by their first word:
 * whether a message holds any cue is one walk over its words, each looked up once. A substring
 * search per cue (some forty) cost more than a microsecond a turn, and one pattern of them all
 * grew with each cue (every space of the message tried every cue).
 */
interface NormalisedCues {
  padded: string[]
  byFirstWord: ReadonlyMap<string, readonly string[]>
}
const normalisedCues = new WeakMap<readonly string[], NormalisedCues>()
function paddedCues(cues: readonly string[]): NormalisedCues {
  let found = normalisedCues.get(cues)
  if (found === undefined) {
    const padded = cues.map((cue) => ` ${normalizeText(cue)} `)
    const byFirstWord = new Map<string, string[]>()
    for (const cue of padded) {
      const first = cue.slice(1, cue.indexOf(' ', 1))
      const list = byFirstWord.get(first)
      if (list === undefined) byFirstWord.set(first, [cue])
      else list.push(cue)
    }
    found = { padded, byFirstWord }
    normalisedCues.set(cues, found)
  }
  return found
}

/** Does the padded, normalised message hold one of the padded cues, at a word's start? */
function holdsCue(whole: string, byFirstWord: ReadonlyMap<string, readonly string[]>): boolean {
  let start = 0
  while (start < whole.length - 1) {
    const end = whole.indexOf(' ', start + 1)
    if (end < 0) break
    const candidates = byFirstWord.get(whole.slice(start + 1, end))
    if (candidates !== undefined) for (const cue of candidates) if (whole.startsWith(cue, start)) return true
    start = end
  }
  return false
}

/** Puts the session in the escalation state: the handoff reply once, `handoff-requested` recorded. */
export function startHandoff(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  scratch: TurnScratch,
  reason: string,
): TurnOutcome {
  const { handoff: settings } = dependencies.compiled.definition.settings
  const handoff: Handoff = {
    reason,
    since: scratch.timestamp,
    ...(settings.target === undefined ? {} : { target: settings.target }),
  }
  // What the person wrote in a handoff that just ended stays with the new one: a reply the widget
  // had not polled yet still shows (outside review rv61 6: it was lost).
  const earlier = state.lastHandoff?.replies
  if (earlier !== undefined && earlier.length > 0) handoff.replies = earlier
  state.handoff = handoff
  delete state.lastHandoff
  state.turn += 1
  state.history = [
    ...state.history,
    { role: 'user' as const, content: scratch.text },
    { role: 'assistant' as const, content: settings.reply },
  ].slice(-20)
  scratch.emit({ type: 'handoff-requested', handoff })
  return finish(state, scratch, handoff, settings.reply, [
    {
      type: 'handoff-requested',
      payload: {
        turnId: scratch.turnId,
        reason,
        ...(handoff.target === undefined ? {} : { target: handoff.target }),
      },
    },
  ])
}

/**
 * Whether a message during a handoff takes it back ("never mind, let the bot help me", "I don't
 * need a human anymore"): the release cue found, and what the message asks besides it (its
 * clauses that are neither a release cue, a taking back, nor a filler word; '' when none).
 */
export function handoffTakenBack(
  dependencies: TurnDependencies,
  text: string,
): { cue: string; rest: string } | undefined {
  const { releaseCues } = dependencies.compiled.definition.settings.handoff
  if (releaseCues.length === 0) return undefined
  const { padded: cues, byFirstWord } = paddedCues(releaseCues)
  if (!holdsCue(` ${normalizeText(text.slice(0, 2000))} `, byFirstWord)) return undefined
  let cue: string | undefined
  const others: string[] = []
  let rest = ''
  // Clauses with the marks that end them, split only where a mark ends a word ("ann@example.com",
  // "$19.99" stay whole): what the message asks besides the taking back is given on as written.
  const parts = text.slice(0, 2000).split(releaseClauseBreak)
  for (let index = 0; index < parts.length; index += 2) {
    const clause = parts[index] ?? ''
    const padded = ` ${normalizeTextUncached(clause)} `
    const found = cues.findIndex((candidate) => padded.includes(candidate))
    // A no that governs the cue asks for the person still ("I don't want to talk to the bot", "I
    // don't think the bot can help me"; outside review rv61 5: each handed the chat back).
    if (found >= 0 && !declines(padded.slice(0, padded.indexOf(cues[found]!) + 1))) {
      cue ??= releaseCues[found]
      continue
    }
    others.push(clause)
    if (found < 0 && !onlyTakesBack(clause) && !filler.test(padded))
      rest += `${clause}${parts[index + 1] ?? ''}`
  }
  if (cue === undefined) return undefined
  // A message that asks for a person in another clause ("the bot is fine for simple stuff but this
  // needs a person") keeps the handoff.
  if (handoffCue(dependencies, others.join('. ')) !== undefined) return undefined
  return { cue, rest: rest.trim() }
}

/** Where a clause ends (the mark kept, as the split's second part): a mark before a space or the end, or "but". */
const releaseClauseBreak = /((?:[.,;:!?]+|\n+)(?=\s|$)|\bbut\b)/i

/** A clause of nothing but courtesy or hesitation ("ok", "thanks", "sorry", "hmm"), as normalised. */
const filler =
  /^ (?:(?:ok|okay|k|please|pls|thanks|thank you|thx|sorry|actually|hey|hi|hello|so|well|fine|yes|yeah|yep|no|nope|nah|just|then|um+|uh+|hm+|oh|ah|cool|great|alright|all right|i changed my mind|changed my mind|i ll manage|i can manage)(?: |$))* $/u

/** Ends the handoff: kept as `lastHandoff` (with the person's replies), recorded as `handoff-released`. */
export function endHandoff(
  state: EngineSessionState,
  releasedAt: string,
  releasedBy: string | undefined,
  reason?: string,
): LedgerEvent {
  if (state.handoff !== undefined) state.lastHandoff = { ...state.handoff, releasedAt }
  delete state.handoff
  return {
    type: 'handoff-released',
    payload: {
      ...(releasedBy === undefined ? {} : { releasedBy }),
      ...(reason === undefined ? {} : { reason }),
    },
  }
}

/**
 * The customer took the handoff back and asked nothing else: the engine says
 * `settings.handoff.resumeReply` and answers again from the next message.
 */
export function resumeAfterHandoff(
  dependencies: TurnDependencies,
  state: EngineSessionState,
  scratch: TurnScratch,
  released: LedgerEvent,
): TurnOutcome {
  const text = dependencies.compiled.definition.settings.handoff.resumeReply
  state.turn += 1
  state.history = [
    ...state.history,
    { role: 'user' as const, content: scratch.text },
    { role: 'assistant' as const, content: text },
  ].slice(-20)
  return complete(
    state,
    scratch,
    { name: 'handoff', status: 'released', detail: 'the customer took the handoff back' },
    { type: 'reply', text },
    [released],
  )
}

/** A message during a handoff: kept for the person who took over, no reply from the engine. */
export function quietTurn(state: EngineSessionState, scratch: TurnScratch): TurnOutcome {
  state.turn += 1
  state.history = [...state.history, { role: 'user' as const, content: scratch.text }].slice(-20)
  return finish(state, scratch, state.handoff!, undefined, [])
}

function finish(
  state: EngineSessionState,
  scratch: TurnScratch,
  handoff: Handoff,
  text: string | undefined,
  ledger: LedgerEvent[],
): TurnOutcome {
  return complete(
    state,
    scratch,
    { name: 'handoff', status: 'handed-off', detail: handoff.reason },
    { type: 'handoff', handoff, ...(text === undefined ? {} : { text }) },
    ledger,
  )
}

/** A handoff turn's result, provenance (its one gate) and records, after `ledger`. */
function complete(
  state: EngineSessionState,
  scratch: TurnScratch,
  gate: { name: string; status: string; detail: string },
  outcome: { type: 'reply'; text: string } | { type: 'handoff'; handoff: Handoff; text?: string },
  ledger: LedgerEvent[],
): TurnOutcome {
  const provenance = buildTurnProvenance({ ...scratch, mode: 'normal', gates: [gate] })
  const result: TurnResult = {
    ...outcome,
    sessionId: scratch.sessionId,
    turnId: scratch.turnId,
    provenance,
    events: scratch.events,
  }
  scratch.emit({ type: 'turn-finished', result })
  return {
    result,
    state,
    ledger: [
      ...ledger,
      { type: 'turn-completed', payload: { turnId: scratch.turnId, resultType: outcome.type, provenance } },
    ],
  }
}
