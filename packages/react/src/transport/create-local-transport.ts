import type { Handoff, TurnEvent, TurnInput, TurnResult } from '@focal/core'
import { FocalError } from '@focal/core/errors'
import { toUiMessageChunks, turnResultEvents, type UiTextGuard } from '@focal/core/ui-message-stream'
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
  /**
   * The session's state: with it the chat follows a human handoff (`handoffStatus`), showing what
   * the person writes through `engine.replyToHandoff`.
   */
  getSession?(sessionId: string): Promise<{ handoff?: Handoff; lastHandoff?: Handoff } | undefined>
}

/** Options of {@link createLocalTransport}. */
export interface LocalTransportOptions {
  /** The engine to run in the page, e.g. `createEngine({ definition })` from `@focal/core`. */
  engine: LocalTransportEngine
  /**
   * A stream guard every streamed text part passes through before the widget sees it, as
   * `@focal/edge` runs its definition's guard on `/v1/chat` (e.g. `() => createStreamRedactor()` from `@focal/core`): a second
   * line of defence over the engine's own Lane 1 stream.
   * @default none: the engine's Lane 1 stream alone
   */
  guard?: () => UiTextGuard
}

/**
 * A transport that runs `@focal/core`'s engine in the page, with no server: the same chunks as
 * `@focal/edge` sends (one mapping, core's `toUiMessageChunks`), so every widget renders alike
 * (isomorphic use, offline demos, tests).
 *
 * @example
 * const engine = createEngine({ definition: loadDefinition({ source: yaml }) })
 * const store = createChatStore({ transport: createLocalTransport({ engine }) })
 */
export function createLocalTransport({ engine, guard }: LocalTransportOptions): ChatTransport {
  const options = guard === undefined ? {} : { guard }
  const getSession = engine.getSession?.bind(engine)
  const handoffStatus: Pick<ChatTransport, 'handoffStatus'> =
    getSession === undefined
      ? {}
      : {
          async handoffStatus({ sessionId }) {
            const state = await getSession(sessionId)
            const handoff = state?.handoff ?? state?.lastHandoff
            if (handoff === undefined)
              throw new FocalError({
                code: 'handoff-not-found',
                message: `Session "${sessionId}" is not handed to a person.`,
              })
            return {
              status: state?.handoff === undefined ? 'released' : 'active',
              replies: (handoff.replies ?? []).map(({ id, text, at }) => ({ id, text, at })),
            }
          },
        }
  return {
    ...handoffStatus,
    sendMessage({ sessionId, text, signal }) {
      return toUiMessageChunks(engine.turnStream({ sessionId, text, signal }), options)
    },
    async *resolveApproval({ sessionId, approvalId, decision }) {
      const result = await engine.resolveApproval({ sessionId, approvalId, decision })
      // As over HTTP, where the approval's JSON result is mapped by the client: no stream guard.
      yield* toUiMessageChunks(turnResultEvents(result))
    },
  }
}
