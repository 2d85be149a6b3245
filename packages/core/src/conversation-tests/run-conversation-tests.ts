import type { Engine } from '../engine/create-engine.ts'
import type { TurnResult } from '../engine/types.ts'
import { FocalError, type FocalIssue } from '../errors/focal-error.ts'
import type {
  Conversation,
  ConversationSuite,
  ConversationTurn,
  TurnExpectation,
} from './conversation-test-schema.ts'
import { formatConversationReport } from './format-conversation-report.ts'
import {
  conversationSuiteError,
  conversationSuiteText,
  loadConversationSuite,
} from './load-conversation-suite.ts'

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
  /**
   * Runs only the conversations whose name includes this text, in any case. One that selects no
   * conversation is an error (`invalid-conversation-test`), never a run of nothing that passes.
   * @default undefined (all)
   */
  filter?: string | undefined
}

/** Does a conversation's name include `filter`, in any case? */
export function matchesConversationFilter(name: string, filter: string | undefined): boolean {
  return filter === undefined || name.toLowerCase().includes(filter.toLowerCase())
}

/**
 * Runs multi-turn conversation tests: each conversation in its own session, turn by turn, every
 * expectation checked against the turn's result, provenance and session state.
 *
 * Before any runs, every id an expectation names (tool, rule, scenario, step) is checked against
 * the definition: a misspelt one throws `invalid-conversation-test` with its path, since a
 * `notTools` of a tool that does not exist could never fail.
 *
 * @example
 * it('the support agent holds up', async () => {
 *   const report = await runConversationTests({ suite: yamlText, engine: () => createEngine({ definition }) })
 *   assertConversationsPassed(report) // throws the readable report when a conversation failed
 * })
 */
export async function runConversationTests(
  options: RunConversationTestsOptions,
): Promise<ConversationTestReport> {
  const suite: ConversationSuite = loadConversationSuite(options.suite)
  const conversations = suite.conversations.filter((conversation) =>
    matchesConversationFilter(conversation.name, options.filter),
  )
  if (conversations.length === 0)
    throw testError(
      `no conversation's name includes "${options.filter}" (names: ${suite.conversations.map((conversation) => `"${conversation.name}"`).join(', ')})`,
      'filter',
    )
  const reports: ConversationReport[] = []
  for (const [index, conversation] of conversations.entries()) {
    const engine = options.engine(conversation)
    if (index === 0) await checkConversationIds(suite, engine)
    reports.push(await runConversation(engine, conversation, `conversation-${index + 1}`))
  }
  const failed = reports.filter((report) => !report.passed).length
  return { passed: reports.length - failed, failed, conversations: reports }
}

/**
 * Throws unless every conversation of the report passed, with the readable report as the
 * message: the one call a Vitest test needs (a report alone fails nothing).
 */
export function assertConversationsPassed(report: ConversationTestReport): void {
  if (report.failed === 0 && report.passed > 0) return
  throw new Error(
    report.passed + report.failed === 0
      ? 'no conversation ran'
      : `${report.failed} of ${report.passed + report.failed} conversations failed\n${formatConversationReport(report)}`,
  )
}

/**
 * Checks, without running anything, that every id a suite's expectations name (tool, rule,
 * scenario, step) exists in `engine`'s definition; throws `invalid-conversation-test` with each
 * unknown one located. `runConversationTests` does it first; a runner of several suites calls it for
 * each before running any, so a typo in the last is not reported after the others ran.
 */
export async function checkConversationIds(suite: string | ConversationSuite, engine: Engine): Promise<void> {
  await assertKnownIds(loadConversationSuite(suite), engine, conversationSuiteText(suite))
}

/**
 * Every id the suite's expectations name exists in the engine's definition (rules also among the
 * enforcement plan's, which adds the guardrails' `never-1`, `always-1`, ...): one issue per
 * unknown id, located by path, conversation name and, when the suite was text, line (`line 9,
 * conversation "refund cap": conversations[0].turns[1].expect.notTools[0]`).
 */
async function assertKnownIds(
  suite: ConversationSuite,
  engine: Engine,
  text: string | undefined,
): Promise<void> {
  const { definition } = engine
  const plan = await engine.enforcementPlan()
  const known = {
    tool: new Set(definition.tools.map((tool) => tool.id)),
    rule: new Set([...definition.rules.map((rule) => rule.id), ...plan.rules.map((rule) => rule.id)]),
    scenario: new Set(definition.scenarios.map((scenario) => scenario.id)),
    step: new Set(definition.scenarios.flatMap((scenario) => scenario.steps.map((step) => step.id))),
  }
  const issues: FocalIssue[] = []
  const check = (kind: keyof typeof known, id: string | null | undefined, path: string) => {
    if (id === null || id === undefined || known[kind].has(id)) return
    // `issue-refund` for `issue_refund`, `Refund_Cap` for `refund-cap`: the id meant.
    const loose = (text: string) => text.toLowerCase().replace(/[-_\s.]+/gu, '')
    const meant = [...known[kind]].filter((candidate) => loose(candidate) === loose(id))
    const hint =
      meant.length === 1
        ? `did you mean "${meant[0]}"?`
        : `${kind}s: ${[...known[kind]].slice(0, 12).join(', ') || 'none'}${known[kind].size > 12 ? ', …' : ''}`
    issues.push({ path, message: `no ${kind} "${id}" in the definition (${hint})` })
  }
  for (const [conversationIndex, conversation] of suite.conversations.entries())
    for (const [turnIndex, turn] of conversation.turns.entries()) {
      const expect = turn.expect
      if (expect === undefined) continue
      const at = `conversations[${conversationIndex}].turns[${turnIndex}].expect`
      check('scenario', expect.scenario, `${at}.scenario`)
      check('step', expect.step, `${at}.step`)
      for (const [key, kind] of [
        ['tools', 'tool'],
        ['toolRuns', 'tool'],
        ['notTools', 'tool'],
        ['rules', 'rule'],
        ['notRules', 'rule'],
        ['violations', 'rule'],
      ] as const)
        for (const [index, id] of (expect[key] ?? []).entries()) check(kind, id, `${at}.${key}[${index}]`)
    }
  if (issues.length === 0) return
  throw conversationSuiteError(
    `the suite names ids its definition does not have (${issues.length})`,
    issues,
    suite,
    text,
  )
}

async function runConversation(
  engine: Engine,
  conversation: Conversation,
  sessionId: string,
): Promise<ConversationReport> {
  const turns: ConversationTurnReport[] = []
  let last: TurnResult | undefined
  // The turn that asked for the pending approval: an approval step goes on with it, however many
  // turns came in between (found by session 65's review: the turn just before was taken).
  let paused: TurnResult | undefined
  for (const [index, turn] of conversation.turns.entries()) {
    const input = describeInput(turn)
    let result: TurnResult
    try {
      result = await send(engine, sessionId, turn, last)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const navigation = (await engine.getSession(sessionId))?.navigation
      turns.push({
        index,
        input,
        type: 'error',
        scenario: navigation?.scenario ?? null,
        step: navigation?.step ?? null,
        text: message,
        failures: [{ check: 'turn', expected: 'a result', actual: message }],
      })
      break
    }
    const resumed = turn.approval === undefined ? undefined : paused
    last = result
    // A turn asked while the approval waits may ask for it again: the turn that first asked is the
    // one that ran tools before the pause.
    if (result.type === 'approval-required') {
      if (paused?.type !== 'approval-required' || paused.approval.id !== result.approval.id) paused = result
    } else if (turn.approval !== undefined) paused = undefined
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
    if (turn.expect !== undefined) report.failures = check(turn.expect, result, report, resumed)
    turns.push(report)
  }
  return { name: conversation.name, passed: turns.every((turn) => turn.failures.length === 0), turns }
}

function describeInput(turn: ConversationTurn): string {
  if (turn.user !== undefined) return turn.user
  if (turn.choose !== undefined) return `choose: ${turn.choose}`
  return `approval: ${turn.approval}`
}

async function send(
  engine: Engine,
  sessionId: string,
  turn: ConversationTurn,
  last: TurnResult | undefined,
): Promise<TurnResult> {
  if (turn.user !== undefined) return engine.turn({ sessionId, text: turn.user })
  if (turn.choose !== undefined) {
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
  return engine.resolveApproval({
    sessionId,
    approvalId: pending.approval.id,
    decision: turn.approval ?? 'approve',
  })
}

/** What the person reading the chat sees of a result: a clarification's reason too (the widget shows it). */
function visibleText(result: TurnResult): string {
  if (result.type === 'clarification')
    return [
      result.clarification.question,
      result.clarification.reason,
      ...result.clarification.options.map((option) => option.label),
    ]
      .filter((part) => part !== '')
      .join(' | ')
  return result.text ?? ''
}

/**
 * Text as `contains` compares it: NFKC, full case folding (upper then lower case: "ß" and "SS"
 * both read "ss"), and each run of white space (a no-break space too) as one space.
 */
function comparable(text: string): string {
  return text.normalize('NFKC').toUpperCase().toLowerCase().replace(/\s+/gu, ' ')
}

/**
 * Checks a turn's expectations. `paused` is the turn an approval step goes on with: its tools ran
 * then, not now, so only the runs after the decision count, and the step itself routes nothing.
 */
function check(
  expect: TurnExpectation,
  result: TurnResult,
  report: ConversationTurnReport,
  paused?: TurnResult,
): ConversationTurnFailure[] {
  const failures: ConversationTurnFailure[] = []
  const fail = (name: string, expected: unknown, actual: unknown) =>
    failures.push({ check: name, expected, actual })
  const { provenance } = result
  if (expect.type !== undefined && expect.type !== result.type) fail('type', expect.type, result.type)
  if (expect.scenario !== undefined && expect.scenario !== report.scenario)
    fail('scenario', expect.scenario, report.scenario)
  if (expect.step !== undefined && expect.step !== report.step) fail('step', expect.step, report.step)
  const decision = paused === undefined ? (provenance.route?.decision ?? null) : null
  if (expect.decision !== undefined && expect.decision !== decision)
    fail('decision', expect.decision, decision)
  // The tools the paused turn ran before it waited for the approver lead the resumed turn's list.
  const before =
    paused === undefined
      ? 0
      : Math.max(
          0,
          paused.provenance.tools.findIndex((tool) => tool.status === 'awaiting-approval'),
        )
  // A call that failed was still made (it may have acted before it threw): `toolRuns` and
  // `notTools` see it, `tools` (which ran) does not.
  const calls = provenance.tools
    .slice(before)
    .filter((tool) => tool.status === 'ran' || tool.status === 'approved' || tool.status === 'failed')
  const ran = calls.filter((tool) => tool.status !== 'failed').map((tool) => tool.id)
  const called = calls.map((tool) => tool.id)
  for (const tool of expect.tools ?? []) if (!ran.includes(tool)) fail('tools', tool, ran)
  if (
    expect.toolRuns !== undefined &&
    (expect.toolRuns.length !== called.length ||
      expect.toolRuns.some((tool, index) => called[index] !== tool))
  )
    fail('toolRuns', expect.toolRuns, called)
  for (const tool of expect.notTools ?? []) if (called.includes(tool)) fail('notTools', tool, called)
  const fired = provenance.rules.map((rule) => rule.id)
  for (const rule of expect.rules ?? []) if (!fired.includes(rule)) fail('rules', rule, fired)
  for (const rule of expect.notRules ?? []) if (fired.includes(rule)) fail('notRules', rule, fired)
  const violated = provenance.enforcement?.violations.map((violation) => violation.ruleId) ?? []
  for (const rule of expect.violations ?? []) if (!violated.includes(rule)) fail('violations', rule, violated)
  const text = comparable(report.text)
  for (const part of expect.contains ?? [])
    if (!text.includes(comparable(part))) fail('contains', part, report.text)
  for (const part of expect.notContains ?? [])
    if (text.includes(comparable(part))) fail('notContains', part, report.text)
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
function testError(message: string, path?: string): FocalError {
  return new FocalError({
    code: 'invalid-conversation-test',
    message,
    ...(path === undefined ? {} : { issues: [{ path, message }] }),
  })
}
