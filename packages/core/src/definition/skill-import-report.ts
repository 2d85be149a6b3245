import type { FocalIssue } from '../errors/focal-error.ts'

/** An identifier the importer made up for an element the skill did not name with one. */
export interface SkillDerivedId {
  /** Where the element is in the skill, e.g. `policy.workflows[0].steps[2]`. */
  path: string
  /** The identifier it has in the definition, e.g. `run_tests_2`. */
  id: string
}

/** What `importSkill` could not carry over, the ids it made up, and the seed 004 §11 complexity warnings. */
export interface SkillImportReport {
  /** Parts of the skill with no Focal equivalent (or only a weaker one), located; nothing is dropped silently. */
  unmapped: FocalIssue[]
  /** Workflow complexity limits (§11) and other advice; the definition still loads. */
  warnings: FocalIssue[]
  /** Ids derived from names and sentences ("Run the tests" → `run_tests`), unique within their list. */
  derivedIds: SkillDerivedId[]
}
