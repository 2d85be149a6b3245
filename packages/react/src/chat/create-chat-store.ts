import { FocalError } from '@focal/core/errors'
import { createStore } from 'zustand/vanilla'
import type {
  ChatApprovalStatus,
  ChatHandoffStatus,
  ChatTransport,
  FocalUiMessageChunk,
} from '../transport/types.ts'
import {
  applyChatChunk,
  type ChatReplyContext,
  type ChatTextScan,
  finishTextParts,
} from './apply-chat-chunk.ts'
import { type ChatPersistOptions, createChatPersistence } from './create-chat-persistence.ts'
import type { ChatError, ChatMessage, ChatState, ChatStore } from './types.ts'

/** Options of {@link createChatStore}. */
export interface ChatStoreOptions {
  /** How messages reach the engine: `createHttpTransport()` or `createLocalTransport({ engine })`. */
  transport: ChatTransport
  /**
   * Session id sent with every turn.
   * @default a random UUID
   */
  sessionId?: string
  /**
   * Messages to start with (a restored transcript).
   * @default []
   */
  initialMessages?: ChatMessage[]
  /**
   * Client-side Lane 1 scan of the text shown, the assistant's as it streams and the customer's
   * own message, before it is stored or rendered (defense in depth; what is sent is what was typed):
   * a factory of streaming scanners, e.g. `() => createStreamRedactor({ detectors: ['credit-card'] })`
   * from `@focal/core`.
   * @default undefined (text is shown as the server sent it)
   */
  scan?: ChatTextScan
  /**
   * Id generator for messages.
   * @default crypto.randomUUID
   */
  generateId?: () => string
  /**
   * How often a client that waits for an approver (`transport.approvals: 'wait'`) asks where its
   * paused action stands (`transport.approvalStatus`); the decision and its reply then show
   * without another message. `0` turns polling off.
   * @default 2000
   */
  approvalPollMs?: number
  /**
   * How often the chat asks where a human handoff stands while a person has it
   * (`transport.handoffStatus`): what they write shows as it comes (`ChatMessage.from: 'person'`),
   * and the chat marks when the assistant answers again. `0` turns polling off.
   * @default 2000
   */
  handoffPollMs?: number
  /**
   * Longest message the server takes, in UTF-16 code units (`@focal/edge`'s
   * `limits.maxTextLength`): a longer one is refused before it is sent, and the `Composer` counts
   * towards it. Set it to the server's own limit when that is not the default.
   * @default 8000
   */
  maxTextLength?: number
  /**
   * Keeps the conversation across a reload of the page: its session id, transcript, pending
   * clarification and approval are saved in `storage` whenever no reply is in flight, and read
   * back when the store is created (in place of `sessionId` and `initialMessages`); a pending
   * approval is then polled again, so the approver's decision and its reply show. Pair it with
   * `createHttpTransport({ tokenStorage })` so the session keeps its token. A reply still
   * streaming when the page went away is not kept.
   * @default undefined (a reload starts a new, empty session)
   */
  persist?: ChatPersistOptions
}

/** `@focal/edge`'s default `limits.maxTextLength`. */
const defaultMaxTextLength = 8000

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })
}

/** Errors after which asking again cannot help (the approval or session is gone). */
const finalCodes = new Set([
  'approval-not-found',
  'session-not-found',
  'session-claimed',
  'session-token-expired',
  'session-token-revoked',
])

type PendingRequest =
  | { kind: 'send'; messageId: string; text: string; typed: string }
  | { kind: 'approval'; approvalId: string; decision: 'approve' | 'reject' }
  | { kind: 'restore-goal'; messageId: string }

/**
 * Errors after which this session cannot go on, whatever is retried: the chat offers a new
 * conversation instead (`ChatError.restart`).
 */
const sessionEndingCodes = new Set([
  'session-turn-limit',
  'session-full',
  'session-expired',
  'session-not-found',
  'session-claimed',
  'session-token-expired',
  'session-token-revoked',
])

/**
 * Errors of the request itself: sent again unchanged, it fails again (a message over the size
 * limit, a body the server refuses), so no Retry is offered.
 */
const requestErrorCodes = new Set([
  'invalid-argument',
  'invalid-request',
  'invalid-json',
  'payload-too-large',
  'unsupported-media-type',
  'method-not-allowed',
  'route-not-found',
  'unauthorized',
  'forbidden',
])

/**
 * Errors after which sending the same message again cannot help, though it was taken and the
 * session goes on: its turn ran but the reply was lost (`message-reply-lost`), and a Retry with its
 * id is refused for good. The message stays in the transcript; a new message asks again.
 */
const unrepeatableCodes = new Set(['message-reply-lost'])

/** Whether the server refused the request itself: it was not taken, so it never happened. */
const isRequestError = (error: unknown) => FocalError.isInstance(error) && requestErrorCodes.has(error.code)

const describe = (error: unknown): ChatError =>
  FocalError.isInstance(error)
    ? sessionEndingCodes.has(error.code)
      ? { message: error.message, code: error.code, retryable: false, restart: true }
      : {
          message: error.message,
          code: error.code,
          retryable: !requestErrorCodes.has(error.code) && !unrepeatableCodes.has(error.code),
        }
    : { message: error instanceof Error ? error.message : String(error), retryable: true }

/**
 * Creates the framework-free chat controller: a zustand vanilla store holding messages as parts,
 * status, the pending clarification and approval, provenance per assistant message and the goal
 * snapshot, with actions that drive a {@link ChatTransport}. `useFocalChat` reads it in React.
 *
 * @example
 * const store = createChatStore({ transport: createHttpTransport({ baseUrl: '' }) })
 * await store.getState().sendMessage('I want a refund of $20 for order A-1001')
 */
export function createChatStore({
  transport,
  sessionId = crypto.randomUUID(),
  initialMessages = [],
  scan,
  generateId = () => crypto.randomUUID(),
  approvalPollMs = 2000,
  handoffPollMs = 2000,
  maxTextLength = defaultMaxTextLength,
  persist,
}: ChatStoreOptions): ChatStore {
  /** The reply in flight: how to abort it, and how to show in the transcript that it was stopped. */
  let replying: { controller: AbortController; markStopped: () => void } | undefined
  let failed: PendingRequest | undefined
  let watching: { approvalId: string; controller: AbortController } | undefined
  const persistence = persist === undefined ? undefined : createChatPersistence(persist)
  const saved = persistence?.read()
  let resumeWatching = () => {}
  let followingHandoff: AbortController | undefined

  const store = createStore<ChatState>()((set, get) => {
    async function run(
      request: PendingRequest,
      chunks: (signal: AbortSignal) => AsyncIterable<FocalUiMessageChunk>,
    ) {
      failed = undefined
      const context: ChatReplyContext = { messageId: generateId(), texts: new Map(), scan }
      set({ status: 'submitted', error: undefined, pendingClarification: undefined })
      const finish = (extra: Partial<ChatMessage> = {}) =>
        set((state) => ({
          messages: state.messages.map((message) =>
            message.id === context.messageId ? { ...finishTextParts(message), ...extra } : message,
          ),
        }))
      const current = {
        controller: new AbortController(),
        // A reply stopped before its first chunk has no message yet: it gets one, so the stop shows.
        markStopped: () =>
          get().messages.some((message) => message.id === context.messageId)
            ? finish({ aborted: true })
            : set((state) => ({
                messages: [
                  ...state.messages,
                  { id: context.messageId, role: 'assistant', parts: [], aborted: true },
                ],
              })),
      }
      replying = current
      const { signal } = current.controller
      try {
        for await (const chunk of chunks(signal)) {
          if (signal.aborted) break
          set((state) => ({ ...applyChatChunk(state, chunk, context), status: 'streaming' }))
        }
        finish()
        if (replying === current) set({ status: 'ready' })
        watchApproval()
        followHandoff()
      } catch (error) {
        // Aborted: `stop()` marked the reply stopped, and `reset()` left no transcript to mark.
        if (signal.aborted) return
        // A message the server refused (too long, invalid) was never taken: it leaves the
        // transcript and goes back to the composer to be edited, not shown as if sent; `retry()`
        // has nothing to send again.
        const refused = request.kind === 'send' && isRequestError(error) ? request : undefined
        failed = refused === undefined ? request : undefined
        // A failed reply is removed with its partial text, so a retry never shows it twice.
        set((state) => ({
          status: 'error',
          error: refused ? { ...describe(error), text: refused.typed } : describe(error),
          messages: state.messages.filter(
            (message) => message.id !== context.messageId && message.id !== refused?.messageId,
          ),
        }))
      } finally {
        if (replying === current) replying = undefined
      }
    }

    function send(request: Extract<PendingRequest, { kind: 'send' }>) {
      const { sessionId: session } = get()
      return run(request, (signal) =>
        transport.sendMessage({
          sessionId: session,
          messageId: request.messageId,
          text: request.text,
          signal,
        }),
      )
    }

    function resolve(request: Extract<PendingRequest, { kind: 'approval' }>) {
      const { sessionId: session } = get()
      const { approvalId, decision } = request
      return run(request, (signal) =>
        transport.resolveApproval({ sessionId: session, approvalId, decision, signal }),
      )
    }

    const busy = () => get().status === 'submitted' || get().status === 'streaming'

    /**
     * A whole text the client shows (the customer's own message, an approval's reply, a person's
     * reply), through the client-side scan as a streamed reply goes.
     */
    function scanned(text: string): string {
      const scanner = scan?.()
      return scanner === undefined ? text : scanner.push(text) + scanner.flush()
    }

    /** Marks the approval card decided and shows the reply of the turn the decision resumed. */
    function settleApproval(approvalId: string, status: ChatApprovalStatus) {
      const decision = status.action ?? (status.status === 'approved' ? 'approve' : 'reject')
      set((state) => ({
        pendingApproval: state.pendingApproval?.id === approvalId ? undefined : state.pendingApproval,
        messages: [
          ...state.messages.map((message) => ({
            ...message,
            parts: message.parts.map((part) =>
              part.type === 'approval' && part.approval.id === approvalId && part.decision === 'pending'
                ? { ...part, decision }
                : part,
            ),
          })),
          ...(status.reply === undefined
            ? []
            : [
                {
                  id: generateId(),
                  role: 'assistant' as const,
                  parts: [{ type: 'text' as const, text: scanned(status.reply), state: 'done' as const }],
                },
              ]),
        ],
      }))
    }

    /** While this client waits for an approver, asks every `approvalPollMs` where the action stands. */
    function watchApproval() {
      const approval = get().pendingApproval
      const ask = transport.approvalStatus?.bind(transport)
      if (
        approval === undefined ||
        ask === undefined ||
        transport.approvals !== 'wait' ||
        approvalPollMs <= 0
      )
        return
      if (watching?.approvalId === approval.id) return
      watching?.controller.abort()
      const current = { approvalId: approval.id, controller: new AbortController() }
      watching = current
      const { signal } = current.controller
      void (async () => {
        while (!signal.aborted) {
          await pause(approvalPollMs, signal)
          if (signal.aborted || get().pendingApproval?.id !== approval.id) break
          try {
            const status = await ask({ sessionId: get().sessionId, approvalId: approval.id, signal })
            if (signal.aborted || status.status === 'pending') continue
            if (!busy()) settleApproval(approval.id, status)
            // While a reply streams, its own chunks say how the approval ended.
            break
          } catch (error) {
            if (FocalError.isInstance(error) && finalCodes.has(error.code)) break
          }
        }
        if (watching === current) watching = undefined
      })()
    }

    /** Whether a person has the chat: the last assistant turn (not a person's reply) handed it over. */
    function inHandoff(): boolean {
      const last = get().messages.findLast(
        (message) => message.role === 'assistant' && message.from !== 'person',
      )
      return last?.parts.some((part) => part.type === 'handoff' && part.released !== true) === true
    }

    /** Shows the person's replies not shown yet; once released, marks the handoff so. */
    function applyHandoff(status: ChatHandoffStatus) {
      set((state) => {
        const shown = new Set(
          state.messages.filter((message) => message.from === 'person').map((message) => message.id),
        )
        const fresh = status.replies.filter((reply) => !shown.has(`person:${reply.id}`))
        const released = status.status === 'released'
        if (fresh.length === 0 && !released) return state
        return {
          messages: [
            ...state.messages.map((message) =>
              released && message.parts.some((part) => part.type === 'handoff' && part.released !== true)
                ? {
                    ...message,
                    parts: message.parts.map((part) =>
                      part.type === 'handoff' ? { ...part, released: true } : part,
                    ),
                  }
                : message,
            ),
            ...fresh.map((reply) => ({
              id: `person:${reply.id}`,
              role: 'assistant' as const,
              from: 'person' as const,
              parts: [{ type: 'text' as const, text: scanned(reply.text), state: 'done' as const }],
            })),
          ],
        }
      })
    }

    /** While a person has the chat, asks every `handoffPollMs` what they wrote and whether it ended. */
    function followHandoff() {
      const ask = transport.handoffStatus?.bind(transport)
      if (ask === undefined || handoffPollMs <= 0 || followingHandoff !== undefined || !inHandoff()) return
      const current = new AbortController()
      followingHandoff = current
      const { signal } = current
      const session = get().sessionId
      void (async () => {
        while (!signal.aborted) {
          await pause(handoffPollMs, signal)
          if (signal.aborted || get().sessionId !== session) break
          // A message of the customer's own is on its way: its turn says where the handoff stands.
          if (busy()) continue
          try {
            const status = await ask({ sessionId: session, signal })
            if (signal.aborted || busy()) continue
            applyHandoff(status)
            if (status.status === 'released' || !inHandoff()) break
          } catch (error) {
            if (
              FocalError.isInstance(error) &&
              (finalCodes.has(error.code) || error.code === 'handoff-not-found')
            )
              break
          }
        }
        if (followingHandoff === current) followingHandoff = undefined
      })()
    }

    function addUserMessage(typed: string, text: string) {
      const messageId = generateId()
      // The customer's own bubble goes through the client-side scan too (a pasted card number
      // stayed in clear while the reply said it was hidden); the server gets what was typed.
      const shown = scanned(typed)
      const message: ChatMessage = {
        id: messageId,
        role: 'user',
        parts: [{ type: 'text', text: shown, state: 'done' }],
      }
      set((state) => ({ messages: [...state.messages, message] }))
      return send({ kind: 'send', messageId, text, typed })
    }

    resumeWatching = () => {
      watchApproval()
      followHandoff()
    }
    return {
      sessionId: saved?.sessionId ?? sessionId,
      messages: saved?.messages ?? initialMessages,
      status: 'ready',
      error: undefined,
      pendingClarification: saved?.pendingClarification,
      pendingApproval: saved?.pendingApproval,
      canResolveApprovals: transport.approvals !== 'wait',
      goal: saved?.goal,
      maxTextLength,
      async sendMessage(text) {
        if (busy() || text.trim() === '') return
        if (text.length > maxTextLength) {
          // Refused here, never sent: the server would answer 400 and a Retry could not help (nor
          // may it send an earlier failed request behind this error).
          failed = undefined
          set({
            status: 'error',
            error: { message: tooLongMessage(text.length, maxTextLength), retryable: false, text },
          })
          return
        }
        await addUserMessage(text, text)
      },
      async chooseOption(optionId) {
        const option = get().pendingClarification?.options.find((candidate) => candidate.id === optionId)
        if (!option || busy()) return
        await addUserMessage(option.label, option.value)
      },
      async resolveApproval(decision) {
        const approval = get().pendingApproval
        if (!approval || busy()) return
        set((state) => ({
          pendingApproval: undefined,
          messages: state.messages.map((message) =>
            message.parts.some((part) => part.type === 'approval' && part.approval.id === approval.id)
              ? {
                  ...message,
                  parts: message.parts.map((part) =>
                    part.type === 'approval' && part.approval.id === approval.id
                      ? { ...part, decision }
                      : part,
                  ),
                }
              : message,
          ),
        }))
        await resolve({ kind: 'approval', approvalId: approval.id, decision })
      },
      async restoreGoal(messageId) {
        const { sessionId: session } = get()
        if (transport.restoreGoal === undefined) {
          set({
            error: {
              message: 'This chat cannot undo a goal narrowing.',
              retryable: false,
              action: 'restore-goal',
            },
          })
          return
        }
        // The narrowing of this message's turn, never whichever came last: an Undo on an older
        // message undid the newer narrowing and marked the wrong message.
        const turnId = get().messages.find((message) => message.id === messageId)?.provenance?.goal
          ?.reformulation?.turnId
        try {
          const { restored, reason } = await transport.restoreGoal({
            sessionId: session,
            ...(turnId === undefined ? {} : { turnId }),
          })
          // Nothing undone is said on the message too: a button that did nothing looked broken.
          const outcome = restored
            ? { goalRestored: true }
            : { goalNotRestored: typeof reason === 'string' ? reason : 'nothing-narrowed' }
          // An undo that went through takes away the error (and Retry) of one that failed, no other.
          if (failed?.kind === 'restore-goal') failed = undefined
          set((state) => ({
            error: state.error?.action === 'restore-goal' ? undefined : state.error,
            messages: state.messages.map((message) =>
              message.id === messageId ? { ...message, ...outcome } : message,
            ),
          }))
        } catch (error) {
          // Said as an undo, with a Retry that undoes: the notice read "Could not get a reply",
          // and its Retry sent nothing (or an earlier failed message).
          failed = { kind: 'restore-goal', messageId }
          set({ error: { ...describe(error), action: 'restore-goal' } })
        }
      },
      stop() {
        if (!replying) return
        replying.controller.abort()
        replying.markStopped()
        replying = undefined
        // Ready at once: a transport that ignores the signal cannot keep the chat busy.
        set({ status: 'ready' })
      },
      async retry() {
        const request = failed
        if (!request || busy()) return
        if (request.kind === 'restore-goal') return get().restoreGoal(request.messageId)
        await (request.kind === 'send' ? send(request) : resolve(request))
      },
      reset(nextSessionId = crypto.randomUUID()) {
        // The session ends here: the transport keeps nothing of it (a saved token included).
        const ended = get().sessionId
        if (ended !== nextSessionId) transport.forgetSession?.(ended)
        replying?.controller.abort()
        replying = undefined
        watching?.controller.abort()
        watching = undefined
        followingHandoff?.abort()
        followingHandoff = undefined
        failed = undefined
        set({
          sessionId: nextSessionId,
          messages: [],
          status: 'ready',
          error: undefined,
          pendingClarification: undefined,
          pendingApproval: undefined,
          goal: undefined,
        })
      },
    }
  })
  if (persistence !== undefined) {
    // Saved whenever no reply is in flight (not on every streamed delta).
    store.subscribe((state, previous) => {
      if (state.status === 'submitted' || state.status === 'streaming') return
      if (
        state.sessionId === previous.sessionId &&
        state.messages === previous.messages &&
        state.pendingClarification === previous.pendingClarification &&
        state.pendingApproval === previous.pendingApproval &&
        state.goal === previous.goal &&
        state.status === previous.status
      )
        return
      persistence.write(state)
    })
    // A restored approval still waiting: ask where it stands, as before the reload.
    resumeWatching()
  }
  return store
}

/** What the chat says of a message over the limit, in words. */
function tooLongMessage(length: number, maxTextLength: number): string {
  return `This message is ${length} characters long; at most ${maxTextLength} can be sent. Shorten it and send it again.`
}
