import type { StreamRedactor } from './types.ts'

/**
 * One stream guard from two: text passes the blocking redactor first (items that refuse, escalate
 * or would have the draft rewritten stop the stream), then the replacing one (items that are
 * redacted). A blocked item never reaches the replacing redactor or the output; what was released
 * before it goes through the replacing one, and what that one still holds when the stream stops
 * (an item it had not finished reading, `card 4111 1111 ` of a card the block cut short) is
 * dropped, never flushed as if the text had ended there.
 */
export function chainStreamRedactors(
  block: StreamRedactor | undefined,
  replace: StreamRedactor,
): StreamRedactor {
  let stopped = false
  return {
    push(chunk) {
      if (stopped) return ''
      const passed = block === undefined ? chunk : block.push(chunk)
      if (block?.blocked() === undefined) return replace.push(passed)
      stopped = true
      return replace.push(passed)
    },
    flush() {
      if (stopped) return ''
      return replace.push(block === undefined ? '' : block.flush()) + replace.flush()
    },
    findings: () => [...(block?.findings() ?? []), ...replace.findings()],
    blocked: () => block?.blocked(),
  }
}
