import { describe, expect, it } from 'vitest'
import { createPollingSessionLock } from './create-polling-session-lock.ts'

/** An in-memory lease with the stores' semantics: free, expired or the owner's own → taken or extended. */
function memoryLease(now: () => number) {
  const leases = new Map<string, { owner: string; expires: number }>()
  return {
    leases,
    async tryAcquire(sessionId: string, owner: string, ttlMs: number) {
      const lease = leases.get(sessionId)
      if (lease !== undefined && lease.owner !== owner && lease.expires > now()) return false
      leases.set(sessionId, { owner, expires: now() + ttlMs })
      return true
    },
    async release(sessionId: string, owner: string) {
      if (leases.get(sessionId)?.owner === owner) leases.delete(sessionId)
    },
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('createPollingSessionLock', () => {
  it('renews a held lease, so a turn longer than its lifetime keeps the session', async () => {
    // Found by an outside review: a refund tool that took 31 s lost the 30 s lease, another
    // instance took the session and refunded, and the first then ran its turn again.
    const lease = memoryLease(Date.now)
    const lock = createPollingSessionLock({ ...lease, ttlMs: 60, timeoutMs: 1000 })
    const release = await lock.acquire('s')
    await sleep(250)
    // Four lifetimes later the lease is still the holder's: another caller cannot take it.
    expect(await lease.tryAcquire('s', 'other', 60)).toBe(false)
    await release()
    expect(lease.leases.has('s')).toBe(false)
    // Released, it is renewed no more, and the next caller takes it.
    await sleep(100)
    expect(await lease.tryAcquire('s', 'other', 60)).toBe(true)
  })

  it('stops renewing a lease another holder took, and releases only after a renewal in flight', async () => {
    const lease = memoryLease(Date.now)
    let renewals = 0
    let slow = false
    const lock = createPollingSessionLock({
      tryAcquire: async (...args) => {
        renewals++
        if (slow) await sleep(40)
        return lease.tryAcquire(...args)
      },
      release: lease.release,
      ttlMs: 60,
      timeoutMs: 1000,
    })
    const release = await lock.acquire('s')
    // Another holder takes it (the lease expired under a stalled process): renewing stops.
    lease.leases.set('s', { owner: 'other', expires: Date.now() + 10_000 })
    await sleep(100)
    const counted = renewals
    await sleep(100)
    expect(renewals).toBe(counted)
    await release()
    expect(lease.leases.get('s')?.owner).toBe('other')
    // A release that races a slow renewal (a check-and-set store) still frees the lease.
    lease.leases.clear()
    slow = true
    const again = await lock.acquire('t')
    await sleep(25)
    await again()
    expect(lease.leases.has('t')).toBe(false)
  })
})
