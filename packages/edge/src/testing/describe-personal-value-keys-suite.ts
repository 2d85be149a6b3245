import type { LedgerRecord, LedgerVerification } from '@focal/core'
import { describe, expect, it } from 'vitest'
import { sessionTokenHeader } from '../auth/authorize-session.ts'
import { cardKeeperReply } from './card-keeper.ts'

/** Sends one request to one app instance. */
export type SendToInstance = (request: Request) => Promise<Response>

const card = '4111 1111 1111 1111'
const restoredReply = cardKeeperReply.replace('[CREDIT_CARD_1]', card)

/**
 * Durable personal-value keys on one runtime's shared stores: two card-keeper app instances
 * (`createCardKeeperOptions`) over the same stores stand for a restart or a second isolate. A card
 * sealed through the first is restored in a reply of the second; after `DELETE` through the second,
 * neither restores it, while the ciphertext stays in the ledger and the ledger verifies.
 */
export function describePersonalValueKeysSuite(
  runtime: string,
  getInstances: () => readonly [SendToInstance, SendToInstance],
): void {
  describe(`durable personal-value keys on ${runtime}`, () => {
    async function call(send: SendToInstance, path: string, init: RequestInit & { token?: string }) {
      const headers = new Headers(init.headers)
      if (init.token !== undefined) headers.set(sessionTokenHeader, init.token)
      if (init.body !== undefined) headers.set('content-type', 'application/json')
      const response = await send(new Request(`http://focal.test${path}`, { ...init, headers }))
      return {
        status: response.status,
        token: response.headers.get(sessionTokenHeader) ?? undefined,
        body: (await response.json()) as Record<string, unknown>,
      }
    }
    const turn = (send: SendToInstance, sessionId: string, text: string, token?: string) =>
      call(send, '/v1/turn', {
        method: 'POST',
        body: JSON.stringify({ sessionId, text }),
        ...(token === undefined ? {} : { token }),
      })
    const ledger = async (send: SendToInstance, sessionId: string, token: string) => {
      const response = await call(send, `/v1/sessions/${sessionId}/ledger`, { method: 'GET', token })
      expect(response.status).toBe(200)
      return response.body as { records: LedgerRecord[]; verification: LedgerVerification }
    }

    it('restores a value sealed through one instance in a later reply of another, and neither after DELETE', async () => {
      const [first, second] = getInstances()
      const sessionId = `keys-${crypto.randomUUID()}`
      const sealed = await turn(first, sessionId, `Which card is on file? I paid with ${card}.`)
      expect(sealed.status).toBe(200)
      expect(sealed.body.text).toBe(restoredReply)
      const token = sealed.token!
      const restored = await turn(second, sessionId, 'Which card is on file?', token)
      expect(restored.status).toBe(200)
      expect(restored.body.text).toBe(restoredReply)

      const before = await ledger(second, sessionId, token)
      const seals = before.records.filter((record) => record.type === 'personal-value-sealed')
      expect(seals.map((record) => (record.payload as { placeholder: string }).placeholder)).toEqual([
        '[CREDIT_CARD_1]',
      ])
      expect(JSON.stringify(before).includes(card.replaceAll(' ', ''))).toBe(false)
      expect(JSON.stringify(before).includes(card)).toBe(false)

      expect((await call(second, `/v1/sessions/${sessionId}`, { method: 'DELETE', token })).status).toBe(200)
      // The id is retired on either instance: its ledger keeps the erased session's records (the
      // sealed card among them), so nobody claims it anew to read or continue them.
      expect((await turn(first, sessionId, 'Which card is on file?')).status).toBe(409)
      expect((await turn(second, sessionId, 'Which card is on file?')).status).toBe(409)
    })
  })
}
