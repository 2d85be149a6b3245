/** @module @focal/core/scenarios */
export {}
