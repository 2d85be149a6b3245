import type { Clarification } from '@focal/core'
import { useEffect, useRef } from 'react'
import { useChatSelector } from '../hooks/use-chat-selector.ts'
import { focusComposer } from './focus-composer.ts'

/** Props of {@link ClarificationPrompt}. */
export interface ClarificationPromptProps {
  clarification: Clarification
}

/**
 * The engine's question with its options as buttons; choosing one sends it. While it is the
 * pending clarification, focus moves to the first option when it appears; once answered, the
 * options are disabled.
 */
export function ClarificationPrompt({ clarification }: ClarificationPromptProps) {
  const active = useChatSelector((state) => state.pendingClarification === clarification)
  const chooseOption = useChatSelector((state) => state.chooseOption)
  const firstOption = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (active) firstOption.current?.focus()
  }, [active])
  return (
    <fieldset className="focal-clarification">
      <legend className="focal-question">{clarification.question}</legend>
      <div className="focal-options">
        {clarification.options.map((option, index) => (
          <button
            key={option.id}
            ref={index === 0 ? firstOption : undefined}
            type="button"
            className="focal-option"
            disabled={!active}
            onClick={(event) => {
              focusComposer(event.currentTarget)
              void chooseOption(option.id)
            }}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  )
}
