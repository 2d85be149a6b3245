/** @module @focal/react/transport */
export type { HttpTransportOptions } from './create-http-transport.ts'
export { createHttpTransport } from './create-http-transport.ts'
export type { LocalTransportEngine, LocalTransportOptions } from './create-local-transport.ts'
export { createLocalTransport } from './create-local-transport.ts'
export { parseUiMessageChunk } from './parse-ui-message-chunk.ts'
export { parseUiMessageStream } from './parse-ui-message-stream.ts'
export { turnEventsToChunks } from './turn-events-to-chunks.ts'
export { turnOutcomeChunks, turnResultToChunks } from './turn-result-to-chunks.ts'
export type {
  ChatApprovalRequest,
  ChatSendRequest,
  ChatTransport,
  FocalEnforcementData,
  FocalUiMessageChunk,
  FocalUnknownChunk,
} from './types.ts'
