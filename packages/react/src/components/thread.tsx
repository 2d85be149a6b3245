import type { ReactNode } from 'react'
import { classNames } from './class-names.ts'

/** Props of {@link Thread}. */
export interface ThreadProps {
  children: ReactNode
  /**
   * Colour scheme: follow the system, or force light or dark.
   * @default 'auto'
   */
  colorScheme?: 'auto' | 'light' | 'dark'
  className?: string | undefined
  /**
   * Accessible name of the chat region.
   * @default 'Chat'
   */
  label?: string
}

/** The themed frame of a chat: a labelled region carrying the CSS variables and colour scheme. */
export function Thread({ children, colorScheme = 'auto', className, label = 'Chat' }: ThreadProps) {
  return (
    <section className={classNames('focal-thread', className)} data-theme={colorScheme} aria-label={label}>
      {children}
    </section>
  )
}
