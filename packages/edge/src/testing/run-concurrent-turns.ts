import type { FocalFetch } from './http-suite.ts'
import { testAppConfig } from './test-app-config.ts'

/** What 50 concurrent turns on one session left behind. */
export interface ConcurrentTurnsOutcome {
  statuses: number[]
  sequences: number[]
  verification: unknown
  /** `state.turn` of the engine session after every turn finished. */
  turnCounter: number
  /** How many user messages the session history holds. */
  userMessages: number
  /** Distinct turns in the ledger (by `payload.turnId`). */
  ledgerTurns: number
  /** True when every turn's ledger records are adjacent (turns did not interleave). */
  turnsContiguous: boolean
}

function contiguous(turnIds: readonly unknown[]): boolean {
  const finished = new Set<unknown>()
  for (const [index, turnId] of turnIds.entries()) {
    if (index > 0 && turnIds[index - 1] !== turnId) finished.add(turnIds[index - 1])
    if (finished.has(turnId)) return false
  }
  return true
}

/**
 * Creates one session, then sends `count - 1` more turns on it at once, spread over the given
 * senders (several app instances sharing one store), and reads back the ledger and the session.
 */
export async function runConcurrentTurns(senders: FocalFetch[], count = 50): Promise<ConcurrentTurnsOutcome> {
  const base = 'http://focal.test'
  const headers = { authorization: `Bearer ${testAppConfig.clientToken}`, 'content-type': 'application/json' }
  const turn = (send: FocalFetch, extra: Record<string, string>, body: object) =>
    send(
      new Request(`${base}/v1/turn`, {
        method: 'POST',
        headers: { ...headers, ...extra },
        body: JSON.stringify(body),
      }),
    )
  const first = await turn(senders[0]!, {}, { text: 'where is my order NW-1000' })
  const { sessionId } = (await first.json()) as { sessionId: string }
  const token = { 'x-focal-session-token': first.headers.get('x-focal-session-token') ?? '' }
  const responses = await Promise.all(
    Array.from({ length: count - 1 }, (_, index) =>
      turn(senders[index % senders.length]!, token, {
        sessionId,
        text: `where is my order NW-${1001 + index}`,
      }),
    ),
  )
  const read = async (path: string) =>
    (await senders[0]!(new Request(`${base}${path}`, { headers: { ...headers, ...token } }))).json()
  const ledger = (await read(`/v1/sessions/${sessionId}/ledger`)) as {
    records: Array<{ sequence: number; payload: { turnId?: string } }>
    verification: unknown
  }
  const session = (await read(`/v1/sessions/${sessionId}`)) as {
    state: { turn: number; history: Array<{ role: string }> }
  }
  return {
    statuses: [first.status, ...responses.map((response) => response.status)],
    sequences: ledger.records.map((record) => record.sequence),
    verification: ledger.verification,
    turnCounter: session.state.turn,
    userMessages: session.state.history.filter((message) => message.role === 'user').length,
    ledgerTurns: new Set(ledger.records.map((record) => record.payload.turnId)).size,
    turnsContiguous: contiguous(ledger.records.map((record) => record.payload.turnId)),
  }
}
