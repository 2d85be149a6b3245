/** @module @focal/core/rules */
export {}
