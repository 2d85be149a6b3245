import type { ProvenanceGate } from '../ledger/index.ts'
import type { AlignmentJudgeResult } from './types.ts'

/**
 * The provenance gate entry for a judge result (`final-alignment`, the verdict as status, score,
 * codes and fix mode as detail), for `TurnResult.provenance.gates`.
 *
 * @example
 * provenance.gates.push(judgeProvenanceGate(result))
 */
export function judgeProvenanceGate(
  result: AlignmentJudgeResult,
  limitations: readonly string[] = [],
): ProvenanceGate {
  const codes = result.reasonCodes.length === 0 ? 'no reason codes' : result.reasonCodes.join(', ')
  const detail = `score ${result.qualityScore.toFixed(2)}; ${codes}; fix ${result.fixMode}; by ${result.modelId}`
  return {
    name: 'final-alignment',
    status: result.verdict,
    detail: limitations.length === 0 ? detail : `${detail}; limitations: ${limitations.join(' ')}`,
  }
}
