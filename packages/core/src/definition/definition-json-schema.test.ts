import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { definitionJsonSchema } from './definition-json-schema.ts'

// biome-ignore lint/suspicious/noExplicitAny: test drafts are mutated at arbitrary paths
type Draft = any

describe('definitionJsonSchema', () => {
  it('matches the schema file editors use next to the example definitions', () => {
    const file = readFileSync(
      fileURLToPath(
        new URL('../../../../examples/definitions/focal-definition.schema.json', import.meta.url),
      ),
      'utf8',
    )
    expect(JSON.parse(file)).toEqual(definitionJsonSchema)
  })

  it('describes rules with their tier enum and bounded priority', () => {
    const rules = (definitionJsonSchema.properties as Draft).rules.items
    expect(rules.properties.tier.enum).toEqual(['hard-safety', 'process', 'style'])
    expect(rules.properties.priority).toMatchObject({ minimum: -100, maximum: 100 })
  })
})
