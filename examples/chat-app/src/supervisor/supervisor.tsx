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
      <HandoffDesk api={api} sessionId={sessionId} credential={credential} />
    </main>
  )
}

interface HandedOff {
  status: 'active' | 'released'
  handoff: { reason: string; since: string }
  messages: Array<{ role: 'user' | 'assistant'; content: string }>
}

/**
 * A conversation handed to a person: the person reads it, writes to the customer (the customer's
 * widget shows it as it comes) and hands it back to the assistant, all with their own credential.
 */
function HandoffDesk({ api, sessionId, credential }: { api: string; sessionId: string; credential: string }) {
  const [handedOff, setHandedOff] = useState<HandedOff | undefined>()
  const [message, setMessage] = useState<string | undefined>()
  const [draft, setDraft] = useState('')
  const path = `${api}/sessions/${encodeURIComponent(sessionId)}`
  const load = async () => {
    const response = await fetch(`${path}/handoff/conversation`, {
      headers: { [approverHeader]: credential },
    })
    if (!response.ok) {
      setHandedOff(undefined)
      return setMessage(await errorMessage(response))
    }
    setHandedOff((await response.json()) as HandedOff)
    setMessage(undefined)
  }
  const send = async (event: FormEvent) => {
    event.preventDefault()
    const response = await fetch(`${path}/handoff/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [approverHeader]: credential },
      body: JSON.stringify({ text: draft }),
    })
    if (!response.ok) return setMessage(await errorMessage(response))
    setDraft('')
    await load()
  }
  const handBack = async () => {
    const response = await fetch(`${path}/release`, {
      method: 'POST',
      headers: { [approverHeader]: credential },
    })
    if (!response.ok) return setMessage(await errorMessage(response))
    await load()
    setMessage('Handed back: the assistant answers this customer again.')
  }
  return (
    <section className="demo-supervisor-handoff" aria-label="Handed-off conversation">
      <h3>Human handoff</h3>
      <button type="button" onClick={() => void load()}>
        Load handed-off conversation
      </button>
      {message ? <p role="status">{message}</p> : null}
      {handedOff ? (
        <>
          <p>
            <strong>{handedOff.status === 'active' ? 'You have this conversation' : 'Handed back'}</strong>:{' '}
            {handedOff.handoff.reason}
          </p>
          <ol className="demo-supervisor-transcript" aria-label="Conversation">
            {handedOff.messages.map((entry, index) => (
              // The transcript only grows while this view shows it: the index is a stable key.
              // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
              <li key={index} data-role={entry.role}>
                <strong>{entry.role === 'user' ? 'Customer' : 'Reply'}:</strong> {entry.content}
              </li>
            ))}
          </ol>
          {handedOff.status === 'active' ? (
            <>
              <form onSubmit={(event) => void send(event)}>
                <label>
                  Reply to the customer{' '}
                  <input name="reply" value={draft} onChange={(event) => setDraft(event.target.value)} />
                </label>
                <button type="submit" disabled={draft.trim() === ''}>
                  Send reply
                </button>
              </form>
              <button type="button" onClick={() => void handBack()}>
                Hand back to the assistant
              </button>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  )
}
