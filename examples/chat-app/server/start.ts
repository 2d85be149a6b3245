import { join } from 'node:path'
import { serveNode } from '@focal/edge/node'
import { build } from 'vite'
import { createDemoServer } from './create-demo-server.ts'

// `pnpm demo`: build the React client, then serve it and @focal/edge from one Node server.
const root = join(import.meta.dirname, '..')
const clientDir = join(root, 'dist')
const definitionPath = join(root, '..', 'definitions', 'refund-support.yaml')

if (process.env.FOCAL_DEMO_SKIP_BUILD !== '1') {
  console.log('Building the demo client…')
  await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' })
}
const { app, model, dispose, supervisorToken } = await createDemoServer({
  clientDir,
  definitionPath,
  environment: process.env,
})
const port = Number(process.env.PORT ?? 5173)
// serveNode, not @hono/node-server's serve: a malformed or stalled request gets Focal's JSON
// error body (400 invalid-request, 408 request-timeout), never Node's empty one.
const server = serveNode(app, {
  port,
  onListen: (info) => {
    const mode = model
      ? `model ${process.env.FOCAL_MODEL} at ${process.env.FOCAL_MODEL_BASE_URL}`
      : 'no model (approved responses)'
    console.log(`Focal demo running at http://127.0.0.1:${info.port}/ (${mode})`)
    // The credential goes in the URL's fragment, which the browser never sends to the server.
    console.log(
      `Supervisor view (approves large cancellations): http://127.0.0.1:${info.port}/#/supervisor?credential=${supervisorToken}`,
    )
  },
})
const close = () =>
  server.close(() => {
    dispose()
    process.exit(0)
  })
process.on('SIGINT', close)
process.on('SIGTERM', close)
