import { describe, expect, it } from 'vitest'
import { describeSessionStoreConformance } from '../testing/describe-session-store-conformance.ts'
import { createMemorySessionStore } from './create-memory-session-store.ts'

describeSessionStoreConformance('memory', () => createMemorySessionStore())

describe('createMemorySessionStore', () => {
  it('keeps separate stores separate', async () => {
    const one = createMemorySessionStore()
    const two = createMemorySessionStore()
    await one.put('s', { count: 1 }, 0)
    expect(await two.get('s')).toBeUndefined()
  })
})
