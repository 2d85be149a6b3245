import type { Hono } from 'hono'
import type { FocalAppContext } from '../app/app-context.ts'
import { readJsonBody } from '../schemas/read-json-body.ts'

/** `POST /v1/parse` and `POST /v1/enforce`: stateless reads of a text against the definition. */
export function registerTextRoutes(hono: Hono, app: FocalAppContext): void {
  hono.post('/v1/parse', async (context) => {
    const { text } = await readJsonBody(context, app.schemas.parse, app.limits.maxJsonDepth)
    return context.json((await app.services.parse(text)) as object)
  })

  hono.post('/v1/enforce', async (context) => {
    const { text, mode, ruleIds } = await readJsonBody(context, app.schemas.enforce, app.limits.maxJsonDepth)
    const outcome = await app.services.enforce({ text, mode, ruleIds })
    const findings = eachOnce(outcome.findings)
    if (mode !== 'redact') return context.json({ ...outcome, findings })
    // A redaction's response holds nothing it redacted: its findings say what and where, never the
    // value, and its violations name their rules without listing the findings again (outside
    // review rv59 9: the card came back three times beside the redacted text).
    const violations = Array.isArray(outcome.violations)
      ? (outcome.violations as Array<Record<string, unknown>>).map(
          ({ findings: _listed, ...violation }) => violation,
        )
      : undefined
    return context.json({
      ...outcome,
      findings: findings.map(withoutValue),
      ...(violations === undefined ? {} : { violations }),
    })
  })
}

/** A finding without the value it found. */
function withoutValue(finding: { type: string; start: number; end: number }): Record<string, unknown> {
  const { value: _value, ...rest } = finding as { value?: unknown } & Record<string, unknown>
  return rest
}

/**
 * The findings of the text, each once: a value two rules found (the detectors and a `never` rule
 * on cards) is one finding, however many violations name it.
 */
function eachOnce<Finding extends { type: string; start: number; end: number }>(
  findings: readonly Finding[],
): Finding[] {
  const seen = new Set<string>()
  return findings.filter((finding) => {
    const key = `${finding.type}:${finding.start}:${finding.end}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
