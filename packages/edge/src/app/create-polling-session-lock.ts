import { FocalError } from '@focal/core'

/** Serialises whole turns on one session across isolates and processes (a store-backed lease). */
export interface FocalSessionLock {
  /** Waits until this caller holds the session's lease; resolves its release. */
  acquire(sessionId: string): Promise<() => Promise<void>>
}

/** The two atomic lease operations a store provides. */
export interface SessionLeaseOperations {
  /** Takes the lease for `owner` if it is free or expired; true when taken. */
  tryAcquire(sessionId: string, owner: string, ttlMs: number): Promise<boolean>
  /** Frees the lease if `owner` still holds it. */
  release(sessionId: string, owner: string): Promise<void>
}

/** Options of {@link createPollingSessionLock}. */
export interface PollingSessionLockOptions extends SessionLeaseOperations {
  /**
   * Lease lifetime: a crashed holder blocks the session at most this long.
   * @default 30000
   */
  ttlMs?: number
  /**
   * Longest wait for the lease before failing with `version-conflict` (409).
   * @default 30000
   */
  timeoutMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A session lock over a store's atomic lease operations: polls with capped exponential backoff
 * (1 ms doubling to 25 ms) until the lease is free. A held lease is renewed every third of its
 * lifetime until released (`tryAcquire` by its owner extends it): a turn whose tool takes longer
 * than `ttlMs` keeps the session, where another instance took it and both wrote.
 *
 * @example
 * const lock = createPollingSessionLock({ tryAcquire, release })
 * const release = await lock.acquire('session-1')
 * try { await runTurn() } finally { await release() }
 */
export function createPollingSessionLock({
  tryAcquire,
  release,
  ttlMs = 30_000,
  timeoutMs = 30_000,
}: PollingSessionLockOptions): FocalSessionLock {
  return {
    async acquire(sessionId) {
      const owner = crypto.randomUUID()
      const deadline = Date.now() + timeoutMs
      for (let delay = 1; !(await tryAcquire(sessionId, owner, ttlMs)); delay = Math.min(delay * 2, 25)) {
        if (Date.now() > deadline) {
          throw new FocalError({ code: 'version-conflict', message: `Session "${sessionId}" is busy.` })
        }
        await sleep(delay)
      }
      let held = true
      let timer: ReturnType<typeof setTimeout> | undefined
      // The renewal in flight: a release waits for it (a check-and-set store, Deno KV, failed the
      // release that raced it, and the lease stayed for its whole lifetime).
      let renewing: Promise<unknown> = Promise.resolve()
      const renew = () => {
        timer = setTimeout(
          () => {
            if (!held) return
            renewing = tryAcquire(sessionId, owner, ttlMs).then(
              // Lost (another holder took it after an expiry): renewing stops. A failed call is
              // tried again on the next tick; the store's version check still holds.
              (kept) => held && kept && renew(),
              () => held && renew(),
            )
          },
          Math.max(1, Math.floor(ttlMs / 3)),
        )
        // A held lease keeps no process alive (Node); Workers' timers have no `unref`.
        ;(timer as { unref?: () => void }).unref?.()
      }
      renew()
      return async () => {
        held = false
        if (timer !== undefined) clearTimeout(timer)
        await renewing
        return release(sessionId, owner)
      }
    },
  }
}
