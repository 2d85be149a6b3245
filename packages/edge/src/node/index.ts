/** @module @focal/edge/node */
export { createFocalApp } from '../create-focal-app.ts'
