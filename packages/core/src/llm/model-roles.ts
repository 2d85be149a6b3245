import type { LanguageModel } from './types.ts'

/** What a model is used for: perception, reply generation, judging, rule compilation. */
export type ModelUse = 'sensor' | 'generation' | 'judge' | 'compiler'

/**
 * Model choice per use (seed 004 §4): a default plus optional overrides, e.g. a small fast model
 * for the judge and a stronger one for generation.
 */
export type ModelRoles = { default?: LanguageModel } & { [Use in ModelUse]?: LanguageModel }

/**
 * The model for `use`: its override, else `default`, else `undefined` (the deterministic path).
 *
 * @example
 * const judgeModel = resolveModel({ default: big, judge: small }, 'judge') // small
 */
export function resolveModel(
  roles: ModelRoles | LanguageModel | undefined,
  use: ModelUse,
): LanguageModel | undefined {
  if (roles === undefined) return undefined
  if (isLanguageModel(roles)) return roles
  return roles[use] ?? roles.default
}

function isLanguageModel(value: ModelRoles | LanguageModel): value is LanguageModel {
  return typeof (value as { generate?: unknown }).generate === 'function'
}
