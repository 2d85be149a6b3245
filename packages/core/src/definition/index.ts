/** @module @focal/core/definition */
export {}
