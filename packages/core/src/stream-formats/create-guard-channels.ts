import {
  createJsonEscapeDecoder,
  decodeJsonEscapes,
  encodeJsonView,
  type JsonEscapeDecoder,
} from './decode-json-escapes.ts'
import type { CreateStreamGuard } from './types.ts'

/** How a channel's text is written. */
export interface ChannelOptions {
  /**
   * Raw JSON text (a tool call's streamed arguments): its escapes are decoded before the guard
   * reads it (`\u0034` is `4`, `\n` a line break), so an escaped value is found like a plain one,
   * and written back after (equivalent JSON).
   */
  json?: boolean
}

/** One guard per content channel of a stream; see {@link createGuardChannels}. */
export interface GuardChannels {
  /** True once any channel's guard blocked: every later push releases nothing. */
  readonly blocked: boolean
  /**
   * Feeds `text` to the channel `key` (opened on first use) and returns what is safe to emit now.
   * `emit` serialises a delta of this channel, used when held text is released at its close.
   */
  push(key: string, text: string, emit: (rest: string) => string, options?: ChannelOptions): string
  /** Closes a channel: the held-back rest as raw text ('' when none, or when the channel is unknown). */
  close(key: string): string
  /** Closes a channel: the held-back rest as the channel's own delta event ('' when none). */
  closeEvent(key: string): string
  /** Closes every open channel whose key passes `filter`, as delta events. */
  closeAll(filter?: (key: string) => boolean): string
  /** All text a channel released so far (undefined when it never opened). */
  released(key: string): string | undefined
  /** Keys of the channels still open. */
  openKeys(): string[]
  /** Runs one whole value through a fresh guard: the released text ('' once blocked). */
  whole(text: string, options?: ChannelOptions): string
}

interface Channel {
  guard: ReturnType<CreateStreamGuard>
  decoder: JsonEscapeDecoder | undefined
  released: string
  emit: (rest: string) => string
}

/**
 * The content channels of one guarded stream: a value split across events of one channel (a text
 * part, a tool call's argument deltas) goes through one guard, so it is caught at any boundary,
 * and the guard holds back only a possible match's prefix. A block on any channel stops them all.
 */
export function createGuardChannels(createGuard: CreateStreamGuard): GuardChannels {
  const open = new Map<string, Channel>()
  const released = new Map<string, string>()
  let blocked = false
  const close = (key: string): { channel: Channel; rest: string } | undefined => {
    const channel = open.get(key)
    if (channel === undefined) return undefined
    open.delete(key)
    const held = channel.decoder?.flush() ?? ''
    const guarded = blocked ? '' : (held === '' ? '' : channel.guard.push(held)) + channel.guard.flush()
    const rest = channel.decoder === undefined ? guarded : encodeJsonView(guarded)
    if (channel.guard.blocked() !== undefined) blocked = true
    const safeRest = blocked ? '' : rest
    channel.released += safeRest
    released.set(key, channel.released)
    return { channel, rest: safeRest }
  }
  return {
    get blocked() {
      return blocked
    },
    push(key, text, emit, options) {
      if (blocked) return ''
      let channel = open.get(key)
      if (channel === undefined) {
        const decoder = options?.json ? createJsonEscapeDecoder() : undefined
        channel = { guard: createGuard(), decoder, released: released.get(key) ?? '', emit }
        open.set(key, channel)
      }
      channel.emit = emit
      const output = channel.decoder
        ? encodeJsonView(channel.guard.push(channel.decoder.push(text)))
        : channel.guard.push(text)
      if (channel.guard.blocked() !== undefined) blocked = true
      channel.released += output
      released.set(key, channel.released)
      return output
    },
    close: (key) => close(key)?.rest ?? '',
    closeEvent(key) {
      const closed = close(key)
      return closed?.rest ? closed.channel.emit(closed.rest) : ''
    },
    closeAll(filter = () => true) {
      let output = ''
      for (const key of [...open.keys()]) if (filter(key)) output += this.closeEvent(key)
      return output
    },
    released: (key) => released.get(key),
    openKeys: () => [...open.keys()],
    whole(text, options) {
      if (blocked) return ''
      const guard = createGuard()
      const guarded = guard.push(options?.json ? decodeJsonEscapes(text) : text) + guard.flush()
      const output = options?.json ? encodeJsonView(guarded) : guarded
      if (guard.blocked() !== undefined) blocked = true
      return blocked ? '' : output
    },
  }
}
