/** @module @focal/core/llm */
export {}
