export {
  createDurableObjectLedgerStore,
  createDurableObjectSessionClaims,
  createDurableObjectSessionLock,
  createDurableObjectSessionStore,
} from './create-durable-object-stores.ts'
export type {
  DurableObjectSql,
  FocalSessionNamespace,
  FocalSessionObjectRpc,
} from './durable-object-types.ts'
export { createSessionObjectStorage } from './session-object-storage.ts'
