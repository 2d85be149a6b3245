import type { z } from 'zod'
import { FocalError, type FocalIssue } from '../errors/focal-error.ts'
import { checkDefinitionReferences } from './check-definition-references.ts'
import { definitionSchema, type FocalDefinition } from './definition-schema.ts'
import { parseYamlText } from './parse-yaml-text.ts'

/**
 * Loads an agent definition from YAML/JSON text or an object, validates it and checks every
 * cross-reference. Throws a `FocalError` `invalid-definition` listing every problem with its path.
 *
 * @example
 * const definition = loadDefinition(await (await fetch('/refund-support.yaml')).text())
 * definition.rules.length
 */
export function loadDefinition(source: string | object): FocalDefinition {
  const input = typeof source === 'string' ? parseSource(source) : source
  const parsed = definitionSchema.safeParse(input)
  if (!parsed.success) throw invalidDefinition(parsed.error.issues.map(toFocalIssue))
  const issues = checkDefinitionReferences(parsed.data)
  if (issues.length > 0) throw invalidDefinition(issues)
  return parsed.data
}

function parseSource(text: string): unknown {
  try {
    return parseYamlText(text)
  } catch (error) {
    const message = (error as Error).message
    throw new FocalError({
      code: 'invalid-definition',
      message,
      issues: [{ path: '', message }],
      cause: error,
    })
  }
}

function invalidDefinition(issues: FocalIssue[]): FocalError {
  const listing = issues.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ')
  return new FocalError({
    code: 'invalid-definition',
    message: `invalid definition (${issues.length} problem${issues.length === 1 ? '' : 's'}): ${listing}`,
    issues,
  })
}

function toFocalIssue(issue: z.core.$ZodIssue): FocalIssue {
  return { path: formatPath(issue.path), message: issue.message }
}

/** `['rules', 3, 'scope', 'step']` → `rules[3].scope.step`. */
function formatPath(path: readonly PropertyKey[]): string {
  let text = ''
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`
    else text += text === '' ? String(segment) : `.${String(segment)}`
  }
  return text
}
