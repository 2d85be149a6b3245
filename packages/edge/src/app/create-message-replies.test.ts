import { createMemorySessionStore, FocalError, type SessionStore } from '@focal/core'
import { createMemoryBudget } from '@focal/core/ledger'
import { describe, expect, it } from 'vitest'
import { createMessageReplies, type MessageKey } from './create-message-replies.ts'

const key: MessageKey = { messageId: 'm1', route: 'turn', textDigest: 'd1' }
const reply = { route: 'turn' as const, result: { text: 'Done.' } }

/** A session store whose writes fail while `failing` is above zero (one failure each). */
function createFlakyStore() {
  const inner = createMemorySessionStore()
  const state = { failing: 0, gets: 0 }
  const store: SessionStore = {
    get: (id) => {
      state.gets++
      return inner.get(id)
    },
    async put(id, value, version) {
      if (state.failing > 0) {
        state.failing--
        throw new Error('the store is unavailable')
      }
      return inner.put(id, value, version)
    },
    delete: (id) => inner.delete(id),
  }
  return { store, state }
}

describe('createMessageReplies', () => {
  it('never runs again a turn whose reply and whose unrecorded mark both failed to be written', async () => {
    let time = 0
    const { store, state } = createFlakyStore()
    const replies = createMessageReplies({ store, now: () => time })
    const turn = await replies.open('s', key)
    expect(await turn.start()).toEqual({ type: 'started' })
    state.failing = 2
    await turn.complete(reply)
    expect(state.failing).toBe(0)
    // The running mark stayed: a retry soon after is told the turn still runs.
    expect((await replies.open('s', key)).lookup()).toEqual({ type: 'running' })
    // Long after (its process may have died), it is looked at holding the lock: the request that
    // marked it ended without a reply, so it is lost, not run again.
    time = 3_600_000
    const late = await replies.open('s', key)
    expect(late.lookup()).toEqual({ type: 'new' })
    expect(await late.start()).toEqual({ type: 'lost' })
  })

  it('marks a turn whose reply could not be written as lost, with one failure', async () => {
    const { store, state } = createFlakyStore()
    const replies = createMessageReplies({ store })
    const turn = await replies.open('s', key)
    await turn.start()
    state.failing = 1
    await turn.complete(reply)
    expect((await replies.open('s', key)).lookup()).toEqual({ type: 'lost' })
  })

  it('finds, holding the lock, the reply an earlier request recorded after this one read', async () => {
    const replies = createMessageReplies({})
    const late = await replies.open('s', key)
    const early = await replies.open('s', key)
    expect(late.lookup()).toEqual({ type: 'new' })
    await early.start()
    await early.complete(reply)
    expect(await late.start()).toEqual({ type: 'completed', reply })
  })

  it('keeps the other messages written since the read', async () => {
    const { store, state } = createFlakyStore()
    const replies = createMessageReplies({ store })
    const first = await replies.open('s', key)
    const other = await replies.open('s', { ...key, messageId: 'm2' })
    await other.start()
    await other.complete(reply)
    const gets = state.gets
    expect(await first.start()).toEqual({ type: 'started' })
    await first.complete(reply)
    // One more read, for the race it lost.
    expect(state.gets - gets).toBe(1)
    expect((await replies.open('s', { ...key, messageId: 'm2' })).lookup()).toEqual({
      type: 'completed',
      reply,
    })
    expect((await replies.open('s', key)).lookup()).toEqual({ type: 'completed', reply })
  })

  it('refuses the message id with another text', async () => {
    const replies = createMessageReplies({})
    const turn = await replies.open('s', key)
    await turn.start()
    await turn.complete(reply)
    const reused = await replies.open('s', { ...key, textDigest: 'd2' })
    expect(() => reused.lookup()).toThrow(FocalError)
  })

  it('keeps the replies of the last three completed turns', async () => {
    const replies = createMessageReplies({})
    for (const messageId of ['a', 'b', 'c', 'd']) {
      const turn = await replies.open('s', { ...key, messageId })
      await turn.start()
      await turn.complete(reply)
    }
    const found = async (messageId: string) => (await replies.open('s', { ...key, messageId })).lookup().type
    expect(await found('a')).toBe('new')
    expect(await found('d')).toBe('completed')
    expect(await found('b')).toBe('completed')
  })

  it('charges each in-memory record to its session in a byte budget, and is forgotten with the session', async () => {
    const budget = createMemoryBudget({ maxBytes: 40_000 })
    // The session's own state, in another store sharing the budget.
    const states = createMemorySessionStore({ budget })
    const replies = createMessageReplies({ memory: { budget } })
    const big = { route: 'turn' as const, result: { text: 'x'.repeat(10_000) } }
    const record = async (sessionId: string) => {
      await states.put(sessionId, { turns: 1 }, 0)
      const turn = await replies.open(sessionId, key)
      await turn.start()
      await turn.complete(big)
    }
    for (const session of ['s1', 's2', 's3']) await record(session)
    // Three records of about 10 kB each, counted where the state is.
    expect(budget.bytes).toBeGreaterThan(30_000)
    await record('s4')
    expect(budget.bytes).toBeLessThanOrEqual(40_000)
    // The oldest session went whole (its state and its record); the newest kept both.
    expect(await states.get('s1')).toBeUndefined()
    expect((await replies.open('s1', key)).lookup().type).toBe('new')
    expect(await states.get('s4')).toBeDefined()
    expect((await replies.open('s4', key)).lookup().type).toBe('completed')
  })

  it("keeps the claim of the session's first message until a later message starts or it lapses", async () => {
    let time = 0
    const replies = createMessageReplies({ now: () => time })
    const claim = { proof: 'p'.repeat(64), expiresAt: 1000 }
    const first = replies.openClaimed('s', key, claim)
    await first.start()
    // The turn failed before it ran: forgotten, but its claim stays for its retry.
    await first.forget()
    const retried = await replies.open('s', key)
    expect(retried.proves(claim.proof)).toBe(true)
    expect(retried.proves('q'.repeat(64))).toBe(false)
    expect(retried.lookup()).toEqual({ type: 'new' })
    expect(await retried.start()).toEqual({ type: 'started' })
    await retried.complete(reply)
    expect((await replies.open('s', key)).proves(claim.proof)).toBe(true)
    time = 1000
    expect((await replies.open('s', key)).proves(claim.proof)).toBe(false)
    time = 0
    const later = await replies.open('s', { ...key, messageId: 'm2' })
    await later.start()
    const after = await replies.open('s', key)
    expect(after.proves(claim.proof)).toBe(false)
    expect(after.lookup()).toEqual({ type: 'completed', reply })
  })
})
