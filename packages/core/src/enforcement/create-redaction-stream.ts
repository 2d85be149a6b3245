import { createStreamRedactor } from './create-stream-redactor.ts'
import type { StreamRedactorOptions } from './types.ts'

/**
 * A web `TransformStream` of text that redacts (or, in block mode, cuts off) detected items, with
 * the same guarantees as `createStreamRedactor`.
 *
 * @example
 * const safe = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(createRedactionStream())
 */
export function createRedactionStream(options: StreamRedactorOptions = {}): TransformStream<string, string> {
  const redactor = createStreamRedactor(options)
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      const output = redactor.push(chunk)
      if (output.length > 0) controller.enqueue(output)
    },
    flush(controller) {
      const output = redactor.flush()
      if (output.length > 0) controller.enqueue(output)
    },
  })
}
