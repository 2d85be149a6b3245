import { useState } from 'react'
import { useStore } from 'zustand'
import { type ChatStoreOptions, createChatStore } from '../chat/create-chat-store.ts'
import type { ChatState, ChatStore } from '../chat/types.ts'

/** Options of {@link useFocalChat}: an existing store, or the options to create one. */
export type UseFocalChatOptions<Selected> = ({ store: ChatStore } | ChatStoreOptions) & {
  /**
   * Picks the slice to return; the component re-renders only when it changes (`Object.is`).
   * @default the whole state
   */
  select?: (state: ChatState) => Selected
}

const selectAll = (state: ChatState) => state

/** The store a `useFocalChat` call reads: the given one, or one created once for the component. */
export function useFocalChatStore(options: { store: ChatStore } | ChatStoreOptions): ChatStore {
  const [created] = useState(() => ('store' in options ? undefined : createChatStore(options)))
  return 'store' in options ? options.store : created!
}

/**
 * The chat state (or the slice `select` picks) of a Focal chat store, with its actions
 * (`sendMessage`, `chooseOption`, `resolveApproval`, `stop`, `retry`, `reset`). No business logic:
 * the store created by `createChatStore` decides, this hook only subscribes.
 *
 * @example
 * const status = useFocalChat({ store, select: (state) => state.status })
 * const { messages, sendMessage } = useFocalChat({ transport: createHttpTransport() })
 */
export function useFocalChat<Selected = ChatState>(options: UseFocalChatOptions<Selected>): Selected {
  const store = useFocalChatStore(options)
  return useStore(store, (options.select ?? selectAll) as (state: ChatState) => Selected)
}
