import type { LedgerAnchorStore, LedgerRecord, LedgerStore, SessionStore, StoredSession } from '@focal/core'
import { createPollingSessionLock, type FocalSessionLock } from '../app/create-polling-session-lock.ts'
import type { FocalSessionClaims } from '../app/session-claims.ts'
import { readLedgerHead, readLedgerKey, readLedgerRecord } from './read-redis-ledger-value.ts'

/** The node-redis (v5/v6) client methods the stores use; `createClient()` from `redis` satisfies it. */
export interface FocalRedisClient {
  /** Raw command; the stores send their Lua scripts as `EVAL` through it. */
  sendCommand(args: string[]): Promise<unknown>
  hmGet(key: string, fields: string[]): Promise<Array<string | null>>
  del(key: string): Promise<unknown>
  lRange(key: string, start: number, stop: number): Promise<string[]>
  lIndex(key: string, index: number): Promise<string | null>
}

/** Options of {@link createRedisStores}. */
export interface RedisStoresOptions {
  /** A connected node-redis client. */
  client: FocalRedisClient
  /**
   * Prefix of every key (`<prefix>session:<id>`, `<prefix>ledger:<id>`).
   * @default 'focal:'
   */
  keyPrefix?: string
  /**
   * Milliseconds a session's keys (state, ledger, claim) live after their last write (the claim:
   * after its last use), as Redis `PEXPIRE`; a deleted ledger then fails `/ledger` verification as
   * `truncated` only if its anchored head outlives it (keep the anchor store's TTL no longer).
   * @default undefined (keys never expire)
   */
  ttlMs?: number
}

// Version check and write in one script: Redis runs scripts atomically.
const putScript = `
local current = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if current ~= tonumber(ARGV[2]) then return -1 end
redis.call('HSET', KEYS[1], 'state', ARGV[1], 'version', current + 1)
if ARGV[3] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return current + 1`

// The list length is the next sequence: append only when the record is exactly that one.
const appendScript = `
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
redis.call('RPUSH', KEYS[1], ARGV[2])
if ARGV[3] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1`

// The turn lease: taken only when free (NX) with an expiry; released only by its owner.
const lockScript = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0`
// A head moves only forward: written when none is stored or the stored one has a lower sequence.
const headScript = `
local current = redis.call('HGET', KEYS[1], 'sequence')
if current and tonumber(current) >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'sequence', ARGV[1], 'head', ARGV[2])
if ARGV[3] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1`
const unlockScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`

// A claim is made once (NX); rotating it needs it to exist (XX); reading it renews its TTL.
const claimScript = `
local written
if ARGV[3] ~= '' then written = redis.call('SET', KEYS[1], ARGV[1], ARGV[2], 'PX', ARGV[3])
else written = redis.call('SET', KEYS[1], ARGV[1], ARGV[2]) end
if written then return 1 end
return 0`
const epochScript = `
local epoch = redis.call('GET', KEYS[1])
if epoch and ARGV[1] ~= '' then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return epoch`

/** Runs a Lua script atomically on the Redis server (the `EVAL` command: Lua there, not JS here). */
function runScript(
  client: FocalRedisClient,
  script: string,
  keys: string[],
  args: string[],
): Promise<unknown> {
  return client.sendCommand(['EVAL', script, `${keys.length}`, ...keys, ...args])
}

/**
 * Session and ledger stores on Redis: sessions as hashes with a Lua version check, ledgers as
 * lists appended by a Lua `last + 1` check, so racing writers on many Node processes never fork
 * a ledger or lose an update; plus a turn lease (`SET NX PX`) that serialises whole turns, and the
 * session claims (`SET NX`, one winner per id) behind session tokens.
 *
 * @example
 * const client = await createClient({ url: 'redis://127.0.0.1:6379' }).connect()
 * const { sessionStore, ledgerStore } = createRedisStores({ client })
 */
export function createRedisStores({ client, keyPrefix = 'focal:', ttlMs }: RedisStoresOptions): {
  sessionStore: SessionStore
  ledgerStore: LedgerStore
  /**
   * Each session's ledger head (`<prefix>head:<id>`), so a cut-off tail fails verification after a
   * restart too. In the same Redis, it guards against a ledger list cut short (a bug, a partial
   * restore); against someone who can write this Redis, key the ledger (`ledgerKey`: its heads are
   * signed) or pass an anchor store out of their reach.
   */
  ledgerAnchorStore: LedgerAnchorStore
  sessionLock: FocalSessionLock
  sessionClaims: FocalSessionClaims
} {
  const claimKey = (sessionId: string) => `${keyPrefix}claim:${sessionId}`
  const ttl = ttlMs === undefined ? '' : `${Math.max(1, Math.round(ttlMs))}`
  const lockKey = (sessionId: string) => `${keyPrefix}lock:${sessionId}`
  const sessionKey = (sessionId: string) => `${keyPrefix}session:${sessionId}`
  const ledgerKey = (sessionId: string) => `${keyPrefix}ledger:${sessionId}`
  const ledgerName = (sessionId: string) => `the ledger of session "${sessionId}"`
  const sessionStore: SessionStore = {
    async get(sessionId) {
      const [state, version] = await client.hmGet(sessionKey(sessionId), ['state', 'version'])
      if (state == null || version == null) return undefined
      return { state: JSON.parse(state), version: Number(version) } satisfies StoredSession
    },
    async put(sessionId, state, expectedVersion) {
      const keys = [sessionKey(sessionId)]
      const version = Number(
        await runScript(client, putScript, keys, [JSON.stringify(state), `${expectedVersion}`, ttl]),
      )
      return version < 0 ? false : version
    },
    async delete(sessionId) {
      await client.del(sessionKey(sessionId))
    },
  }
  const ledgerStore: LedgerStore = {
    async appendIfNext(record) {
      const keys = [ledgerKey(record.sessionId)]
      return (
        Number(
          await runScript(client, appendScript, keys, [`${record.sequence}`, JSON.stringify(record), ttl]),
        ) === 1
      )
    },
    // A stored value no ledger wrote (not JSON, `null`, a string key where the list belongs) is
    // `ledger-unreadable` naming the record, never a bare 500 and never a record that verifies.
    async list(sessionId, { fromSequence = 0, limit } = {}) {
      if (limit !== undefined && limit <= 0) return []
      const stop = limit === undefined ? -1 : fromSequence + limit - 1
      const rows = await readLedgerKey('records', ledgerName(sessionId), () =>
        client.lRange(ledgerKey(sessionId), fromSequence, stop),
      )
      return rows.map((row, offset) => readLedgerRecord(row, fromSequence + offset, sessionId))
    },
    async last(sessionId) {
      const key = ledgerKey(sessionId)
      const row = await readLedgerKey('records', ledgerName(sessionId), () => client.lIndex(key, -1))
      if (row == null) return undefined
      const position = async () => Number(await client.sendCommand(['LLEN', key])) - 1
      return parseLast(row, sessionId, position)
    },
  }
  const sessionLock = createPollingSessionLock({
    async tryAcquire(sessionId, owner, ttlMs) {
      const keys = [lockKey(sessionId)]
      return Number(await runScript(client, lockScript, keys, [owner, `${ttlMs}`])) === 1
    },
    async release(sessionId, owner) {
      await runScript(client, unlockScript, [lockKey(sessionId)], [owner])
    },
  })
  const sessionClaims: FocalSessionClaims = {
    async claim(sessionId, epoch) {
      return Number(await runScript(client, claimScript, [claimKey(sessionId)], [epoch, 'NX', ttl])) === 1
    },
    async epoch(sessionId) {
      const epoch = await runScript(client, epochScript, [claimKey(sessionId)], [ttl])
      return typeof epoch === 'string' ? epoch : undefined
    },
    async rotate(sessionId, epoch) {
      return Number(await runScript(client, claimScript, [claimKey(sessionId)], [epoch, 'XX', ttl])) === 1
    },
    async remove(sessionId) {
      await client.del(claimKey(sessionId))
    },
  }
  // Each session's ledger head, apart from its records: a tail cut off the ledger list fails
  // `/ledger` verification after a restart too (an in-memory head was gone, and a cut tail verified).
  const headKey = (sessionId: string) => `${keyPrefix}head:${sessionId}`
  const ledgerAnchorStore: LedgerAnchorStore = {
    async getHead(sessionId) {
      const [head] = await readLedgerKey('head', `the ledger head of session "${sessionId}"`, () =>
        client.hmGet(headKey(sessionId), ['head']),
      )
      return head == null ? undefined : readLedgerHead(head, sessionId)
    },
    async setHead(sessionId, head) {
      await runScript(
        client,
        headScript,
        [headKey(sessionId)],
        [`${head.sequence}`, JSON.stringify(head), ttl],
      )
    },
  }
  return { sessionStore, ledgerStore, ledgerAnchorStore, sessionLock, sessionClaims }
}

/** The last record, parsed; an unreadable one is named by its position (asked of Redis only then). */
async function parseLast(
  row: string,
  sessionId: string,
  position: () => Promise<number>,
): Promise<LedgerRecord> {
  try {
    return readLedgerRecord(row, 0, sessionId)
  } catch {
    return readLedgerRecord(row, await position(), sessionId)
  }
}
