import { z } from 'zod'
import { definitionSchema } from './definition-schema.ts'

/**
 * JSON Schema (draft 2020-12) of an agent definition as authors write it (defaults optional), for
 * editors: `# yaml-language-server: $schema=./focal-definition.schema.json`.
 */
export const definitionJsonSchema: Record<string, unknown> = {
  title: 'Focal agent definition',
  ...(z.toJSONSchema(definitionSchema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>),
}
