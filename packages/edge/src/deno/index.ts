/** @module @focal/edge/deno */
export { createFocalApp } from '../create-focal-app.ts'
