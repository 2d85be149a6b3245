import { createGuardChannels } from './create-guard-channels.ts'
import { detectSseFormat } from './detect-sse-format.ts'
import { encodeSseEvent, parseEventData } from './encode-sse-event.ts'
import { filterAnthropicSse } from './filter-anthropic-sse.ts'
import { filterOpenAiChatSse } from './filter-openai-chat-sse.ts'
import { filterOpenAiResponsesSse } from './filter-openai-responses-sse.ts'
import { filterUiMessageSse } from './filter-ui-message-sse.ts'
import { guardLooseEvent } from './guard-other-strings.ts'
import { toSseEvent } from './to-sse-event.ts'
import {
  type CreateStreamGuard,
  type SseFormatFilter,
  type StreamFormat,
  streamBlockedCode,
} from './types.ts'

/** Options of {@link createSseGuardStream}. */
export interface SseGuardStreamOptions {
  /** Builds the guard of one content channel. */
  createGuard: CreateStreamGuard
  /**
   * The stream's format; detected from its first events when omitted.
   * @default detected
   */
  format?: StreamFormat | undefined
  /**
   * What a stream of no known format gets: `block` ends it with an `error` event carrying the
   * `unknown-stream-format` code (fail closed); `pass` forwards it unguarded.
   * @default 'block'
   */
  onUnknownFormat?: 'block' | 'pass'
  /**
   * Focal's own data parts in a UI message stream (`data-provenance`, `data-session`, …): `pass`
   * forwards them as they are, for a stream Focal's chat route wrote (see `focalStreamHeader`);
   * `guard` guards their strings like any other data part's, as an upstream that is not Focal may
   * use the same names for its own data.
   * @default 'guard'
   */
  focalDataParts?: 'pass' | 'guard'
}

const filters: Partial<
  Record<StreamFormat, (createGuard: CreateStreamGuard, passFocalParts: boolean) => SseFormatFilter>
> = {
  'openai-chat': filterOpenAiChatSse,
  'openai-responses': filterOpenAiResponsesSse,
  'anthropic-messages': filterAnthropicSse,
  'ui-message-stream': filterUiMessageSse,
}

/** The `error` event that ends a stream a blocking finding stopped before its format was known. */
function blockedEvent(): string {
  return encodeSseEvent('error', {
    type: 'error',
    error: { code: streamBlockedCode, message: 'Focal stopped this stream: it held content a rule blocks.' },
  })
}

/** The `error` event that ends a stream Focal cannot guard. */
export function unknownFormatEvent(): string {
  return encodeSseEvent('error', {
    type: 'error',
    error: {
      code: 'unknown-stream-format',
      message: 'Focal cannot guard this event stream (no known format), so it was stopped.',
    },
  })
}

/**
 * A TransformStream from decoded SSE text to guarded SSE text in the same format: OpenAI Chat
 * Completions, OpenAI Responses, Anthropic Messages or the AI SDK UI message stream, each value
 * guarded per content channel (see the `filter*Sse` functions). An unrecognised stream fails closed.
 *
 * @example
 * body.pipeThrough(new TextDecoderStream()).pipeThrough(createSseGuardStream({ createGuard }))
 */
export function createSseGuardStream({
  createGuard,
  format,
  onUnknownFormat = 'block',
  focalDataParts = 'guard',
}: SseGuardStreamOptions): TransformStream<string, string> {
  const passFocalParts = focalDataParts === 'pass'
  const chosen = format === undefined ? undefined : filters[format]
  let filter: SseFormatFilter | 'pass' | undefined = chosen?.(createGuard, passFocalParts)
  let stopped = false
  // Events before the format is known (an `error` event, a comment): each guarded whole.
  const loose = createGuardChannels(createGuard)
  /** The SSE text for one upstream event ('' when it releases nothing yet). */
  const guardEvent = (raw: string): string => {
    const event = toSseEvent(raw)
    const data = parseEventData(event.data)
    if (filter === undefined) {
      const detected = detectSseFormat(event, data)
      if (detected === undefined) {
        // The end: its own fields (an `id:`) are checked like a comment's; the end always passes.
        if (event.data === '[DONE]') {
          if (loose.whole(raw) === raw) return `${raw}\n\n`
          if (!loose.blocked) return 'data: [DONE]\n\n'
          stopped = true
          return blockedEvent()
        }
        const guarded = guardLooseEvent(event, data, loose)
        if (!loose.blocked) return guarded
        stopped = true
        return blockedEvent()
      }
      const create = detected === 'unknown' ? undefined : filters[detected]
      if (create === undefined && onUnknownFormat === 'block') {
        stopped = true
        return unknownFormatEvent()
      }
      filter = create === undefined ? 'pass' : create(createGuard, passFocalParts)
    }
    if (filter === 'pass') return `${raw}\n\n`
    const output = filter.event(event, data)
    stopped = filter.stopped
    return output
  }
  // Events are split and guarded in one step, and each upstream chunk leaves as one string: a
  // stream step per event would cost more than guarding it.
  let buffer = ''
  return new TransformStream<string, string>({
    transform(chunk, controller) {
      if (stopped) return
      // Normalised on the buffer, not the chunk: a `\r` may end one chunk and its `\n` start the next.
      buffer = (buffer + chunk).replaceAll('\r\n', '\n')
      // A lone `\r` ends a line too (the SSE format allows CR, LF or CRLF, and clients parse all
      // three); one that ends the buffer may be the first half of a CRLF, so it waits.
      if (buffer.includes('\r')) {
        const cut = buffer.endsWith('\r') ? 1 : 0
        buffer =
          buffer.slice(0, buffer.length - cut).replaceAll('\r', '\n') + buffer.slice(buffer.length - cut)
      }
      let output = ''
      let start = 0
      for (let boundary = buffer.indexOf('\n\n'); boundary !== -1 && !stopped; ) {
        const raw = buffer.slice(start, boundary)
        if (raw.trim() !== '') output += guardEvent(raw)
        start = boundary + 2
        boundary = buffer.indexOf('\n\n', start)
      }
      buffer = buffer.slice(start)
      if (output) controller.enqueue(output)
      if (stopped) controller.terminate()
    },
    flush(controller) {
      if (stopped) return
      let output = ''
      for (const raw of buffer.replaceAll('\r', '\n').split('\n\n'))
        if (!stopped && raw.trim() !== '') output += guardEvent(raw)
      if (!stopped && filter !== undefined && filter !== 'pass') output += filter.end()
      if (output) controller.enqueue(output)
    },
  })
}
