/**
 * Wraps `fetch` like a client that keeps its sessions' tokens: the token a response issues is
 * remembered under its session id (from the request path or body, or the JSON answer) and sent back
 * on every later request naming that session, across server restarts.
 */
export function keepSessionTokens(
  send: (input: string, init?: RequestInit) => Promise<Response> = fetch,
): (input: string, init?: RequestInit) => Promise<Response> {
  const tokens = new Map<string, string>()
  const sessionOf = (input: string, body: unknown): string | undefined => {
    const fromPath = /\/v1\/sessions\/([^/?]+)/.exec(input)?.[1]
    if (fromPath) return decodeURIComponent(fromPath)
    if (typeof body !== 'string') return undefined
    const parsed = JSON.parse(body) as { sessionId?: string; id?: string }
    return parsed.sessionId ?? parsed.id
  }
  return async (input, init = {}) => {
    let sessionId = sessionOf(input, init.body)
    const token = sessionId === undefined ? undefined : tokens.get(sessionId)
    const headers = new Headers(init.headers)
    if (token !== undefined) headers.set('x-focal-session-token', token)
    const response = await send(input, { ...init, headers })
    const issued = response.headers.get('x-focal-session-token')
    if (issued) {
      if (sessionId === undefined && response.headers.get('content-type')?.includes('json')) {
        sessionId = ((await response.clone().json()) as { sessionId?: string }).sessionId
      }
      if (sessionId !== undefined) tokens.set(sessionId, issued)
    }
    return response
  }
}
