/**
 * @module @focal/core
 * The runtime-agnostic engine of Focal: no React, no Hono, no `node:*`. Every concern is also
 * reachable on its own subpath (`@focal/core/goal`, `@focal/core/enforcement`, ...) for smaller
 * bundles.
 */

export * from './compiler/index.ts'
export * from './completion/index.ts'
export * from './definition/index.ts'
export * from './enforcement/index.ts'
export * from './engine/index.ts'
export * from './errors/index.ts'
export * from './goal/index.ts'
export * from './judge/index.ts'
export * from './ledger/index.ts'
export * from './llm/index.ts'
export * from './metrics/index.ts'
export * from './reformulation/index.ts'
export * from './rules/index.ts'
export * from './scenarios/index.ts'
export * from './sensor/index.ts'
export * from './ui-message-stream/index.ts'
