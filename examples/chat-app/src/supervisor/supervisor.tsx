import { type FormEvent, useState } from 'react'

interface PendingApproval {
  id: string
  toolId: string
  args: Record<string, unknown>
  reason: string
  approver?: string
}

type View =
  | { state: 'idle' }
  | { state: 'failed'; message: string }
  | { state: 'pending'; approval: PendingApproval }
  | { state: 'decided'; decision: string; reply: string }

const approverHeader = 'x-focal-approver-token'

async function errorMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string } }
    | undefined
  return body?.error ? `${body.error.code}: ${body.error.message}` : `HTTP ${response.status}`
}

/**
 * The supervisor's view: reads a session's pending approval and decides it with the supervisor's
 * own credential (`x-focal-approver-token`), never the customer's session token.
 */
export function Supervisor({
  sessionId: initialSession,
  credential: initialCredential,
  agent = 'refund',
}: {
  sessionId: string
  credential: string
  /** Whose approvals: the refund agent's (`/v1`) or the repo-helper's (`/task/v1`). */
  agent?: 'refund' | 'task'
}) {
  const api = agent === 'task' ? '/task/v1' : '/v1'
  const [sessionId, setSessionId] = useState(initialSession)
  const [credential, setCredential] = useState(initialCredential)
  const [view, setView] = useState<View>({ state: 'idle' })
  const load = async (event?: FormEvent) => {
    event?.preventDefault()
    const response = await fetch(`${api}/sessions/${encodeURIComponent(sessionId)}/approval`, {
      headers: { [approverHeader]: credential },
    })
    if (!response.ok) return setView({ state: 'failed', message: await errorMessage(response) })
    const { approval } = (await response.json()) as { approval: PendingApproval }
    setView({ state: 'pending', approval })
  }
  const decide = async (approval: PendingApproval, decision: 'approve' | 'reject') => {
    const response = await fetch(`${api}/approvals/${encodeURIComponent(approval.id)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [approverHeader]: credential },
      body: JSON.stringify({ sessionId, decision }),
    })
    if (!response.ok) return setView({ state: 'failed', message: await errorMessage(response) })
    const result = (await response.json()) as { text?: string }
    setView({
      state: 'decided',
      decision: decision === 'approve' ? 'Approved' : 'Rejected',
      reply: result.text ?? '',
    })
  }
  return (
    <main className="demo-supervisor">
      <h2>Supervisor</h2>
      <p>
        Decides paused actions with the supervisor's own credential (printed by <code>pnpm demo</code>); the
        customer's session token is refused.
      </p>
      <form onSubmit={(event) => void load(event)}>
        <label>
          Session{' '}
          <input name="session" value={sessionId} onChange={(event) => setSessionId(event.target.value)} />
        </label>
        <label>
          Supervisor credential{' '}
          <input
            name="credential"
            type="password"
            value={credential}
            onChange={(event) => setCredential(event.target.value)}
          />
        </label>
        <button type="submit">Load pending approval</button>
      </form>
      {view.state === 'failed' ? (
        <p role="alert" className="demo-supervisor-error">
          {view.message}
        </p>
      ) : null}
      {view.state === 'pending' ? (
        <section className="demo-supervisor-approval" aria-label="Pending approval">
          <p>
            <strong>{view.approval.toolId}</strong> <code>{JSON.stringify(view.approval.args)}</code>
          </p>
          <p>{view.approval.reason}</p>
          <button type="button" onClick={() => void decide(view.approval, 'approve')}>
            Approve
          </button>{' '}
          <button type="button" onClick={() => void decide(view.approval, 'reject')}>
            Reject
          </button>
        </section>
      ) : null}
      {view.state === 'decided' ? (
        <section className="demo-supervisor-decided" aria-label="Decision">
          <p>
            <strong>{view.decision}</strong>: recorded in the ledger with your approver id.
          </p>
          <p className="demo-supervisor-reply">{view.reply}</p>
        </section>
      ) : null}
    </main>
  )
}
