import { createFocalApp } from '@focal/edge'
import { serve } from '@hono/node-server'

// Placeholder until the React demo lands: the Focal app with a page that says what is coming.
const app = createFocalApp({ name: 'focal-demo' })
app.get('/', (context) =>
  context.html(
    '<!doctype html><title>Focal demo</title><h1>Focal demo</h1><p>The chat widget lands here.</p>',
  ),
)

const port = Number(process.env.PORT ?? 5173)
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  console.log(`Focal demo running at http://127.0.0.1:${info.port}/`)
})
