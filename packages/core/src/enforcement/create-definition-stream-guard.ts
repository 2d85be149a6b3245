import { chainStreamRedactors } from './chain-stream-redactors.ts'
import { createStreamRedactor } from './create-stream-redactor.ts'
import { definitionScans } from './definition-scans.ts'
import type { FocalStreamGuard } from './stream-guard.ts'

/**
 * A stream guard from a definition's Lane 1 scanners: items of `refuse`/`escalate` rules block the
 * stream (hard safety), items of `redact` rules are replaced. Text passes the blocking guard first,
 * so a refused item never reaches the redacting one or the client.
 */
export function createDefinitionStreamGuard(definition: string | object): () => FocalStreamGuard {
  const { blocking, redacting, masks } = definitionScans(definition)
  return () =>
    chainStreamRedactors(
      blocking ? createStreamRedactor({ ...blocking, mode: 'block' }) : undefined,
      createStreamRedactor({ ...redacting, ...(masks === undefined ? {} : { masks }), mode: 'redact' }),
    )
}
