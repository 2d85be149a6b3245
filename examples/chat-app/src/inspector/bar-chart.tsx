/** Props of {@link BarChart}. */
export interface BarChartProps {
  title: string
  bars: Array<{ label: string; value: number }>
  /** Formats a value for its label, e.g. as a percentage. */
  format?: (value: number) => string
  /** Shown when there are no bars. */
  empty?: string
}

/** A horizontal bar chart in plain SVG, with a table-like accessible description. */
export function BarChart({ title, bars, format = String, empty = 'No data yet.' }: BarChartProps) {
  const max = Math.max(1, ...bars.map((bar) => bar.value))
  const rowHeight = 26
  const labelWidth = 150
  const width = 420
  const height = Math.max(rowHeight, bars.length * rowHeight)
  return (
    <figure className="inspector-chart">
      <figcaption>{title}</figcaption>
      {bars.length === 0 ? (
        <p className="inspector-muted">{empty}</p>
      ) : (
        <svg
          role="img"
          aria-label={`${title}: ${bars.map((bar) => `${bar.label} ${format(bar.value)}`).join(', ')}`}
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
        >
          {bars.map((bar, index) => {
            const barWidth = ((width - labelWidth - 50) * bar.value) / max
            const y = index * rowHeight
            return (
              <g key={bar.label}>
                <text x={0} y={y + 17} className="inspector-chart-label">
                  {bar.label}
                </text>
                <rect
                  x={labelWidth}
                  y={y + 4}
                  width={Math.max(barWidth, 1)}
                  height={rowHeight - 8}
                  rx={3}
                  className="inspector-chart-bar"
                />
                <text x={labelWidth + barWidth + 6} y={y + 17} className="inspector-chart-value">
                  {format(bar.value)}
                </text>
              </g>
            )
          })}
        </svg>
      )}
    </figure>
  )
}
