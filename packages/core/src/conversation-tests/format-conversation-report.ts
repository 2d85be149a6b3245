import type { ConversationTestReport } from './run-conversation-tests.ts'

const show = (value: unknown) =>
  typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value ?? null)

/**
 * A readable report: one line per conversation, and for each failing one every turn up to the
 * failure with what was expected and what came (`- expected` / `+ actual`).
 */
export function formatConversationReport(report: ConversationTestReport): string {
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
  lines.push(`${report.passed} passed, ${report.failed} failed`)
  return lines.join('\n')
}
