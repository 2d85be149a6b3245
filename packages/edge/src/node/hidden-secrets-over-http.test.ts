import {
  createMemoryLedgerStore,
  createMemorySessionStore,
  loadDefinition,
  openAICompatible,
} from '@focal/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agentModelScript } from '../../../core/src/testing/agent-model-script.ts'
import {
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../../../core/src/testing/scripted-model-server.ts'
import { converseOverHttp } from '../testing/converse-over-http.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { type LoopbackFocal, serveOnLoopback } from '../testing/serve-on-loopback.ts'

/** `text` in tag characters (U+E0020 to U+E007E): invisible copies of its ASCII. */
const tagged = (text: string) =>
  [...text].map((char) => String.fromCodePoint(0xe0000 + (char.codePointAt(0) as number))).join('')

// A user pastes a key three ways a filter might not read: split by a zero-width joiner, written in
// invisible tag characters, and in base64. Each is a secret the refund-support agent replaces on
// input (its `settings.detectors` hold `secret`), so none may reach the model, the session or the
// ledger.
const keys = {
  joined: 'AKIALALEM\u200dEL33243OLIB',
  tagged: tagged('ASIAY34FZKBOKMUTVV7A'),
  base64: btoa('AKIALALEMEL33243OLIB'),
}
/** Pieces of each key that must appear nowhere. */
const pieces = ['EL33243OLIB', 'AKIALALEM', tagged('Y34FZKBOKMUTVV7A'), keys.base64.slice(0, 16)]

const sessionStore = createMemorySessionStore()
const ledgerStore = createMemoryLedgerStore()
let model: ScriptedModelServer
let served: LoopbackFocal

beforeAll(async () => {
  model = await startScriptedModelServer({
    script: agentModelScript({
      drafts: [
        'I have noted that.',
        'Thanks, noted as well.',
        'Understood, the last one too.',
        'Noted.',
        'Noted again.',
        'Noted, thanks.',
      ],
    }),
  })
  served = await serveOnLoopback({
    model: openAICompatible({ baseURL: model.baseURL, model: 'scripted', maxRetries: 0 }),
    definition: loadDefinition(readRefundSupport()),
    sessionStore,
    ledgerStore,
  })
})

afterAll(async () => {
  await served?.close()
  await model?.close()
})

/**
 * Sends `texts` as one conversation over HTTP; returns where a pasted value could end up: the
 * replies, the session and ledger as the API returns them, the stores, and the model's prompts.
 */
async function pasteAcrossConversation(texts: readonly string[]) {
  const { sessionId, bodies, http } = await converseOverHttp(served.origin, texts)
  return {
    replies: bodies.join('\n'),
    state: await (await http(`${served.origin}/v1/sessions/${sessionId}`)).text(),
    ledger: await (await http(`${served.origin}/v1/sessions/${sessionId}/ledger`)).text(),
    stored: JSON.stringify([await sessionStore.get(sessionId), await ledgerStore.list(sessionId)]),
    prompts: JSON.stringify(model.requests),
  }
}

/** No piece appears anywhere a pasted value could end up. */
function expectNowhere(places: Record<string, string>, pieces: readonly string[]): void {
  for (const [where, bytes] of Object.entries(places))
    for (const piece of pieces)
      expect({ where, piece, found: bytes.includes(piece) }).toEqual({ where, piece, found: false })
}

describe('keys a user hides in what they paste (Node server, scripted model on loopback)', () => {
  it('replaces each on input across a conversation: nothing reaches the model, the session or the ledger', async () => {
    const places = await pasteAcrossConversation([
      `Where is my order NW-1001? My old AWS key ${keys.joined} may have leaked.`,
      `And this one too:${keys.tagged} please check.`,
      `Also ${keys.base64} from the config, is my order shipped?`,
    ])
    // The model saw the placeholders in their place.
    expect(places.prompts).toContain('[AWS_ACCESS_KEY_1]')
    expect(places.prompts).toContain('[AWS_ACCESS_KEY_2]')
    expectNowhere(places, pieces)
  })
})

describe('passwords a user pastes as a chat shows them (Node server, scripted model on loopback)', () => {
  it('replaces each on input: a chosen password, a command line, a key named in words', async () => {
    const places = await pasteAcrossConversation([
      'Where is my order NW-1001? Our config has DB_PASSWORD=Summer2024! in it.',
      'I also ran docker login -u bob -p S3cretPass! yesterday.',
      'And the app shows Your API key: 9x7Kq2LmP4vR8tW1zY6b there.',
    ])
    expect(places.prompts).toContain('[PASSWORD_1]')
    expect(places.prompts).toContain('[COMMAND_LINE_PASSWORD_1]')
    expectNowhere(places, ['Summer2024', 'S3cretPass', '9x7Kq2LmP4vR8tW1zY6b'])
  })
})
