import type { Provenance } from './provenance-types.ts'

/** Options of {@link renderProvenance}. */
export interface RenderProvenanceOptions {
  /** `text`: plain lines for logs, terminals and SMS; `markdown`: a list for chat UIs. @default 'text' */
  format?: 'text' | 'markdown'
}

interface Line {
  label: string
  /** Pieces of the value; `code` pieces are monospace in Markdown, user text is escaped. */
  parts: Array<{ text: string; code?: boolean }>
}

const markdownSpecial = /[\\`*_{}[\]()#+\-.!|<>~]/g

function escapeMarkdown(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(markdownSpecial, (character) => `\\${character}`)
}

const plain = (text: string) => ({ text })
const code = (text: string) => ({ text, code: true })

function goalLines(provenance: Provenance): Line[] {
  const { goal } = provenance
  if (goal === undefined) return []
  const lines: Line[] = [{ label: 'Goal', parts: [plain(goal.original)] }]
  if (goal.reformulation !== undefined || goal.active !== goal.original) {
    const reformulation = goal.reformulation
    const details =
      reformulation === undefined
        ? []
        : [
            plain(` (${reformulation.type}, confidence ${reformulation.confidence}, evidence `),
            ...reformulation.evidenceIds.flatMap((id, index) => [
              ...(index > 0 ? [plain(', ')] : []),
              code(id),
            ]),
            ...(reformulation.ledgerRecordId === undefined
              ? []
              : [plain(', ledger '), code(reformulation.ledgerRecordId)]),
            plain(')'),
          ]
    lines.push({ label: 'Reformulated to', parts: [plain(goal.active), ...details] })
  }
  return lines
}

function decisionLines(provenance: Provenance): Line[] {
  const lines: Line[] = []
  const { route, clarification, enforcement } = provenance
  if (route !== undefined) {
    const where = [route.scenario ?? 'no scenario', route.step].filter((part) => part !== null).join(' / ')
    lines.push({ label: 'Route', parts: [plain(`${where} (${route.decision}): ${route.reason}`)] })
  }
  if (clarification !== undefined) {
    lines.push({
      label: 'Clarification',
      parts: [plain(`${clarification.question} Options: ${clarification.options.join(' | ')}`)],
    })
  }
  const rules = provenance.rules.map(
    (rule) => `${rule.id} (${rule.tier}, ${rule.scope}, priority ${rule.priority}): ${rule.reason}`,
  )
  lines.push({ label: 'Rules fired', parts: [plain(rules.length === 0 ? 'none' : rules.join('; '))] })
  if (provenance.tools.length > 0) {
    const tools = provenance.tools.map(
      (tool) => `${tool.id} ${tool.status}${tool.reason === undefined ? '' : ` (${tool.reason})`}`,
    )
    lines.push({ label: 'Tools', parts: [plain(tools.join('; '))] })
  }
  if (provenance.plan !== undefined) {
    const { goal, confidence, calls, missing } = provenance.plan
    const made = calls.map(
      (call) => `${call.tool} ${call.command} (${call.role}, ${call.evidence}: ${call.status})`,
    )
    const target = goal.target === undefined ? '' : ` "${goal.target}"`
    const gaps = missing.length === 0 ? '' : `; missing ${missing.join(', ')}`
    lines.push({
      label: 'Plan',
      parts: [
        plain(
          `${goal.intent} ${goal.entity}${target} at ${confidence.toFixed(2)}: ${made.join('; ')}${gaps}`,
        ),
      ],
    })
  }
  if (enforcement !== undefined) {
    const violations = enforcement.violations.map(
      (violation) => `${violation.ruleId} (lane ${violation.lane}): ${violation.message}`,
    )
    const redactions = enforcement.redactions.map((redaction) => `${redaction.type} x${redaction.count}`)
    const detail = [...violations, ...(redactions.length > 0 ? [`redacted ${redactions.join(', ')}`] : [])]
    lines.push({
      label: 'Enforcement',
      parts: [plain(`${enforcement.outcome}${detail.length > 0 ? `: ${detail.join('; ')}` : ''}`)],
    })
  }
  return lines
}

function closingLines(provenance: Provenance): Line[] {
  const gates = provenance.gates.map(
    (gate) => `${gate.name} ${gate.status}${gate.detail === undefined ? '' : ` (${gate.detail})`}`,
  )
  const { count, sources } = provenance.evidence
  return [
    ...(gates.length > 0 ? [{ label: 'Gates', parts: [plain(gates.join('; '))] }] : []),
    {
      label: 'Evidence',
      parts: [
        plain(
          `${count} item${count === 1 ? '' : 's'}${sources.length > 0 ? ` from ${sources.join(', ')}` : ''}`,
        ),
      ],
    },
  ]
}

/**
 * Renders a provenance footer for hosts without React: plain text (one `Label: value` line each)
 * or Markdown (a bold header and a list; user-supplied text is escaped so it cannot inject links
 * or formatting). The React widget renders the structured object instead.
 *
 * @example
 * reply + '\n\n' + renderProvenance(result.provenance, { format: 'markdown' })
 */
export function renderProvenance(
  provenance: Provenance,
  { format = 'text' }: RenderProvenanceOptions = {},
): string {
  const lines = [...goalLines(provenance), ...decisionLines(provenance), ...closingLines(provenance)]
  const header = { mode: provenance.mode, query: provenance.queryHash, time: provenance.timestamp }
  if (format === 'text') {
    const body = lines.map((line) => `${line.label}: ${line.parts.map((part) => part.text).join('')}`)
    return [`Provenance (mode ${header.mode}, query ${header.query}, ${header.time})`, ...body].join('\n')
  }
  const render = (part: Line['parts'][number]) =>
    part.code ? `\`${part.text.replace(/`/g, "'")}\`` : escapeMarkdown(part.text)
  const body = lines.map((line) => `- **${line.label}:** ${line.parts.map(render).join('')}`)
  return [
    `**Provenance** · mode \`${header.mode}\` · query \`${header.query}\` · ${escapeMarkdown(header.time)}`,
    '',
    ...body,
  ].join('\n')
}
