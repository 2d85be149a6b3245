import { useChatSelector } from '../hooks/use-chat-selector.ts'

/** An alert with the chat's error and a Retry button; nothing when there is no error. */
export function ChatErrorNotice() {
  const error = useChatSelector((state) => state.error)
  const retry = useChatSelector((state) => state.retry)
  if (!error) return null
  return (
    <div className="focal-error" role="alert">
      <span>Could not get a reply: {error.message}</span>
      {error.retryable ? (
        <button type="button" className="focal-button" onClick={() => void retry()}>
          Retry
        </button>
      ) : null}
    </div>
  )
}
