import type { ReactNode } from 'react'
import type { ChatStore } from '../chat/types.ts'
import { ChatStoreContext } from '../hooks/chat-store-context.ts'

/** Props of {@link FocalChatProvider}. */
export interface FocalChatProviderProps {
  /** The store every primitive below reads (`createChatStore(...)`). */
  store: ChatStore
  children: ReactNode
}

/** Makes a chat store available to `Thread`, `MessageList`, `Composer` and the other primitives. */
export function FocalChatProvider({ store, children }: FocalChatProviderProps) {
  return <ChatStoreContext.Provider value={store}>{children}</ChatStoreContext.Provider>
}
