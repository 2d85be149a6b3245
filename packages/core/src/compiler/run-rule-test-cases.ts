import type { CompiledExpression } from '../enforcement/index.ts'
import type { RuleTestCase, RuleTestFailure } from './types.ts'

/**
 * Runs every case against the compiled expression; a case passes only when the expression returns
 * a boolean equal to `shouldTrigger` (errors and non-booleans fail). Returns the failures.
 */
export function runRuleTestCases(
  expression: CompiledExpression,
  testCases: readonly RuleTestCase[],
): RuleTestFailure[] {
  const failures: RuleTestFailure[] = []
  for (const testCase of testCases) {
    const outcome = expression.evaluate(testCase.input)
    if (outcome.type === 'error') failures.push({ testCase, got: `error: ${outcome.message}` })
    else if (typeof outcome.value !== 'boolean')
      failures.push({ testCase, got: `non-boolean ${JSON.stringify(outcome.value)}` })
    else if (outcome.value !== testCase.shouldTrigger) failures.push({ testCase, got: String(outcome.value) })
  }
  return failures
}
