import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { LanguageModel } from '@focal/core'
import { loadDefinition, openAICompatible } from '@focal/core'
import { createFocalApp, createFocalStores } from '@focal/edge/node'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { createClient } from 'redis'
import { createRepoTools } from '../../repo-helper/create-repo-tools.ts'

const repoHelperPath = join(import.meta.dirname, '..', '..', 'repo-helper', 'repo-helper.yaml')

/** Options of {@link createDemoServer}. */
export interface DemoServerOptions {
  /** Folder of the built client (`vite build` output). */
  clientDir: string
  /** Path of the agent definition YAML. */
  definitionPath: string
  /** Environment to read the optional model settings from. */
  environment: Record<string, string | undefined>
}

/** The model from `FOCAL_MODEL_BASE_URL` / `FOCAL_MODEL` / `FOCAL_API_KEY`, or none (approved responses). */
export function modelFromEnvironment(
  environment: Record<string, string | undefined>,
): LanguageModel | undefined {
  const baseURL = environment.FOCAL_MODEL_BASE_URL
  const model = environment.FOCAL_MODEL
  if (!baseURL || !model) return undefined
  const apiKey = environment.FOCAL_API_KEY
  return openAICompatible({ baseURL, model, ...(apiKey ? { apiKey } : {}) })
}

/** A random secret for this run (tokens signed with it end when the demo stops). */
const randomSecret = () => randomBytes(32).toString('base64url')

/**
 * The demo's scope of shared calls: each conversation its own. Every visitor acts on the same
 * fictional orders with the sidebar's own email, so a scope wider than one conversation let one
 * visitor's cancellation of NW-2002 refuse the next visitor's. A shop with real orders keeps the
 * default (one scope: an order's refunds, cancellations and decisions hold in every conversation,
 * as the HTTP suite checks on Node, Redis, workerd and Deno).
 */
export const demoSharedScope = ({ sessionId }: { sessionId: string }): string => sessionId

/**
 * The demo: the refund agent's `@focal/edge` under `/v1`, the repo-helper task agent's (real git
 * and file tools over a fixture repository) under `/task/v1`, the built React client everywhere else.
 */
export async function createDemoServer({ clientDir, definitionPath, environment }: DemoServerOptions) {
  const loaded = loadDefinition(await readFile(definitionPath, 'utf8'))
  // The demo runs the final alignment judge on every reply so the inspector's §9.13 charts
  // (verdict rate, top reason codes) have ledger events to show; the shared definition keeps it off.
  const definition = {
    ...loaded,
    settings: {
      ...loaded.settings,
      finalizationGate: { ...loaded.settings.finalizationGate, enabled: true },
    },
  }
  const model = modelFromEnvironment(environment)
  // With FOCAL_REDIS_URL, sessions and ledgers live in Redis and survive a restart of the demo.
  const redis = environment.FOCAL_REDIS_URL
    ? await createClient({ url: environment.FOCAL_REDIS_URL }).connect()
    : undefined
  const stores = (keyPrefix: string) => (redis ? createFocalStores({ client: redis, keyPrefix }) : {})
  // Secure by default with nothing to configure: session tokens signed with FOCAL_SESSION_SECRET (a
  // random one per run when unset), and a supervisor who approves with their own credential.
  const sessionSecret = environment.FOCAL_SESSION_SECRET ?? randomSecret()
  // With FOCAL_LEDGER_KEY (32+ characters) the ledgers are keyed: records edited and re-chained by
  // someone who can write Redis, but lacks the key, fail verification; their heads are signed.
  const ledgerKey = environment.FOCAL_LEDGER_KEY
  const keyed = ledgerKey === undefined || ledgerKey === '' ? {} : { ledgerKey }
  const supervisorToken = environment.FOCAL_SUPERVISOR_TOKEN ?? randomSecret()
  const focal = createFocalApp({
    name: 'focal-demo',
    definition,
    sessionSecret,
    approvers: [{ token: supervisorToken, id: 'demo-supervisor', roles: ['supervisor'] }],
    sharedScope: demoSharedScope,
    ...(model ? { model } : {}),
    ...keyed,
    ...stores('focal:refund:'),
  })
  const repo = await createRepoTools()
  const task = createFocalApp({
    name: 'focal-repo-helper',
    definition: await readFile(repoHelperPath, 'utf8'),
    tools: repo.tools,
    sessionSecret,
    // The same demo credential decides the repo-helper's test runs, as a maintainer.
    approvers: [{ token: supervisorToken, id: 'demo-maintainer', roles: ['maintainer'] }],
    ...(model ? { model } : {}),
    ...keyed,
    ...stores('focal:task:'),
  })
  const app = new Hono()
  // The task agent's OpenAPI document names where it is mounted (`servers: [{ url: '/task' }]`):
  // its paths are `/v1/...`, and a client generated from it called the refund agent's `/v1/turn`.
  // It is served at `/task/v1/openapi.json` too, beside the API it describes.
  const taskOpenApi = async () => {
    const response = await task.request('/openapi.json')
    const document = (await response.json()) as Record<string, unknown>
    return { ...document, servers: [{ url: '/task', description: 'the repo-helper task agent' }] }
  }
  app.get('/task/openapi.json', async (context) => context.json(await taskOpenApi()))
  app.get('/task/v1/openapi.json', async (context) => context.json(await taskOpenApi()))
  app.route('/task', task)
  app.route('/', focal)
  // An unknown API path gets the API's own JSON 404 (`route-not-found`), never the page.
  app.all('/task/v1/*', (context) => task.fetch(context.req.raw))
  app.all('/v1/*', (context) => focal.fetch(context.req.raw))
  app.use('/*', serveStatic({ root: clientDir }))
  // Only a page navigation gets the single-page app; a missing script, style or asset is a 404,
  // so a stale page fails on a clear status instead of running HTML as a module.
  app.get('/*', async (context) => {
    if (!isPageNavigation(context.req.raw)) return context.text('Not found.', 404)
    return context.html(await readFile(join(clientDir, 'index.html'), 'utf8'))
  })
  // Any other request (`POST //task/v1/parse`, `/TASK/v1/parse`) is no page: the API's JSON 404.
  // Only a `/v1/` path is the refund API's to answer (a 405 for a known route, another method):
  // handed the others, it read `/TASK` as a mount prefix and answered 405 with `Allow: POST`.
  app.notFound((context) => {
    if (context.req.path.startsWith('/v1/')) return focal.fetch(context.req.raw)
    const { method, path } = context.req
    return context.json({ error: { code: 'route-not-found', message: `No route ${method} ${path}.` } }, 404)
  })
  const dispose = () => {
    repo.dispose()
    void redis?.quit()
  }
  return { app, model, dispose, supervisorToken }
}

/** A browser navigation to a page: not an asset path, not a file name, and it accepts HTML. */
export function isPageNavigation(request: Request): boolean {
  const { pathname } = new URL(request.url)
  if (pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname)) return false
  const mode = request.headers.get('sec-fetch-mode')
  if (mode) return mode === 'navigate'
  return (request.headers.get('accept') ?? '').includes('text/html')
}
