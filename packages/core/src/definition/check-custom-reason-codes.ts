import { assertSafePattern } from '../enforcement/assert-safe-pattern.ts'
import type { FocalIssue } from '../errors/focal-error.ts'
import { FocalError } from '../errors/focal-error.ts'
import { hardFailReasonCodes, softReasonCodes } from '../judge/types.ts'
import type { DefinitionCustomReasonCode } from './custom-reason-code-schema.ts'

const builtIn = new Set<string>([...hardFailReasonCodes, ...softReasonCodes])

/**
 * Checks `settings.finalizationGate.customReasonCodes` at load, with the rules the judge applies
 * (no duplicate, no built-in code, a `missingPattern` that cannot backtrack catastrophically), so
 * a bad code is reported with its definition path instead of failing when the engine starts.
 */
export function checkCustomReasonCodes(codes: readonly DefinitionCustomReasonCode[]): FocalIssue[] {
  const path = 'settings.finalizationGate.customReasonCodes'
  const issues: FocalIssue[] = []
  const seen = new Set<string>()
  codes.forEach((custom, index) => {
    const at = `${path}[${index}]`
    if (builtIn.has(custom.code))
      issues.push({ path: `${at}.code`, message: `"${custom.code}" is a built-in reason code` })
    else if (seen.has(custom.code))
      issues.push({ path: `${at}.code`, message: `duplicate reason code "${custom.code}"` })
    seen.add(custom.code)
    if (custom.missingPattern === undefined) return
    try {
      // The judge compiles missing patterns case-insensitively.
      assertSafePattern(custom.missingPattern, { path: `${at}.missingPattern`, flags: 'iu' })
    } catch (error) {
      if (!FocalError.isInstance(error)) throw error
      issues.push(...error.issues)
    }
  })
  return issues
}
