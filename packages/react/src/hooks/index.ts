/** @module @focal/react/hooks */
export { ChatStoreContext, useChatStore } from './chat-store-context.ts'
export { useChatSelector } from './use-chat-selector.ts'
export type { UseFocalChatOptions } from './use-focal-chat.ts'
export { useFocalChat, useFocalChatStore } from './use-focal-chat.ts'
