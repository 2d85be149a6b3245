/** One record of the append-only, hash-chained ledger. JSON-serialisable. */
export interface LedgerRecord {
  /** Unique id of the record. */
  id: string
  sessionId: string
  /** 0 for the first record of a session, then +1 with no gaps. */
  sequence: number
  /** Event type, e.g. `GOAL_REFORMULATION`, `turn-completed`, `final_alignment_judge_result`. */
  type: string
  /** Who caused the event: `user`, `engine`, `judge`, `system`, a tool id, ... */
  actor: string
  /** ISO-8601 timestamp. */
  timestamp: string
  payload: unknown
  /** Hex SHA-256 of the canonical JSON of `payload`. */
  payloadHash: string
  /** Chain hash of the previous record; `null` for sequence 0. */
  previousHash: string | null
  /**
   * How `hash` is computed: absent for plain SHA-256, `'hmac-sha256'` for a keyed ledger
   * (`createLedger({ key })`). It is itself covered by the hash, and verifying with a key rejects
   * records without it, so a keyed chain cannot be rewritten as a plain one.
   */
  chain?: LedgerChain
  /**
   * Hex SHA-256 (or HMAC-SHA-256 with the ledger's key, see `chain`) over this record's fields,
   * `previousHash` included: what the next record links to.
   */
  hash: string
}

/** The keyed chain: each record's `hash` is HMAC-SHA-256 with the host's secret. */
export type LedgerChain = 'hmac-sha256'

/**
 * The ledger storage port. Stores are dumb and atomic; hashing and retries live in core's
 * `createLedger`. Every adapter must pass `describeLedgerStoreConformance` from `@focal/core/testing`.
 */
export interface LedgerStore {
  /**
   * Appends `record` only if it directly follows the session's last record (`sequence` is 0 for
   * an empty session, otherwise last.sequence + 1). Resolves `false`, writing nothing, when another
   * append got there first; the caller re-reads and retries.
   */
  appendIfNext(record: LedgerRecord): Promise<boolean>
  /** The session's records in sequence order. */
  list(sessionId: string, options?: { fromSequence?: number; limit?: number }): Promise<LedgerRecord[]>
  /** The session's last record, or `undefined` for an empty session. */
  last(sessionId: string): Promise<LedgerRecord | undefined>
}

/**
 * The latest record of a session as the ledger last wrote it, kept apart from the records so that
 * cutting off their tail shows: verification fails when the records end before it or differ at it.
 */
export interface LedgerHead {
  sequence: number
  /** The `hash` of the record at `sequence`. */
  hash: string
  /** Hex HMAC-SHA-256 of the head with the ledger's key; absent for an unkeyed ledger. */
  signature?: string
}

/**
 * Where a ledger keeps each session's {@link LedgerHead}. Put it out of reach of whoever can write
 * the {@link LedgerStore} (another database, other credentials, or process memory): an attacker
 * who can write both can delete the head or put back an older one, and then cut the tail undetected.
 */
export interface LedgerAnchorStore {
  /** The session's head, or `undefined` when none was written (or it was evicted). */
  getHead(sessionId: string): Promise<LedgerHead | undefined>
  /**
   * Stores `head` unless the stored head has an equal or greater `sequence` (heads only move
   * forward, so a slower writer never moves one back).
   */
  setHead(sessionId: string, head: LedgerHead): Promise<void>
}

/** The fields a record's chain hash covers: everything but `payload` (covered by `payloadHash`) and `hash`. */
export type LedgerHashedFields = Omit<LedgerRecord, 'payload' | 'hash'>

/**
 * Where each session's personal-value key lives (crypto-shredding): the ledger holds the sealed
 * values, this store only their keys. Deleting a session's key erases its values for good while
 * the ledger's chain still verifies.
 */
export interface PersonalValueKeyStore {
  /** The session's AES-GCM 256 key (`encrypt` and `decrypt`), created on first use. */
  getOrCreate(sessionId: string): Promise<CryptoKey>
  /** The session's key, or undefined when there is none (never created, deleted or expired). */
  get(sessionId: string): Promise<CryptoKey | undefined>
  /** Deletes the session's key: every value sealed with it is unreadable from now on. */
  delete(sessionId: string): Promise<void>
}
