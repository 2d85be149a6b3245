import type { LedgerRecord, StoredSession } from '@focal/core'
import type { DurableObjectSql } from './durable-object-types.ts'

const schema = `
CREATE TABLE IF NOT EXISTS focal_session (id INTEGER PRIMARY KEY CHECK (id = 0), state TEXT NOT NULL, version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS focal_ledger (sequence INTEGER PRIMARY KEY, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS focal_lease (id INTEGER PRIMARY KEY CHECK (id = 0), owner TEXT NOT NULL, expires INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS focal_claim (id INTEGER PRIMARY KEY CHECK (id = 0), epoch TEXT NOT NULL);`

/**
 * The storage logic of one session's Durable Object over its synchronous SQLite API. Every method
 * runs without an `await`, so no other request can interleave between a check and its write.
 */
export function createSessionObjectStorage(sql: DurableObjectSql) {
  sql.exec(schema)
  const lastRow = () =>
    sql.exec('SELECT record FROM focal_ledger ORDER BY sequence DESC LIMIT 1').toArray()[0]
  return {
    getSession(): StoredSession | null {
      const row = sql.exec('SELECT state, version FROM focal_session WHERE id = 0').toArray()[0]
      return row ? { state: JSON.parse(String(row.state)), version: Number(row.version) } : null
    },
    putSession(state: unknown, expectedVersion: number): number | false {
      const row = sql.exec('SELECT version FROM focal_session WHERE id = 0').toArray()[0]
      const current = row ? Number(row.version) : 0
      if (current !== expectedVersion) return false
      const json = JSON.stringify(state)
      sql.exec(
        'INSERT OR REPLACE INTO focal_session (id, state, version) VALUES (0, ?, ?)',
        json,
        current + 1,
      )
      return current + 1
    },
    deleteSession(): void {
      sql.exec('DELETE FROM focal_session')
    },
    appendIfNext(record: LedgerRecord): boolean {
      const last = lastRow()
      const expected = last ? (JSON.parse(String(last.record)) as LedgerRecord).sequence + 1 : 0
      if (record.sequence !== expected) return false
      sql.exec(
        'INSERT INTO focal_ledger (sequence, record) VALUES (?, ?)',
        record.sequence,
        JSON.stringify(record),
      )
      return true
    },
    listRecords(fromSequence: number, limit: number): LedgerRecord[] {
      const rows = sql
        .exec(
          'SELECT record FROM focal_ledger WHERE sequence >= ? ORDER BY sequence LIMIT ?',
          fromSequence,
          limit,
        )
        .toArray()
      return rows.map((row) => JSON.parse(String(row.record)) as LedgerRecord)
    },
    tryLock(owner: string, ttlMs: number, now: number): boolean {
      const row = sql.exec('SELECT owner, expires FROM focal_lease WHERE id = 0').toArray()[0]
      if (row && String(row.owner) !== owner && Number(row.expires) > now) return false
      sql.exec('INSERT OR REPLACE INTO focal_lease (id, owner, expires) VALUES (0, ?, ?)', owner, now + ttlMs)
      return true
    },
    unlock(owner: string): void {
      sql.exec('DELETE FROM focal_lease WHERE id = 0 AND owner = ?', owner)
    },
    claimSession(epoch: string): boolean {
      if (this.claimEpoch() !== null) return false
      sql.exec('INSERT INTO focal_claim (id, epoch) VALUES (0, ?)', epoch)
      return true
    },
    claimEpoch(): string | null {
      const row = sql.exec('SELECT epoch FROM focal_claim WHERE id = 0').toArray()[0]
      return row ? String(row.epoch) : null
    },
    rotateClaim(epoch: string): boolean {
      if (this.claimEpoch() === null) return false
      sql.exec('UPDATE focal_claim SET epoch = ? WHERE id = 0', epoch)
      return true
    },
    removeClaim(): void {
      sql.exec('DELETE FROM focal_claim')
    },
    /** Forgets everything the object holds (its TTL alarm fired). */
    clear(): void {
      sql.exec('DELETE FROM focal_session')
      sql.exec('DELETE FROM focal_ledger')
      sql.exec('DELETE FROM focal_lease')
      sql.exec('DELETE FROM focal_claim')
    },
    lastRecord(): LedgerRecord | null {
      const row = lastRow()
      return row ? (JSON.parse(String(row.record)) as LedgerRecord) : null
    },
  }
}
