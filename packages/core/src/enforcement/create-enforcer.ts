import { chainStreamRedactors } from './chain-stream-redactors.ts'
import { checkExpression, compileExpression } from './compile-expression.ts'
import { createDraftReader } from './create-draft-reader.ts'
import { createExpressionStream, judgedWhileWritten } from './create-expression-stream.ts'
import { createScanner, type Scanner } from './create-scanner.ts'
import { createStreamRedactor } from './create-stream-redactor.ts'
import { extractResponseVariables, type ResponseReading, readResponse } from './extract-response-variables.ts'
import { redact } from './redact.ts'
import { spellsOutCard, toolCards } from './spelled-card-echo.ts'
import type {
  CompiledExpression,
  DraftJudge,
  EnforcementContext,
  EnforcementResult,
  EnforcementRule,
  Enforcer,
  Finding,
  PartialMasks,
  RedactionStyle,
  RuleViolation,
  ScanOptions,
  StreamRedactor,
} from './types.ts'
import { unquoted } from './unquoted.ts'
import { validateEnforcementRules } from './validate-enforcement-rules.ts'

/** Options of `createEnforcer`. */
export interface EnforcerOptions {
  rules: readonly EnforcementRule[]
  /** Scan options applied to every rule's scanner (entropy tuning). @default {} */
  scan?: Pick<ScanOptions, 'entropyThreshold' | 'entropyMinLength'>
  /** Redaction style for `redact` violations. @default 'placeholder' */
  style?: RedactionStyle
  /** Finding types shown partly (`{ 'credit-card': { mask: 'last4' } }`), in `check` and streams. @default {} */
  masks?: PartialMasks
  /** Refusal used when a rule has none. @default "I'm sorry, I can't share that." */
  refusal?: string
  /** Path named in load errors. @default 'rules' */
  path?: string
}

interface CompiledRule {
  rule: EnforcementRule
  expression: CompiledExpression | undefined
  scanner: Scanner | undefined
  scanOptions: ScanOptions | undefined
}

const defaultRefusal = "I'm sorry, I can't share that."
const severity = { allowed: 0, redacted: 1, regenerate: 2, escalated: 3, blocked: 4 } as const

/**
 * Builds the Lane 1 enforcer for a set of rules: every expression is compiled and every scanner
 * validated once, at load. `check` runs the retrieved rules plus every global rule; hard-safety
 * fails closed (an internal error blocks), and violations resolve to the strictest action:
 * blocked > escalated > regenerate (bounded, then refuse) > redacted > allowed.
 *
 * @example
 * const enforcer = createEnforcer({ rules: [{ id: 'refund-limit', tier: 'hard-safety', enforce: {
 *   expression: 'refund_amount <= 50', bindings: [{ name: 'refund_amount', kind: 'money', label: 'refund' }],
 *   onViolation: 'regenerate' } }] })
 * enforcer.check("I've refunded $75 to your card").type // 'regenerate'
 */
export function createEnforcer(options: EnforcerOptions): Enforcer {
  const { rules, style = 'placeholder', masks, refusal = defaultRefusal, path = 'rules' } = options
  validateEnforcementRules(rules, path)
  const compiled: CompiledRule[] = rules.map((rule, index) =>
    compileRule(rule, `${path}[${index}]`, options.scan ?? {}),
  )
  const streamCache = new Map<string, { block: ScanOptions | undefined; replace: ScanOptions }>()

  const select = (context: EnforcementContext): CompiledRule[] => {
    const ids = context.ruleIds === undefined ? undefined : new Set(context.ruleIds)
    return compiled.filter(({ rule }) => ids === undefined || rule.global === true || ids.has(rule.id))
  }

  const check = (text: string, context: EnforcementContext = {}): EnforcementResult => {
    const violations: RuleViolation[] = []
    // The text's amounts, counts and emails, read once for all the rules that check it, past the
    // passages that quote the user (blanked, so every other place keeps its offset).
    const read = readingOnce(text, context.quoted)
    const selected = select(context)
    for (const entry of selected) {
      const violation = checkRule(entry, text, context, read)
      if (violation !== undefined) violations.push(violation)
    }
    const result = resolve(text, violations, context.attempt ?? 0)
    if (result.type !== 'allowed' && result.type !== 'redacted') return result
    // A card a tool returned, spelled out past the detectors (in words, or split apart), is refused
    // by the rule that guards cards: its number is never shown whole (outside review rv63 2).
    const guard = selected.find((entry) => entry.rule.enforce.detectors?.includes('credit-card') === true)
    if (guard === undefined || !spellsOutCard(result.text, toolCards(context.variables))) return result
    return {
      type: 'blocked',
      violations: [
        ...(result.type === 'redacted' ? result.violations : []),
        {
          ruleId: guard.rule.id,
          tier: guard.rule.tier,
          action: 'refuse',
          message: 'the reply spells out a card number a tool returned (in words or split apart)',
          findings: [],
        },
      ],
      refusal: guard.rule.enforce.refusal ?? refusal,
    }
  }

  const resolve = (text: string, violations: RuleViolation[], attempt: number): EnforcementResult => {
    if (violations.length === 0) return { type: 'allowed', text, findings: [] }
    let outcome: EnforcementResult['type'] = 'allowed'
    for (const violation of violations) {
      const type = outcomeOf(violation, attempt, compiled)
      if (severity[type] > severity[outcome]) outcome = type
    }
    if (outcome === 'blocked') {
      const refusing = violations.find((violation) => ruleOf(violation)?.enforce.refusal !== undefined)
      return { type: 'blocked', violations, refusal: ruleOf(refusing)?.enforce.refusal ?? refusal }
    }
    if (outcome === 'escalated') return { type: 'escalated', violations }
    if (outcome === 'regenerate') {
      const instruction = `Rewrite the reply so it satisfies: ${violations.map(describe).join('; ')}.`
      return { type: 'regenerate', violations, instruction, attempt: attempt + 1 }
    }
    const findings = violations.flatMap((violation) => violation.findings)
    return { type: 'redacted', text: redact(text, findings, style, masks), findings, violations }
  }

  const ruleOf = (violation: RuleViolation | undefined): EnforcementRule | undefined =>
    violation === undefined ? undefined : compiled.find(({ rule }) => rule.id === violation.ruleId)?.rule

  /**
   * Items of rules that refuse, escalate or regenerate stop the stream (a draft they are in is never
   * delivered); items of redacting rules are replaced. Two chained redactors, so a card number a
   * redact rule hides never stops a live reply because a blocklist rule refuses.
   */
  const createStream = (context: EnforcementContext = {}): StreamRedactor => {
    const scanning = select(context).filter((entry) => entry.scanOptions !== undefined)
    const key = scanning.map((entry) => entry.rule.id).join('\u0000')
    let config = streamCache.get(key)
    if (config === undefined) {
      const stops = (entry: CompiledRule) => entry.rule.enforce.onViolation !== 'redact'
      const blocking = scanning.filter(stops)
      const scan = options.scan ?? {}
      config = {
        block: blocking.length === 0 ? undefined : mergeScanOptions(blocking, scan),
        replace: mergeScanOptions(
          scanning.filter((entry) => !stops(entry)),
          scan,
        ),
      }
      streamCache.set(key, config)
    }
    const masked = masks === undefined ? {} : { masks }
    return chainStreamRedactors(
      config.block === undefined
        ? undefined
        : createStreamRedactor({ ...config.block, style, mode: 'block' }),
      createStreamRedactor({ ...config.replace, style, ...masked, mode: 'redact' }),
    )
  }

  /**
   * The selected hard-safety expression rules judged on a draft as it is written (their scanners
   * are `createStream`'s): held whole when one reads a value a partial text cannot settle. The
   * draft is read in pieces (`createDraftReader`: each settled sentence once, the open one at each
   * judgement), so a judgement costs the open sentence and the values so far, not the whole
   * draft: 17.6 KB streamed in 2-character chunks took 1.7 s when each re-read everything.
   */
  const createDraftJudge = (context: EnforcementContext = {}): DraftJudge => {
    const selected = select(context)
    // A card a tool returned may be spelled out across the draft (in words, or split apart): only
    // the whole draft tells (see `check`), so the reply is held until checked, never streamed live.
    const cardGuard = selected.find((entry) => entry.rule.enforce.detectors?.includes('credit-card') === true)
    if (cardGuard !== undefined && toolCards(context.variables).length > 0)
      return { type: 'held', ruleIds: [cardGuard.rule.id] }
    const judged = selected.filter(
      (entry) => entry.expression !== undefined && entry.rule.tier === 'hard-safety',
    )
    if (judged.length === 0) return { type: 'streamed' }
    const held = judged
      .filter((entry) => !judgedWhileWritten(entry.rule, entry.expression?.reads ?? [], context.variables))
      .map((entry) => entry.rule.id)
    if (held.length > 0) return { type: 'held', ruleIds: held }
    const expressions = judged.map((entry) => ({ ...entry, scanner: undefined }))
    const labels = judged.flatMap((entry) =>
      (entry.rule.enforce.bindings ?? []).flatMap((binding) => binding.label ?? []),
    )
    const reader = createDraftReader({ quoted: context.quoted, labels })
    const rules = {
      append: reader.append,
      fails: (labelOpenSentence: boolean) =>
        expressions.some(
          (entry) => checkRule(entry, '', context, reader.read, labelOpenSentence) !== undefined,
        ),
    }
    return { type: 'streamed', stream: createExpressionStream({ rules, labels }) }
  }

  return { check, createStream, createDraftJudge }
}

function compileRule(rule: EnforcementRule, path: string, scan: ScanOptions): CompiledRule {
  const { enforce } = rule
  const expression =
    enforce.expression === undefined
      ? undefined
      : compileExpression(enforce.expression, { path: `${path}.enforce.expression` })
  const hasScan =
    (enforce.detectors?.length ?? 0) > 0 ||
    (enforce.blocklist?.length ?? 0) > 0 ||
    (enforce.patterns?.length ?? 0) > 0
  const scanOptions: ScanOptions | undefined = hasScan
    ? {
        ...scan,
        detectors: enforce.detectors ?? [],
        ...(enforce.blocklist === undefined ? {} : { blocklist: enforce.blocklist }),
        ...(enforce.patterns === undefined ? {} : { patterns: enforce.patterns }),
        path: `${path}.enforce`,
      }
    : undefined
  return {
    rule,
    expression,
    scanOptions,
    scanner: scanOptions === undefined ? undefined : createScanner(scanOptions),
  }
}

/**
 * The reading of `text` (its amounts, counts and emails, past the passages that quote the user,
 * blanked so every other place keeps its offset), made on first call and kept. A function that
 * returns the reader, not a closure of `check`: a closure bound to a name is given its name on
 * every call under tsx/esbuild's keepNames.
 */
function readingOnce(text: string, quoted: EnforcementContext['quoted']): () => ResponseReading {
  let reading: ResponseReading | undefined
  return () => (reading ??= readResponse(unquoted(text, quoted)))
}

/** A violation of `rule`. */
function violationOf(rule: EnforcementRule, message: string, findings: Finding[] = []): RuleViolation {
  return { ruleId: rule.id, tier: rule.tier, action: rule.enforce.onViolation, message, findings }
}

/**
 * One rule against one text (`read`: the values of the text its bound values are read from; the
 * text is scanned only by a rule with a scanner). Any internal error is a violation (fail
 * closed), never a pass.
 */
function checkRule(
  entry: CompiledRule,
  text: string,
  context: EnforcementContext,
  read: () => ResponseReading,
  labelOpenSentence = false,
): RuleViolation | undefined {
  const { rule } = entry
  try {
    const findings = entry.scanner?.scan(text).findings ?? []
    if (findings.length > 0) {
      const kinds = [...new Set(findings.map((finding) => finding.type))].join(', ')
      return violationOf(rule, `${rule.description ?? rule.id}: found ${kinds}`, findings)
    }
    if (entry.expression === undefined) return undefined
    const reading = read()
    const extracted = extractResponseVariables(reading.text, rule.enforce.bindings ?? [], reading, {
      labelOpenSentence,
    })
    const bound = Object.fromEntries(
      (rule.enforce.bindings ?? [])
        .filter((binding) => binding.name in extracted)
        .map((binding) => [binding.name, extracted[binding.name]]),
    )
    const bindings = rule.enforce.bindings ?? []
    const absent = new Set(
      bindings.filter((binding) => !(binding.name in bound)).map((binding) => binding.name),
    )
    // A reply that states no refund amount cannot exceed a refund cap: the part of a check over a
    // binding the reply does not mention does not apply (unless it tests for it with
    // has(reply.name)); its other parts still do ("refund_amount <= 50 && discount <= 20" caps a
    // $500 refund in a reply that names no discount).
    const applies = (part: CompiledExpression) =>
      !(part.reads ?? []).some((name) => absent.has(name) && !(part.tests ?? []).includes(name))
    const parts = absent.size === 0 ? [entry.expression] : (entry.expression.parts ?? [entry.expression])
    const judged = parts.filter(applies)
    if (judged.length === 0) return undefined
    const variables = { ...extracted, ...context.variables, ...bound, reply: bound }
    for (const part of judged) {
      const result = checkExpression(part, variables)
      if (result.type === 'passed') continue
      const failed = violationOf(rule, `${rule.description ?? rule.id}: ${result.message}`)
      // An expression that cannot be evaluated (missing variable, runtime error) is undecided: fail closed.
      return result.reason === 'error' ? { ...failed, internalError: true } : failed
    }
    return undefined
  } catch (error) {
    const message = `${rule.id}: could not be checked (${error instanceof Error ? error.message : String(error)})`
    return { ...violationOf(rule, message), internalError: true }
  }
}

function outcomeOf(
  violation: RuleViolation,
  attempt: number,
  compiled: CompiledRule[],
): EnforcementResult['type'] {
  if (violation.internalError === true && violation.tier === 'hard-safety') return 'blocked'
  switch (violation.action) {
    case 'refuse':
      return 'blocked'
    case 'escalate':
      return 'escalated'
    case 'regenerate': {
      const limit =
        compiled.find(({ rule }) => rule.id === violation.ruleId)?.rule.enforce.maxRegenerations ?? 2
      return attempt < limit ? 'regenerate' : 'blocked'
    }
    default:
      // Only findings can be redacted; a failed expression cannot, so it blocks.
      return violation.findings.length > 0 ? 'redacted' : 'blocked'
  }
}

function describe(violation: RuleViolation): string {
  return violation.message
}

/** One scan configuration covering a set of scanning rules. */
function mergeScanOptions(entries: CompiledRule[], scan: ScanOptions): ScanOptions {
  const detectors = new Set(entries.flatMap((entry) => entry.scanOptions?.detectors ?? []))
  const blocklist = entries.flatMap((entry) => entry.scanOptions?.blocklist ?? [])
  const patterns = entries.flatMap((entry) => entry.scanOptions?.patterns ?? [])
  return { ...scan, detectors: [...detectors], blocklist, patterns }
}
