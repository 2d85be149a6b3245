import type { DefinitionScenario, DefinitionTransition } from '../definition/definition-schema.ts'
import { compileExpression } from '../enforcement/compile-expression.ts'
import type { CompiledExpression } from '../enforcement/types.ts'
import type { NavigationState, RouteDecision, RouteInput } from './types.ts'

/** Options of {@link createRouter}. */
export interface RouterOptions {
  scenarios: readonly DefinitionScenario[]
  /** Score added to staying in the current scenario. @default 0.25 */
  stickinessBoost?: number
  /** Confidence another scenario needs to pull the user out of the current one. @default 0.85 */
  exitThreshold?: number
  /** Confidence needed to enter a scenario from outside one. @default 0.5 */
  entryThreshold?: number
  /** Bonus for other scenarios when the user signals a topic change ("instead"). @default 0.2 */
  topicShiftBonus?: number
  /** The same transition taken more than this many times stops and asks. @default 3 */
  loopGuard?: number
}

/** The stickiness router. */
export interface Router {
  route(state: NavigationState, input: RouteInput): RouteDecision
}

interface CompiledTransition {
  transition: DefinitionTransition
  condition?: CompiledExpression
}

interface CompiledScenario {
  scenario: DefinitionScenario
  entry?: CompiledExpression
  initialStep: string
  steps: Map<string, { terminal: boolean; transitions: CompiledTransition[] }>
  transitions: CompiledTransition[]
}

/**
 * Builds the stickiness router of seed 002: current-step transitions first, then scenario-wide
 * transitions, then other scenarios' entry points, penalised: leaving needs at least the exit
 * threshold and more than the current scenario's boosted score.
 *
 * @example
 * const router = createRouter({ scenarios: definition.scenarios })
 * router.route({ scenario: null, step: null, transitionCounts: {} }, { intent: 'refund', alternatives, topicShift: false, variables })
 */
export function createRouter(options: RouterOptions): Router {
  const {
    stickinessBoost = 0.25,
    exitThreshold = 0.85,
    entryThreshold = 0.5,
    topicShiftBonus = 0.2,
    loopGuard = 3,
  } = options
  const scenarios = new Map(
    options.scenarios.map((scenario, index) => [scenario.id, compileScenario(scenario, index)]),
  )

  function scoreOf(compiled: CompiledScenario, input: RouteInput): number {
    let best = 0
    for (const entry of input.alternatives) {
      if (entry.confidence > best && compiled.scenario.intents.includes(entry.intent)) best = entry.confidence
    }
    if (best > 0 && compiled.entry !== undefined && !isTrue(compiled.entry, input.variables)) return 0
    return best
  }

  return {
    route(state, input) {
      const current = state.scenario === null ? undefined : scenarios.get(state.scenario)
      const currentStep = current?.steps.get(state.step ?? '')
      const active = current !== undefined && currentStep !== undefined && !currentStep.terminal
      const scores: RouteDecision['scores'] = []
      let best: { id: string; score: number } | undefined
      for (const [id, compiled] of scenarios) {
        const raw = scoreOf(compiled, input)
        const inside = active && id === state.scenario
        const bonus = !inside && active && input.topicShift && raw > 0 ? topicShiftBonus : 0
        const score = round(Math.min(1, raw + bonus) + (inside ? stickinessBoost : 0))
        scores.push({ scenario: id, score, boosted: inside })
        if (!inside && (best === undefined || score > best.score)) best = { id, score }
      }
      scores.sort((left, right) => right.score - left.score)
      const base = { previousScenario: state.scenario, scores }
      if (active) {
        const stay = scores.find((entry) => entry.scenario === state.scenario)?.score ?? stickinessBoost
        if (best !== undefined && best.score >= exitThreshold && best.score > stay) {
          return enter(
            scenarios.get(best.id)!,
            'switched',
            `"${best.id}" scored ${best.score} ≥ exit threshold ${exitThreshold} and beat staying (${stay})`,
            state,
            input,
            base,
            loopGuard,
          )
        }
        const moved = advance(current, state.step!, state, input, loopGuard)
        const why =
          best === undefined || best.score === 0
            ? 'no other scenario matched'
            : `best other "${best.id}" scored ${best.score} < exit threshold ${exitThreshold} or staying (${stay})`
        return {
          ...base,
          ...moved,
          scenario: current.scenario.id,
          decision: 'stayed',
          reason: `stayed: ${why}`,
        }
      }
      if (best !== undefined && best.score >= entryThreshold) {
        const decision = current === undefined ? 'entered' : 'switched'
        return enter(
          scenarios.get(best.id)!,
          decision,
          `"${best.id}" scored ${best.score} ≥ entry threshold ${entryThreshold}`,
          state,
          input,
          base,
          loopGuard,
        )
      }
      const finished = current !== undefined
      return {
        ...base,
        scenario: null,
        step: null,
        decision: finished ? 'exited' : 'none',
        reason: finished
          ? `scenario "${state.scenario}" finished`
          : 'no scenario reached the entry threshold',
        transitions: [],
        state: { scenario: null, step: null, transitionCounts: state.transitionCounts },
      }
    },
  }
}

type Base = Pick<RouteDecision, 'previousScenario' | 'scores'>

function enter(
  compiled: CompiledScenario,
  decision: RouteDecision['decision'],
  reason: string,
  state: NavigationState,
  input: RouteInput,
  base: Base,
  loopGuardLimit: number,
): RouteDecision {
  const counts = compiled.scenario.id === state.scenario ? state.transitionCounts : {}
  const start: NavigationState = {
    scenario: compiled.scenario.id,
    step: compiled.initialStep,
    transitionCounts: counts,
  }
  const moved = advance(compiled, compiled.initialStep, start, input, loopGuardLimit)
  return { ...base, ...moved, scenario: compiled.scenario.id, decision, reason }
}

/** Follows firing transitions from `step` (step-level first, then scenario-wide), bounded by the step count. */
function advance(
  compiled: CompiledScenario,
  step: string,
  state: NavigationState,
  input: RouteInput,
  loopGuard: number,
): Pick<RouteDecision, 'step' | 'transitions' | 'loop' | 'state'> {
  const counts = { ...state.transitionCounts }
  const transitions: string[] = []
  let at = step
  for (let hop = 0; hop < compiled.steps.size; hop++) {
    const node = compiled.steps.get(at)
    if (node === undefined || node.terminal) break
    const next = firstFiring(node.transitions, input) ?? firstFiring(compiled.transitions, input, at)
    if (next === undefined) break
    const key = `${compiled.scenario.id}:${at}->${next}`
    const count = counts[key] ?? 0
    if (count >= loopGuard) {
      return {
        step: at,
        transitions,
        loop: { transition: key, count },
        state: { scenario: compiled.scenario.id, step: at, transitionCounts: counts },
      }
    }
    counts[key] = count + 1
    transitions.push(key)
    at = next
  }
  return {
    step: at,
    transitions,
    state: { scenario: compiled.scenario.id, step: at, transitionCounts: counts },
  }
}

function firstFiring(
  transitions: readonly CompiledTransition[],
  input: RouteInput,
  from?: string,
): string | undefined {
  for (const { transition, condition } of transitions) {
    if (transition.to === from) continue
    if (transition.intents !== undefined && !transition.intents.includes(input.intent)) continue
    if (condition !== undefined && !isTrue(condition, input.variables)) continue
    if (condition === undefined && transition.intents === undefined) continue
    return transition.to
  }
  return undefined
}

function compileScenario(scenario: DefinitionScenario, index: number): CompiledScenario {
  const path = `scenarios[${index}]`
  const compileAll = (transitions: readonly DefinitionTransition[], at: string): CompiledTransition[] =>
    transitions
      .map((transition, position) => ({
        transition,
        position,
        ...(transition.condition === undefined
          ? {}
          : { condition: compileExpression(transition.condition, { path: `${at}[${position}].condition` }) }),
      }))
      .sort(
        (left, right) =>
          right.transition.priority - left.transition.priority || left.position - right.position,
      )
  const compiled: CompiledScenario = {
    scenario,
    initialStep: scenario.initialStep ?? scenario.steps[0]!.id,
    steps: new Map(
      scenario.steps.map((step, stepIndex) => [
        step.id,
        {
          terminal: step.terminal,
          transitions: compileAll(step.transitions, `${path}.steps[${stepIndex}].transitions`),
        },
      ]),
    ),
    transitions: compileAll(scenario.transitions, `${path}.transitions`),
  }
  if (scenario.entryCondition !== undefined)
    compiled.entry = compileExpression(scenario.entryCondition, { path: `${path}.entryCondition` })
  return compiled
}

function isTrue(expression: CompiledExpression, variables: Record<string, unknown>): boolean {
  const outcome = expression.evaluate(variables)
  return outcome.type === 'value' && outcome.value === true
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000
}
