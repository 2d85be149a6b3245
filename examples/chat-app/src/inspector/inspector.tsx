import type { LedgerRecord } from '@focal/core'
import { useCallback, useEffect, useState } from 'react'
import { BarChart } from './bar-chart.tsx'
import { SessionChart } from './session-chart.tsx'
import { summarizeLedger } from './summarize-ledger.ts'

interface LedgerResponse {
  sessionId: string
  records: LedgerRecord[]
  /** Records the ledger holds; `records` is one page of them (`next`: the following page's `from`). */
  total: number
  next?: number
  verification: { valid: boolean; [key: string]: unknown }
}

/** Pages read before the inspector stops and says how many records it shows. */
const maxPages = 20

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
    // The ledger comes a page at a time (the server verifies the whole chain on each).
    let ledger: LedgerResponse | undefined
    let from: number | undefined = 0
    for (let pages = 0; from !== undefined && pages < maxPages; pages++) {
      const response = await fetch(`/v1/sessions/${encodeURIComponent(sessionId)}/ledger?from=${from}`, {
        headers: token ? { 'x-focal-session-token': token } : {},
      }).catch(() => undefined)
      if (!response?.ok) {
        const body = (await response?.json().catch(() => undefined)) as
          | { error?: { message?: string } }
          | undefined
        return setLoad({
          state: 'failed',
          message: body?.error?.message ?? 'The ledger could not be loaded.',
        })
      }
      const page = (await response.json()) as LedgerResponse
      ledger = ledger === undefined ? page : { ...page, records: [...ledger.records, ...page.records] }
      from = page.next
    }
    if (ledger !== undefined) setLoad({ state: 'loaded', ledger })
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
      <strong>{valid ? 'Hash chain intact' : 'Hash chain broken'}</strong> · {ledger.total} records
      {ledger.records.length < ledger.total ? ` (the first ${ledger.records.length} shown)` : ''}
      {!valid && Object.keys(details).length > 0 ? <code> {JSON.stringify(details)}</code> : null}
    </p>
  )
}

/** The ledger timeline as a table: one row per record, its link to the previous one as a chip. */
function Timeline({ records }: { records: LedgerRecord[] }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="inspector-scroll" aria-label="Ledger records" tabIndex={0}>
      <table className="inspector-table inspector-timeline">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Event</th>
            <th scope="col">Actor</th>
            <th scope="col">Time</th>
            <th scope="col">Hash</th>
            <th scope="col">Chain</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record, index) => {
            const linked =
              index === 0 ? record.previousHash === null : record.previousHash === records[index - 1]?.hash
            return (
              <tr key={record.id} data-linked={linked}>
                <td className="inspector-seq">{record.sequence}</td>
                <td className="inspector-type">{record.type}</td>
                <td className="inspector-muted">{record.actor}</td>
                <td>
                  <time dateTime={record.timestamp} className="inspector-muted">
                    {new Date(record.timestamp).toISOString().slice(11, 19)}
                  </time>
                </td>
                <td>
                  <code title={record.hash}>{short(record.hash)}</code>
                </td>
                <td>
                  <span className="inspector-chip" data-status={linked ? 'ok' : 'bad'}>
                    {linked ? 'linked' : 'broken'}
                  </span>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
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
      <SessionChart turns={summary.turns} />
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
                <th scope="col">Record</th>
                <th scope="col">Scenario</th>
                <th scope="col">Step</th>
                <th scope="col">Decision</th>
              </tr>
            </thead>
            <tbody>
              {summary.routes.map((route) => (
                <tr key={route.sequence}>
                  <td>#{route.sequence}</td>
                  <td>{route.scenario ?? '—'}</td>
                  <td>{route.step ?? '—'}</td>
                  <td>
                    <span className="inspector-chip" data-status="route">
                      {route.decision}
                    </span>
                  </td>
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
          <BarChart
            title="Top reason codes"
            bars={summary.reasonCodes}
            empty={
              summary.judged > 0
                ? `No reason codes: ${summary.judged} judged ${summary.judged === 1 ? 'reply' : 'replies'}, none flagged.`
                : "No final_alignment_judge_result records in this session's ledger yet."
            }
          />
        </section>
      </div>
    </main>
  )
}
