import type { LedgerRecord } from '@focal/core'
import { useCallback, useEffect, useState } from 'react'
import { BarChart } from './bar-chart.tsx'
import { summarizeLedger } from './summarize-ledger.ts'

interface LedgerResponse {
  sessionId: string
  records: LedgerRecord[]
  verification: { valid: boolean; [key: string]: unknown }
}

type Load =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; ledger: LedgerResponse }

const short = (hash: string | null) => (hash ? `${hash.slice(0, 10)}…` : '—')

function useLedger(sessionId: string, token: string) {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const refresh = useCallback(async () => {
    if (!sessionId)
      return setLoad({ state: 'failed', message: 'No session: open the inspector from the chat.' })
    const response = await fetch(`/v1/sessions/${encodeURIComponent(sessionId)}/ledger`, {
      headers: token ? { 'x-focal-session-token': token } : {},
    }).catch(() => undefined)
    if (!response?.ok) {
      const body = (await response?.json().catch(() => undefined)) as
        | { error?: { message?: string } }
        | undefined
      return setLoad({ state: 'failed', message: body?.error?.message ?? 'The ledger could not be loaded.' })
    }
    setLoad({ state: 'loaded', ledger: (await response.json()) as LedgerResponse })
  }, [sessionId, token])
  useEffect(() => {
    void refresh()
  }, [refresh])
  return { load, refresh }
}

function ChainStatus({ ledger }: { ledger: LedgerResponse }) {
  const { valid, ...details } = ledger.verification
  return (
    <p className="inspector-chain" data-valid={valid}>
      <strong>{valid ? 'Hash chain intact' : 'Hash chain broken'}</strong> · {ledger.records.length} records
      {!valid && Object.keys(details).length > 0 ? <code> {JSON.stringify(details)}</code> : null}
    </p>
  )
}

function Timeline({ records }: { records: LedgerRecord[] }) {
  return (
    <ol className="inspector-timeline">
      {records.map((record, index) => {
        const linked =
          index === 0 ? record.previousHash === null : record.previousHash === records[index - 1]?.hash
        return (
          <li key={record.id} data-linked={linked}>
            <span className="inspector-seq">#{record.sequence}</span>
            <span className="inspector-type">{record.type}</span>
            <span className="inspector-muted">{record.actor}</span>
            <time className="inspector-muted">{new Date(record.timestamp).toLocaleTimeString()}</time>
            <code title={record.hash}>
              {short(record.previousHash)} → {short(record.hash)}
            </code>
            <span className="inspector-link" data-linked={linked}>
              {linked ? '✓ linked' : '✗ link broken'}
            </span>
          </li>
        )
      })}
    </ol>
  )
}

/** The session inspector: ledger timeline with hash-chain status, route per turn, judge metrics. */
export function Inspector({ sessionId, token }: { sessionId: string; token: string }) {
  const { load, refresh } = useLedger(sessionId, token)
  if (load.state === 'loading') return <main className="inspector">Loading the ledger…</main>
  if (load.state === 'failed')
    return (
      <main className="inspector" role="alert">
        {load.message}
      </main>
    )
  const { ledger } = load
  const summary = summarizeLedger(ledger.records)
  return (
    <main className="inspector">
      <div className="inspector-head">
        <h1>Session inspector</h1>
        <code>{ledger.sessionId}</code>
        <button type="button" onClick={() => void refresh()}>
          Refresh
        </button>
        <a href="#/">← Back to the chat</a>
      </div>
      <ChainStatus ledger={ledger} />
      <div className="inspector-grid">
        <section>
          <h2>Ledger timeline</h2>
          <Timeline records={ledger.records} />
        </section>
        <section>
          <h2>Route decisions per turn</h2>
          <table className="inspector-table">
            <thead>
              <tr>
                <th>Record</th>
                <th>Scenario</th>
                <th>Step</th>
                <th>Decision</th>
              </tr>
            </thead>
            <tbody>
              {summary.routes.map((route) => (
                <tr key={route.sequence}>
                  <td>#{route.sequence}</td>
                  <td>{route.scenario ?? '—'}</td>
                  <td>{route.step ?? '—'}</td>
                  <td>{route.decision}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Judge and finalization</h2>
          <BarChart
            title={`Verdict rate (${summary.judged} judged)`}
            bars={summary.verdicts}
            format={(value) => `${Math.round(value * 100)}%`}
            empty="No final_alignment_judge_result records in this session's ledger yet."
          />
          <BarChart title="Top reason codes" bars={summary.reasonCodes} />
        </section>
      </div>
    </main>
  )
}
