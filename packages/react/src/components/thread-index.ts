import type { ChatMessage } from '../chat/types.ts'

/** What each message's selectors read about its place in the thread. */
export interface ThreadIndex {
  /** Where each message is, by id. */
  position: ReadonlyMap<string, number>
  /**
   * Where the last message that set the session's goal is (-1: none): one that narrowed it, or one
   * the planner worked on (a new request replaces a narrowed goal; small talk plans no evidence
   * and replaces nothing).
   */
  lastGoalChange: number
  /** Where a handoff (by its `since`) is first shown. */
  firstHandoff: ReadonlyMap<string, number>
}

const indexes = new WeakMap<readonly ChatMessage[], ThreadIndex>()

/**
 * The index of a transcript, built once per messages array and shared by every message's
 * selectors: the store replaces the array on each update, so a streamed chunk costs one pass over
 * the thread, not one per message and selector (which grew with the square of its length).
 */
export function threadIndex(messages: readonly ChatMessage[]): ThreadIndex {
  const known = indexes.get(messages)
  if (known !== undefined) return known
  const position = new Map<string, number>()
  const firstHandoff = new Map<string, number>()
  let lastGoalChange = -1
  messages.forEach((message, index) => {
    if (!position.has(message.id)) position.set(message.id, index)
    const provenance = message.provenance
    if (provenance?.goal?.reformulation !== undefined || (provenance?.plan?.evidence.length ?? 0) > 0)
      lastGoalChange = index
    for (const part of message.parts)
      if (part.type === 'handoff' && !firstHandoff.has(part.handoff.since))
        firstHandoff.set(part.handoff.since, index)
  })
  const index = { position, lastGoalChange, firstHandoff }
  indexes.set(messages, index)
  return index
}
