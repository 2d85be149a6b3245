/**
 * @module @focal/edge
 * A Hono app that serves the Focal engine over HTTP. Runtime entries with identical export names
 * live at `@focal/edge/cloudflare`, `@focal/edge/deno` and `@focal/edge/node`.
 */

export type { FocalAppOptions } from './create-focal-app.ts'
export { createFocalApp } from './create-focal-app.ts'
