/** @module @focal/edge/cloudflare */
export { createFocalApp } from '../create-focal-app.ts'
