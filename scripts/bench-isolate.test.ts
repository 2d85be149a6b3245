import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { inChildProcess, isIsolatedChild, timeCaseInChild } from '../bench/isolate.ts'

const fixture = new URL('./fixtures/bench-child.ts', import.meta.url)

describe('bench isolation', () => {
  it('runs an exported function in another process and returns its result', async () => {
    const result = await inChildProcess<{ pid: number; heapUsed: number; isolated: boolean }>(
      fixture.href,
      'whereAmI',
    )
    expect(result.pid).not.toBe(process.pid)
    expect(result.heapUsed).toBeGreaterThan(0)
    // The child knows it is one (bench files load their peer libraries only there); this process is not.
    expect(result.isolated).toBe(true)
    expect(isIsolatedChild()).toBe(false)
  }, 30_000)

  it('rejects with the child error', async () => {
    await expect(inChildProcess(fixture.href, 'fails')).rejects.toThrow(/peer exploded/)
    await expect(inChildProcess(fixture.href, 'missing')).rejects.toThrow(/exports no function missing/)
  }, 30_000)

  it('times one case of a suite in a child', async () => {
    const timing = await timeCaseInChild(fileURLToPath(fixture), 'fixture', 'sum', 50)
    expect(timing.samples).toBeGreaterThan(10)
    expect(timing.medianMs).toBeGreaterThan(0)
    expect(timing.opsPerSecond).toBeGreaterThan(0)
    await expect(timeCaseInChild(fileURLToPath(fixture), 'fixture', 'nope', 50)).rejects.toThrow(
      /no case "nope"/,
    )
  }, 30_000)
})
