import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  deltasOf,
  inSmallChunks,
  type ScriptedRefundSupport,
  serveScriptedRefundSupport,
} from '../testing/scripted-refund-support.ts'

/**
 * A card the lookup tool returned, spelled out by the model past the card detector (outside review
 * rv63 2): over `/v1/chat` not a word of it may stream, over `/v1/turn` it is refused.
 */
const spelled = 'Your card is four one one one, one one one one, one one one one, one one one one.'
const split = 'The digits are 4111 1111 and then 1111 1111.'
const request = 'Which card is on file? My email is ann@example.com'

let served: ScriptedRefundSupport

beforeAll(async () => {
  served = await serveScriptedRefundSupport([inSmallChunks(spelled), spelled, spelled, split, split, split])
})

afterAll(() => served.close())

describe('a card a tool returned, spelled out by the model (Node server, scripted model on loopback)', () => {
  it('streams none of it over /v1/chat: the turn is held until checked, then refused', async () => {
    const chunks = await served.chat('spelled-chat', request)
    const shown = deltasOf(chunks).join('')
    expect(shown).not.toMatch(/one one|four one/iu)
    expect(chunks.some((chunk) => chunk.type === 'data-retraction')).toBe(false)
    expect(chunks.find((chunk) => chunk.type === 'data-enforcement')?.data).toMatchObject({
      outcome: 'blocked',
    })
  })

  it('refuses it over /v1/turn, in words or with its digits split apart', async () => {
    for (const session of ['spelled-turn', 'split-turn']) {
      const result = await served.turn(session, request)
      expect(result.text).not.toMatch(/one one|four one/iu)
      expect(result.text.replace(/\D/gu, '')).not.toContain('11111111')
      expect(result.provenance.enforcement.outcome).toBe('blocked')
    }
  })
})
