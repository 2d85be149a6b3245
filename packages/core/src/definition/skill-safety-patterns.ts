import { assertSafePattern } from '../enforcement/assert-safe-pattern.ts'
import { FocalError } from '../errors/focal-error.ts'
import type { FocalDefinitionInput } from './definition-schema.ts'
import { deriveIdentifier } from './derive-identifier.ts'
import { invalidSkillError } from './invalid-skill-error.ts'
import type { SkillImportReport } from './skill-import-report.ts'
import type { SkillDocument } from './skill-schema.ts'

type SafetyPatternInput = NonNullable<FocalDefinitionInput['safetyPatterns']>[number]

/**
 * Seed 004 §2 `policy.safety_patterns` as the definition's `safetyPatterns` (Lane 1 redacts every
 * match). Each regex is checked for catastrophic backtracking here, so an error names the skill's path.
 */
export function skillSafetyPatterns(skill: SkillDocument, report: SkillImportReport): SafetyPatternInput[] {
  return (skill.policy?.safety_patterns ?? []).map((entry, index) => {
    const path = `policy.safety_patterns[${index}]`
    const fallback = `safety-pattern-${index + 1}`
    const written = typeof entry === 'string' ? { regex: entry } : entry
    const pattern = (written.regex ?? written.pattern) as string
    const flags = written.flags ?? 'u'
    try {
      assertSafePattern(pattern, {
        path: `${path}${typeof entry === 'string' ? '' : written.regex === undefined ? '.pattern' : '.regex'}`,
        flags,
      })
    } catch (error) {
      if (!FocalError.isInstance(error)) throw error
      throw invalidSkillError(error.issues, error)
    }
    const type =
      written.type ?? (written.message === undefined ? fallback : deriveIdentifier(written.message, fallback))
    if (written.message !== undefined && written.type === undefined)
      report.derivedIds.push({ path, id: type })
    if (written.message !== undefined)
      report.unmapped.push({
        path: `${path}.message`,
        message: `Lane 1 redacts matches; the message is kept only as the pattern type "${type}"`,
      })
    return { type, pattern, ...(written.flags === undefined ? {} : { flags: written.flags }) }
  })
}
