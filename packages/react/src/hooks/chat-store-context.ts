import { FocalError } from '@focal/core/errors'
import { createContext, useContext } from 'react'
import type { ChatStore } from '../chat/types.ts'

/** The chat store the widget primitives read; provided by `FocalChatProvider` or `FocalChat`. */
export const ChatStoreContext = createContext<ChatStore | undefined>(undefined)

/** The chat store of the nearest `FocalChatProvider`; throws when a primitive is used outside one. */
export function useChatStore(): ChatStore {
  const store = useContext(ChatStoreContext)
  if (!store) {
    throw new FocalError({
      code: 'invalid-argument',
      message: 'Focal widget primitives must be rendered inside <FocalChatProvider> or <FocalChat>',
    })
  }
  return store
}
