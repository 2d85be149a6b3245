/** @module @focal/core/ledger */
export {}
