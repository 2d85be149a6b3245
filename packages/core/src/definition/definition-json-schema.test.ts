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

  it('keeps the settings defaults editors show, though a reason code string is normalised below them', () => {
    const settings = (definitionJsonSchema.properties as Draft).settings
    expect(settings.default.finalizationGate).toEqual({
      enabled: false,
      maxRetries: 2,
      strictness: 'medium',
      onFail: 'fallback',
      customReasonCodes: [],
    })
    const codes = settings.properties.finalizationGate.properties.customReasonCodes
    expect(codes.items.anyOf.map((option: Draft) => option.type)).toEqual(['string', 'object'])
    expect(codes.items.anyOf[0].pattern).toBe('^[A-Z][A-Z0-9_]*$')
  })

  it('describes rules with their tier enum and bounded priority', () => {
    const rules = (definitionJsonSchema.properties as Draft).rules.items
    expect(rules.properties.tier.enum).toEqual(['hard-safety', 'process', 'style'])
    expect(rules.properties.priority).toMatchObject({ minimum: -100, maximum: 100 })
  })
})
