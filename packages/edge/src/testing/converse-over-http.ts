import { expect } from 'vitest'
import { keepSessionTokens } from './keep-session-tokens.ts'

/** What a conversation over HTTP left: its session, each turn's response body, and the client. */
export interface HttpConversation {
  sessionId: string
  bodies: string[]
  /** The client that kept the session's token, for reading the session afterwards. */
  http: ReturnType<typeof keepSessionTokens>
}

/**
 * Sends `texts` as the user's turns of one conversation to `POST /v1/turn` at `origin`, as a
 * client that keeps its session token; each turn must answer 200. `afterTurn` runs after each one
 * (to read where the conversation is).
 */
export async function converseOverHttp(
  origin: string,
  texts: readonly string[],
  afterTurn?: (conversation: HttpConversation) => Promise<void>,
): Promise<HttpConversation> {
  const http = keepSessionTokens()
  const conversation: HttpConversation = { sessionId: '', bodies: [], http }
  for (const text of texts) {
    const response = await http(`${origin}/v1/turn`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(
        conversation.sessionId === '' ? { text } : { sessionId: conversation.sessionId, text },
      ),
    })
    expect(response.status).toBe(200)
    const body = await response.text()
    conversation.bodies.push(body)
    conversation.sessionId = (JSON.parse(body) as { sessionId: string }).sessionId
    await afterTurn?.(conversation)
  }
  return conversation
}
