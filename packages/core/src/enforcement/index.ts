/** @module @focal/core/enforcement */
export {}
