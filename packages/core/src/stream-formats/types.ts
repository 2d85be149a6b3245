import type { FocalStreamGuard } from '../enforcement/stream-guard.ts'

/** The upstream formats the stream guard understands. */
export type StreamFormat =
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic-messages'
  | 'ui-message-stream'
  | 'json'
  | 'text'

/** Builds the guard for one content channel (one text part, one tool call's arguments...). */
export type CreateStreamGuard = () => FocalStreamGuard

/** One decoded Server-Sent Event. */
export interface SseEvent {
  /** The event text as it arrived, without the blank-line separator. */
  raw: string
  /** The `event:` field, when there is one. */
  name: string | undefined
  /** The joined `data:` lines, or undefined when the event has none (a comment, `retry:`). */
  data: string | undefined
}

/** Guards the events of one SSE format, keeping the output a well-formed stream of that format. */
export interface SseFormatFilter {
  /** The SSE text to emit for one upstream event (may be '' or several events). */
  event(event: SseEvent, data: unknown): string
  /** Upstream ended: releases what is still held, in the format's own events. */
  end(): string
  /** True once a blocking finding ended the stream (nothing more is emitted). */
  readonly stopped: boolean
}

/**
 * The code a guarded response carries when a blocking finding stopped it (next to the format's own
 * reason: `content_filter`, `refusal`, `content-filter`).
 */
export const streamBlockedCode = 'stream-blocked'

/**
 * The response header (`x-focal-stream: v1`) that marks a UI message stream Focal's own chat route
 * wrote. A guard downstream (`guardModelResponse`, edge's `focalFilter`) passes Focal's own data
 * parts (`data-provenance`, `data-session`, …) of such a stream as they are; in any other stream a
 * part of those names is the upstream's own data, and its strings are guarded like every data part's.
 */
export const focalStreamHeader = 'x-focal-stream'
