/** @module @focal/core/compiler */
export {}
