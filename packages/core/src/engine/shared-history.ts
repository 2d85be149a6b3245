import { FocalError } from '../errors/focal-error.ts'
import type { SessionStore } from '../ports/ports.ts'
import { type EntityPattern, entityMatches } from '../sensor/extract-entities.ts'
import type { EngineSessionState } from './session-state.ts'

/**
 * Why a call that waited for an approver did not run: a person declined it (`rejected`), or no
 * one decided before its timeout and its default action, reject, applied (`expired`).
 */
export type RejectedDecision = 'rejected' | 'expired'

/** A tool call as every session sees it: which session made it and when. */
export interface SharedCall {
  tool: string
  args: Record<string, unknown>
  sessionId: string
  /** ISO time the call ran, or was declined. */
  at: string
  /** On a call that did not run (`rejected`): declined by a person, or expired undecided. */
  decision?: RejectedDecision
}

/** What the sessions did with one shared entity value (one order): `session.shared` in conditions. */
export interface SharedCalls {
  /** Calls that ran (or ran once approved), in any session. */
  calls: SharedCall[]
  /**
   * Calls an approver declined, or that expired unapproved, in any session, with their `decision`
   * (`rejected` or `expired`; as read by conditions, always there).
   */
  rejected: SharedCall[]
  /** Calls waiting for an approver in other sessions (`approvalId`; an expired one is left out). */
  pending: Array<SharedCall & { approvalId: string; expiresAt?: string }>
}

/** The lists of one session's state the history reads. */
export type SessionCalls = Pick<EngineSessionState, 'toolCalls' | 'rejectedCalls' | 'pendingApproval'>

/** How many calls one entity value keeps of each kind (the oldest go first). */
const keptPerValue = 200
/** Attempts to append to one value's record while other sessions write it too. */
const maxWriteAttempts = 100

/** The calls of sessions on the entities a definition marks `shared`. */
export interface SharedHistory {
  /** The record keys of the shared values `texts` name (`~shared~…~order_id~NW-1001`), sorted. */
  keys(texts: readonly string[], scope: string): string[]
  /**
   * What all sessions did with the shared values of `keys` (from {@link SharedHistory.keys}); what
   * waits for an approver is other sessions' only (the session's own is `session.pending`).
   */
  load(keys: readonly string[], sessionId: string): Promise<SharedCalls>
  /** Records the calls that ran, and those declined, between `before` and `after` of one session. */
  record(
    sessionId: string,
    scope: string,
    before: SessionCalls | undefined,
    after: SessionCalls,
  ): Promise<void>
}

/**
 * A record per scope (see `EngineOptions.sharedScope`) and value of each `shared` entity (`order_id`
 * NW-1001), kept in `store` under a key no session id can take (`~shared~~order_id~NW-1001`: `~`
 * is no session id character over HTTP), so a
 * Redis or Durable Object session store keeps them across instances and restarts as it keeps
 * sessions. A call is recorded under each shared value its arguments hold by the entity's name
 * (`args.order_id`).
 */
export function createSharedHistory(
  patterns: readonly EntityPattern[],
  shared: readonly string[],
  store: SessionStore<unknown>,
  now: () => number,
): SharedHistory | undefined {
  const entities = patterns.filter((entity) => shared.includes(entity.name))
  if (entities.length === 0) return undefined
  const keyOf = (scope: string, name: string, value: string) =>
    `~shared~${encodeURIComponent(scope)}~${name}~${value}`
  const keysIn = (scope: string, text: string) =>
    entities.flatMap((entity) =>
      entityMatches(text, entity).map((match) => keyOf(scope, entity.name, match.value)),
    )
  const keysOfArgs = (scope: string, args: Record<string, unknown>) =>
    entities.flatMap((entity) => {
      const value = args[entity.name]
      return typeof value === 'string' && value !== '' ? [keyOf(scope, entity.name, value)] : []
    })
  const read = async (key: string) => {
    const stored = await store.get(key)
    return { record: asRecord(stored?.state), version: stored?.version ?? 0 }
  }
  return {
    keys: (texts, scope) => [...new Set(texts.flatMap((text) => keysIn(scope, text)))].sort(),
    async load(keys, sessionId) {
      const records = await Promise.all(keys.map(async (key) => (await read(key)).record))
      const at = now()
      return {
        calls: records.flatMap((record) => record.calls),
        rejected: records.flatMap((record) => record.rejected).map(withDecision),
        pending: records
          .flatMap((record) => record.pending)
          .filter(
            (entry) =>
              entry.sessionId !== sessionId &&
              (entry.expiresAt === undefined || Date.parse(entry.expiresAt) > at),
          ),
      }
    },
    async record(sessionId, scope, before, after) {
      const at = new Date(now()).toISOString()
      const added = (kind: 'toolCalls' | 'rejectedCalls') => {
        const seen = new Set((before?.[kind] ?? []).map(callKey))
        return (after[kind] ?? [])
          .filter((call) => !seen.has(callKey(call)))
          .map((call) => {
            // Only a declined call has one (`rejectedCalls`).
            const { decision } = call as { decision?: RejectedDecision }
            return { tool: call.tool, args: call.args, ...(decision === undefined ? {} : { decision }) }
          })
      }
      const updates = new Map<string, Update>()
      const updateOf = (key: string) => {
        const update = updates.get(key) ?? { calls: [], rejected: [], pending: [], settled: [] }
        updates.set(key, update)
        return update
      }
      for (const [kind, into] of [
        ['toolCalls', 'calls'],
        ['rejectedCalls', 'rejected'],
      ] as const)
        for (const call of added(kind))
          for (const key of keysOfArgs(scope, call.args))
            updateOf(key)[into].push({
              tool: call.tool,
              args: call.args,
              sessionId,
              at,
              ...(call.decision === undefined ? {} : { decision: call.decision }),
            })
      // A call that started to wait for an approver, and one that stopped waiting (decided,
      // withdrawn or expired): every session sees what waits on an order.
      const waited = before?.pendingApproval
      const waits = after.pendingApproval
      if (waited !== undefined && waited.approval.id !== waits?.approval.id)
        for (const call of waited.remaining.slice(0, 1))
          for (const key of keysOfArgs(scope, call.args)) updateOf(key).settled.push(waited.approval.id)
      if (waits !== undefined && waits.approval.id !== waited?.approval.id)
        for (const call of waits.remaining.slice(0, 1))
          for (const key of keysOfArgs(scope, call.args))
            updateOf(key).pending.push({
              tool: call.toolId,
              args: call.args,
              sessionId,
              at,
              approvalId: waits.approval.id,
              ...(waits.approval.expiresAt === undefined ? {} : { expiresAt: waits.approval.expiresAt }),
            })
      await Promise.all([...updates].map(([key, update]) => append(key, update)))
    },
  }

  async function append(key: string, update: Update): Promise<void> {
    for (let attempt = 0; attempt < maxWriteAttempts; attempt++) {
      const { record, version } = await read(key)
      const next: SharedCalls = {
        calls: [...record.calls, ...update.calls].slice(-keptPerValue),
        rejected: [...record.rejected, ...update.rejected].slice(-keptPerValue),
        pending: [...record.pending, ...update.pending]
          .filter((entry) => !update.settled.includes(entry.approvalId))
          .slice(-keptPerValue),
      }
      if ((await store.put(key, next, version)) !== false) return
    }
    // Never dropped in silence: a call that ran but is not on its order's record is invisible to
    // every later check of the order (40 concurrent $1 refunds recorded 25).
    throw new FocalError({
      code: 'version-conflict',
      message: `the shared record ${key} changed under ${maxWriteAttempts} attempts in a row; this turn's calls are not on it`,
    })
  }
}

/** What one session's turn adds to a value's record, and the approvals that stopped waiting. */
type Update = SharedCalls & { settled: string[] }

/**
 * A declined call with its `decision`: one recorded before decisions were kept was declined by a
 * person, as every declined call then was said to be.
 */
export function withDecision<Call extends { decision?: RejectedDecision }>(
  call: Call,
): Call & { decision: RejectedDecision } {
  return { ...call, decision: call.decision ?? 'rejected' }
}

/** One call's identity within a session's list. */
export function callKey(call: { tool: string; args: Record<string, unknown>; turnId: string }): string {
  return `${call.turnId} ${call.tool} ${JSON.stringify(call.args)}`
}

/** A stored record, or an empty one for a value no session used yet (or a value of another shape). */
function asRecord(value: unknown): SharedCalls {
  const record = value as Partial<SharedCalls> | undefined
  return {
    calls: Array.isArray(record?.calls) ? record.calls : [],
    rejected: Array.isArray(record?.rejected) ? record.rejected : [],
    pending: Array.isArray(record?.pending) ? record.pending : [],
  }
}
