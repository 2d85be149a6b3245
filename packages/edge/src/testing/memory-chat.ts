import { AbstractChat, type ChatState, type ChatStatus, type UIMessage } from 'ai'

/** `useChat`'s chat state without React: a plain array the AI SDK's chat client updates. */
export class MemoryChatState implements ChatState<UIMessage> {
  status: ChatStatus = 'ready'
  error: Error | undefined = undefined
  messages: UIMessage[] = []
  pushMessage = (message: UIMessage) => {
    this.messages = this.messages.concat(message)
  }
  popMessage = () => {
    this.messages = this.messages.slice(0, -1)
  }
  replaceMessage = (index: number, message: UIMessage) => {
    this.messages = [...this.messages.slice(0, index), message, ...this.messages.slice(index + 1)]
  }
  snapshot = <T>(value: T): T => structuredClone(value)
}

/** `useChat`'s chat without React: the AI SDK's abstract chat client with a plain state. */
export class MemoryChat extends AbstractChat<UIMessage> {}
