/** @module @focal/core/testing */
export {}
