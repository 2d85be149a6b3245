/** @module @focal/core/scenarios */
export { createRouter, type Router, type RouterOptions } from './create-router.ts'
export type { NavigationState, RouteDecision, RouteInput } from './types.ts'
