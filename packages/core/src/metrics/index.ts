/** @module @focal/core/metrics */
export {}
