import { type FormEvent, type KeyboardEvent, useId, useState } from 'react'
import { useChatSelector } from '../hooks/use-chat-selector.ts'
import { classNames } from './class-names.ts'

/** Props of {@link Composer}. */
export interface ComposerProps {
  className?: string | undefined
  /**
   * Visible label of the message field.
   * @default 'Message'
   */
  label?: string
  /**
   * Placeholder of the message field.
   * @default 'Type your message…'
   */
  placeholder?: string
}

/**
 * The labelled message field: Enter sends, Shift+Enter inserts a newline; a Stop button aborts a
 * reply in flight.
 */
export function Composer({
  className,
  label = 'Message',
  placeholder = 'Type your message…',
}: ComposerProps) {
  const [text, setText] = useState('')
  const status = useChatSelector((state) => state.status)
  const sendMessage = useChatSelector((state) => state.sendMessage)
  const stop = useChatSelector((state) => state.stop)
  const fieldId = useId()
  const busy = status === 'submitted' || status === 'streaming'
  const submit = () => {
    if (busy || text.trim() === '') return
    void sendMessage(text)
    setText('')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit()
  }
  return (
    <form className={classNames('focal-composer', className)} onSubmit={onSubmit}>
      <label htmlFor={fieldId} className="focal-visually-hidden">
        {label}
      </label>
      <textarea
        id={fieldId}
        className="focal-input"
        rows={1}
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {busy ? (
        <button type="button" className="focal-button" onClick={stop}>
          Stop
        </button>
      ) : (
        <button type="submit" className="focal-button focal-button-primary" disabled={text.trim() === ''}>
          Send
        </button>
      )}
    </form>
  )
}
