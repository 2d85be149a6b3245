import { describe, expect, it } from 'vitest'
import { createBatchedSha256Hex } from './create-batched-sha256-hex.ts'
import { sha256Hex } from './sha256-hex.ts'

/** A scheduler the test runs by hand, recording how many flushes were asked for. */
function manualScheduler() {
  const pending: Array<() => void> = []
  return {
    schedule: (flush: () => void) => {
      pending.push(flush)
    },
    requested: () => pending.length,
    run: () => {
      for (const flush of pending.splice(0)) flush()
    },
  }
}

describe('createBatchedSha256Hex', () => {
  it('gives the same hex SHA-256 as sha256Hex, including non-ASCII text', async () => {
    const digest = createBatchedSha256Hex((flush) => queueMicrotask(flush))
    for (const text of ['', 'abc', 'score ≥ 0.5 — café 🎉', 'x'.repeat(5000)])
      expect(await digest(text)).toBe(await sha256Hex(text))
    expect(await digest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('starts nothing until the scheduler flushes, then one flush settles the whole batch', async () => {
    const scheduler = manualScheduler()
    const digest = createBatchedSha256Hex(scheduler.schedule)
    let settled = 0
    const results = ['a', 'b', 'c'].map((text) => digest(text).finally(() => settled++))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBe(0)
    expect(scheduler.requested()).toBe(1)
    scheduler.run()
    expect(await Promise.all(results)).toEqual(await Promise.all(['a', 'b', 'c'].map(sha256Hex)))
    // The next request opens a new batch.
    const next = digest('d')
    expect(scheduler.requested()).toBe(1)
    scheduler.run()
    expect(await next).toBe(await sha256Hex('d'))
  })
})
