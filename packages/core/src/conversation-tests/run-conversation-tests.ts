import type { Engine } from '../engine/create-engine.ts'
import type { TurnResult } from '../engine/types.ts'
import { FocalError } from '../errors/focal-error.ts'
import type {
  Conversation,
  ConversationSuite,
  ConversationTurn,
  TurnExpectation,
} from './conversation-test-schema.ts'
import { loadConversationSuite } from './load-conversation-suite.ts'

/** One expectation a turn did not meet. */
export interface ConversationTurnFailure {
  /** The expectation (`scenario`, `contains`, ...). */
  check: string
  expected: unknown
  actual: unknown
}

/** What one turn did, and what it missed. */
export interface ConversationTurnReport {
  index: number
  /** What was sent: the user text, `choose: <label>` or `approval: approve`. */
  input: string
  type: TurnResult['type'] | 'error'
  scenario: string | null
  step: string | null
  /** The text the user saw. */
  text: string
  failures: ConversationTurnFailure[]
}

/** One conversation's outcome. */
export interface ConversationReport {
  name: string
  passed: boolean
  turns: ConversationTurnReport[]
}

/** The outcome of a suite. */
export interface ConversationTestReport {
  passed: number
  failed: number
  conversations: ConversationReport[]
}

/** Options of {@link runConversationTests}. */
export interface RunConversationTestsOptions {
  /** The suite: YAML/JSON text, an object, or a loaded suite. */
  suite: string | object
  /** Makes the engine for one conversation (a fresh one each, so no state leaks between them). */
  engine: (conversation: Conversation) => Engine
  /** Runs only the conversations whose name includes this text. @default undefined (all) */
  filter?: string
}

/**
 * Runs multi-turn conversation tests: each conversation in its own session, turn by turn, every
 * expectation checked against the turn's result, provenance and session state.
 *
 * @example
 * const report = await runConversationTests({ suite: yamlText, engine: () => createEngine({ definition }) })
 * if (report.failed > 0) console.log(formatConversationReport(report))
 */
export async function runConversationTests(
  options: RunConversationTestsOptions,
): Promise<ConversationTestReport> {
  const suite: ConversationSuite = loadConversationSuite(options.suite)
  const conversations = suite.conversations.filter(
    (conversation) => options.filter === undefined || conversation.name.includes(options.filter),
  )
  const reports: ConversationReport[] = []
  for (const [index, conversation] of conversations.entries())
    reports.push(
      await runConversation(options.engine(conversation), conversation, `conversation-${index + 1}`),
    )
  const failed = reports.filter((report) => !report.passed).length
  return { passed: reports.length - failed, failed, conversations: reports }
}

async function runConversation(
  engine: Engine,
  conversation: Conversation,
  sessionId: string,
): Promise<ConversationReport> {
  const turns: ConversationTurnReport[] = []
  let last: TurnResult | undefined
  for (const [index, turn] of conversation.turns.entries()) {
    const input = describeInput(turn)
    let result: TurnResult
    try {
      result = await send(engine, sessionId, turn, last)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      turns.push({
        index,
        input,
        type: 'error',
        scenario: null,
        step: null,
        text: message,
        failures: [{ check: 'turn', expected: 'a result', actual: message }],
      })
      break
    }
    last = result
    const navigation = (await engine.getSession(sessionId))?.navigation
    const report: ConversationTurnReport = {
      index,
      input,
      type: result.type,
      scenario: navigation?.scenario ?? null,
      step: navigation?.step ?? null,
      text: visibleText(result),
      failures: [],
    }
    if (turn.expect !== undefined) report.failures = check(turn.expect, result, report)
    turns.push(report)
  }
  return { name: conversation.name, passed: turns.every((turn) => turn.failures.length === 0), turns }
}

function describeInput(turn: ConversationTurn): string {
  if ('user' in turn) return turn.user
  if ('choose' in turn) return `choose: ${turn.choose}`
  return `approval: ${turn.approval}`
}

async function send(
  engine: Engine,
  sessionId: string,
  turn: ConversationTurn,
  last: TurnResult | undefined,
): Promise<TurnResult> {
  if ('user' in turn) return engine.turn({ sessionId, text: turn.user })
  if ('choose' in turn) {
    if (last?.type !== 'clarification')
      throw testError(`"choose: ${turn.choose}" but the last turn asked no clarification`)
    const wanted = turn.choose.toLowerCase()
    const option = last.clarification.options.find(
      (candidate) => candidate.label.toLowerCase() === wanted || candidate.id.toLowerCase() === wanted,
    )
    if (option === undefined)
      throw testError(
        `no option "${turn.choose}" (offered: ${last.clarification.options.map((candidate) => candidate.label).join(', ')})`,
      )
    return engine.turn({ sessionId, text: option.value })
  }
  const pending = (await engine.getSession(sessionId))?.pendingApproval
  if (pending === undefined) throw testError(`"approval: ${turn.approval}" but no approval is pending`)
  return engine.resolveApproval({ sessionId, approvalId: pending.approval.id, decision: turn.approval })
}

function visibleText(result: TurnResult): string {
  if (result.type === 'clarification')
    return [
      result.clarification.question,
      ...result.clarification.options.map((option) => option.label),
    ].join(' | ')
  return result.text ?? ''
}

function check(
  expect: TurnExpectation,
  result: TurnResult,
  report: ConversationTurnReport,
): ConversationTurnFailure[] {
  const failures: ConversationTurnFailure[] = []
  const fail = (name: string, expected: unknown, actual: unknown) =>
    failures.push({ check: name, expected, actual })
  const { provenance } = result
  if (expect.type !== undefined && expect.type !== result.type) fail('type', expect.type, result.type)
  if (expect.scenario !== undefined && expect.scenario !== report.scenario)
    fail('scenario', expect.scenario, report.scenario)
  if (expect.step !== undefined && expect.step !== report.step) fail('step', expect.step, report.step)
  const decision = provenance.route?.decision
  if (expect.decision !== undefined && expect.decision !== decision)
    fail('decision', expect.decision, decision ?? null)
  const ran = provenance.tools
    .filter((tool) => tool.status === 'ran' || tool.status === 'approved')
    .map((tool) => tool.id)
  for (const tool of expect.tools ?? []) if (!ran.includes(tool)) fail('tools', tool, ran)
  for (const tool of expect.notTools ?? []) if (ran.includes(tool)) fail('notTools', tool, ran)
  const fired = provenance.rules.map((rule) => rule.id)
  for (const rule of expect.rules ?? []) if (!fired.includes(rule)) fail('rules', rule, fired)
  for (const rule of expect.notRules ?? []) if (fired.includes(rule)) fail('notRules', rule, fired)
  const violated = provenance.enforcement?.violations.map((violation) => violation.ruleId) ?? []
  for (const rule of expect.violations ?? []) if (!violated.includes(rule)) fail('violations', rule, violated)
  const text = report.text.toLowerCase()
  for (const part of expect.contains ?? [])
    if (!text.includes(part.toLowerCase())) fail('contains', part, report.text)
  for (const part of expect.notContains ?? [])
    if (text.includes(part.toLowerCase())) fail('notContains', part, report.text)
  if (expect.options !== undefined) {
    const offered =
      result.type === 'clarification' ? result.clarification.options.map((option) => option.label) : []
    for (const option of expect.options) if (!offered.includes(option)) fail('options', option, offered)
  }
  if (expect.approver !== undefined) {
    const approver = result.type === 'approval-required' ? result.approval.approver : undefined
    if (approver !== expect.approver) fail('approver', expect.approver, approver ?? null)
  }
  return failures
}

/** A step the conversation test asks for that the conversation cannot take. */
function testError(message: string): FocalError {
  return new FocalError({ code: 'invalid-conversation-test', message })
}
