/** @module @focal/core/goal */
export {}
