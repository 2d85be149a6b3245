import { type ReactNode, useRef } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useChatSelector } from '../hooks/use-chat-selector.ts'
import { classNames } from './class-names.ts'
import { Message } from './message.tsx'
import { TypingIndicator } from './typing-indicator.tsx'
import { useFollowEnd } from './use-follow-end.ts'

/** Props of {@link MessageList}. */
export interface MessageListProps {
  className?: string | undefined
  /**
   * Shown when the transcript is empty.
   * @default 'Ask a question to start.'
   */
  empty?: ReactNode
  /**
   * Renders one message by id; defaults to the memoised `Message`.
   * @default (id) => <Message messageId={id} />
   */
  renderMessage?: (messageId: string) => ReactNode
}

const selectIds = (state: { messages: Array<{ id: string }> }) => state.messages.map((message) => message.id)

/**
 * The transcript: a `role="log"` live region, `aria-busy` while a reply streams. It subscribes to
 * message ids only, so a streaming delta re-renders the one message that changed, not the list.
 * It follows new messages and streamed text while the reader is at its end, and scrolls only
 * itself, never the page around it.
 */
export function MessageList({
  className,
  empty = 'Ask a question to start.',
  renderMessage = (messageId) => <Message key={messageId} messageId={messageId} />,
}: MessageListProps) {
  const ids = useChatSelector(useShallow(selectIds))
  const status = useChatSelector((state) => state.status)
  const busy = status === 'submitted' || status === 'streaming'
  const log = useRef<HTMLDivElement>(null)
  useFollowEnd(log, status === 'submitted')
  return (
    <div
      ref={log}
      className={classNames('focal-log', className)}
      role="log"
      aria-live="polite"
      aria-busy={busy}
      aria-label="Conversation"
    >
      {ids.length === 0 ? <p className="focal-empty">{empty}</p> : ids.map(renderMessage)}
      {status === 'submitted' ? <TypingIndicator /> : null}
    </div>
  )
}
