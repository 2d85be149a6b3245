/** @module @focal/core/enforcement */
export { assertSafePattern } from './assert-safe-pattern.ts'
export { checkExpression, compileExpression } from './compile-expression.ts'
export { fromCelValue, toCelValue } from './to-cel-value.ts'
export type * from './types.ts'
