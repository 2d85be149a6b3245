/** @module @focal/core/reformulation */
export {}
