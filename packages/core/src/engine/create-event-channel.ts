/** A push-to-pull bridge: producers push events, one consumer iterates them. */
export interface EventChannel<Event> {
  push(event: Event): void
  close(): void
  fail(error: unknown): void
  iterable: AsyncIterable<Event>
}

/** Creates an unbounded single-consumer channel (a turn emits a bounded number of events). */
export function createEventChannel<Event>(): EventChannel<Event> {
  const queue: Event[] = []
  let done = false
  let failure: { error: unknown } | undefined
  let wake: (() => void) | undefined
  const notify = () => {
    wake?.()
    wake = undefined
  }
  return {
    push(event) {
      queue.push(event)
      notify()
    },
    close() {
      done = true
      notify()
    },
    fail(error) {
      failure = { error }
      done = true
      notify()
    },
    iterable: {
      async *[Symbol.asyncIterator]() {
        for (;;) {
          while (queue.length > 0) yield queue.shift()!
          if (failure !== undefined) throw failure.error
          if (done) return
          await new Promise<void>((resolve) => {
            wake = resolve
          })
        }
      },
    },
  }
}
