/** @module @focal/react/transport */
export type { HttpTransportOptions } from './create-http-transport.ts'
export { createHttpTransport } from './create-http-transport.ts'
export type { LocalTransportEngine, LocalTransportOptions } from './create-local-transport.ts'
export { createLocalTransport } from './create-local-transport.ts'
export type {
  ChatApprovalRequest,
  ChatApprovalStatus,
  ChatHandoffStatus,
  ChatSendRequest,
  ChatStorage,
  ChatTransport,
  FocalEnforcementData,
  FocalUiMessageChunk,
  FocalUnknownChunk,
} from './types.ts'
