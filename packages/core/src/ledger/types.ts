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
  /** Hex SHA-256 chain hash of the previous record; `null` for sequence 0. */
  previousHash: string | null
  /** Hex SHA-256 over this record's fields and `previousHash`: what the next record links to. */
  hash: string
}

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

/** The fields a record's chain hash covers: everything but `payload` (covered by `payloadHash`) and `hash`. */
export type LedgerHashedFields = Omit<LedgerRecord, 'payload' | 'hash'>
