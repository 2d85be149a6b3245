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

/** Model ids per use, as a definition declares them, e.g. `{ default: 'gpt-4o', judge: 'gpt-4o-mini' }`. */
export type ModelRoleIds = { default?: string | undefined } & { [Use in ModelUse]?: string | undefined }

/** Options of {@link createModelRoles}. */
export interface CreateModelRolesOptions {
  ids: ModelRoleIds
  /** The host's factory: a model for an id (e.g. `(id) => openAICompatible({ baseURL, model: id })`). */
  provide: (modelId: string) => LanguageModel
}

/**
 * Turns the model ids a definition names per use into {@link ModelRoles}, creating each distinct
 * id once.
 *
 * @example
 * const roles = createModelRoles({ ids: { default: 'gpt-4o', judge: 'gpt-4o-mini' }, provide: (model) => openAICompatible({ baseURL, apiKey, model }) })
 */
export function createModelRoles({ ids, provide }: CreateModelRolesOptions): ModelRoles {
  const made = new Map<string, LanguageModel>()
  const roles: ModelRoles = {}
  for (const [use, modelId] of Object.entries(ids) as Array<[keyof ModelRoles, string | undefined]>) {
    if (modelId === undefined) continue
    let model = made.get(modelId)
    if (model === undefined) {
      model = provide(modelId)
      made.set(modelId, model)
    }
    roles[use] = model
  }
  return roles
}
