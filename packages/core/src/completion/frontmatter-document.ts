import { Document, parseDocument } from 'yaml'
import { FocalError } from '../errors/index.ts'
import {
  type FrontmatterReadResult,
  type ResearchFrontmatterChanges,
  researchFrontmatterSchema,
} from './research-frontmatter-schema.ts'
import { validateGoalContract } from './validate-goal-contract.ts'

/** Reads the `gyoshu:` block and its goal contract out of frontmatter YAML text. */
export function readFrontmatterYaml(yamlText: string): FrontmatterReadResult {
  const document = parseDocument(yamlText)
  if (document.errors.length > 0)
    return { type: 'invalid', errors: document.errors.map((error) => `YAML: ${error.message}`) }
  const value: unknown = document.toJS()
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { type: 'absent', reason: 'frontmatter is not a mapping' }
  const root = value as Record<string, unknown>
  if (root.gyoshu === undefined) return { type: 'absent', reason: 'frontmatter has no gyoshu key' }
  const parsed = researchFrontmatterSchema.safeParse(root.gyoshu)
  if (!parsed.success) {
    return {
      type: 'invalid',
      errors: parsed.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`),
    }
  }
  const research = parsed.data
  if (research.goal_contract === undefined)
    return { type: 'found', research, document: root, goalContractErrors: [] }
  const validation = validateGoalContract(research.goal_contract)
  if (!validation.isValid)
    return {
      type: 'found',
      research,
      document: root,
      goalContractErrors: validation.errors.map((error) => `gyoshu.goal_contract.${error}`),
    }
  return {
    type: 'found',
    research,
    document: root,
    goalContract: validation.contract,
    goalContractErrors: [],
  }
}

/**
 * Applies changes to the `gyoshu:` block of frontmatter YAML, keeping every other field, comments
 * and order. Creates the block (schema_version 1, status active) when missing; stamps `updated`.
 */
export function updateFrontmatterYaml(
  yamlText: string | undefined,
  changes: ResearchFrontmatterChanges,
  now: string,
): string {
  const document =
    yamlText === undefined || yamlText.trim() === '' ? new Document({}) : parseDocument(yamlText)
  if (document.errors.length > 0)
    throw invalidFrontmatter(document.errors.map((error) => `YAML: ${error.message}`))
  if (document.contents === null || !('setIn' in document.contents) || Array.isArray(document.toJS())) {
    throw invalidFrontmatter(['frontmatter is not a mapping'])
  }
  if (!document.has('gyoshu'))
    document.set(
      'gyoshu',
      document.createNode({ schema_version: 1, status: 'active', created: now, updated: now }),
    )
  if (changes.goal_contract !== undefined) assertContract(changes.goal_contract)
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) document.deleteIn(['gyoshu', key])
    else document.setIn(['gyoshu', key], document.createNode(value))
  }
  if (!Object.hasOwn(changes, 'updated')) document.setIn(['gyoshu', 'updated'], now)
  const written = document.toString({ lineWidth: 0 })
  const check = readFrontmatterYaml(written)
  if (check.type !== 'found')
    throw invalidFrontmatter(check.type === 'invalid' ? check.errors : [check.reason])
  return written.replace(/\n$/, '')
}

function assertContract(contract: unknown): void {
  const validation = validateGoalContract(contract)
  if (validation.isValid) return
  throw new FocalError({
    code: 'invalid-goal-contract',
    message: `Cannot write an invalid goal contract: ${validation.errors.join('; ')}`,
    issues: validation.issues.map((issue) => ({ ...issue, path: `gyoshu.goal_contract.${issue.path}` })),
  })
}

function invalidFrontmatter(errors: readonly string[]): FocalError {
  return new FocalError({
    code: 'invalid-argument',
    message: `Cannot update frontmatter: ${errors.join('; ')}`,
    issues: errors.map((message) => ({ path: 'gyoshu', message })),
  })
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, segment) => (typeof segment === 'number' ? `${text}[${segment}]` : `${text}.${String(segment)}`),
    'gyoshu',
  )
}
