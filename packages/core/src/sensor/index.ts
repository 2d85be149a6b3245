/** @module @focal/core/sensor */
export {}
