import { useChatSelector } from '../hooks/use-chat-selector.ts'

/**
 * An alert with the chat's error, saying what failed (a reply, or undoing a goal narrowing): a
 * Retry button when retrying can help, a "Start a new conversation" button when the session cannot
 * go on (its turn limit, an expired token); nothing when there is no error.
 */
export function ChatErrorNotice() {
  const error = useChatSelector((state) => state.error)
  const retry = useChatSelector((state) => state.retry)
  const reset = useChatSelector((state) => state.reset)
  if (!error) return null
  if (error.restart === true)
    return (
      <div className="focal-error" role="alert">
        <span>This conversation cannot go on: {error.message}</span>
        <button type="button" className="focal-button" onClick={() => reset()}>
          Start a new conversation
        </button>
      </div>
    )
  return (
    <div className="focal-error" role="alert">
      <span>
        {error.action === 'restore-goal' ? 'Could not undo the narrowing' : 'Could not get a reply'}:{' '}
        {error.message}
      </span>
      {error.retryable ? (
        <button type="button" className="focal-button" onClick={() => void retry()}>
          Retry
        </button>
      ) : null}
    </div>
  )
}
