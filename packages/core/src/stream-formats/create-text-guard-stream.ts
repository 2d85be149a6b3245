import type { FocalStreamGuard } from '../enforcement/stream-guard.ts'

/**
 * A TransformStream of plain text through one guard: what the guard releases as it goes, the held
 * rest at the end; a block ends the stream there, releasing nothing of the blocked item.
 */
export function createTextGuardStream(guard: FocalStreamGuard): TransformStream<string, string> {
  let stopped = false
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      if (stopped) return
      const released = guard.push(chunk)
      if (released) controller.enqueue(released)
      if (guard.blocked() !== undefined) {
        stopped = true
        controller.terminate()
      }
    },
    flush(controller) {
      if (stopped) return
      const rest = guard.flush()
      if (guard.blocked() === undefined && rest) controller.enqueue(rest)
    },
  })
}
