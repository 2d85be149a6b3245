import { FocalError } from '../errors/index.ts'
import type { IntentContract } from './required-elements.ts'
import type { AbstractionLevel } from './types.ts'

/** A required element as a definition can write it (YAML/JSON): keywords instead of a regex. */
export interface IntentElementInput {
  id: string
  label: string
  /** Words or phrases whose presence (case-insensitive, whole words) shows the element. */
  keywords: readonly string[]
}

/** Options of {@link defineIntentContract}. */
export interface DefineIntentContractOptions {
  elements: readonly IntentElementInput[]
  /** @default undefined (any level) */
  abstraction?: AbstractionLevel
  /** @default false */
  needsEvidence?: boolean
}

/**
 * Builds the required elements of a custom intent from keywords (escaped, whole-word,
 * case-insensitive), so a definition can extend seed 004 §9.4 without writing regexes.
 *
 * @example
 * const contracts = { REFUND_DECISION: defineIntentContract({ elements: [{ id: 'amount', label: 'Refund amount', keywords: ['$', 'refund of'] }] }) }
 * createAlignmentJudge({ intentContracts: contracts })
 */
export function defineIntentContract({
  elements,
  abstraction,
  needsEvidence = false,
}: DefineIntentContractOptions): IntentContract {
  const contract: IntentContract = {
    needsEvidence,
    elements: elements.map((element, index) => {
      const keywords = element.keywords.map((keyword) => keyword.trim()).filter((keyword) => keyword !== '')
      if (keywords.length === 0) {
        const path = `elements[${index}].keywords`
        throw new FocalError({
          code: 'invalid-definition',
          message: `${path}: needs at least one keyword`,
          issues: [{ path, message: 'needs at least one keyword' }],
        })
      }
      const alternatives = keywords.map((keyword) => {
        const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        return /^\w/.test(keyword) && /\w$/.test(keyword) ? `\\b${escaped}\\b` : escaped
      })
      return { id: element.id, label: element.label, cues: new RegExp(alternatives.join('|'), 'i') }
    }),
  }
  if (abstraction !== undefined) contract.abstraction = abstraction
  return contract
}
