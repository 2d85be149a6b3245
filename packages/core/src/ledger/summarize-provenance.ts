import type { Provenance, ProvenanceEnforcement } from './provenance-types.ts'

/**
 * A turn's provenance as a customer-facing client may see it: what was decided (the route, the
 * rules that fired, the tools and their status, enforcement, gates), without how the definition
 * decides it. Left out: each rule's `reason` (its condition source), the router's candidate
 * `scores` and `reason`, the clarification's internal `reason`, each tool's `reason` (which check
 * of its gate failed), each enforcement violation's `message` (a compiled rule's expression, "…:
 * refund_amount <= 50 is false") and every gate's `detail` but the goal gate's (what the widget's
 * goal progress shows). The ledger keeps the whole provenance.
 */
export function summarizeProvenance(provenance: Provenance): Provenance {
  const { route, clarification, rules, tools, gates, enforcement, ...rest } = provenance
  return {
    ...rest,
    ...(enforcement === undefined ? {} : { enforcement: summarizeEnforcement(enforcement) }),
    ...(route === undefined
      ? {}
      : {
          route: {
            scenario: route.scenario,
            step: route.step,
            decision: route.decision,
            previousScenario: route.previousScenario,
            scores: [],
            reason: '',
          },
        }),
    rules: rules.map(({ id, tier, scope, priority }) => ({ id, tier, scope, priority, reason: '' })),
    ...(clarification === undefined
      ? {}
      : { clarification: { question: clarification.question, options: clarification.options } }),
    tools: tools.map(({ id, status }) => ({ id, status })),
    gates: gates.map(({ name, status, detail }) =>
      name === 'goal-gate' && detail !== undefined ? { name, status, detail } : { name, status },
    ),
  }
}

/** Enforcement as a client may see it: which rules acted and what was done, without their expressions. */
export function summarizeEnforcement<T extends Pick<ProvenanceEnforcement, 'violations'>>(enforcement: T): T {
  return {
    ...enforcement,
    violations: enforcement.violations.map(({ ruleId, tier, lane }) => ({ ruleId, tier, lane, message: '' })),
  }
}
