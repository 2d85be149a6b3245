import { FocalError, type LedgerHead, type LedgerRecord } from '@focal/core'

/**
 * The error for a ledger value Redis holds but no ledger wrote: `ledger-unreadable` (502, a port
 * answered something unusable), with `path` naming the record (`records[3]`), the list
 * (`records`) or the `head`. The stored value is never echoed: it may be anything.
 */
export function unreadableLedger(path: string, message: string, cause?: unknown): FocalError {
  return new FocalError({ code: 'ledger-unreadable', message, issues: [{ path, message }], cause })
}

function parse(raw: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(raw) as unknown }
  } catch {
    return undefined
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Parses the stored record at `position`, or throws `ledger-unreadable` naming it. */
export function readLedgerRecord(raw: string, position: number, sessionId: string): LedgerRecord {
  const parsed = parse(raw)
  const name = `ledger record ${position} of session "${sessionId}"`
  if (parsed === undefined) throw unreadableLedger(`records[${position}]`, `${name} is not JSON`)
  const record = parsed.value
  // Only what every record has: the verifier judges the rest (and says which check failed).
  if (
    !isObject(record) ||
    typeof record.sessionId !== 'string' ||
    !Number.isSafeInteger(record.sequence) ||
    typeof record.hash !== 'string'
  ) {
    throw unreadableLedger(
      `records[${position}]`,
      `${name} is not a ledger record (no sessionId, sequence or hash)`,
    )
  }
  return record as unknown as LedgerRecord
}

/** Parses a stored ledger head, or throws `ledger-unreadable` naming the head. */
export function readLedgerHead(raw: string, sessionId: string): LedgerHead {
  const parsed = parse(raw)
  const name = `the ledger head of session "${sessionId}"`
  if (parsed === undefined) throw unreadableLedger('head', `${name} is not JSON`)
  const head = parsed.value
  if (
    !isObject(head) ||
    !Number.isSafeInteger(head.sequence) ||
    typeof head.hash !== 'string' ||
    (head.signature !== undefined && typeof head.signature !== 'string')
  ) {
    throw unreadableLedger('head', `${name} is not a ledger head (sequence, hash, signature)`)
  }
  return head as unknown as LedgerHead
}

/**
 * Runs a Redis read of a ledger key; a key of another type (`WRONGTYPE`: a string where the list
 * or the head hash belongs) is `ledger-unreadable` at `path`, any other failure passes unchanged.
 */
export async function readLedgerKey<T>(path: string, name: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('WRONGTYPE')) {
      throw unreadableLedger(path, `${name} is stored as another Redis type`, error)
    }
    throw error
  }
}
