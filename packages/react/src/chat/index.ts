/** @module @focal/react/chat */
export type { ChatChunkState, ChatReplyContext, ChatTextScan, ChatTextScanner } from './apply-chat-chunk.ts'
export { applyChatChunk, finishTextParts } from './apply-chat-chunk.ts'
export type { ChatPersistOptions } from './create-chat-persistence.ts'
export type { ChatStoreOptions } from './create-chat-store.ts'
export { createChatStore } from './create-chat-store.ts'
export { toChatGoalSnapshot } from './to-chat-goal-snapshot.ts'
export type {
  ChatError,
  ChatGoalSnapshot,
  ChatMessage,
  ChatMessagePart,
  ChatState,
  ChatStatus,
  ChatStore,
} from './types.ts'
