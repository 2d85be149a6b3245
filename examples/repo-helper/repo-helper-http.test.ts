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

  it('never completes as SUCCESS while the test run waits for a maintainer, and records a replaced contract', async () => {
    // Found by an outside review: the gate read only the claimed output, so "[METRIC:tests_failed] 0"
    // passed while the tests had never run, and a replaced contract left no record.
    const http = keepSessionTokens()
    const post = (path: string, body: unknown) =>
      http(`${origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    const turn = (await (await post('/v1/turn', { text: 'run the tests' })).json()) as {
      sessionId: string
      type: string
    }
    expect(turn.type).toBe('approval-required')
    const contract = {
      version: 1,
      goal_text: 'The test suite passes',
      acceptance_criteria: [
        { id: 'AC1', kind: 'metric_threshold', metric: 'tests_failed', op: '<=', target: 0 },
      ],
      max_goal_attempts: 1,
    }
    const claim = '[OBJECTIVE] Run the tests\n[METRIC:tests_failed] 0\n[CONCLUSION] All tests pass'
    const complete = (body: object) =>
      post(`/v1/sessions/${turn.sessionId}/complete`, { output: claim, ...body })
    const first = await complete({ contract })
    const decided = (await first.json()) as { decision: { status: string; trustGate: string } }
    expect(decided.decision.status).not.toBe('SUCCESS')
    expect(decided.decision.trustGate).toBe('FAIL')
    // Another contract needs replaceContract; a looser one still cannot pass what never ran.
    const conflict = await complete({ contract: { ...contract, max_goal_attempts: 5 } })
    expect(conflict.status).toBe(409)
    expect(await conflict.json()).toMatchObject({ error: { code: 'goal-contract-conflict' } })
    const looser = { ...contract, acceptance_criteria: [{ ...contract.acceptance_criteria[0], target: 99 }] }
    const replaced = await complete({ contract: looser, replaceContract: true })
    expect(((await replaced.json()) as { decision: { status: string } }).decision.status).not.toBe('SUCCESS')
    const ledger = (await (await http(`${origin}/v1/sessions/${turn.sessionId}/ledger`)).json()) as {
      records: Array<{ type: string }>
      verification: { valid: boolean }
    }
    // The contract set, then replaced: both on record.
    expect(ledger.records.filter((record) => record.type === 'goal-contract-set')).toHaveLength(2)
    expect(ledger.verification).toEqual({ valid: true })
  })
})
