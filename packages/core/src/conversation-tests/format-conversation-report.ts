import type { ConversationTestReport } from './run-conversation-tests.ts'

const show = (value: unknown) =>
  typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value ?? null)

/** Options of {@link formatConversationReport}. */
export interface FormatConversationReportOptions {
  /**
   * Ends with the line `N passed, N failed` (off when a caller closes several reports with one
   * total, as `focal test` does).
   * @default true
   */
  summary?: boolean
}

/**
 * A readable report: one line per conversation, and for each failing one every turn up to the
 * failure with what was expected and what came (`- expected` / `+ actual`).
 */
export function formatConversationReport(
  report: ConversationTestReport,
  options: FormatConversationReportOptions = {},
): string {
  const { summary = true } = options
  const lines: string[] = []
  for (const conversation of report.conversations) {
    lines.push(`${conversation.passed ? '✓' : '✗'} ${conversation.name}`)
    if (conversation.passed) continue
    for (const turn of conversation.turns) {
      const mark = turn.failures.length === 0 ? ' ' : '✗'
      lines.push(`    ${mark} ${turn.index + 1}. ${turn.input}`)
      lines.push(
        `        → ${turn.type} in ${turn.scenario ?? '(no scenario)'}${turn.step === null ? '' : `/${turn.step}`}: ${turn.text.slice(0, 160)}`,
      )
      for (const failure of turn.failures) {
        // A negative check failed because what it forbids is there: say so, not "expected X".
        const negative = failure.check.startsWith('not')
        lines.push(`        ${failure.check}:`)
        lines.push(`          - expected ${negative ? 'no ' : ''}${show(failure.expected)}`)
        lines.push(`          + actual   ${show(failure.actual)}`)
      }
    }
  }
  if (summary) lines.push(`${report.passed} passed, ${report.failed} failed`)
  return lines.join('\n')
}
