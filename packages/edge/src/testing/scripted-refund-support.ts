import { openAICompatible } from '@focal/core'
import { expect } from 'vitest'
import { agentModelScript, type ScriptedDraft } from '../../../core/src/testing/agent-model-script.ts'
import { startScriptedModelServer } from '../../../core/src/testing/scripted-model-server.ts'
import { keepSessionTokens } from './keep-session-tokens.ts'
import { readRefundSupport } from './read-refund-support.ts'
import { readSse } from './read-sse.ts'
import { serveOnLoopback } from './serve-on-loopback.ts'

/** A UI message stream part as the streamed-refusal tests read it. */
export type StreamChunk = Record<string, unknown> & {
  type: string
  delta?: string
  data?: { code?: string; ruleIds?: string[]; outcome?: string }
}

/** What `/v1/turn` answers, as far as the streamed-refusal tests read it. */
export interface TurnResult {
  type: string
  text: string
  provenance: { mode: string; enforcement: { outcome: string; violations: Array<{ ruleId: string }> } }
}

/** The demo agent served on loopback with a scripted model, and a client keeping session tokens. */
export interface ScriptedRefundSupport {
  /** One `/v1/chat` turn of `text` on session `sessionId`: its chunks, in order. */
  chat(sessionId: string, text: string): Promise<StreamChunk[]>
  /** One `/v1/turn` of `text` on session `sessionId`. */
  turn(sessionId: string, text: string): Promise<TurnResult>
  close(): Promise<void>
}

/** A draft streamed two characters at a time. */
export const inSmallChunks = (draft: string): ScriptedDraft => ({
  chunks: draft.match(/[\s\S]{1,2}/gu) ?? [],
})

/** The text-deltas of a stream's chunks. */
export const deltasOf = (chunks: readonly StreamChunk[]): string[] =>
  chunks.flatMap((chunk) => (chunk.type === 'text-delta' ? [chunk.delta as string] : []))

/**
 * Serves the demo definition (`refund-support.yaml`) on 127.0.0.1 with a scripted
 * OpenAI-compatible model that answers `drafts` in order, one per model call.
 */
export async function serveScriptedRefundSupport(
  drafts: ReadonlyArray<string | ScriptedDraft>,
): Promise<ScriptedRefundSupport> {
  const model = await startScriptedModelServer({ script: agentModelScript({ drafts: [...drafts] }) })
  const served = await serveOnLoopback({
    definition: readRefundSupport(),
    model: openAICompatible({ baseURL: model.baseURL, model: 'scripted', maxRetries: 0 }),
  })
  const client = keepSessionTokens()
  const post = (path: string, body: unknown) =>
    client(`${served.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  return {
    async chat(sessionId, text) {
      const response = await post('/v1/chat', {
        id: sessionId,
        messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }],
        trigger: 'submit-message',
        messageId: 'a1',
      })
      expect(response.status).toBe(200)
      return (await readSse(response)).filter((chunk): chunk is StreamChunk => chunk !== '[DONE]')
    },
    async turn(sessionId, text) {
      const response = await post('/v1/turn', { sessionId, text })
      expect(response.status).toBe(200)
      return (await response.json()) as TurnResult
    },
    async close() {
      await served.close()
      await model.close()
    },
  }
}

/**
 * Asserts a streamed turn whose draft breaks hard-safety rule `ruleId`: what streamed before the
 * verdict is the draft's start and never matches `never`; a started draft is withheld
 * (`data-retraction`), a draft of which nothing streamed needs none; then `refusal` alone is sent (a
 * pattern: what the approved templates say in its place, after a tool that changes something ran)
 * and the footer says blocked by `ruleId`.
 */
export function expectDraftWithheld(
  chunks: readonly StreamChunk[],
  expected: { draft: string; never: RegExp; ruleId: string; refusal: string | RegExp },
): void {
  const retraction = chunks.findIndex((chunk) => chunk.type === 'data-retraction')
  // No retraction: nothing of the draft streamed, and every delta is the refusal's.
  const shown = retraction === -1 ? '' : deltasOf(chunks.slice(0, retraction)).join('')
  expect(expected.draft.startsWith(shown)).toBe(true)
  expect(shown).not.toMatch(expected.never)
  if (retraction !== -1)
    expect(chunks[retraction]?.data).toMatchObject({ code: 'draft-withheld', ruleIds: [expected.ruleId] })
  const after = deltasOf(chunks.slice(retraction + 1)).join('')
  if (typeof expected.refusal === 'string') expect(after).toBe(expected.refusal)
  else expect(after).toMatch(expected.refusal)
  expect(chunks.find((chunk) => chunk.type === 'data-enforcement')?.data).toMatchObject({
    outcome: 'blocked',
    ruleIds: [expected.ruleId],
  })
}

/**
 * Asserts a `/v1/turn` answer whose draft hard-safety rule `ruleId` alone refused after a tool that
 * changes something ran: the approved templates' reply (`reply`) stands in, not the refusal, so the
 * customer hears what was done (outside review rv63 4).
 */
export function expectToldWhatWasDone(result: TurnResult, expected: { ruleId: string; reply: RegExp }): void {
  expect(result.type).toBe('reply')
  expect(result.text).toMatch(expected.reply)
  expect(result.provenance.mode).toBe('fallback')
  expect(result.provenance.enforcement.outcome).toBe('blocked')
  expect(result.provenance.enforcement.violations.map((violation) => violation.ruleId)).toEqual([
    expected.ruleId,
  ])
}

/** Asserts a turn no rule held: `text` streamed in pieces, as written, with no retraction. */
export function expectStreamedAsWritten(chunks: readonly StreamChunk[], text: string): void {
  expect(chunks.some((chunk) => chunk.type === 'data-retraction')).toBe(false)
  expect(deltasOf(chunks).length).toBeGreaterThan(3)
  expect(deltasOf(chunks).join('')).toBe(text)
}
