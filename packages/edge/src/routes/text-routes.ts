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
    return context.json({ ...outcome, findings: eachOnce(outcome.findings) })
  })
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
