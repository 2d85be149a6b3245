/**
 * @module @focal/edge/cloudflare
 * Cloudflare Workers entry: `serveFocal` (the module fetch handler), `createFocalStores` (Durable
 * Object stores) and the `FocalSessionObject` class to export from your Worker.
 */
export type { FocalAppOptions } from '../app/types.ts'
export { createFocalApp } from '../create-focal-app.ts'
export {
  createDurableObjectLedgerStore,
  createDurableObjectSessionClaims,
  createDurableObjectSessionLock,
  createDurableObjectSessionStore,
  type FocalSessionNamespace,
} from '../stores/durable-object/index.ts'
export { createFocalStores } from './create-focal-stores.ts'
export {
  createKvCompileCache,
  type FocalKvNamespace,
  type KvCompileCacheOptions,
} from './create-kv-compile-cache.ts'
export { FocalSessionObject } from './focal-session-object.ts'
export { type FocalWorkerHandler, serveFocal } from './serve-focal.ts'
