import { memo } from 'react'
import type { ChatMessagePart } from '../chat/types.ts'
import { useChatSelector } from '../hooks/use-chat-selector.ts'
import { ApprovalCard } from './approval-card.tsx'
import { ClarificationPrompt } from './clarification-prompt.tsx'
import { classNames } from './class-names.ts'
import { EnforcementNotice } from './enforcement-notice.tsx'
import { PartBoundary } from './part-boundary.tsx'
import { ProvenanceFooter } from './provenance-footer.tsx'
import { threadIndex } from './thread-index.ts'
import { TypingIndicator } from './typing-indicator.tsx'

/** Props of {@link Message}. */
export interface MessageProps {
  /** Id of the message in the chat store. */
  messageId: string
  className?: string | undefined
}

const partOrder: Record<ChatMessagePart['type'], number> = {
  text: 0,
  clarification: 1,
  approval: 1,
  handoff: 1,
  enforcement: 2,
  retraction: 2,
}

/** Text first, then what asks the user to act, then notices; parts keep their index as a stable key. */
const ordered = (parts: ChatMessagePart[]) =>
  parts
    .map((part, index) => ({ part, index }))
    .sort((a, b) => partOrder[a.part.type] - partOrder[b.part.type])

const lastEnforcement = (parts: ChatMessagePart[]) =>
  parts.findLast((part) => part.type === 'enforcement')?.enforcement

function Part({
  part,
  answer,
  handoffShown,
}: {
  part: ChatMessagePart
  answer: string | undefined
  /** An earlier message already shows this handoff: a quiet turn during it only says so briefly. */
  handoffShown: boolean
}) {
  switch (part.type) {
    case 'text':
      // Each paragraph takes its direction from its own first letters: Arabic or Hebrew reads RTL.
      return part.text ? (
        <p className="focal-text" dir="auto">
          {part.text}
        </p>
      ) : null
    case 'clarification': {
      const chosen = part.clarification.options.find(
        (option) => answer !== undefined && (option.label === answer || option.value === answer),
      )
      return <ClarificationPrompt clarification={part.clarification} selected={chosen?.id} />
    }
    case 'approval':
      return <ApprovalCard approval={part.approval} decision={part.decision} />
    case 'enforcement':
      return <EnforcementNotice enforcement={part.enforcement} />
    case 'retraction':
      return (
        <p className="focal-notice" data-outcome="retracted" role="status">
          {part.retraction.reason}
        </p>
      )
    case 'handoff':
      // A quiet turn during a handoff an earlier message already shows: said briefly, and nothing
      // once the first one says it ended.
      if (handoffShown)
        return part.released ? null : (
          <p className="focal-note focal-handoff-quiet" role="status">
            Sent to the person who has this conversation.
          </p>
        )
      return part.released ? (
        <p className="focal-handoff" data-released="" role="status">
          The person from the team handed the conversation back; the assistant answers again.
        </p>
      ) : (
        <p className="focal-handoff" role="status">
          A person from the team has this conversation now; the assistant stays quiet until they hand it back.
        </p>
      )
  }
}

/**
 * One message, subscribed to its own entry in the store: memoised, so a delta to another message
 * never re-renders it. Renders its parts in order, then the provenance footer of assistant turns.
 */
export const Message = memo(function Message({ messageId, className }: MessageProps) {
  const message = useChatSelector((state) => {
    const index = threadIndex(state.messages).position.get(messageId)
    return index === undefined ? undefined : state.messages[index]
  })
  const restoreGoal = useChatSelector((state) => state.restoreGoal)
  // The user's reply to this message (a clarification's chosen option), as a string so it is stable.
  const answer = useChatSelector((state) => {
    const index = threadIndex(state.messages).position.get(messageId)
    const next = index === undefined ? undefined : state.messages[index + 1]
    if (next?.role !== 'user') return undefined
    return next.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')
  })
  // A later turn narrowed the goal again or asked something new: this turn's narrowing is no longer
  // the goal, nothing to undo.
  const superseded = useChatSelector((state) => {
    const { position, lastGoalChange } = threadIndex(state.messages)
    return lastGoalChange > (position.get(messageId) ?? -1)
  })
  // The `since` of this message's handoff when an earlier message shows the same handoff.
  const handoffShown = useChatSelector((state) => {
    const { position, firstHandoff } = threadIndex(state.messages)
    const index = position.get(messageId)
    if (index === undefined) return false
    const since = state.messages[index]?.parts.find((part) => part.type === 'handoff')
    if (since?.type !== 'handoff') return false
    return (firstHandoff.get(since.handoff.since) ?? index) < index
  })
  if (!message) return null
  const streaming = message.parts.some((part) => part.type === 'text' && part.state === 'streaming')
  // The scan may hold the first words back: show that the reply is coming rather than an empty bubble.
  const nothingShown = message.parts.every((part) => part.type === 'text' && part.text === '')
  return (
    <article
      className={classNames('focal-message', `focal-message-${message.role}`, className)}
      data-role={message.role}
      data-from={message.from}
      data-streaming={streaming || undefined}
      aria-label={
        message.role === 'user'
          ? 'You said'
          : message.from === 'person'
            ? 'A person from the team said'
            : 'Assistant said'
      }
    >
      {message.from === 'person' ? <p className="focal-author">From a person on the team</p> : null}
      {ordered(message.parts).map(({ part, index }) => (
        <Part key={index} part={part} answer={answer} handoffShown={handoffShown} />
      ))}
      {streaming && nothingShown ? <TypingIndicator /> : null}
      {message.aborted ? <p className="focal-note">Stopped.</p> : null}
      {message.provenance ? (
        <PartBoundary label="Why this answer">
          <ProvenanceFooter
            provenance={message.provenance}
            enforcement={lastEnforcement(message.parts)}
            onRestoreGoal={superseded ? undefined : () => void restoreGoal(message.id)}
            goalRestored={message.goalRestored}
            goalNotRestored={message.goalNotRestored ?? (superseded ? 'superseded' : undefined)}
          />
        </PartBoundary>
      ) : null}
    </article>
  )
})
