import { Hono } from 'hono'

/** Options of {@link createFocalApp}. */
export interface FocalAppOptions {
  /**
   * Name reported by `GET /health`.
   * @default 'focal'
   */
  name?: string
}

/**
 * Creates the Focal HTTP app.
 *
 * @example
 * const app = createFocalApp({ name: 'support' })
 * export default app
 */
export function createFocalApp({ name = 'focal' }: FocalAppOptions = {}): Hono {
  const app = new Hono()
  app.get('/health', (context) => context.json({ status: 'ok', name }))
  return app
}
