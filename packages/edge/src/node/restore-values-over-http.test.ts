import {
  createMemoryLedgerStore,
  createMemorySessionStore,
  loadDefinition,
  openAICompatible,
  readUiMessageStream,
  verifyLedger,
} from '@focal/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentModelScript } from '../../../core/src/testing/agent-model-script.ts'
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../core/src/testing/scripted-model-server.ts'
import { createFocalApp } from '../create-focal-app.ts'
import { keepSessionTokens } from '../testing/keep-session-tokens.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

const email = 'jane.doe@example.com'
// The refund-support definition blocks competitors' names in replies: this value may not come back.
const competitorEmail = 'billing@walmart.com'
const card = '4111 1111 1111 1111'

/** Refund support, with e-mail addresses replaced on input and allowed back to their session. */
function definitionWith(inputRails: object): object {
  const loaded = loadDefinition(readRefundSupport())
  return { ...loaded, settings: { ...loaded.settings, inputRails } }
}

const sessionStore = createMemorySessionStore()
const ledgerStore = createMemoryLedgerStore()
let model: ScriptedModelServer
let served: LoopbackFocal
let tokensOff: LoopbackFocal

beforeAll(async () => {
  model = await startScriptedModelServer({
    script: agentModelScript({
      drafts: [
        // 1: POST /v1/turn of the owner.
        'Your order NW-1001 is on its way; the receipt goes to [EMAIL_ADDRESS_1], not [EMAIL_ADDRESS_2], and card [CREDIT_CARD_1] stays masked.',
        // 2: POST /v1/chat of the owner, each placeholder split across deltas.
        { chunks: ['Receipt to [EMAIL_', 'ADD', 'RESS_1', '] and card [CREDIT', '_CARD_1] noted.'] },
        // 3: another session quoting the owner's placeholder.
        'Receipt to [EMAIL_ADDRESS_1].',
        // 4: the owner's id claimed again after erasure.
        'Receipt to [EMAIL_ADDRESS_1].',
        // 5: the app with session tokens off.
        'Receipt to [EMAIL_ADDRESS_1].',
      ],
    }),
  })
  const options = {
    model: openAICompatible({ baseURL: model.baseURL, model: 'scripted', maxRetries: 0 }),
  }
  served = await serveOnLoopback({
    ...options,
    definition: definitionWith({ detectors: ['email'], restore: ['email'] }),
    sessionStore,
    ledgerStore,
  })
  tokensOff = await serveOnLoopback({
    ...options,
    definition: definitionWith({ detectors: ['email'], restore: ['email'] }),
    sessionSecret: false,
  })
})

afterAll(async () => {
  await served?.close()
  await tokensOff?.close()
  await model?.close()
})

const json = { 'content-type': 'application/json' }

/** The text a UI message stream shows, from its text deltas. */
async function streamedText(response: Response): Promise<string> {
  let text = ''
  for await (const chunk of readUiMessageStream(response.body!))
    if (chunk.type === 'text-delta') text += chunk.delta
  return text
}

describe('restoring values in replies (Node server, scripted model on loopback)', () => {
  it('shows an allowed value to its own session only, after the guard, and stores none of it', async () => {
    const http = keepSessionTokens()
    const typed = `Where is my order NW-1001? Send the receipt to ${email}, cc ${competitorEmail}, paid with ${card}.`
    const turn = await http(`${served.origin}/v1/turn`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ text: typed }),
    })
    expect(turn.status).toBe(200)
    const result = (await turn.json()) as { sessionId: string; text: string }
    const { sessionId } = result
    // Restored: the owner's address. Kept: a value the reply checks block, and a type not allowed.
    expect(result.text).toBe(
      `Your order NW-1001 is on its way; the receipt goes to ${email}, not [EMAIL_ADDRESS_2], and card [CREDIT_CARD_1] stays masked.`,
    )

    const chat = await http(`${served.origin}/v1/chat`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        id: sessionId,
        messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'Where is my order NW-1001?' }] }],
      }),
    })
    expect(chat.status).toBe(200)
    expect(await streamedText(chat)).toBe(`Receipt to ${email} and card [CREDIT_CARD_1] noted.`)

    // Nothing behind the reply holds a value: state, ledger, stores and model prompts.
    const state = await (await http(`${served.origin}/v1/sessions/${sessionId}`)).text()
    const ledger = await (await http(`${served.origin}/v1/sessions/${sessionId}/ledger`)).text()
    const stored = JSON.stringify([await sessionStore.get(sessionId), await ledgerStore.list(sessionId)])
    const prompts = JSON.stringify(model.requests)
    expect(prompts).toContain('[EMAIL_ADDRESS_1]')
    expect(state).toContain('[EMAIL_ADDRESS_1]')
    for (const [where, bytes] of Object.entries({ state, ledger, stored, prompts })) {
      for (const value of [email, competitorEmail, card, card.replaceAll(' ', '')])
        expect({ where, value, found: bytes.includes(value) }).toEqual({ where, value, found: false })
    }

    // Another session's reply quoting the placeholder gets nothing.
    const other = await fetch(`${served.origin}/v1/turn`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ text: 'Where is my order NW-1001?' }),
    })
    expect(((await other.json()) as { text: string }).text).toBe('Receipt to [EMAIL_ADDRESS_1].')

    // After erasure the id is retired (its ledger keeps the records): nobody claims it anew to read them.
    expect((await http(`${served.origin}/v1/sessions/${sessionId}`, { method: 'DELETE' })).status).toBe(200)
    const again = await fetch(`${served.origin}/v1/turn`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ sessionId, text: 'Where is my order NW-1001?' }),
    })
    expect(again.status).toBe(409)
    expect(await verifyLedger(await ledgerStore.list(sessionId), { sessionId })).toEqual({ valid: true })
  })

  it('restores nothing when session tokens are off (anyone who knows the id would see it)', async () => {
    const turn = await fetch(`${tokensOff.origin}/v1/turn`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ text: `Where is my order NW-1001? Receipt to ${email}.` }),
    })
    expect(turn.status).toBe(200)
    expect(((await turn.json()) as { text: string }).text).toBe('Receipt to [EMAIL_ADDRESS_1].')
  })

  it('refuses a definition that restores a type the reply checks redact, naming the path', () => {
    expect(() =>
      createFocalApp({
        definition: definitionWith({ detectors: ['email'], restore: ['email', 'credit-card'] }),
      }),
    ).toThrowError(
      expect.objectContaining({
        code: 'invalid-definition',
        message: expect.stringContaining(
          'settings.inputRails.restore[1]: "credit-card" is redacted or blocked in replies by settings.detectors',
        ),
      }),
    )
  })
})
