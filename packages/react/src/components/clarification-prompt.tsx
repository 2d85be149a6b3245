import type { Clarification } from '@focal/core'
import { useEffect, useRef, useState } from 'react'
import { useChatSelector } from '../hooks/use-chat-selector.ts'
import { focusComposer } from './focus-composer.ts'

/** Props of {@link ClarificationPrompt}. */
export interface ClarificationPromptProps {
  clarification: Clarification
  /** The option already chosen (its `id` or `value`), e.g. from the next user message. */
  selected?: string | undefined
}

/**
 * Whether focus can move to `target` without taking it from what the user is using: nothing has
 * focus, or a control of the same chat that is not a text field. Taken from the field the user
 * was typing a follow-up in, their next space chose an option and sent it.
 */
function focusIsFree(target: HTMLElement): boolean {
  const current = target.ownerDocument.activeElement
  if (current === null || current === target.ownerDocument.body) return true
  return (
    target.closest('.focal-thread')?.contains(current) === true &&
    !current.matches('input, textarea, select, [contenteditable]:not([contenteditable="false"])')
  )
}

/**
 * The engine's question with its customer-facing reason and its options as buttons; choosing one
 * sends it. While it is the pending clarification, focus moves to the first option when it
 * appears, unless the user is in a text field or outside the chat; once answered, the options are
 * disabled and the chosen one stays marked (`aria-pressed`, `data-selected`), so the thread shows
 * what was picked.
 */
export function ClarificationPrompt({ clarification, selected }: ClarificationPromptProps) {
  const active = useChatSelector((state) => state.pendingClarification === clarification)
  const chooseOption = useChatSelector((state) => state.chooseOption)
  const [chosen, setChosen] = useState<string | undefined>(undefined)
  const picked = chosen ?? selected
  const firstOption = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const option = firstOption.current
    if (active && option !== null && focusIsFree(option)) option.focus()
  }, [active])
  return (
    <fieldset className="focal-clarification">
      <legend className="focal-question">{clarification.question}</legend>
      {clarification.reason ? <p className="focal-clarification-reason">{clarification.reason}</p> : null}
      <div className="focal-options">
        {clarification.options.map((option, index) => {
          const isPicked = picked !== undefined && (picked === option.id || picked === option.value)
          return (
            <button
              key={option.id}
              ref={index === 0 ? firstOption : undefined}
              type="button"
              className="focal-option"
              data-selected={isPicked || undefined}
              aria-pressed={active ? undefined : isPicked}
              disabled={!active}
              onClick={(event) => {
                setChosen(option.id)
                focusComposer(event.currentTarget)
                void chooseOption(option.id)
              }}
            >
              {isPicked ? <span aria-hidden="true">✓ </span> : null}
              {option.label}
            </button>
          )
        })}
      </div>
    </fieldset>
  )
}
