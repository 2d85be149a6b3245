import type { FocalSessionLock } from './create-polling-session-lock.ts'

/** Serialises work per session inside one isolate or process. */
export interface SessionQueue {
  /**
   * Waits for the session's previous holder; resolves a release function. Await the release
   * before answering: on Workers, I/O left running after the response is cancelled.
   */
  acquire(sessionId: string): Promise<() => Promise<void>>
}

/**
 * A per-session FIFO lock: turns on one session run one after another, so a session's state and
 * ledger advance in request order. With a store-backed `lock` (Durable Objects, Redis, Deno KV),
 * whole turns are also serialised across isolates and processes; stores still check versions.
 */
export function createSessionQueue(lock?: FocalSessionLock): SessionQueue {
  const tails = new Map<string, Promise<void>>()
  const local = createLocalQueue(tails)
  if (!lock) return local
  return {
    async acquire(sessionId) {
      const releaseLocal = await local.acquire(sessionId)
      let releaseShared: () => Promise<void>
      try {
        releaseShared = await lock.acquire(sessionId)
      } catch (error) {
        await releaseLocal()
        throw error
      }
      return async () => {
        // The next local waiter starts once the shared lease is free again.
        try {
          await releaseShared()
        } finally {
          await releaseLocal()
        }
      }
    },
  }
}

function createLocalQueue(tails: Map<string, Promise<void>>): SessionQueue {
  return {
    async acquire(sessionId) {
      const previous = tails.get(sessionId) ?? Promise.resolve()
      let release!: () => void
      const current = new Promise<void>((resolve) => {
        release = resolve
      })
      const tail = previous.then(() => current)
      tails.set(sessionId, tail)
      await previous
      return async () => {
        release()
        if (tails.get(sessionId) === tail) tails.delete(sessionId)
      }
    },
  }
}
