/** @module @focal/core/judge */
export {}
