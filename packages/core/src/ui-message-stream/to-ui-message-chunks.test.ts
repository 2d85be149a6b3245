import { describe, expect, it } from 'vitest'
import { createStreamRedactor } from '../enforcement/create-stream-redactor.ts'
import type { TurnEvent, TurnResult } from '../engine/types.ts'
import type { Provenance } from '../ledger/provenance-types.ts'
import { toUiMessageChunks } from './to-ui-message-chunks.ts'

const provenance: Provenance = {
  mode: 'normal',
  queryHash: 'abcdefabcdef',
  timestamp: '2026-01-01T00:00:00.000Z',
  rules: [],
  tools: [],
  gates: [{ name: 'goal-gate', status: 'NOT_MET', detail: '1 of 2 criteria met' }],
  evidence: { count: 0, sources: [] },
}

const reply = (text: string): TurnResult => ({
  type: 'reply',
  sessionId: 's',
  turnId: 't',
  text,
  provenance,
  events: [],
})

async function collect(
  events: TurnEvent[] | (() => AsyncGenerator<TurnEvent>),
  mode: 'redact' | 'block' = 'redact',
) {
  const source =
    typeof events === 'function'
      ? events()
      : (async function* () {
          yield* events
        })()
  const chunks = []
  const guard = () => createStreamRedactor({ detectors: ['credit-card'], mode })
  for await (const chunk of toUiMessageChunks(source, { messageId: 'm', guard })) chunks.push(chunk)
  return chunks
}

describe('toUiMessageChunks', () => {
  it('sends a data-goal-gate part when the turn ran the completion goal gate', async () => {
    const chunks = await collect([{ type: 'turn-finished', result: reply('done') }])
    expect(chunks).toContainEqual({ type: 'data-goal-gate', id: 'm:goal-gate', data: provenance.gates[0] })
  })

  it('emits the reply text when the engine streamed no deltas, then finish', async () => {
    const chunks = await collect([{ type: 'turn-finished', result: reply('hello') }])
    expect(chunks.map((chunk) => chunk.type)).toEqual([
      'start',
      'text-start',
      'text-delta',
      'text-end',
      'data-goal-gate',
      'data-provenance',
      'finish',
    ])
  })

  it('stops text at a blocked item and finishes with content-filter', async () => {
    const events: TurnEvent[] = [
      { type: 'text-delta', delta: 'card 4242 4242 ' },
      { type: 'text-delta', delta: '4242 4242 end' },
      { type: 'turn-finished', result: reply('card 4242 4242 4242 4242 end') },
    ]
    const chunks = await collect(events, 'block')
    expect(JSON.stringify(chunks)).not.toMatch(/4242/)
    expect(chunks.at(-1)).toEqual({ type: 'finish', finishReason: 'content-filter' })
  })

  it('turns an engine failure into an error chunk without internals', async () => {
    const chunks = await collect(async function* () {
      yield { type: 'turn-started', turnId: 't', sessionId: 's' }
      throw new Error('secret connection string')
    })
    expect(chunks.slice(-2)).toEqual([
      { type: 'error', errorText: 'The turn failed.' },
      { type: 'finish', finishReason: 'error' },
    ])
  })
})
