import type { ProvenanceEnforcement } from '../../ledger/index.ts'
import type { Lane2Outcome } from './types.ts'

/**
 * The `provenance.enforcement.lane2` entry of a Lane 2 outcome: whether the model judged anything
 * this turn, and why it was skipped when its judgment could not finish.
 *
 * @example
 * provenance.enforcement = { ...enforcement, lane2: lane2Provenance(outcome) }
 */
export function lane2Provenance(outcome: Lane2Outcome): NonNullable<ProvenanceEnforcement['lane2']> {
  const ran = outcome.checks.some((check) => check.status !== 'not-run')
  return outcome.skipped === undefined ? { ran } : { ran, skipped: outcome.skipped }
}
