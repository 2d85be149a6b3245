/**
 * @module @focal/core/ui-message-stream
 * The stream between engine, server and client: the AI SDK UI message stream (protocol v1) with
 * Focal's typed `data-*` parts, the one turn → chunk mapping, and a validating reader.
 */
export { parseUiMessageChunk, readUiMessageStream } from './read-ui-message-stream.ts'
export type { ToUiMessageChunksOptions, UiTextGuard } from './to-ui-message-chunks.ts'
export { readFailureText, toUiMessageChunks, turnResultEvents } from './to-ui-message-chunks.ts'
export type {
  EnforcementData,
  FocalDataChunk,
  FocalDataParts,
  FocalDataPartType,
  FocalFinishReason,
  GoalGateData,
  ReadUiMessageChunk,
  RetractionCode,
  RetractionData,
  SessionData,
  UiMessageChunk,
  UnknownUiMessageChunk,
} from './ui-message-chunk.ts'
export { focalDataPartSchemas, uiMessageChunkSchema, uiMessageStreamHeaders } from './ui-message-chunk.ts'
