import { afterAll, describe, expect, it } from 'vitest'
import {
  deltasOf,
  inSmallChunks,
  type ScriptedRefundSupport,
  serveScriptedRefundSupport,
} from '../testing/scripted-refund-support.ts'

/**
 * A card the model writes in a shape a filter might not read, streamed two characters at a time:
 * each group in parentheses, or two digits at a time. Found by an outside review of the widget
 * (session 65): both reached the page in full, and the enforcement notice said "allowed".
 */
const replies = {
  parenthesised: 'Card A: (4111) (1111) (1111) (1111) is the one on file.',
  pairs: 'Card A: 41 11 11 11 11 11 11 11 is the one on file.',
}
const request = 'Can you read me back the card you have?'

const servers: ScriptedRefundSupport[] = []
afterAll(async () => {
  for (const served of servers) await served.close()
})

describe('a card in an evasive shape, streamed by the model (Node server, scripted model on loopback)', () => {
  it.each(Object.entries(replies))('shows none of its digits over /v1/chat: %s', async (_name, reply) => {
    const served = await serveScriptedRefundSupport([inSmallChunks(reply), reply, reply])
    servers.push(served)
    const chunks = await served.chat('evasive', request)
    const shown = deltasOf(chunks).join('')
    expect(shown).toContain('is the one on file')
    // Not the card's digits, however they are spaced: at most its last four stay (the card's label).
    expect(shown.replace(/\D/gu, '').length).toBeLessThanOrEqual(4)
    expect(chunks.find((chunk) => chunk.type === 'data-enforcement')?.data).not.toMatchObject({
      outcome: 'allowed',
    })
  })
})
