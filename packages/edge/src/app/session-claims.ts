import { bytesToBase64Url, createBoundedMap, type MemoryBudget } from '@focal/core/ledger'

/**
 * Who owns each session id: a claim made once, atomically, by the request that creates the session,
 * holding the epoch its tokens are signed with. Rotating the epoch revokes every token of the session;
 * removing the claim ends the session's tokens for good (a later claim draws a new epoch, so an old
 * token never comes back to life). Each runtime's `createFocalStores` returns one on its storage.
 */
export interface FocalSessionClaims {
  /** Records the claim when the id is unclaimed; true for exactly one of any number of racing callers. */
  claim(sessionId: string, epoch: string): Promise<boolean>
  /** The current epoch of a claimed session, undefined when unclaimed. */
  epoch(sessionId: string): Promise<string | undefined>
  /** Replaces the epoch of a claimed session (revokes its tokens); false when unclaimed. */
  rotate(sessionId: string, epoch: string): Promise<boolean>
  /** Removes the claim. */
  remove(sessionId: string): Promise<void>
}

/** Options of {@link createMemorySessionClaims}: a sliding TTL and an LRU bound. */
export interface MemorySessionClaimsOptions {
  /** Milliseconds a claim lives after its last use. @default Number.POSITIVE_INFINITY */
  ttlMs?: number
  /** Most claims kept (least recently used dropped first). @default Number.POSITIVE_INFINITY */
  maxSessions?: number
  /**
   * The byte bound the app's in-memory stores share: a session it forgets loses its claim too, so
   * its tokens read 410 `session-expired`, as after `maxSessions` evicts it. @default undefined
   */
  budget?: MemoryBudget
}

/**
 * Session claims in this process's memory (the default): right for one process; several instances
 * need the claims of their shared store (`createFocalStores`).
 *
 * @example
 * createFocalApp({ definition, sessionClaims: createMemorySessionClaims() })
 */
export function createMemorySessionClaims(options: MemorySessionClaimsOptions = {}): FocalSessionClaims {
  const epochs = createBoundedMap<string>({
    ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
    ...(options.maxSessions === undefined ? {} : { maxEntries: options.maxSessions }),
  })
  options.budget?.register((sessionId) => epochs.delete(sessionId))
  return {
    async claim(sessionId, epoch) {
      // No await between the check and the write: the claim is atomic in this isolate.
      if (epochs.get(sessionId) !== undefined) return false
      epochs.set(sessionId, epoch)
      return true
    },
    async epoch(sessionId) {
      return epochs.get(sessionId)
    },
    async rotate(sessionId, epoch) {
      if (epochs.get(sessionId) === undefined) return false
      epochs.set(sessionId, epoch)
      return true
    },
    async remove(sessionId) {
      epochs.delete(sessionId)
    },
  }
}

/** A fresh random epoch (128 bits, base64url). */
export function createEpoch(): string {
  return bytesToBase64Url(crypto.getRandomValues(new Uint8Array(16)))
}
