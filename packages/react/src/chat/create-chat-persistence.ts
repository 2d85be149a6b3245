import type { Clarification } from '@focal/core'
import type { ChatStorage } from '../transport/types.ts'
import type { ChatMessage, ChatState } from './types.ts'

/** Where {@link createChatPersistence} keeps a conversation. */
export interface ChatPersistOptions {
  /** `sessionStorage` (the tab's own, gone when it closes), `localStorage`, or your own. */
  storage: ChatStorage
  /**
   * Key of the saved conversation; one per chat on a page.
   * @default 'focal-chat'
   */
  key?: string
}

/** What is saved of a chat: enough to show it again and to pick up a pending approval. */
export type SavedChat = Pick<
  ChatState,
  'sessionId' | 'messages' | 'pendingClarification' | 'pendingApproval' | 'goal'
>

const version = 1

/** Whether a stored message looks like one this version saved (the storage is the page's, not ours). */
function isMessage(value: unknown): boolean {
  const message = value as { id?: unknown; role?: unknown; parts?: unknown } | null
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof message.id === 'string' &&
    (message.role === 'user' || message.role === 'assistant') &&
    Array.isArray(message.parts)
  )
}

/**
 * The question `pending` as the restored transcript shows it: the last clarification part with
 * the same content. JSON gives the saved question and the part that shows it two objects, and
 * the prompt knows the question it asks by identity (an earlier, identical question is answered
 * and stays so); without this, every restored option was disabled.
 */
function askedIn(messages: ChatMessage[], pending: Clarification): Clarification {
  const saved = JSON.stringify(pending)
  const part = messages
    .flatMap((message) => message.parts)
    .findLast(
      (candidate) => candidate.type === 'clarification' && JSON.stringify(candidate.clarification) === saved,
    )
  return part?.type === 'clarification' ? part.clarification : pending
}

/**
 * Reads and writes one chat's saved conversation in `storage` under `key`. A save that is
 * missing, from another version or unreadable reads as nothing (a new session); a storage that
 * refuses (full, disabled) loses the save, never the chat.
 *
 * @example
 * const persistence = createChatPersistence({ storage: sessionStorage })
 * persistence.read()?.sessionId
 */
export function createChatPersistence({ storage, key = 'focal-chat' }: ChatPersistOptions) {
  return {
    read(): SavedChat | undefined {
      try {
        const saved = JSON.parse(storage.getItem(key) ?? 'null') as
          | (Partial<SavedChat> & { version?: unknown })
          | null
        if (
          saved?.version !== version ||
          typeof saved.sessionId !== 'string' ||
          !Array.isArray(saved.messages) ||
          !saved.messages.every(isMessage)
        )
          return undefined
        return {
          sessionId: saved.sessionId,
          messages: saved.messages,
          pendingClarification: saved.pendingClarification
            ? askedIn(saved.messages, saved.pendingClarification)
            : undefined,
          pendingApproval: saved.pendingApproval ?? undefined,
          goal: saved.goal ?? undefined,
        }
      } catch {
        return undefined
      }
    },
    write({ sessionId, messages, pendingClarification, pendingApproval, goal }: SavedChat): void {
      try {
        const saved = { version, sessionId, messages, pendingClarification, pendingApproval, goal }
        storage.setItem(key, JSON.stringify(saved))
      } catch {
        // Full or disabled storage: this page goes on; a reload starts a new session.
      }
    },
  }
}
