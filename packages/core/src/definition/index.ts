/** @module @focal/core/definition */
export { checkDefinitionReferences } from './check-definition-references.ts'
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
export { loadDefinition } from './load-definition.ts'
