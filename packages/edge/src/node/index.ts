/**
 * @module @focal/edge/node
 * Node entry: `serveFocal` (over `@hono/node-server`), `serveNode` (any fetch handler served the
 * same way) and `createFocalStores` (Redis).
 */
export type { FocalAppOptions } from '../app/types.ts'
export { createFocalApp } from '../create-focal-app.ts'
export { createFocalStores } from './create-focal-stores.ts'
export { createRedisStores, type FocalRedisClient } from './create-redis-stores.ts'
export { type NodeListenOptions, serveFocal, serveNode } from './serve-focal.ts'
