import { FocalError } from '../errors/focal-error.ts'
import type { Clock, IdGenerator } from '../ports/ports.ts'
import { canonicalJson } from './canonical-json.ts'
import { createCryptoBatch, type LedgerDigestScheduler } from './create-batched-sha256-hex.ts'
import { createMemoryLedgerAnchorStore } from './create-memory-ledger-anchor-store.ts'
import { createMemoryLedgerStore } from './create-memory-ledger-store.ts'
import { hmacSha256Hex } from './hmac-sha256-hex.ts'
import { importLedgerKey, type LedgerKey } from './import-ledger-key.ts'
import { type LedgerEvent, ledgerEventSchema } from './ledger-event-schema.ts'
import { ledgerRecordHashText } from './ledger-record-hash-text.ts'
import { sha256Hex } from './sha256-hex.ts'
import { signLedgerHead } from './sign-ledger-head.ts'
import { toJsonData } from './to-json-data.ts'
import type { LedgerAnchorStore, LedgerHead, LedgerRecord, LedgerStore } from './types.ts'
import { type LedgerVerification, verifyLedger } from './verify-ledger.ts'

/** Options of {@link createLedger}. */
export interface CreateLedgerOptions {
  /** Where records live. @default createMemoryLedgerStore() */
  store?: LedgerStore
  /**
   * The host secret that keys the chain: each record's `hash` becomes HMAC-SHA-256 (Web Crypto)
   * of its fields and `previousHash`, marked `chain: 'hmac-sha256'`, and each head is signed. Who
   * can write the store but lacks the key cannot re-chain edited records, and `verify` rejects a
   * chain rewritten as plain SHA-256. A CryptoKey (HMAC SHA-256, `sign` usage, may be
   * non-extractable) or a secret of at least 32 bytes; one key per deployment.
   * @default undefined (plain SHA-256 chain)
   */
  key?: LedgerKey
  /**
   * Where each session's head (latest sequence and hash) is kept apart from the records, so that
   * `verify` notices a cut-off tail; `false` for none. Keep it out of reach of the record store's
   * writers (see `LedgerAnchorStore`).
   * @default createMemoryLedgerAnchorStore()
   */
  anchorStore?: LedgerAnchorStore | false
  /** Time source for record timestamps. @default { now: Date.now } */
  clock?: Clock
  /** Record id source. @default crypto.randomUUID() prefixed with `led_` */
  idGenerator?: IdGenerator
  /** How many times one append re-reads and retries after losing a race. @default 200 */
  maxAppendAttempts?: number
  /**
   * Batches the Web Crypto digests (and HMACs): digests requested before the scheduler runs its callback start
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

/** An append-only, hash-chained (or HMAC-chained, with a key) event log per session. */
export interface Ledger {
  /** Validates `event`, chains it after the session's last record and stores it. */
  append(sessionId: string, event: LedgerEvent, options?: LedgerAppendOptions): Promise<LedgerRecord>
  /** The session's records in sequence order. */
  records(sessionId: string, options?: { fromSequence?: number; limit?: number }): Promise<LedgerRecord[]>
  /** {@link verifyLedger} over the session's stored records, with the ledger's key and anchored head. */
  verify(sessionId: string): Promise<LedgerVerification>
}

const defaultClock: Clock = { now: () => Date.now() }
const defaultIdGenerator: IdGenerator = { next: (prefix = 'led') => `${prefix}_${crypto.randomUUID()}` }

/**
 * Creates a ledger over a {@link LedgerStore}. Appends from one ledger to one session are applied
 * in call order; appends racing from other processes are resolved by the store's `appendIfNext`
 * and retried here, so a session's sequence never has gaps or forks. With a `key` the chain is
 * HMAC-SHA-256; after each append the session's head goes to the `anchorStore`.
 *
 * @example
 * const ledger = createLedger({ store, key: env.FOCAL_LEDGER_KEY })
 * await ledger.append('session-1', { type: 'GOAL_RESTORED', payload: { original: 'a', discarded: 'b' } })
 * const { valid } = await ledger.verify('session-1')
 */
export function createLedger({
  store = createMemoryLedgerStore(),
  clock = defaultClock,
  idGenerator = defaultIdGenerator,
  maxAppendAttempts = 200,
  scheduleDigests,
  key,
  anchorStore = createMemoryLedgerAnchorStore(),
}: CreateLedgerOptions = {}): Ledger {
  const cryptoKey = key === undefined ? undefined : importLedgerKey(key, 'createLedger: option "key"')
  // Every Web Crypto call goes through `batch`, so one scheduler flush starts digests and HMACs together.
  const batch =
    scheduleDigests === undefined
      ? (start: () => Promise<string>) => start()
      : createCryptoBatch(scheduleDigests)
  const digest = (text: string) => batch(() => sha256Hex(text))
  const withKey = async (compute: (key: CryptoKey) => Promise<string>) => {
    const resolved = await cryptoKey!
    return batch(() => compute(resolved))
  }
  const chainHash =
    cryptoKey === undefined ? digest : (text: string) => withKey((resolved) => hmacSha256Hex(resolved, text))
  const chain = cryptoKey === undefined ? {} : { chain: 'hmac-sha256' as const }
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
    lastQueued: () => boolean,
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
        ...chain,
      }
      const record: LedgerRecord = {
        ...fields,
        payload: event.payload,
        hash: await chainHash(ledgerRecordHashText(fields)),
      }
      tails.delete(sessionId)
      if (await store.appendIfNext(record)) {
        tails.set(sessionId, { sequence: record.sequence, hash: record.hash })
        // One head per burst: an append queued behind this one writes a head that covers it too
        // (should that append fail, the head only lags, which verification accepts).
        if (lastQueued()) await writeHead(sessionId, record)
        return record
      }
    }
    throw new FocalError({
      code: 'ledger-append-failed',
      message: `ledger append to session "${sessionId}" lost ${maxAppendAttempts} races in a row`,
    })
  }

  async function writeHead(sessionId: string, { sequence, hash }: LedgerRecord): Promise<void> {
    if (anchorStore === false) return
    const head: LedgerHead = { sequence, hash }
    if (cryptoKey !== undefined)
      head.signature = await withKey((resolved) => signLedgerHead(resolved, sessionId, head))
    await anchorStore.setHead(sessionId, head)
  }

  return {
    // async so an invalid event rejects; the queue is extended before the first await, keeping call order.
    async append(sessionId, event, { actor = 'system' } = {}) {
      const parsed = parseLedgerEvent(event)
      // The payload hash does not depend on the chain: start it now so queued appends hash in parallel.
      const payloadHash = digest(canonicalJson(parsed.payload))
      payloadHash.catch(() => undefined)
      const previous = queues.get(sessionId) ?? Promise.resolve()
      const run = () => appendNow(sessionId, parsed, actor, payloadHash, () => queues.get(sessionId) === next)
      const next: Promise<LedgerRecord> = previous.then(run, run)
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
    async verify(sessionId) {
      // The head first: appends write it after their record, so it is never ahead of the list.
      const head = anchorStore === false ? undefined : await anchorStore.getHead(sessionId)
      const records = await store.list(sessionId)
      return verifyLedger(records, { sessionId, key: await cryptoKey, head })
    },
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
