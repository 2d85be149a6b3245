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
    return context.json(await app.services.enforce({ text, mode, ruleIds }))
  })
}
