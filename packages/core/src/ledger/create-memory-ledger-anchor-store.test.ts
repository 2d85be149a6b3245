import { describe, expect, it } from 'vitest'
import { createMemoryLedgerAnchorStore } from './create-memory-ledger-anchor-store.ts'

const head = (sequence: number) => ({ sequence, hash: `${sequence}`.padStart(64, '0') })

describe('createMemoryLedgerAnchorStore', () => {
  it('keeps each session head and only moves it forward', async () => {
    const anchors = createMemoryLedgerAnchorStore()
    expect(await anchors.getHead('s')).toBeUndefined()
    await anchors.setHead('s', head(3))
    await anchors.setHead('s', head(1))
    await anchors.setHead('s', head(3))
    expect(await anchors.getHead('s')).toEqual(head(3))
    await anchors.setHead('s', { ...head(4), signature: 'ab' })
    expect(await anchors.getHead('s')).toEqual({ ...head(4), signature: 'ab' })
    expect(await anchors.getHead('other')).toBeUndefined()
  })

  it('hands out copies, so a caller cannot move a stored head', async () => {
    const anchors = createMemoryLedgerAnchorStore()
    const written = head(2)
    await anchors.setHead('s', written)
    written.sequence = 9
    const read = await anchors.getHead('s')
    read!.hash = 'edited'
    expect(await anchors.getHead('s')).toEqual(head(2))
  })

  it('drops the least recently written session beyond maxSessions', async () => {
    const anchors = createMemoryLedgerAnchorStore({ maxSessions: 2 })
    await anchors.setHead('a', head(0))
    await anchors.setHead('b', head(0))
    await anchors.setHead('a', head(1))
    await anchors.setHead('c', head(0))
    expect(await anchors.getHead('b')).toBeUndefined()
    expect(await anchors.getHead('a')).toEqual(head(1))
    expect(await anchors.getHead('c')).toEqual(head(0))
  })
})
