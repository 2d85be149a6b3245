/** @module @focal/core/completion */
export {}
