import type { Provenance, ProvenanceEnforcement } from '@focal/core'
import { type ReactNode, useId, useState } from 'react'
import type { FocalEnforcementData } from '../transport/types.ts'

/** Props of {@link ProvenanceFooter}. */
export interface ProvenanceFooterProps {
  provenance: Provenance
  /** The reply's final `data-enforcement` part: adds what the edge's stream guard redacted or blocked. */
  enforcement?: FocalEnforcementData | undefined
  /**
   * Start expanded.
   * @default false
   */
  defaultOpen?: boolean
  /** Undoes the turn's goal narrowing; without it the footer offers no undo. */
  onRestoreGoal?: (() => void) | undefined
  /** The narrowing was undone. @default false */
  goalRestored?: boolean | undefined
  /**
   * Why the narrowing cannot be undone: `superseded` (a later request replaced it) or
   * `nothing-narrowed` (it is no longer active). Shown instead of the Undo button.
   */
  goalNotRestored?: string | undefined
}

/** The turn's enforcement with the stream guard's redactions folded in. */
function mergeEnforcement(
  provenance: Provenance,
  streamed: FocalEnforcementData | undefined,
): ProvenanceEnforcement | undefined {
  const engine = provenance.enforcement
  if (!streamed) return engine
  const redactions = [...(engine?.redactions ?? []), ...(streamed.stream?.redactions ?? [])]
  const outcome = streamed.outcome as ProvenanceEnforcement['outcome']
  return { ...(engine ?? { violations: [] }), outcome, redactions }
}

/** Pairs items with React keys from `keyOf`, numbering repeats (a tool called twice). */
function withKeys<Item>(items: readonly Item[], keyOf: (item: Item) => string): Array<[string, Item]> {
  const seen = new Map<string, number>()
  return items.map((item) => {
    const base = keyOf(item)
    const count = (seen.get(base) ?? 0) + 1
    seen.set(base, count)
    return [count === 1 ? base : `${base}#${count}`, item]
  })
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="focal-provenance-section">
      <h4>{title}</h4>
      {children}
    </div>
  )
}

function routeText({ route }: Provenance): string {
  if (!route) return 'no scenario'
  const where = [route.scenario ?? 'no scenario', route.step].filter(Boolean).join(' › ')
  const from =
    route.decision === 'switched' && route.previousScenario ? ` from ${route.previousScenario}` : ''
  return `${where} (${route.decision}${from})`
}

const outcomeWords: Partial<Record<ProvenanceEnforcement['outcome'], string>> = {
  redacted: 'private details hidden',
  blocked: 'held back by a safety rule',
  regenerated: 'rewritten to follow the rules',
  escalated: 'checked again',
}

/** `order_status` → `order status`. */
const inWords = (id: string) => id.replaceAll(/[_-]+/gu, ' ').trim()

/**
 * The one line the collapsed footer shows, in words a customer can read: the topic, how many
 * rules applied and what enforcement did; nothing when there is nothing to say ("0 rules · no
 * scenario" is for the inspector, in the expanded panel).
 */
function summary(provenance: Provenance, enforcement: ProvenanceEnforcement | undefined): string {
  const rules = provenance.rules.length
  const parts: string[] = []
  const scenario = provenance.route?.scenario
  if (scenario) parts.push(inWords(scenario).replace(/^./u, (first) => first.toUpperCase()))
  if (rules > 0) parts.push(`${rules} rule${rules === 1 ? '' : 's'} applied`)
  const outcome = enforcement?.outcome
  if (outcome && outcome !== 'allowed') parts.push(outcomeWords[outcome] ?? outcome)
  const { goal } = provenance
  if (goal?.reformulation) parts.push('goal narrowed')
  else if (goal && goal.active !== goal.original) parts.push('goal changed without a record')
  return parts.join(' · ')
}

function Details({
  provenance,
  enforcement,
  onRestoreGoal,
  goalRestored,
  goalNotRestored,
}: {
  provenance: Provenance
  enforcement: ProvenanceEnforcement | undefined
  onRestoreGoal?: (() => void) | undefined
  goalRestored?: boolean | undefined
  goalNotRestored?: string | undefined
}) {
  const { goal } = provenance
  return (
    <>
      <Section title="Rules fired">
        {provenance.rules.length === 0 ? <p>None</p> : null}
        <ul>
          {withKeys(provenance.rules, (rule) => rule.id).map(([key, rule]) => (
            <li key={key}>
              <code>{rule.id}</code> <span className="focal-tag">{rule.tier}</span> {rule.reason}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Route">
        <p>{routeText(provenance)}</p>
      </Section>
      {goal?.reformulation ? (
        <Section title="Reformulation">
          <p>
            {goal.original} → {goal.active} <span className="focal-tag">{goal.reformulation.type}</span>
          </p>
          <p>
            Confidence {goal.reformulation.confidence.toFixed(2)} · evidence:{' '}
            {goal.reformulation.evidenceIds.join(', ') || 'none'}
          </p>
          {goalRestored ? (
            <p className="focal-note">Undone: back to “{goal.original}”.</p>
          ) : goalNotRestored !== undefined ? (
            <p className="focal-note">
              {goalNotRestored === 'superseded'
                ? 'A later request replaced this goal: nothing to undo.'
                : 'Nothing to undo: this narrowing is no longer the goal.'}
            </p>
          ) : onRestoreGoal ? (
            <button type="button" className="focal-restore-goal" onClick={onRestoreGoal}>
              Undo narrowing
            </button>
          ) : null}
        </Section>
      ) : goal && goal.active !== goal.original ? (
        <Section title="Reformulation">
          <p className="focal-warning" role="alert">
            The active goal differs from the original with no reformulation record: “{goal.original}” → “
            {goal.active}”.
          </p>
        </Section>
      ) : null}
      {enforcement ? (
        <Section title="Enforcement">
          <p>Outcome: {enforcement.outcome}</p>
          <ul>
            {withKeys(enforcement.violations, (violation) => violation.ruleId).map(([key, violation]) => (
              <li key={key}>
                <code>{violation.ruleId}</code> {violation.message}
              </li>
            ))}
            {withKeys(enforcement.redactions, (redaction) => redaction.type).map(([key, redaction]) => (
              <li key={key}>
                Redacted {redaction.count} × {redaction.type}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {provenance.tools.length > 0 ? (
        <Section title="Tools">
          <ul>
            {withKeys(provenance.tools, (tool) => tool.id).map(([key, tool]) => (
              <li key={key}>
                <code>{tool.id}</code> {tool.status}
                {tool.reason ? ` — ${tool.reason}` : ''}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {provenance.plan ? (
        <Section title="Plan">
          <p>
            Goal: {provenance.plan.goal.intent} {provenance.plan.goal.entity}
            {provenance.plan.goal.target ? ` “${provenance.plan.goal.target}”` : ''} (confidence{' '}
            {provenance.plan.confidence.toFixed(2)}) · evidence:{' '}
            {provenance.plan.evidence.join(', ') || 'none'}
          </p>
          <ol className="focal-plan">
            {withKeys(provenance.plan.calls, (call) => `${call.tool} ${call.command}`).map(([key, call]) => (
              <li key={key}>
                <code>
                  {call.tool} {call.command}
                </code>{' '}
                <span className="focal-tag">{call.role}</span> {call.evidence}: {call.status}
              </li>
            ))}
          </ol>
          {provenance.plan.missing.length > 0 ? <p>Missing: {provenance.plan.missing.join(', ')}</p> : null}
          {provenance.plan.notDone !== undefined && provenance.plan.notDone.length > 0 ? (
            <p className="focal-warning">
              Not done (this agent only gathers evidence): {provenance.plan.notDone.join(', ')}
            </p>
          ) : null}
        </Section>
      ) : null}
      <Section title="Gates">
        {provenance.gates.length === 0 ? <p>None</p> : null}
        <ul>
          {withKeys(provenance.gates, (gate) => gate.name).map(([key, gate]) => (
            <li key={key}>
              {gate.name}: <strong>{gate.status}</strong>
              {gate.detail ? ` — ${gate.detail}` : ''}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Evidence">
        <p>
          {provenance.evidence.count} item{provenance.evidence.count === 1 ? '' : 's'}
        </p>
      </Section>
    </>
  )
}

/**
 * The collapsible "why" under an assistant reply: rules fired, route and whether the scenario
 * stayed or switched, reformulation original → active, redactions and blocked content, gate
 * results and evidence count. A button with `aria-expanded` toggles it.
 */
export function ProvenanceFooter({
  provenance,
  enforcement: streamed,
  defaultOpen = false,
  onRestoreGoal,
  goalRestored = false,
  goalNotRestored,
}: ProvenanceFooterProps) {
  const [open, setOpen] = useState(defaultOpen)
  const enforcement = mergeEnforcement(provenance, streamed)
  const panelId = useId()
  return (
    <footer className="focal-provenance" data-open={open || undefined}>
      <button
        type="button"
        className="focal-provenance-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {['Why this answer', summary(provenance, enforcement)].filter(Boolean).join(' · ')}
      </button>
      <div id={panelId} className="focal-provenance-panel" hidden={!open}>
        {open ? (
          <Details
            provenance={provenance}
            enforcement={enforcement}
            onRestoreGoal={onRestoreGoal}
            goalRestored={goalRestored}
            goalNotRestored={goalNotRestored}
          />
        ) : null}
      </div>
    </footer>
  )
}
