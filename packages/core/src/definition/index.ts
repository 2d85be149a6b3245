/** @module @focal/core/definition */
export { checkDefinitionReferences } from './check-definition-references.ts'
export { classifyGuardrailTier } from './classify-guardrail-tier.ts'
export { customReasonCodeSchema, type DefinitionCustomReasonCode } from './custom-reason-code-schema.ts'
export { definitionJsonSchema } from './definition-json-schema.ts'
export {
  type DefinitionIntent,
  type DefinitionRule,
  type DefinitionRuleScope,
  type DefinitionRuleTier,
  type DefinitionScenario,
  type DefinitionSettings,
  type DefinitionStep,
  type DefinitionTool,
  type DefinitionTransition,
  definitionSchema,
  type FocalDefinition,
  type FocalDefinitionInput,
} from './definition-schema.ts'
export { explainGuardrailTier, type GuardrailTierExplanation } from './explain-guardrail-tier.ts'
export {
  defaultLookalikeThreshold,
  findLookalikeTopics,
  type LookalikeTopics,
} from './find-lookalike-topics.ts'
export { type GuardrailMapping, guardrailToRule } from './guardrail-to-rule.ts'
export {
  importMcpTools,
  type McpToolImport,
  type McpToolSchemaFields,
  type PolicyOnlyTool,
} from './import-mcp-tools.ts'
export {
  type ImportSkillOptions,
  importSkill,
  type SkillDerivedId,
  type SkillImport,
  type SkillImportReport,
} from './import-skill.ts'
export { loadDefinition } from './load-definition.ts'
export { type SkillDocument, skillSchema } from './skill-schema.ts'
