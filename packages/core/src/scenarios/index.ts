/** @module @focal/core/scenarios */
export { createRouter, type Router, type RouterOptions } from './create-router.ts'
export type {
  NavigationState,
  RequiredField,
  RouteDecision,
  RouteInput,
  Scenario,
  Step,
  Transition,
} from './types.ts'
