/**
 * The chunks of the AI SDK UI message stream (protocol v1) that Focal emits; the subset of `ai`'s
 * `uiMessageChunkSchema` we use, with the same field names.
 */
export type FocalUiMessageChunk =
  | { type: 'start'; messageId?: string; messageMetadata?: unknown }
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: 'error'; errorText: string }
  | {
      type: 'finish'
      finishReason?: 'stop' | 'content-filter' | 'error' | 'other'
      messageMetadata?: unknown
    }
  | { type: FocalDataPartType; id?: string; data: unknown; transient?: boolean }

/** Focal's own data parts (`UIMessage` parts `data-clarification`, ...). */
export type FocalDataPartType =
  | 'data-clarification'
  | 'data-approval'
  | 'data-provenance'
  | 'data-enforcement'
  | 'data-goal-gate'
  | 'data-handoff'
  | 'data-session'

/** Header that marks a response as a UI message stream. */
export const uiMessageStreamHeaders = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-vercel-ai-ui-message-stream': 'v1',
  'x-accel-buffering': 'no',
} as const
