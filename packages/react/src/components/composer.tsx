import {
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
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

/** From this share of the limit on, the composer shows how long the message is. */
const countFrom = 0.9

/**
 * The labelled message field: Enter sends, Shift+Enter inserts a newline; a Stop button aborts a
 * reply in flight. Focus stays in the field after sending and comes back to it after a Stop. Near
 * the store's `maxTextLength` it counts; over it, it says so and does not send, keeping the text to
 * be shortened. A message the chat refused comes back into the field, ahead of anything typed
 * since.
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
  const maxTextLength = useChatSelector((state) => state.maxTextLength)
  const refused = useChatSelector((state) => state.error?.text)
  const field = useRef<HTMLTextAreaElement>(null)
  const stopButton = useRef<HTMLButtonElement | null>(null)
  const fieldId = useId()
  const noteId = useId()
  const busy = status === 'submitted' || status === 'streaming'
  const tooLong = text.length > maxTextLength
  useEffect(() => {
    // Refused after the user typed on, neither is lost (the refused text was dropped when the
    // field was not empty); it was written first, so it comes first. Already there (an effect run
    // twice, as StrictMode does), it is not added again.
    if (refused !== undefined)
      setText((current) => (current === '' || current === refused ? refused : `${refused}\n\n${current}`))
  }, [refused])
  const submit = () => {
    if (busy || tooLong || text.trim() === '') return
    void sendMessage(text)
    setText('')
    // Send gives way to Stop: the field keeps focus, not a button that is about to go.
    field.current?.focus()
  }
  const onStop = (event: MouseEvent) => {
    // The second click of a double-click on Send lands on the Stop that took its place: only a
    // click of its own (or a key, `detail` 0) stops the reply.
    if (event.detail > 1) return
    stop()
    field.current?.focus()
  }
  // A Stop that goes away while it has focus (the reply ended) hands focus to the field, not to
  // the page. React detaches the ref before it removes the button, so it still has focus here.
  const holdStop = useCallback((button: HTMLButtonElement | null) => {
    if (button === null && stopButton.current?.ownerDocument.activeElement === stopButton.current)
      field.current?.focus()
    stopButton.current = button
  }, [])
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
  const counted = text.length >= maxTextLength * countFrom
  return (
    <form className={classNames('focal-composer', className)} onSubmit={onSubmit}>
      <label htmlFor={fieldId} className="focal-visually-hidden">
        {label}
      </label>
      <textarea
        ref={field}
        id={fieldId}
        className="focal-input"
        dir="auto"
        rows={1}
        value={text}
        placeholder={placeholder}
        aria-invalid={tooLong || undefined}
        aria-describedby={counted ? noteId : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {/* Two buttons, not one that changes: a key of its own keeps React from reusing Send as Stop. */}
      {busy ? (
        <button key="stop" ref={holdStop} type="button" className="focal-button" onClick={onStop}>
          Stop
        </button>
      ) : (
        <button
          key="send"
          type="submit"
          className="focal-button focal-button-primary"
          disabled={tooLong || text.trim() === ''}
        >
          Send
        </button>
      )}
      {counted ? (
        <p id={noteId} className="focal-composer-note">
          {text.length} of {maxTextLength} characters
          {/* Announced once when the limit is passed, not on every keystroke. */}
          <span aria-live="polite">
            {tooLong ? ': too long to send. Shorten the message to send it.' : ''}
          </span>
        </p>
      ) : null}
    </form>
  )
}
