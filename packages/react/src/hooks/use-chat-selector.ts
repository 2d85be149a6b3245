import { useStore } from 'zustand'
import type { ChatState } from '../chat/types.ts'
import { useChatStore } from './chat-store-context.ts'

/**
 * Reads a slice of the nearest chat store; the component re-renders only when that slice changes
 * (`Object.is`). Return stable values or wrap the selector in zustand's `useShallow`.
 */
export function useChatSelector<Selected>(selector: (state: ChatState) => Selected): Selected {
  return useStore(useChatStore(), selector)
}
