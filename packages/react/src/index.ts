/**
 * @module @focal/react
 * React bindings for Focal: zustand-backed chat state and an accessible chat widget.
 */

export type { StatusBadgeProps } from './status-badge.tsx'
export { StatusBadge } from './status-badge.tsx'
