/** Serialises work per session inside one isolate or process. */
export interface SessionQueue {
  /** Waits for the session's previous holder; resolves a release function. */
  acquire(sessionId: string): Promise<() => void>
}

/**
 * A per-session FIFO lock: turns on one session run one after another, so a session's state and
 * ledger advance in request order. Stores still check versions, which covers other isolates.
 */
export function createSessionQueue(): SessionQueue {
  const tails = new Map<string, Promise<void>>()
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
      return () => {
        release()
        if (tails.get(sessionId) === tail) tails.delete(sessionId)
      }
    },
  }
}
