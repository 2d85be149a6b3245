import type { TurnRow } from './summarize-ledger.ts'

const columnWidth = 96
const laneTop = { route: 28, verdict: 78 }

const verdictLabel: Record<NonNullable<TurnRow['verdict']>, string> = {
  PASS: 'pass',
  PASS_WITH_CAVEATS: 'caveats',
  FAIL: 'fail',
}

/** A short, stable colour index per scenario, so one scenario keeps its colour across turns. */
function scenarioIndex(scenarios: readonly string[], scenario: string | null): number {
  return scenario === null ? -1 : scenarios.indexOf(scenario) % 6
}

/**
 * Routes and verdicts over the session in plain SVG: one column per turn, the scenario it was
 * routed to (colour per scenario, "none" outside any) and the judge's verdict below it.
 */
export function SessionChart({ turns }: { turns: readonly TurnRow[] }) {
  if (turns.length === 0) return <p className="inspector-muted">No completed turns yet.</p>
  const scenarios = [...new Set(turns.flatMap((turn) => (turn.scenario === null ? [] : [turn.scenario])))]
  const width = 90 + turns.length * columnWidth
  const description = turns
    .map(
      (turn) =>
        `turn ${turn.turn}: ${turn.scenario ?? 'no scenario'} (${turn.decision}), ${
          turn.verdict ? verdictLabel[turn.verdict] : 'not judged'
        }`,
    )
    .join('; ')
  return (
    <figure className="inspector-chart">
      <figcaption>Routes and verdicts over the session</figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className="inspector-scroll" aria-label="Turns" tabIndex={0}>
        <svg
          role="img"
          aria-label={`Routes and verdicts over the session: ${description}`}
          viewBox={`0 0 ${width} 120`}
          width={width}
          height={120}
          className="inspector-session-chart"
        >
          <text x={0} y={laneTop.route + 16} className="inspector-chart-label">
            Route
          </text>
          <text x={0} y={laneTop.verdict + 16} className="inspector-chart-label">
            Verdict
          </text>
          {turns.map((turn, index) => {
            const x = 90 + index * columnWidth
            const colour = scenarioIndex(scenarios, turn.scenario)
            return (
              <g key={turn.sequence}>
                <text
                  x={x + columnWidth / 2 - 4}
                  y={14}
                  textAnchor="middle"
                  className="inspector-chart-value"
                >
                  {turn.turn}
                </text>
                <rect
                  x={x}
                  y={laneTop.route}
                  width={columnWidth - 8}
                  height={24}
                  rx={6}
                  className="inspector-route"
                  data-scenario={colour}
                />
                <text
                  x={x + columnWidth / 2 - 4}
                  y={laneTop.route + 16}
                  textAnchor="middle"
                  className="inspector-route-label"
                >
                  {(turn.scenario ?? 'none').slice(0, 12)}
                </text>
                <circle
                  cx={x + columnWidth / 2 - 4}
                  cy={laneTop.verdict + 12}
                  r={9}
                  className="inspector-verdict"
                  data-verdict={turn.verdict ?? 'none'}
                />
              </g>
            )
          })}
        </svg>
      </section>
      <p className="inspector-legend">
        <span className="inspector-chip" data-status="ok">
          pass
        </span>
        <span className="inspector-chip" data-status="warn">
          caveats
        </span>
        <span className="inspector-chip" data-status="bad">
          fail
        </span>
        <span className="inspector-chip" data-status="none">
          not judged
        </span>
      </p>
    </figure>
  )
}
