/** @module @focal/core/engine */
export {}
