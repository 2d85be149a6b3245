import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createChatStore, createHttpTransport } from '@focal/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepSessionTokens } from '../../packages/edge/src/testing/keep-session-tokens.ts'
import { type LoopbackFocal, serveOnLoopback } from '../../packages/edge/src/testing/serve-on-loopback.ts'
import { createRepoTools, type RepoTools } from './create-repo-tools.ts'

const definition = readFileSync(join(import.meta.dirname, 'repo-helper.yaml'), 'utf8')
let repo: RepoTools
let served: LoopbackFocal
let origin: string

beforeAll(async () => {
  repo = await createRepoTools()
  served = await serveOnLoopback({ definition, tools: repo.tools })
  origin = served.origin
})
afterAll(async () => {
  await served.close()
  repo.dispose()
})

describe('the repo-helper task agent over HTTP, through the widget store', () => {
  it('streams the plan and the narrowing in the provenance, and undoes the narrowing from the store', async () => {
    // One client: the widget's requests and the direct reads below share the session's token.
    const http = keepSessionTokens()
    const store = createChatStore({
      transport: createHttpTransport({ baseUrl: origin, fetch: (input, init) => http(String(input), init) }),
    })
    await store.getState().sendMessage('explain how the auth works')
    const reply = store.getState().messages.at(-1)
    expect(reply?.role).toBe('assistant')
    expect(reply?.provenance?.plan?.calls.map((call) => `${call.tool} ${call.command}`)).toEqual([
      'read auth',
      'find auth',
      'read src/auth.ts',
    ])
    expect(reply?.provenance?.goal).toMatchObject({
      active: 'explain how the auth works in src/auth.ts',
      reformulation: { type: 'constraint-addition' },
    })
    await store.getState().restoreGoal(reply!.id)
    expect(store.getState().messages.at(-1)?.goalRestored).toBe(true)
    expect(store.getState().error).toBeUndefined()

    const sessionId = store.getState().sessionId
    const ledger = (await (await http(`${origin}/v1/sessions/${sessionId}/ledger`)).json()) as {
      records: Array<{ type: string }>
      verification: { valid: boolean }
    }
    const types = ledger.records.map((record) => record.type)
    expect(types).toContain('GOAL_REFORMULATION')
    expect(types.at(-1)).toBe('GOAL_RESTORED')
    expect(ledger.verification).toEqual({ valid: true })
    // Nothing left to undo.
    const again = await http(`${origin}/v1/sessions/${sessionId}/goal/restore`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(await again.json()).toEqual({ sessionId, restored: false })
  })

  it('narrows a vague request by the option chosen in the widget, shows it, and undoes it', async () => {
    const http = keepSessionTokens()
    const store = createChatStore({
      transport: createHttpTransport({ baseUrl: origin, fetch: (input, init) => http(String(input), init) }),
    })
    await store.getState().sendMessage('the auth stuff')
    const asked = store.getState().messages.at(-1)
    const question = asked?.parts.find((part) => part.type === 'clarification')
    expect(
      question?.type === 'clarification' && question.clarification.options.map((option) => option.label),
    ).toContain('explain something')
    await store.getState().chooseOption('explain something')
    const reply = store.getState().messages.at(-1)
    expect(reply?.provenance?.goal).toMatchObject({
      original: 'the auth stuff',
      active: 'explain the auth stuff in src/auth.ts',
    })
    const sessionId = store.getState().sessionId
    const ledger = (await (await http(`${origin}/v1/sessions/${sessionId}/ledger`)).json()) as {
      records: Array<{ type: string; payload: { reformulated?: string } }>
    }
    expect(
      ledger.records
        .filter((record) => record.type === 'GOAL_REFORMULATION')
        .map((record) => record.payload.reformulated),
    ).toEqual(['explain the auth stuff', 'explain the auth stuff in src/auth.ts'])
    await store.getState().restoreGoal(reply!.id)
    expect(store.getState().messages.at(-1)?.goalRestored).toBe(true)
    expect(store.getState().error).toBeUndefined()
  })

  it("reads a request typed in a chat mode (/ask, /architect) for what it asks, never the mode's name, and a change asked in /ask as a question", async () => {
    // Before, the command's word was the target: the agent searched the repository for "ask" and
    // "architect", found nothing, and answered that it could not gather any evidence.
    const http = keepSessionTokens()
    const store = createChatStore({
      transport: createHttpTransport({ baseUrl: origin, fetch: (input, init) => http(String(input), init) }),
    })
    for (const [text, file] of [
      ['/ask how does the auth work? I presume I need to set a token first?', 'src/auth.ts'],
      ['/architect tell me how the router works', 'src/router.ts'],
      // Question mode edits nothing: a request worded as a change asks how it would be done.
      ['/ask add a retry to the router in src/router.ts', 'src/router.ts'],
    ] as const) {
      await store.getState().sendMessage(text)
      const reply = store.getState().messages.at(-1)
      expect(reply?.provenance?.plan?.goal, text).toMatchObject({ intent: 'explain' })
      const calls = reply?.provenance?.plan?.calls ?? []
      expect(calls.map((call) => call.command).join(' '), text).not.toMatch(/\b(?:ask|architect)\b/)
      expect(
        calls.some((call) => call.tool === 'read' && call.command === file && call.status === 'ran'),
        text,
      ).toBe(true)
    }
    expect(store.getState().error).toBeUndefined()
  })
})
