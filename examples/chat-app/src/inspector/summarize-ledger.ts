import type { LedgerRecord } from '@focal/core'

/** One routing decision found in the ledger. */
export interface RouteRow {
  sequence: number
  scenario: string | null
  step: string | null
  decision: string
}

/** What the inspector charts: judge verdicts and reason codes, and the route of each turn. */
export interface LedgerSummary {
  verdicts: Array<{ label: string; value: number }>
  reasonCodes: Array<{ label: string; value: number }>
  routes: RouteRow[]
  judged: number
}

type Loose = Record<string, unknown>
const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null

function count(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1)
}

function routeOf(payload: unknown): Loose | undefined {
  if (!isRecord(payload)) return undefined
  if (isRecord(payload.route)) return payload.route
  if (isRecord(payload.provenance) && isRecord(payload.provenance.route)) return payload.provenance.route
  if (typeof payload.decision === 'string' && 'scenario' in payload) return payload
  return undefined
}

function judgeOf(record: LedgerRecord): Loose | undefined {
  const payload = record.payload
  if (!isRecord(payload)) return undefined
  if (/judge|alignment|finaliz/i.test(record.type) && typeof payload.verdict === 'string') return payload
  if (isRecord(payload.judge) && typeof payload.judge.verdict === 'string') return payload.judge
  return undefined
}

const sorted = (map: Map<string, number>) =>
  [...map].map(([label, value]) => ({ label, value })).sort((a, b) => b.value - a.value)

/** Reads the judge verdicts, reason codes and route decisions out of a session's ledger records. */
export function summarizeLedger(records: readonly LedgerRecord[]): LedgerSummary {
  const verdicts = new Map<string, number>()
  const reasonCodes = new Map<string, number>()
  const routes: RouteRow[] = []
  let judged = 0
  for (const record of records) {
    const judge = judgeOf(record)
    if (judge) {
      judged++
      count(verdicts, String(judge.verdict))
      const codes = judge.reasonCodes ?? judge.reason_codes
      if (Array.isArray(codes))
        for (const code of codes) count(reasonCodes, String(isRecord(code) ? code.code : code))
    }
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
  return { verdicts: sorted(verdicts), reasonCodes: sorted(reasonCodes).slice(0, 8), routes, judged }
}
