import type { ReactNode } from 'react'
import type { ChatStoreOptions } from '../chat/create-chat-store.ts'
import type { ChatStore } from '../chat/types.ts'
import { useFocalChatStore } from '../hooks/use-focal-chat.ts'
import { ChatErrorNotice } from './chat-error-notice.tsx'
import { Composer } from './composer.tsx'
import { FocalChatProvider } from './focal-chat-provider.tsx'
import { GoalProgress } from './goal-progress.tsx'
import { MessageList } from './message-list.tsx'
import { Thread } from './thread.tsx'

/** Class names for each slot of {@link FocalChat}, added to Focal's own. */
export interface FocalChatClassNames {
  root?: string
  header?: string
  log?: string
  composer?: string
  goal?: string
}

/** Props of {@link FocalChat}: a store, or the options to create one, plus presentation. */
export type FocalChatProps = ({ store: ChatStore } | ChatStoreOptions) & {
  /**
   * Heading above the transcript; `null` hides it.
   * @default 'Assistant'
   */
  title?: ReactNode
  /**
   * Colour scheme.
   * @default 'auto'
   */
  colorScheme?: 'auto' | 'light' | 'dark'
  /** Shown in an empty transcript. */
  empty?: ReactNode
  /** Placeholder of the message field. */
  placeholder?: string
  /**
   * Extra class names per slot.
   * @default {}
   */
  classNames?: FocalChatClassNames
}

/**
 * The ready chat widget: `Thread` › header with `GoalProgress` › `MessageList` › error notice ›
 * `Composer`. Rearrange the same primitives under `FocalChatProvider` for a custom layout.
 *
 * @example
 * <FocalChat transport={createHttpTransport()} title="Refund support" />
 */
export function FocalChat(props: FocalChatProps) {
  const { title = 'Assistant', colorScheme = 'auto', empty, placeholder, classNames = {} } = props
  const store = useFocalChatStore(props)
  return (
    <FocalChatProvider store={store}>
      <Thread colorScheme={colorScheme} className={classNames.root}>
        {title === null ? null : (
          <header className={['focal-header', classNames.header].filter(Boolean).join(' ')}>
            <h2>{title}</h2>
          </header>
        )}
        <GoalProgress className={classNames.goal} />
        <MessageList className={classNames.log} {...(empty === undefined ? {} : { empty })} />
        <ChatErrorNotice />
        <Composer className={classNames.composer} {...(placeholder === undefined ? {} : { placeholder })} />
      </Thread>
    </FocalChatProvider>
  )
}
