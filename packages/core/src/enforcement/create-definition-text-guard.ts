import { createScanner } from './create-scanner.ts'
import { definitionScans } from './definition-scans.ts'
import type { FocalStreamGuard } from './stream-guard.ts'

/** Runs a whole text through one fresh stream guard: what it releases, or '' when it blocked. */
export function guardWholeText(guard: FocalStreamGuard, text: string): string {
  const released = guard.push(text) + guard.flush()
  return guard.blocked() === undefined ? released : ''
}

/**
 * The whole-text guard of `/v1/turn` over a definition's Lane 1 scanners, compiled once: a text
 * that neither the blocking nor the redacting scanner flags is released as it is (a stream guard
 * would release it unchanged too), so a clean reply costs two scans instead of two stream guards
 * built per response. Any flagged text goes through `createGuard()` exactly as before.
 */
export function createDefinitionTextGuard(
  definition: string | object,
  createGuard: () => FocalStreamGuard,
): (text: string) => string {
  const { blocking, redacting } = definitionScans(definition)
  const blocker = blocking === undefined ? undefined : createScanner(blocking)
  const redactor = createScanner(redacting)
  return (text) => {
    const clean =
      (blocker === undefined || blocker.scan(text).findings.length === 0) &&
      redactor.scan(text).findings.length === 0
    return clean ? text : guardWholeText(createGuard(), text)
  }
}
