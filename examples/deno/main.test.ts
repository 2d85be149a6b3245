import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const root = import.meta.dirname
const deno = join(root, 'node_modules', '.bin', 'deno')
const flags = [
  'run',
  '--unstable-kv',
  '--conditions=@focal/source',
  '--allow-net=127.0.0.1',
  '--allow-read',
  '--allow-env',
]
const running: ChildProcess[] = []

/** Starts `main.ts` exactly as `pnpm start` does, with `environment` on top of a bare one. */
function start(environment: Record<string, string>) {
  const child = spawn(deno, [...flags, 'main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      FOCAL_KV_PATH: ':memory:',
      PORT: '0',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: `.bin/deno` is a shim that starts the real binary, and both must go.
    detached: true,
  })
  running.push(child)
  let output = ''
  child.stdout?.on('data', (data: Buffer) => (output += data.toString()))
  child.stderr?.on('data', (data: Buffer) => (output += data.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const listening = new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /Focal on Deno at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    }
    child.stdout?.on('data', check)
    void exited.then((code) => reject(new Error(`deno exited with ${code}: ${output}`)))
  })
  // A test that expects the refusal never awaits `listening`: its rejection is not an error there.
  listening.catch(() => undefined)
  return { exited, listening, output: () => output }
}

const sessionSecret = 'deno-example-session-secret-0123456789-abc'

/** A first turn of a new session, as the widget sends it (from `from`, when given). */
const firstTurn = (origin: string, from?: string) =>
  fetch(`${origin}/v1/turn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from === undefined ? {} : { origin: from }) },
    body: JSON.stringify({ text: 'where is my order NW-1001' }),
  })

afterEach(() => {
  for (const child of running.splice(0)) {
    if (child.pid === undefined) continue
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // The group already exited.
    }
  }
})

describe('examples/deno/main.ts', () => {
  it('refuses to start without FOCAL_SESSION_SECRET, saying which setting is missing', async () => {
    const server = start({})
    expect(await server.exited).toBe(1)
    expect(server.output()).toMatch(/refuses to start: set FOCAL_SESSION_SECRET \(32\+ characters\)/)
  }, 60_000)

  it('starts with the secret and keeps each session to its token holder', async () => {
    const server = start({ FOCAL_SESSION_SECRET: sessionSecret })
    const origin = await server.listening
    const created = await firstTurn(origin)
    const { sessionId } = (await created.json()) as { sessionId: string }
    const token = created.headers.get('x-focal-session-token') ?? ''
    expect(token).toMatch(/^v2\./)
    expect((await fetch(`${origin}/v1/sessions/${sessionId}`)).status).toBe(401)
    const read = await fetch(`${origin}/v1/sessions/${sessionId}`, {
      headers: { 'x-focal-session-token': token },
    })
    expect(read.status).toBe(200)
  }, 60_000)

  it('refuses to start with a FOCAL_SESSION_TTL_HOURS that is no number of hours above 0', async () => {
    const server = start({
      FOCAL_SESSION_SECRET: sessionSecret,
      FOCAL_SESSION_TTL_HOURS: '0',
    })
    expect(await server.exited).toBe(1)
    expect(server.output()).toMatch(
      /refuses to start: FOCAL_SESSION_TTL_HOURS must be a number of hours above 0 \(got "0"\)/,
    )
  }, 60_000)

  it('refuses to start with a guessable FOCAL_API_TOKEN, naming the setting', async () => {
    const server = start({ FOCAL_SESSION_SECRET: sessionSecret, FOCAL_API_TOKEN: 'secret' })
    expect(await server.exited).not.toBe(0)
    expect(server.output()).toMatch(/auth\.tokens\[0\]" must be at least 16 characters, got 6/)
  }, 60_000)

  // An open API (no FOCAL_API_TOKEN) lets anyone make sessions: they must not stay in KV forever.
  // Deno KV deletes expired entries lazily (about a minute after expiry locally), so this waits.
  it('forgets an idle session after FOCAL_SESSION_TTL_HOURS', async () => {
    const server = start({
      FOCAL_SESSION_SECRET: sessionSecret,
      FOCAL_SESSION_TTL_HOURS: '0.0001',
    })
    const origin = await server.listening
    const created = await firstTurn(origin)
    const { sessionId } = (await created.json()) as { sessionId: string }
    const headers = { 'x-focal-session-token': created.headers.get('x-focal-session-token') ?? '' }
    let status = 200
    for (const started = Date.now(); status === 200 && Date.now() - started < 110_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      status = (await fetch(`${origin}/v1/sessions/${sessionId}`, { headers })).status
    }
    expect(status).toBe(410)
  }, 130_000)

  // A widget on another origin (the shop's page) calls the API from the browser: without CORS its
  // preflight got 405 and the browser refused every call.
  it('answers the widget origin FOCAL_CORS_ORIGIN names, preflight included, and no other', async () => {
    const server = start({
      FOCAL_SESSION_SECRET: sessionSecret,
      FOCAL_CORS_ORIGIN: 'https://shop.example',
    })
    const origin = await server.listening
    const preflight = (from: string) =>
      fetch(`${origin}/v1/turn`, {
        method: 'OPTIONS',
        headers: {
          origin: from,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-focal-session-token',
        },
      })
    const allowed = await preflight('https://shop.example')
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example')
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'x-focal-session-token',
    )
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull()
    const turn = await firstTurn(origin, 'https://shop.example')
    expect(turn.headers.get('access-control-allow-origin')).toBe('https://shop.example')
    // The widget reads its session token from the response: the browser shows it only if exposed.
    expect(turn.headers.get('access-control-expose-headers')?.toLowerCase()).toContain(
      'x-focal-session-token',
    )
  }, 60_000)
})
