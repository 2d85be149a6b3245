/**
 * @module @focal/edge/deno
 * Deno entry: `serveFocal` (over `Deno.serve`) and `createFocalStores` (Deno KV).
 */
export type { FocalAppOptions } from '../app/types.ts'
export { createFocalApp } from '../create-focal-app.ts'
export { createDenoKvStores, type FocalDenoKv } from '../stores/deno-kv/index.ts'
export { createFocalStores } from './create-focal-stores.ts'
export { type DenoListenOptions, serveFocal } from './serve-focal.ts'
