import { z } from 'zod'
import { definitionSchema } from './definition-schema.ts'

/**
 * JSON Schema (draft 2020-12) of an agent definition as authors write it (defaults optional), for
 * editors: `# yaml-language-server: $schema=./focal-definition.schema.json`.
 */
export const definitionJsonSchema: Record<string, unknown> = {
  title: 'Focal agent definition',
  ...(z.toJSONSchema(definitionSchema, {
    io: 'input',
    unrepresentable: 'any',
    override: keepDefaultsAboveTransforms,
  }) as Record<string, unknown>),
}

/**
 * In input mode zod drops every default above a transform (a reason code written as a plain
 * string is normalised to `{ code }`), which would hide `settings` defaults from editors. Each of
 * our defaults is also a valid input, so it is put back.
 */
function keepDefaultsAboveTransforms({ zodSchema, jsonSchema }: Parameters<OverrideFunction>[0]): void {
  if (zodSchema._zod.def.type !== 'default' || jsonSchema.default !== undefined) return
  const rest = { ...jsonSchema }
  for (const key of Object.keys(rest)) delete jsonSchema[key]
  // `default` first, where zod writes it, so the schema file keeps its key order.
  Object.assign(jsonSchema, {
    default: JSON.parse(JSON.stringify((zodSchema as z.core.$ZodDefault)._zod.def.defaultValue)),
    ...rest,
  })
}

type OverrideFunction = NonNullable<NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override']>
