import type { Clock, IdGenerator } from '../engine/ports.ts'
import { FocalError } from '../errors/focal-error.ts'
import { canonicalJson } from './canonical-json.ts'
import { createBatchedSha256Hex, type LedgerDigestScheduler } from './create-batched-sha256-hex.ts'
import { createMemoryLedgerStore } from './create-memory-ledger-store.ts'
import { type LedgerEvent, ledgerEventSchema } from './ledger-event-schema.ts'
import { ledgerRecordHashText } from './ledger-record-hash-text.ts'
import { sha256Hex } from './sha256-hex.ts'
import { toJsonData } from './to-json-data.ts'
import type { LedgerRecord, LedgerStore } from './types.ts'
import { type LedgerVerification, verifyLedger } from './verify-ledger.ts'

/** Options of {@link createLedger}. */
export interface CreateLedgerOptions {
  /** Where records live. @default createMemoryLedgerStore() */
  store?: LedgerStore
  /** Time source for record timestamps. @default { now: Date.now } */
  clock?: Clock
  /** Record id source. @default crypto.randomUUID() prefixed with `led_` */
  idGenerator?: IdGenerator
  /** How many times one append re-reads and retries after losing a race. @default 200 */
  maxAppendAttempts?: number
  /**
   * Batches the Web Crypto digests: digests requested before the scheduler runs its callback start
   * together (see `createBatchedSha256Hex`). On Node, `(flush) => setImmediate(flush)` starts one
   * event-loop turn's digests with one thread-pool wake-up; `serveFocal` passes it.
   * @default undefined (each digest starts at once)
   */
  scheduleDigests?: LedgerDigestScheduler
}

/** Options of one `ledger.append`. */
export interface LedgerAppendOptions {
  /** Who caused the event (`user`, `engine`, `judge`, a tool id...). @default 'system' */
  actor?: string
}

/** An append-only, hash-chained event log per session. */
export interface Ledger {
  /** Validates `event`, chains it after the session's last record and stores it. */
  append(sessionId: string, event: LedgerEvent, options?: LedgerAppendOptions): Promise<LedgerRecord>
  /** The session's records in sequence order. */
  records(sessionId: string, options?: { fromSequence?: number; limit?: number }): Promise<LedgerRecord[]>
  /** {@link verifyLedger} over the session's stored records. */
  verify(sessionId: string): Promise<LedgerVerification>
}

const defaultClock: Clock = { now: () => Date.now() }
const defaultIdGenerator: IdGenerator = { next: (prefix = 'led') => `${prefix}_${crypto.randomUUID()}` }

/**
 * Creates a ledger over a {@link LedgerStore}. Appends from one ledger to one session are applied
 * in call order; appends racing from other processes are resolved by the store's `appendIfNext`
 * and retried here, so a session's sequence never has gaps or forks.
 *
 * @example
 * const ledger = createLedger()
 * await ledger.append('session-1', { type: 'GOAL_RESTORED', payload: { original: 'a', discarded: 'b' } })
 * const { valid } = await ledger.verify('session-1')
 */
export function createLedger({
  store = createMemoryLedgerStore(),
  clock = defaultClock,
  idGenerator = defaultIdGenerator,
  maxAppendAttempts = 200,
  scheduleDigests,
}: CreateLedgerOptions = {}): Ledger {
  const digest = scheduleDigests === undefined ? sha256Hex : createBatchedSha256Hex(scheduleDigests)
  // Per-session tail of pending appends: in-process appends queue instead of racing each other.
  const queues = new Map<string, Promise<unknown>>()
  // The record this ledger appended last per session, kept only while more appends are queued
  // behind it: the next one chains on it without re-reading the store. A stale tail (another
  // writer got in first) only makes `appendIfNext` refuse, and the retry re-reads the store.
  const tails = new Map<string, Pick<LedgerRecord, 'sequence' | 'hash'>>()

  async function appendNow(
    sessionId: string,
    event: LedgerEvent,
    actor: string,
    pendingPayloadHash: Promise<string>,
  ): Promise<LedgerRecord> {
    const payloadHash = await pendingPayloadHash
    for (let attempt = 1; attempt <= maxAppendAttempts; attempt++) {
      const last = (attempt === 1 ? tails.get(sessionId) : undefined) ?? (await store.last(sessionId))
      const fields = {
        id: idGenerator.next('led'),
        sessionId,
        sequence: last === undefined ? 0 : last.sequence + 1,
        type: event.type,
        actor,
        timestamp: new Date(clock.now()).toISOString(),
        payloadHash,
        previousHash: last?.hash ?? null,
      }
      const record: LedgerRecord = {
        ...fields,
        payload: event.payload,
        hash: await digest(ledgerRecordHashText(fields)),
      }
      tails.delete(sessionId)
      if (await store.appendIfNext(record)) {
        tails.set(sessionId, { sequence: record.sequence, hash: record.hash })
        return record
      }
    }
    throw new FocalError({
      code: 'ledger-append-failed',
      message: `ledger append to session "${sessionId}" lost ${maxAppendAttempts} races in a row`,
    })
  }

  return {
    // async so an invalid event rejects; the queue is extended before the first await, keeping call order.
    async append(sessionId, event, { actor = 'system' } = {}) {
      const parsed = parseLedgerEvent(event)
      // The payload hash does not depend on the chain: start it now so queued appends hash in parallel.
      const payloadHash = digest(canonicalJson(parsed.payload))
      payloadHash.catch(() => undefined)
      const previous = queues.get(sessionId) ?? Promise.resolve()
      const run = () => appendNow(sessionId, parsed, actor, payloadHash)
      const next = previous.then(run, run)
      queues.set(sessionId, next)
      const clear = () => {
        if (queues.get(sessionId) !== next) return
        queues.delete(sessionId)
        tails.delete(sessionId)
      }
      next.then(clear, clear)
      return next
    },
    records: (sessionId, options) => store.list(sessionId, options),
    verify: async (sessionId) => verifyLedger(await store.list(sessionId), { sessionId }),
  }
}

/** The event as any store will hand it back: JSON only (undefined members gone, dates as strings). */
function toJsonValue(event: LedgerEvent): unknown {
  let value: unknown
  try {
    value = toJsonData(event)
  } catch (cause) {
    throw new FocalError({
      code: 'invalid-ledger-event',
      message: 'ledger event is not JSON-serialisable',
      cause,
    })
  }
  if (value === undefined)
    throw new FocalError({ code: 'invalid-ledger-event', message: 'ledger event is not JSON-serialisable' })
  return value
}

function parseLedgerEvent(event: LedgerEvent): LedgerEvent {
  const result = ledgerEventSchema.safeParse(toJsonValue(event))
  if (result.success) return result.data
  const issues = result.error.issues.map((issue) => ({
    path: issue.path
      .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
      .join('')
      .replace(/^\./, ''),
    message: issue.message,
  }))
  throw new FocalError({
    code: 'invalid-ledger-event',
    message: `invalid ledger event: ${issues.map((issue) => `${issue.path || '(event)'}: ${issue.message}`).join('; ')}`,
    issues,
  })
}
