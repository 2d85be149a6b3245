import type { z } from 'zod'
import type { FocalIssue } from '../errors/focal-error.ts'
import { type SkillDocument, skillSchema } from './skill-schema.ts'

/** Fields the Skill Builder publishes that Focal does not carry over, and why (path with `[]` for any index). */
const knownUnmapped: Readonly<Record<string, string>> = {
  version: 'the skill version has no Focal equivalent (a definition `version` is its format version)',
  phase: 'the Skill Builder phase has no Focal equivalent',
  'problem.goals': 'no Focal equivalent: the alignment judge takes the goal from the conversation',
  'problem.context': 'no Focal equivalent: put background the model needs into persona',
  scenarios: 'Skill Builder scenarios are examples for authoring; no Focal equivalent',
  'intents.supported[].entities':
    'Focal extracts money, numbers, order ids, emails and dates itself; declare other entities as `entities` patterns',
  'intents.out_of_domain.action': 'only the message is carried over (as settings.fallbackReply)',
  'policy.escalation':
    'no Focal equivalent: a person takes over through settings.handoff (cues such as "speak to a person")',
  output_contract:
    'no Focal equivalent yet: declare each required field as a custom reason code with a missing_pattern',
  'engine.temperature': "sampling settings belong to the host's model; not carried over",
  'engine.max_tokens': "sampling settings belong to the host's model; not carried over",
}

/**
 * Every field of a parsed skill that the skill schema does not declare, located (`tools[2].inputs[0].format`),
 * so `importSkill` reports it as unmapped instead of dropping it silently.
 */
export function findUnknownSkillFields(skill: SkillDocument): FocalIssue[] {
  const issues: FocalIssue[] = []
  visit(skillSchema, skill, '', issues)
  return issues
}

function visit(schema: z.core.$ZodType, value: unknown, path: string, issues: FocalIssue[]): void {
  const base = unwrap(schema, value)
  if (base === undefined) return
  const def = base._zod.def
  if (def.type === 'array' && Array.isArray(value)) {
    const element = (def as z.core.$ZodArrayDef).element
    for (const [index, item] of value.entries()) visit(element, item, `${path}[${index}]`, issues)
    return
  }
  if (def.type !== 'object' || !isRecord(value)) return
  const shape = (def as z.core.$ZodObjectDef).shape
  for (const [key, field] of Object.entries(value)) {
    const fieldPath = path === '' ? key : `${path}.${key}`
    const known = shape[key]
    if (known === undefined) issues.push({ path: fieldPath, message: messageFor(fieldPath) })
    else visit(known, field, fieldPath, issues)
  }
}

/** The object or array schema that describes `value`, through optional, default and union wrappers. */
function unwrap(schema: z.core.$ZodType, value: unknown): z.core.$ZodType | undefined {
  const def = schema._zod.def
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
      return unwrap((def as z.core.$ZodOptionalDef).innerType, value)
    case 'pipe':
      return unwrap((def as z.core.$ZodPipeDef).out, value)
    case 'union':
      for (const option of (def as z.core.$ZodUnionDef).options) {
        const found = unwrap(option, value)
        if (found !== undefined) return found
      }
      return undefined
    case 'array':
      return Array.isArray(value) ? schema : undefined
    case 'object':
      return isRecord(value) ? schema : undefined
    default:
      return undefined
  }
}

function messageFor(path: string): string {
  return knownUnmapped[path.replace(/\[\d+\]/gu, '[]')] ?? 'unknown field: no Focal equivalent; ignored'
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
