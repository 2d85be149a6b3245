import { builtInSecretDetectors } from '../enforcement/detectors/secret-rules.ts'
import { railPlaceholderPattern } from '../enforcement/rail-placeholder.ts'
import { placeholderName } from '../enforcement/redact.ts'
import { scanText } from '../enforcement/scan-text.ts'
import type { DetectorId, ScanOptions } from '../enforcement/types.ts'
import type { RequiredField } from '../scenarios/types.ts'
import type { Perception, PerceptionEntities } from '../sensor/types.ts'
import type { CompiledEngine } from './compile-engine.ts'
import type { EngineSessionState } from './session-state.ts'
import { withDecision } from './shared-history.ts'

/** Copies the turn's singular entities (`amount`, `email`, `order_id`, ...) into the session fields. */
export function mergeEntityFields(fields: Record<string, unknown>, entities: PerceptionEntities): void {
  for (const [name, value] of Object.entries(entities)) {
    if (value !== undefined && !Array.isArray(value) && typeof value !== 'object') fields[name] = value
  }
}

/**
 * The facts a message gives about one record (an order): its amount and currency, a date, a count.
 * An identifier's value is the record they belong to.
 */
const recordFacts = ['amount', 'currency', 'date', 'number'] as const

/**
 * {@link mergeEntityFields} for a turn that may name another record: when the entities give
 * another value of an identifier the fields have (`order_id` NW-1005 after NW-1001), the facts
 * said about the previous record go unless the message says them again, so a step asks for them:
 * the $30 asked for NW-1001 is no refund of NW-1005 (it was refunded on it, unasked). Returns
 * whether the entities named another record.
 */
export function mergeRecordFields(
  fields: Record<string, unknown>,
  entities: PerceptionEntities,
  identifiers: readonly string[],
  /** The message corrects the record of the request at hand: its facts stay. @default false */
  keep = false,
): boolean {
  const otherRecord = identifiers.some((name) => {
    const value = entities[name]
    return typeof value === 'string' && fields[name] !== undefined && fields[name] !== value
  })
  if (otherRecord && !keep)
    for (const name of recordFacts) if (entities[name] === undefined) delete fields[name]
  mergeEntityFields(fields, entities)
  return otherRecord
}

/** What a user should not paste into a chat: card numbers, SSNs, IBANs and credentials. */
const sensitiveScan: ScanOptions = { detectors: ['credit-card', 'us-ssn', 'iban', 'secret'] }
let lastSensitive: { text: string; found: DetectorId[] } | undefined

/**
 * The detectors that found something in the user's message (`credit-card`, `us-ssn`, `iban`,
 * `secret`), validated as Lane 1 validates a reply (Luhn, SSA rules, mod-97): a rule can warn a
 * customer who pasted a card number (`'credit-card' in sensitive`). The last message's answer is
 * kept: a turn builds its variables more than once.
 */
export function sensitiveIn(text: string): DetectorId[] {
  if (lastSensitive?.text === text) return lastSensitive.found
  const found = new Set(scanText(text, sensitiveScan).map((finding) => finding.detector as DetectorId))
  // A value an input rail replaced before the engine saw it (`@focal/edge`: "my card is
  // [CREDIT_CARD_1]") was shared all the same.
  if (text.includes('['))
    for (const match of text.matchAll(railPlaceholderPattern)) {
      const detector = placeholderDetectors.get(match[1]!)
      if (detector !== undefined) found.add(detector)
    }
  lastSensitive = { text, found: [...found] }
  return lastSensitive.found
}

/** The sensitive detector behind each placeholder type (`placeholderName` of a finding's type). */
const placeholderDetectors: ReadonlyMap<string, DetectorId> = new Map<string, DetectorId>([
  ...(['credit-card', 'us-ssn', 'iban'] as const).map(
    (detector) => [placeholderName(detector), detector] as [string, DetectorId],
  ),
  ...builtInSecretDetectors.map(
    (detector) => [placeholderName(detector.id), 'secret'] as [string, DetectorId],
  ),
])

/**
 * The variables CEL conditions and templates see: every field at top level (`amount`), then
 * `text`, `sensitive` (what the message should not have shared: `sensitiveIn`), `intent`,
 * `confidence`, `entities`, `fields`, `session` ({@link sessionVariables}) and `tool` (latest tool
 * results).
 */
export function buildTurnVariables(
  state: EngineSessionState,
  perception: Perception,
  text: string,
): Record<string, unknown> {
  // Copied key by key, then the turn's own names, which win over a field of the same name: the
  // same object as `{ ...fields, text, ... }`, which V8 builds a new hidden class for on every
  // call (a spread object given more properties): about 5 µs against 0.1 µs a turn, three times.
  const variables: Record<string, unknown> = {}
  for (const name of Object.keys(state.fields)) variables[name] = state.fields[name]
  variables.text = text
  defineSensitiveOnRead(variables)
  variables.intent = perception.intent
  variables.confidence = perception.confidence
  variables.entities = perception.entities
  variables.fields = state.fields
  variables.session = sessionVariables(state)
  variables.tool = state.toolResults
  return variables
}

/**
 * `variables.sensitive` as an enumerable property scanned on first read (then a plain data
 * property): most turns' conditions and templates never read it, and the scan is the costliest
 * variable to build; every reader, `JSON.stringify`, spreads and clones see the value an eager
 * scan gives. It scans the variables' own `text` (the message; the engine never reassigns it).
 * The accessors are shared (see `defineGoalOnRead` in the sensor for why), and one
 * `defineProperty` per build is all it costs.
 */
function defineSensitiveOnRead(variables: Record<string, unknown>): void {
  Object.defineProperty(variables, 'sensitive', sensitiveOnRead)
}

const sensitiveOnRead: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: Record<string, unknown>) {
    const found = sensitiveIn(this.text as string)
    settleSensitive(this, found)
    return found
  },
  set(this: Record<string, unknown>, found: unknown) {
    settleSensitive(this, found)
  },
}

/** `sensitive` as a plain data property of `variables`. */
function settleSensitive(variables: Record<string, unknown>, found: unknown): void {
  Object.defineProperty(variables, 'sensitive', {
    value: found,
    writable: true,
    enumerable: true,
    configurable: true,
  })
}

/** No session has used a shared value this turn names (or none is `shared`). */
const noSharedCalls = { calls: [], rejected: [], pending: [] }

/**
 * `session` as conditions, templates and tool checks read it: the scenario and step, the turn,
 * `toolsRun`, `calls` (the tool calls that ran, with their arguments), `pending` (the call waiting
 * for an approver, `{ tool, args }`, or null), `rejected` (calls an approver declined or that
 * expired unapproved, with their arguments and `decision`, `rejected` or `expired`), `withdrawn` (calls the requester took back while
 * they waited for an approver) and `shared` (`{ calls, rejected, pending }` of every session, with
 * their `sessionId` and `at`, on the values of the definition's `shared` entities this turn names: the
 * refunds of order NW-1001 in other conversations too).
 */
export function sessionVariables(state: EngineSessionState): Record<string, unknown> {
  const waiting = state.pendingApproval?.remaining[0]
  return {
    scenario: state.navigation.scenario,
    step: state.navigation.step,
    turn: state.turn + 1,
    toolsRun: state.toolsRun,
    calls: state.toolCalls ?? [],
    pending: waiting === undefined ? null : { tool: waiting.toolId, args: waiting.args },
    rejected: (state.rejectedCalls ?? []).map(withDecision),
    withdrawn: state.withdrawnCalls ?? [],
    shared: state.shared ?? noSharedCalls,
  }
}

/** The name of a step's required field, written bare (`email`) or with its question. */
export function requiredFieldName(entry: RequiredField): string {
  return typeof entry === 'string' ? entry : entry.field
}

/** The required fields of a step not in `fields` yet, in the step's order (none outside a step). */
export function missingFields(
  compiled: CompiledEngine,
  scenario: string | null,
  step: string | null,
  fields: Record<string, unknown>,
): Array<{ field: string; question?: string | undefined }> {
  if (scenario === null || step === null) return []
  const definition = compiled.scenariosById.get(scenario)?.steps.find((candidate) => candidate.id === step)
  if (definition === undefined) return []
  return definition.required
    .map((entry) => (typeof entry === 'string' ? { field: entry } : entry))
    .filter((entry) => fields[entry.field] === undefined)
}

/** The follow-up question for the first missing required field of the current step, if any. */
export function missingFieldQuestion(
  compiled: CompiledEngine,
  scenario: string | null,
  step: string | null,
  fields: Record<string, unknown>,
): string | undefined {
  const missing = missingFields(compiled, scenario, step, fields)
  const first = missing[0]
  if (first === undefined) return undefined
  const definition = compiled.scenariosById.get(scenario!)?.steps.find((candidate) => candidate.id === step)
  if (missing.length > 1 && definition?.ask !== undefined) return definition.ask
  return 'question' in first && first.question !== undefined
    ? first.question
    : (definition?.ask ?? `Could you tell me your ${first.field.replaceAll('_', ' ')}?`)
}
