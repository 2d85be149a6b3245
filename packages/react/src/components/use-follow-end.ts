import { type RefObject, useEffect } from 'react'

/** How far from its end (in px) a reader of the log still counts as reading the latest message. */
const nearEnd = 48

/**
 * Keeps a scrolling log at its end while messages and streamed text arrive, as long as the reader
 * is at (or near) that end; a reader who scrolled up keeps their place until they send (`sent`).
 * It sets the log's own `scrollTop`: `scrollIntoView` scrolled every scrollable ancestor, so a host
 * page with the chat below its fold jumped down to it on load.
 */
export function useFollowEnd(log: RefObject<HTMLElement | null>, sent: boolean): void {
  useEffect(() => {
    const element = log.current
    if (element === null) return
    let seen = { height: 0, clientHeight: 0 }
    const follow = () => {
      // Judged against the geometry before the change too: content that grew under a reader at
      // the end is no sign they left it, and a log that shrank can leave them at its new end.
      const before = seen.height - element.scrollTop - seen.clientHeight
      const now = element.scrollHeight - element.scrollTop - element.clientHeight
      if (Math.min(before, now) <= nearEnd) element.scrollTop = element.scrollHeight
      seen = { height: element.scrollHeight, clientHeight: element.clientHeight }
    }
    follow()
    // A streamed delta re-renders only its own message, never the list: the DOM sees every change.
    const mutations = new MutationObserver(follow)
    mutations.observe(element, { childList: true, subtree: true, characterData: true })
    // The log shrinks when an error notice or an on-screen keyboard takes room from it.
    const resizes = new ResizeObserver(follow)
    resizes.observe(element)
    return () => {
      mutations.disconnect()
      resizes.disconnect()
    }
  }, [log])
  useEffect(() => {
    const element = log.current
    if (sent && element !== null) element.scrollTop = element.scrollHeight
  }, [sent, log])
}
