import type { TurnEvent, TurnInput, TurnResult } from '@focal/core'
import { turnEventsToChunks } from './turn-events-to-chunks.ts'
import { turnResultToChunks } from './turn-result-to-chunks.ts'
import type { ChatTransport } from './types.ts'

/** The part of a `@focal/core` engine the local transport drives (`createEngine(...)` satisfies it). */
export interface LocalTransportEngine {
  /** Runs one turn, yielding its events as they happen. */
  turnStream(input: TurnInput): AsyncIterable<TurnEvent>
  /** Approves or rejects a paused tool call and finishes the turn. */
  resolveApproval(options: {
    sessionId: string
    approvalId: string
    decision: 'approve' | 'reject'
  }): Promise<TurnResult>
}

/** Options of {@link createLocalTransport}. */
export interface LocalTransportOptions {
  /** The engine to run in the page, e.g. `createEngine({ definition })` from `@focal/core`. */
  engine: LocalTransportEngine
}

/**
 * A transport that runs `@focal/core`'s engine in the page, with no server: the same chunks as
 * `@focal/edge` sends, so every widget renders alike (isomorphic use, offline demos, tests).
 *
 * @example
 * const engine = createEngine({ definition: loadDefinition({ source: yaml }) })
 * const store = createChatStore({ transport: createLocalTransport({ engine }) })
 */
export function createLocalTransport({ engine }: LocalTransportOptions): ChatTransport {
  return {
    sendMessage({ sessionId, text, signal }) {
      return turnEventsToChunks(engine.turnStream({ sessionId, text, signal }))
    },
    async *resolveApproval({ sessionId, approvalId, decision }) {
      yield* turnResultToChunks(await engine.resolveApproval({ sessionId, approvalId, decision }))
    },
  }
}
