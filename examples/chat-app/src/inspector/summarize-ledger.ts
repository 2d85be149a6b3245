import type { LedgerRecord } from '@focal/core'
import { computeJudgeDashboard } from '@focal/core/metrics'

/** One routing decision found in the ledger. */
export interface RouteRow {
  sequence: number
  scenario: string | null
  step: string | null
  decision: string
}

/** One completed turn of the session: where it was routed and how the judge rated it. */
export interface TurnRow {
  /** 1-based turn number. */
  turn: number
  sequence: number
  scenario: string | null
  decision: string
  /** `reply`, `clarification`, `approval-required`, `refused`, ... */
  result: string
  /** The final alignment judge's verdict of the turn's reply, when it ran. */
  verdict?: 'PASS' | 'PASS_WITH_CAVEATS' | 'FAIL'
}

/** What the inspector charts: judge verdicts and reason codes, and the route of each turn. */
export interface LedgerSummary {
  /** Share of judge verdicts (PASS, PASS_WITH_CAVEATS, FAIL), from core's judge dashboard. */
  verdicts: Array<{ label: string; value: number }>
  /** The most frequent reason codes, from core's judge dashboard. */
  reasonCodes: Array<{ label: string; value: number }>
  routes: RouteRow[]
  /** Every completed turn, in order, for the routes-and-verdicts chart. */
  turns: TurnRow[]
  judged: number
}

type Loose = Record<string, unknown>
const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null

function routeOf(payload: unknown): Loose | undefined {
  if (!isRecord(payload)) return undefined
  if (isRecord(payload.route)) return payload.route
  if (isRecord(payload.provenance) && isRecord(payload.provenance.route)) return payload.provenance.route
  if (typeof payload.decision === 'string' && 'scenario' in payload) return payload
  return undefined
}

/** Verdict shares over every judged reply of the session. */
function verdictShares(records: readonly LedgerRecord[]) {
  const dashboard = computeJudgeDashboard(records, { topReasonCodeLimit: 8 })
  const totals = { PASS: 0, PASS_WITH_CAVEATS: 0, FAIL: 0 }
  let judged = 0
  for (const bucket of dashboard.verdictRate) {
    totals.PASS += bucket.PASS
    totals.PASS_WITH_CAVEATS += bucket.PASS_WITH_CAVEATS
    totals.FAIL += bucket.FAIL
    judged += bucket.total
  }
  const verdicts =
    judged === 0 ? [] : Object.entries(totals).map(([label, value]) => ({ label, value: value / judged }))
  const reasonCodes = dashboard.topReasonCodes.map((row) => ({ label: row.code, value: row.total }))
  return { verdicts, reasonCodes, judged }
}

const verdicts = new Set(['PASS', 'PASS_WITH_CAVEATS', 'FAIL'])

/** The turns of a session: each `turn-completed` record with its route and the last verdict before it. */
function turnsOf(records: readonly LedgerRecord[]): TurnRow[] {
  const turns: TurnRow[] = []
  let verdict: TurnRow['verdict']
  for (const record of records) {
    const payload = isRecord(record.payload) ? record.payload : {}
    if (record.type === 'final_alignment_judge_result' && typeof payload.verdict === 'string') {
      if (verdicts.has(payload.verdict)) verdict = payload.verdict as TurnRow['verdict']
    }
    if (record.type !== 'turn-completed') continue
    const route = routeOf(payload)
    turns.push({
      turn: turns.length + 1,
      sequence: record.sequence,
      scenario: typeof route?.scenario === 'string' ? route.scenario : null,
      decision: String(route?.decision ?? 'none'),
      result: typeof payload.resultType === 'string' ? payload.resultType : 'reply',
      ...(verdict === undefined ? {} : { verdict }),
    })
    verdict = undefined
  }
  return turns
}

/** Reads the route decisions out of a session's ledger, and the judge metrics through core. */
export function summarizeLedger(records: readonly LedgerRecord[]): LedgerSummary {
  const routes: RouteRow[] = []
  for (const record of records) {
    const route = routeOf(record.payload)
    if (route) {
      routes.push({
        sequence: record.sequence,
        scenario: typeof route.scenario === 'string' ? route.scenario : null,
        step: typeof route.step === 'string' ? route.step : null,
        decision: String(route.decision ?? 'none'),
      })
    }
  }
  return { ...verdictShares(records), routes, turns: turnsOf(records) }
}
