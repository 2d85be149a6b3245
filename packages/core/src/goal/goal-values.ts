import type { GoalArtifact, GoalEntity, GoalField, GoalIntent, GoalScope } from './types.ts'

/** Every intent, in the order the seed lists them. */
export const goalIntents: readonly GoalIntent[] = [
  'explain',
  'locate',
  'review',
  'status',
  'diagnose',
  'compare',
  'navigate',
  'modify',
  'execute',
  'chat',
  'unknown',
]
/** Every entity. */
/** Readings that change something (code, files, state): a question never asks for one. */
export const mutatingIntents: ReadonlySet<string> = new Set<GoalIntent>(['modify', 'execute'])

export const goalEntities: readonly GoalEntity[] = [
  'codebase',
  'component',
  'symbol',
  'file',
  'architecture',
  'git-working-tree',
  'git-history',
  'ci-pipeline',
  'session',
  'build',
  'test',
  'unknown',
]
/** Every artifact. */
export const goalArtifacts: readonly GoalArtifact[] = [
  'overview',
  'definition',
  'usage',
  'difference',
  'report',
  'root-cause',
  'patch',
  'status',
  'explanation',
  'execution-output',
]
/** Every scope. */
export const goalScopes: readonly GoalScope[] = ['global', 'local', 'recent', 'all']

/** The allowed values of each goal field. */
export const goalFieldValues: Readonly<Record<GoalField, readonly string[]>> = {
  intent: goalIntents,
  entity: goalEntities,
  artifact: goalArtifacts,
  scope: goalScopes,
}
