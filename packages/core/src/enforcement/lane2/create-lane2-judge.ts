import { FocalError } from '../../errors/index.ts'
import { generateObject } from '../../llm/generate-object.ts'
import type { LanguageModel } from '../../llm/index.ts'
import { createScanner, type Scanner } from '../create-scanner.ts'
import { redact } from '../redact.ts'
import {
  type Lane2ModelOutput,
  lane2OutputSchema,
  lane2SystemPrompt,
  renderLane2Prompt,
} from './lane2-prompt.ts'
import type {
  Lane2Check,
  Lane2Judge,
  Lane2Outcome,
  Lane2Rule,
  Lane2Selection,
  Lane2Violation,
} from './types.ts'

/** Options of {@link createLane2Judge}. */
export interface CreateLane2JudgeOptions {
  /** The judge model (use `resolveModel(roles, 'judge')`). */
  model: LanguageModel
  /** Share of non-subjective rules judged on ordinary turns, 0..1. @default 0 */
  sampleRate?: number
  /** Time Lane 2 may take per turn; after it, outcomes follow the rule tiers. @default 1500 */
  latencyBudgetMs?: number
  /** What a process rule does when its judgment cannot finish. @default 'block' */
  processFallback?: 'block' | 'escalate'
  /** Random source in [0, 1) for sampling (inject for deterministic tests). @default Math.random */
  random?: () => number
  /** @default 512 */
  maxTokens?: number
}

/**
 * The Lane 2 judge: subjective rules ("be empathetic") judged by a model with a strict
 * PASS / FAIL + reason contract, run only for subjective rules, risky actions or sampling, inside
 * a per-turn latency budget. When the budget runs out or the model fails, style rules pass with a
 * logged skip, process rules block or escalate as configured, hard-safety rules block (fail
 * closed). Outcomes are values; only misuse throws.
 *
 * @example
 * const lane2 = createLane2Judge({ model: resolveModel(roles, 'judge')!, latencyBudgetMs: 800 })
 * const outcome = await lane2.judge({ rules: [{ id: 'empathy', tier: 'style', rubric: 'Be empathetic' }], reply })
 */
export function createLane2Judge(options: CreateLane2JudgeOptions): Lane2Judge {
  const {
    model,
    sampleRate = 0,
    latencyBudgetMs = 1500,
    processFallback = 'block',
    random = Math.random,
    maxTokens = 512,
  } = options
  if (!(sampleRate >= 0 && sampleRate <= 1)) throw misuse('sampleRate', 'must be between 0 and 1')
  if (!(latencyBudgetMs > 0)) throw misuse('latencyBudgetMs', 'must be positive')

  const select = (rule: Lane2Rule, riskyAction = false): Lane2Selection => {
    if (rule.subjective !== false) return 'subjective'
    if (riskyAction) return 'risky-action'
    return sampleRate > 0 && random() < sampleRate ? 'sampled' : 'not-selected'
  }

  return {
    select,
    async judge({ rules, reply, userMessage = '', riskyAction = false, signal }) {
      const started = performance.now()
      const selections = rules.map((rule) => ({ rule, selection: select(rule, riskyAction) }))
      const selected = selections.filter(({ selection }) => selection !== 'not-selected')
      const notRun = selections
        .filter(({ selection }) => selection === 'not-selected')
        .map(
          ({ rule }): Lane2Check => ({
            ruleId: rule.id,
            tier: rule.tier,
            selection: 'not-selected',
            status: 'not-run',
            reason: 'not selected this turn',
          }),
        )
      const base = { latencyMs: 0, tokenCost: 0, modelId: model.modelId }
      if (selected.length === 0) return { type: 'allowed', checks: notRun, ...base }
      const call = await callWithinBudget(
        model,
        selected.map(({ rule }) => rule),
        { reply, userMessage, latencyBudgetMs, maxTokens, signal },
      )
      const latencyMs = performance.now() - started
      if (call.type === 'unfinished') {
        const checks = selected.map(({ rule, selection }) =>
          fallbackCheck(rule, selection, call.reason, processFallback),
        )
        return summarise([...checks, ...notRun], { ...base, latencyMs, skipped: call.reason })
      }
      const checks = selected.map(({ rule, selection }) =>
        verdictCheck(rule, selection, call.output, processFallback),
      )
      return summarise([...checks, ...notRun], { ...base, latencyMs, tokenCost: call.tokenCost })
    },
  }
}

type BudgetedCall =
  | { type: 'finished'; output: Lane2ModelOutput; tokenCost: number }
  | { type: 'unfinished'; reason: string }

interface CallOptions {
  reply: string
  userMessage: string
  latencyBudgetMs: number
  maxTokens: number
  signal: AbortSignal | undefined
}

/** One model call raced against the budget; the call is aborted when the budget runs out. */
async function callWithinBudget(
  model: LanguageModel,
  rules: Lane2Rule[],
  options: CallOptions,
): Promise<BudgetedCall> {
  const controller = new AbortController()
  const onAbort = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', onAbort, { once: true })
  let timer: ReturnType<typeof setTimeout> | undefined
  const budget = new Promise<BudgetedCall>((resolve) => {
    timer = setTimeout(() => {
      controller.abort()
      resolve({ type: 'unfinished', reason: 'latency-budget-exceeded' })
    }, options.latencyBudgetMs)
  })
  const call = generateObject(model, {
    system: lane2SystemPrompt,
    messages: [{ role: 'user', content: renderLane2Prompt(rules, options.reply, options.userMessage) }],
    schema: lane2OutputSchema,
    signal: controller.signal,
    maxTokens: options.maxTokens,
  }).then(
    (result): BudgetedCall => ({
      type: 'finished',
      output: result.object,
      tokenCost: result.usage.inputTokens + result.usage.outputTokens,
    }),
    (error: unknown): BudgetedCall => {
      if (options.signal?.aborted)
        throw new FocalError({ code: 'aborted', message: 'Lane 2 judgment aborted', cause: error })
      const detail = FocalError.isInstance(error) ? error.code : 'unknown'
      return { type: 'unfinished', reason: `model-error: ${detail}` }
    },
  )
  call.catch(() => {}) // a late rejection after the budget won must not go unhandled
  try {
    return await Promise.race([call, budget])
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', onAbort)
  }
}

function verdictCheck(
  rule: Lane2Rule,
  selection: Lane2Selection,
  output: Lane2ModelOutput,
  processFallback: 'block' | 'escalate',
): Lane2Check {
  const entry = output.results.find((result) => result.rule_id === rule.id)
  if (entry === undefined) return fallbackCheck(rule, selection, 'model omitted this rule', processFallback)
  return {
    ruleId: rule.id,
    tier: rule.tier,
    selection,
    status: entry.verdict === 'PASS' ? 'passed' : 'failed',
    reason: screenedReason(entry.reason),
  }
}

let reasonScanner: Scanner | undefined

/**
 * A verdict's reason with every value the built-in detectors find replaced by its placeholder
 * (`[CREDIT_CARD]`): the reason is text a model wrote, and it reaches the client (provenance, the
 * widget's footer) and the append-only ledger, where a card or key would stay readable for good.
 */
function screenedReason(reason: string): string {
  reasonScanner ??= createScanner()
  const findings = reasonScanner.scan(reason).findings
  return findings.length === 0 ? reason : redact(reason, findings)
}

/** The tier decides when no verdict exists: style passes with a logged skip; others fail closed. */
function fallbackCheck(
  rule: Lane2Rule,
  selection: Lane2Selection,
  reason: string,
  processFallback: 'block' | 'escalate',
): Lane2Check {
  const status =
    rule.tier === 'style'
      ? 'skipped'
      : rule.tier === 'process'
        ? (rule.onBudgetExceeded ?? processFallback) === 'escalate'
          ? 'escalated'
          : 'blocked'
        : 'blocked'
  return { ruleId: rule.id, tier: rule.tier, selection, status, reason }
}

function summarise(
  checks: Lane2Check[],
  base: Omit<Lane2Outcome, 'type' | 'checks' | 'violations'>,
): Lane2Outcome {
  const violationsWith = (status: Lane2Check['status']): Lane2Violation[] =>
    checks
      .filter((check) => check.status === status)
      .map((check) => ({ ruleId: check.ruleId, tier: check.tier, lane: 2, message: check.reason }))
  const blocked = violationsWith('blocked')
  const escalated = violationsWith('escalated')
  const failed = violationsWith('failed')
  const common = { checks, ...base }
  if (blocked.length > 0)
    return { type: 'blocked', violations: [...blocked, ...escalated, ...failed], ...common }
  if (escalated.length > 0) return { type: 'escalated', violations: [...escalated, ...failed], ...common }
  if (failed.length > 0) return { type: 'violated', violations: failed, ...common }
  return { type: 'allowed', ...common }
}

function misuse(path: string, message: string): FocalError {
  return new FocalError({
    code: 'invalid-argument',
    message: `${path}: ${message}`,
    issues: [{ path, message }],
  })
}
