import { describe, expect, it } from 'vitest'
import { canonicalJson } from './canonical-json.ts'
import { computeLedgerPayloadHash, computeLedgerRecordHash } from './compute-ledger-record-hash.ts'
import { type CreateLedgerOptions, createLedger } from './create-ledger.ts'
import { createMemoryLedgerAnchorStore } from './create-memory-ledger-anchor-store.ts'
import { createMemoryLedgerStore } from './create-memory-ledger-store.ts'
import type { LedgerEvent } from './ledger-event-schema.ts'
import type { LedgerAnchorStore, LedgerHead, LedgerRecord, LedgerStore } from './types.ts'
import { verifyLedger } from './verify-ledger.ts'

const key = 'a host secret of at least 32 bytes, kept off the store'
const restored = (index: number): LedgerEvent => ({
  type: 'GOAL_RESTORED',
  payload: { original: 'What happened in crypto markets today?', discarded: `candidate ${index}` },
})

/**
 * A memory record store plus what an attacker with write access to its database can do: read the
 * stored records and put any records in their place. The attacker has no key.
 */
function storeUnderAttack() {
  const inner = createMemoryLedgerStore()
  let rewritten: LedgerRecord[] | undefined
  const store: LedgerStore = {
    ...inner,
    list: async (sessionId, options) =>
      rewritten === undefined ? inner.list(sessionId, options) : structuredClone(rewritten),
    last: async (sessionId) => (rewritten === undefined ? inner.last(sessionId) : rewritten.at(-1)),
  }
  return {
    store,
    stored: () => inner.list('s'),
    rewrite: (records: LedgerRecord[]) => {
      rewritten = records
    },
  }
}

/** An anchor store in the attacker's reach too (e.g. a key in the same database). */
function anchorUnderAttack() {
  const heads = new Map<string, LedgerHead>()
  const anchorStore: LedgerAnchorStore = {
    getHead: async (sessionId) => heads.get(sessionId),
    async setHead(sessionId, head) {
      if ((heads.get(sessionId)?.sequence ?? -1) < head.sequence) heads.set(sessionId, head)
    },
  }
  return { anchorStore, heads }
}

/** What an attacker without the key can do: recompute every hash from `from` on with plain SHA-256. */
async function rechainWithSha256(records: LedgerRecord[], from: number): Promise<LedgerRecord[]> {
  const rechained = structuredClone(records)
  for (let index = from; index < rechained.length; index++) {
    const record = rechained[index]!
    record.sequence = index
    record.payloadHash = await computeLedgerPayloadHash(record.payload)
    record.previousHash = index === 0 ? null : rechained[index - 1]!.hash
    record.hash = await computeLedgerRecordHash(record)
  }
  return rechained
}

async function writeFive({ keyed = true, ...options }: CreateLedgerOptions & { keyed?: boolean } = {}) {
  const attack = storeUnderAttack()
  const ledger = createLedger({ store: attack.store, ...(keyed ? { key } : {}), ...options })
  for (let index = 0; index < 5; index++) await ledger.append('s', restored(index))
  return { ledger, ...attack }
}

describe('createLedger({ key })', () => {
  it('chains records with HMAC-SHA-256 of their canonical fields, marked hmac-sha256, and verifies', async () => {
    const { ledger, stored } = await writeFive()
    const records = await stored()
    const hmacKey = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(key),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    )
    for (const [index, record] of records.entries()) {
      const { payload: _payload, hash, ...fields } = record
      const mac = await crypto.subtle.sign('HMAC', hmacKey, new TextEncoder().encode(canonicalJson(fields)))
      expect(hash).toBe(
        Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0')).join(''),
      )
      expect(record).toMatchObject({ chain: 'hmac-sha256', previousHash: records[index - 1]?.hash ?? null })
      expect(hash).not.toBe(await computeLedgerRecordHash(record))
    }
    expect(await ledger.verify('s')).toEqual({ valid: true })
    expect(await verifyLedger(records, { key })).toEqual({ valid: true })
  })

  it('takes a non-extractable CryptoKey', async () => {
    const cryptoKey = await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
    expect(cryptoKey.extractable).toBe(false)
    const { ledger, stored } = await writeFive({ key: cryptoKey })
    expect(await ledger.verify('s')).toEqual({ valid: true })
    expect(await verifyLedger(await stored(), { key: cryptoKey })).toEqual({ valid: true })
    expect(await verifyLedger(await stored(), { key })).toMatchObject({ index: 0, problem: 'wrong-key' })
  })

  it('needs the key to verify: keyed records fail without it and under another key', async () => {
    const { stored } = await writeFive()
    expect(await verifyLedger(await stored())).toMatchObject({
      valid: false,
      index: 0,
      sequence: 0,
      problem: 'key-required',
    })
    const other = 'another secret that is also 32 bytes or longer'
    expect(await verifyLedger(await stored(), { key: other })).toMatchObject({
      valid: false,
      index: 0,
      sequence: 0,
      problem: 'wrong-key',
    })
  })

  describe('another key than the ledger was written with', () => {
    const other = 'another secret that is also 32 bytes or longer'

    it('reports wrong-key, not an edit, when no record and not the head verify under it', async () => {
      const anchor = anchorUnderAttack()
      const { ledger, stored } = await writeFive({ anchorStore: anchor.anchorStore })
      const head = anchor.heads.get('s')
      const result = await verifyLedger(await stored(), { sessionId: 's', key: other, head })
      expect(result).toMatchObject({ valid: false, index: 0, sequence: 0, problem: 'wrong-key' })
      expect(result.valid === false && result.message).toMatch(/not written with this key/)
      const wrongLedger = createLedger({
        store: {
          ...createMemoryLedgerStore(),
          list: () => stored(),
          last: async () => (await stored()).at(-1),
        },
        key: other,
        anchorStore: anchor.anchorStore,
      })
      expect(await wrongLedger.verify('s')).toMatchObject({ valid: false, problem: 'wrong-key' })
      expect(await ledger.verify('s')).toEqual({ valid: true })
    })

    it('still reports an edit of the first record as hash-mismatch under the right key', async () => {
      const anchor = anchorUnderAttack()
      const { stored } = await writeFive({ anchorStore: anchor.anchorStore })
      const records = await stored()
      records[0]!.timestamp = '2000-01-01T00:00:00.000Z'
      const head = anchor.heads.get('s')
      expect(await verifyLedger(records, { sessionId: 's', key, head })).toMatchObject({
        index: 0,
        problem: 'hash-mismatch',
      })
      expect(await verifyLedger(records, { sessionId: 's', key })).toMatchObject({
        index: 0,
        problem: 'hash-mismatch',
      })
    })

    it('keeps hash-mismatch when every record hash was forged but the signed head still verifies', async () => {
      const anchor = anchorUnderAttack()
      const { stored } = await writeFive({ anchorStore: anchor.anchorStore })
      const records = (await stored()).map((record) => ({ ...record, hash: 'f'.repeat(64) }))
      const head = anchor.heads.get('s')
      expect(await verifyLedger(records, { sessionId: 's', key, head })).toMatchObject({
        index: 0,
        problem: 'hash-mismatch',
      })
    })

    it('cannot tell a lone record written under another key from an edited one, and says both', async () => {
      const { stored } = await writeFive()
      const [first] = await stored()
      const result = await verifyLedger([first!], { key: other })
      expect(result).toMatchObject({ index: 0, problem: 'hash-mismatch' })
      expect(result.valid === false && result.message).toMatch(/edited, or written with another key/)
    })
  })

  it('fails an edited payload whose later hashes were all recomputed with plain SHA-256', async () => {
    for (const keepMarker of [true, false]) {
      const { ledger, stored, rewrite } = await writeFive()
      const records = await stored()
      ;(records[2]!.payload as { discarded: string }).discarded = 'forged'
      if (!keepMarker) for (const record of records.slice(2)) delete record.chain
      const forged = await rechainWithSha256(records, 2)
      rewrite(forged)
      expect(await ledger.verify('s')).toMatchObject({
        valid: false,
        index: 2,
        sequence: 2,
        recordId: forged[2]!.id,
        problem: keepMarker ? 'hash-mismatch' : 'unkeyed-record',
      })
    }
  })

  it('fails a whole chain replaced by a freshly computed unkeyed one, even with no anchored head', async () => {
    const { ledger, stored, rewrite } = await writeFive({ anchorStore: false })
    const fresh = createLedger({ anchorStore: false })
    for (let index = 0; index < 5; index++) await fresh.append('s', restored(index + 100))
    const replacement = await fresh.records('s')
    rewrite(replacement)
    expect(await ledger.verify('s')).toMatchObject({
      valid: false,
      index: 0,
      sequence: 0,
      problem: 'unkeyed-record',
      message: "sequence 0 is chained with plain SHA-256, not HMAC-SHA-256 with the ledger's key",
    })
    // The same records pass a verifier without a key: only the key tells them apart.
    expect(await verifyLedger(replacement)).toEqual({ valid: true })
    expect(await stored()).not.toEqual(replacement)
  })

  it('fails two reordered records, renumbered and relinked or not', async () => {
    const { ledger, stored, rewrite } = await writeFive()
    const records = await stored()
    const swapped = [records[0]!, records[3]!, records[2]!, records[1]!, records[4]!]
    rewrite(swapped)
    expect(await ledger.verify('s')).toMatchObject({ index: 1, sequence: 1, problem: 'out-of-order' })
    rewrite(await rechainWithSha256(swapped, 1))
    expect(await ledger.verify('s')).toMatchObject({ index: 1, sequence: 1, problem: 'hash-mismatch' })
  })

  it('fails the last N records cut off, at the first missing sequence', async () => {
    for (const cut of [1, 3, 5]) {
      const { ledger, stored, rewrite } = await writeFive()
      rewrite((await stored()).slice(0, 5 - cut))
      expect(await ledger.verify('s')).toEqual({
        valid: false,
        index: 5 - cut,
        sequence: 5 - cut,
        problem: 'truncated',
        message: `records end before sequence ${5 - cut} but the anchored head is sequence 4: ${cut} record(s) missing`,
      })
    }
  })

  it('without an anchored head, cannot see a cut tail (the limit the anchor closes)', async () => {
    const { ledger, stored, rewrite } = await writeFive({ anchorStore: false })
    rewrite((await stored()).slice(0, 3))
    expect(await ledger.verify('s')).toEqual({ valid: true })
  })

  it('fails a tampered anchor: another hash, an earlier head, or a head without its signature', async () => {
    const { anchorStore, heads } = anchorUnderAttack()
    const { ledger, stored, rewrite } = await writeFive({ anchorStore })
    const records = await stored()
    const genuine = heads.get('s')!
    expect(genuine).toMatchObject({ sequence: 4, hash: records[4]!.hash })
    expect(await ledger.verify('s')).toEqual({ valid: true })
    heads.set('s', { ...genuine, hash: records[3]!.hash })
    expect(await ledger.verify('s')).toMatchObject({ index: 5, sequence: 4, problem: 'head-forged' })
    // Cut to 3 records and move the head back to the new last record: the head's signature is gone.
    rewrite(records.slice(0, 3))
    heads.set('s', { sequence: 2, hash: records[2]!.hash, signature: genuine.signature! })
    expect(await ledger.verify('s')).toMatchObject({ sequence: 2, problem: 'head-forged' })
    heads.set('s', { sequence: 2, hash: records[2]!.hash })
    expect(await ledger.verify('s')).toMatchObject({ sequence: 2, problem: 'head-forged' })
  })

  it('cannot tell an older genuine head put back with the tail cut to it (keep the anchor out of reach)', async () => {
    const { anchorStore, heads } = anchorUnderAttack()
    const attack = storeUnderAttack()
    const ledger = createLedger({ store: attack.store, key, anchorStore })
    for (let index = 0; index < 3; index++) await ledger.append('s', restored(index))
    const saved = structuredClone(heads.get('s')!)
    for (let index = 3; index < 5; index++) await ledger.append('s', restored(index))
    attack.rewrite((await attack.stored()).slice(0, 3))
    heads.set('s', saved)
    expect(await ledger.verify('s')).toEqual({ valid: true })
  })

  it('makes an unkeyed ledger see re-chained and cut records up to its head, while the head is out of reach', async () => {
    const { ledger, stored, rewrite } = await writeFive({ keyed: false })
    expect(await ledger.verify('s')).toEqual({ valid: true })
    const records = await stored()
    ;(records[1]!.payload as { discarded: string }).discarded = 'forged'
    rewrite(await rechainWithSha256(records, 1))
    expect(await ledger.verify('s')).toMatchObject({ index: 4, sequence: 4, problem: 'head-mismatch' })
    rewrite((await stored()).slice(0, 4))
    expect(await ledger.verify('s')).toMatchObject({ sequence: 4, problem: 'truncated' })
  })

  it('writes one signed head per burst of queued appends, covering its last record', async () => {
    const { anchorStore, heads } = anchorUnderAttack()
    const written: number[] = []
    const ledger = createLedger({
      key,
      anchorStore: {
        ...anchorStore,
        setHead(id, head) {
          written.push(head.sequence)
          return anchorStore.setHead(id, head)
        },
      },
    })
    await Promise.all(Array.from({ length: 10 }, (_, index) => ledger.append('s', restored(index))))
    expect(written).toEqual([9])
    expect(heads.get('s')).toMatchObject({ sequence: 9, hash: (await ledger.records('s'))[9]!.hash })
    await ledger.append('s', restored(10))
    expect(written).toEqual([9, 10])
  })

  it('keeps 50 racing ledgers with one key and one anchor store on one store verifiable', async () => {
    const store = createMemoryLedgerStore()
    const anchorStore = createMemoryLedgerAnchorStore()
    const ledgers = Array.from({ length: 50 }, () => createLedger({ store, key, anchorStore }))
    await Promise.all(ledgers.map((ledger, index) => ledger.append('race', restored(index))))
    expect((await anchorStore.getHead('race'))?.sequence).toBe(49)
    expect(await ledgers[0]!.verify('race')).toEqual({ valid: true })
  })
})
