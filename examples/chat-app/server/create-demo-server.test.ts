import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDemoServer } from './create-demo-server.ts'

const definitionPath = join(import.meta.dirname, '..', '..', 'definitions', 'refund-support.yaml')
let clientDir: string
let origin: string
let close: () => Promise<void>
let supervisorToken: string

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'focal-demo-client-'))
  mkdirSync(join(clientDir, 'assets'))
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Focal demo</title>')
  writeFileSync(join(clientDir, 'assets', 'app.js'), 'export const app = 1')
  const demo = await createDemoServer({ clientDir, definitionPath, environment: {} })
  supervisorToken = demo.supervisorToken
  const server = serve({ fetch: demo.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = async () => {
    await new Promise((resolve) => server.close(resolve))
    demo.dispose()
    rmSync(clientDir, { recursive: true, force: true })
  }
})
afterAll(() => close())

const navigate = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' }

/** A GET with exactly these headers (fetch() would replace the browser's `sec-fetch-*` headers). */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${origin}${path}`, { headers }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    sent.on('error', reject)
    sent.end()
  })
}

describe('createDemoServer over a real socket', () => {
  it("points the task agent's OpenAPI document at /task, where its /v1 paths are served", async () => {
    // Outside review 46: /task/openapi.json listed /v1 paths with no servers, so a client generated
    // from it called the refund agent's /v1/turn; /task/v1/openapi.json was a 404.
    for (const path of ['/task/openapi.json', '/task/v1/openapi.json']) {
      const response = await fetch(`${origin}${path}`)
      expect(response.status, path).toBe(200)
      const document = (await response.json()) as { servers?: Array<{ url: string }>; paths: object }
      expect(
        document.servers?.map((server) => server.url),
        path,
      ).toEqual(['/task'])
      expect(Object.keys(document.paths), path).toContain('/v1/turn')
    }
    // Resolved against its server, a path of the document reaches the task agent, not the refund one.
    const turn = await fetch(`${origin}/task/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'hi' }),
    })
    expect(((await turn.json()) as { text: string }).text).toMatch(/this repository/)
    // The refund agent's own document keeps its paths at the root.
    const refund = (await (await fetch(`${origin}/openapi.json`)).json()) as { servers?: unknown }
    expect(refund.servers).toBeUndefined()
  })

  it('answers an unknown /v1 route with the JSON route-not-found error, for every method', async () => {
    for (const [method, path] of [
      ['GET', '/v1/nothing-here'],
      ['POST', '/v1/nothing-here'],
      ['GET', '/task/v1/nothing-here'],
    ] as const) {
      const response = await fetch(`${origin}${path}`, { method, headers: navigate })
      expect(response.status, `${method} ${path}`).toBe(404)
      expect(response.headers.get('content-type')).toContain('application/json')
      expect(await response.json()).toEqual({
        error: { code: 'route-not-found', message: `No route ${method} ${path}.` },
      })
    }
  })

  // An outside review: these got a plain-text 404 with no code.
  it('answers a request no route and no page takes with a JSON error and its code', async () => {
    // Not 405 with `Allow: POST` (review 46b): a client following `Allow` would loop.
    for (const path of ['//task/v1/parse', '/TASK/v1/parse', '//v1/turn', '/V1/turn']) {
      const response = await fetch(`${origin}${path}`, { method: 'POST', headers: navigate })
      expect(response.status, path).toBe(404)
      expect(response.headers.get('allow'), path).toBeNull()
      expect(response.headers.get('content-type'), path).toContain('application/json')
      const body = (await response.json()) as { error: { code: string } }
      expect(body.error.code, path).toBe('route-not-found')
    }
  })

  it('answers a known route with the wrong method under /task too with 405 and Allow, as under /v1', async () => {
    // Found by an outside review: GET /task/v1/turn said 404 route-not-found.
    for (const path of ['/v1/turn', '/task/v1/turn']) {
      const response = await fetch(`${origin}${path}`, { method: 'GET', headers: navigate })
      expect(response.status, path).toBe(405)
      expect(response.headers.get('allow'), path).toBe('POST')
      expect(await response.json()).toMatchObject({ error: { code: 'method-not-allowed' } })
    }
  })

  it.each([
    ['@design/refactor-plan.md summarize it', 'explain'],
    // Outside review 50: with a weak word of its own, the name's `refactor` still outvoted it.
    ['summarise @design/refactor-plan.md please', 'explain'],
    ["what's in @design/refactor-plan.md", 'explain'],
    ['@design/refactor-plan.md tl;dr', 'explain'],
  ])(
    'reads %j by its own words over /task/v1/parse, not by the words of a file it names',
    async (text, intent) => {
      // Outside review 49: `refactor` inside the path read the request as a change.
      const response = await fetch(`${origin}/task/v1/parse`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      })
      expect(response.status).toBe(200)
      const body = (await response.json()) as { goal: { goal: { intent: string; target: string } } }
      expect(body.goal.goal).toMatchObject({ intent, target: '@design/refactor-plan.md' })
    },
  )

  it('still serves the real API routes', async () => {
    const health = await fetch(`${origin}/health`)
    expect(await health.json()).toEqual({ status: 'ok', name: 'focal-demo' })
    const turn = await fetch(`${origin}/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Which card is on file?' }),
    })
    expect(turn.status).toBe(200)
  })

  it('serves an existing asset and answers a missing one with 404, not the page', async () => {
    const present = await fetch(`${origin}/assets/app.js`)
    expect(present.status).toBe(200)
    expect(await present.text()).toBe('export const app = 1')
    // A stale page importing a chunk from an older build.
    const missing = await get('/assets/app-0ld.js', {
      accept: '*/*',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'script',
    })
    expect(missing.status).toBe(404)
    expect(missing.body).not.toContain('<!doctype html>')
    expect((await get('/assets/page.css', navigate)).status).toBe(404)
    expect((await get('/favicon.ico', navigate)).status).toBe(404)
  })

  it('gives the single-page app only to page navigations', async () => {
    const page = await get('/inspector', navigate)
    expect(page.status).toBe(200)
    expect(page.body).toContain('<title>Focal demo</title>')
    // Clients without fetch metadata: the Accept header decides.
    expect((await get('/', { accept: 'text/html' })).status).toBe(200)
    expect((await get('/some/data', { accept: 'application/json' })).status).toBe(404)
    expect((await get('/chunk', { accept: 'text/html', 'sec-fetch-mode': 'no-cors' })).status).toBe(404)
  })

  it('never tells a customer their goal was ambiguous in a reply that acted on nothing', async () => {
    // The demo runs the final alignment judge on every reply; a withdrawal or the fallback rests on
    // no assumption, so the judge's "ambiguous goal" caveat must not reach the customer.
    let token: string | undefined
    const turn = async (text: string) => {
      const response = await fetch(`${origin}/v1/turn`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token === undefined ? {} : { 'x-focal-session-token': token }),
        },
        body: JSON.stringify({ sessionId: 'withdrawn', text }),
      })
      token = response.headers.get('x-focal-session-token') ?? token
      return (await response.json()) as { type: string; text?: string }
    }
    expect((await turn('please cancel NW-2002, the total was $720')).type).toBe('approval-required')
    const withdrawn = await turn('actually I changed my mind, please dont cancel it')
    expect(withdrawn.text).toContain('withdrawn that request')
    expect(withdrawn.text).not.toMatch(/ambiguous|assumption/)
  })

  it("lets the demo's credential approve the repo-helper's test run as a maintainer, and only that credential", async () => {
    // Found by an outside review: the task agent had no approver, so "run the tests" waited forever.
    const turn = await fetch(`${origin}/task/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 'tests', text: 'run the tests' }),
    })
    const paused = (await turn.json()) as { type: string; approval: { id: string; approver: string } }
    expect(paused).toMatchObject({ type: 'approval-required', approval: { approver: 'maintainer' } })
    const decide = (token: string) =>
      fetch(`${origin}/task/v1/approvals/${encodeURIComponent(paused.approval.id)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-focal-approver-token': token },
        body: JSON.stringify({ sessionId: 'tests', decision: 'approve' }),
      })
    expect((await decide('not-the-demo-credential-0123456789abcdef')).status).toBe(401)
    const approved = await decide(supervisorToken)
    expect(approved.status).toBe(200)
    const result = (await approved.json()) as { provenance: { tools: Array<{ id: string; status: string }> } }
    expect(result.provenance.tools).toContainEqual(
      expect.objectContaining({ id: 'test', status: 'approved' }),
    )
  })

  it('refuses a test run in a parent, home, UNC or drive path before any maintainer is asked', async () => {
    // Found by an outside review: "run the tests in ../" (or "~root", "\\server\share") asked a
    // maintainer to approve the whole suite, and "C:\Windows" the stray target "c".
    const requests = [
      'run the tests in ../',
      'run the tests in ..',
      'run the tests in ~root',
      'run the tests in \\\\server\\share',
      'run the tests in C:\\Windows',
      'run the tests in C:/Windows',
    ]
    for (const [index, text] of requests.entries()) {
      const sessionId = `outside-${index}`
      const response = await fetch(`${origin}/task/v1/turn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId, text }),
      })
      expect(response.status, text).toBe(200)
      const body = (await response.json()) as { type: string; text?: string }
      expect(body.type, text).not.toBe('approval-required')
      expect(body.text, text).toMatch(
        /^I can only run this repository's own tests, and \S+ is outside it; nothing was run\.$/u,
      )
      // Nothing waits for the maintainer.
      const approval = await fetch(`${origin}/task/v1/sessions/${sessionId}/approval`, {
        headers: { 'x-focal-approver-token': supervisorToken },
      })
      expect(approval.status, text).toBe(404)
    }
  })
})
