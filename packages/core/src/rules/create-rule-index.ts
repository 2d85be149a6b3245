import { compileExpression } from '../enforcement/compile-expression.ts'
import type { CompiledExpression } from '../enforcement/types.ts'
import { normalizeText } from '../sensor/score-intents.ts'
import { compareRules, type OrderedRule, ruleScopeType } from './compare-rules.ts'
import { conditionFacts } from './condition-facts.ts'
import type { MatchedRule, RejectedRule, Rule, RuleIndex, RuleRetrievalContext } from './types.ts'

/** Options of {@link createRuleIndex}. */
export interface RuleIndexOptions {
  rules: readonly Rule[]
}

interface IndexedRule extends OrderedRule {
  condition?: CompiledExpression
  /** Session facts a condition reads when it reads nothing of the message itself. */
  facts?: string[]
  cues: string[]
  scopeType: 'global' | 'scenario' | 'step'
}

interface ScopeBucket {
  byIntent: Map<string, IndexedRule[]>
  byCueWord: Map<string, IndexedRule[]>
  always: IndexedRule[]
}

/**
 * Compiles and indexes a flat rule list by scope (global, scenario, step), then by intent and by
 * the first word of each lexical cue, so a turn only examines rules that could match.
 *
 * @example
 * const index = createRuleIndex({ rules: definition.rules })
 * const { matched } = index.retrieve({ scenario: 'refunds', step: null, text: 'refund $80', intent: 'refund', variables })
 */
export function createRuleIndex(options: RuleIndexOptions): RuleIndex {
  const buckets = new Map<string, ScopeBucket>()
  options.rules.forEach((rule, index) => {
    if (!rule.enabled) return
    const indexed: IndexedRule = {
      rule,
      index,
      cues: (rule.match ?? []).map((cue) => ` ${normalizeText(cue)} `),
      scopeType: ruleScopeType(rule),
    }
    if (rule.condition !== undefined) {
      indexed.condition = compileExpression(rule.condition, { path: `rules[${index}].condition` })
      const read = conditionFacts(rule.condition)
      // Cues and intents already tie a rule to the message; only a bare fact condition is edge-triggered.
      if (
        !read.perTurn &&
        read.facts.length > 0 &&
        indexed.cues.length === 0 &&
        (rule.intents ?? []).length === 0
      )
        indexed.facts = read.facts
    }
    addToBucket(bucketFor(buckets, scopeKey(rule)), indexed)
  })
  return {
    size: options.rules.length,
    retrieve(context) {
      const padded = ` ${normalizeText(context.text)} `
      const wordsOfText = wordsOnce(padded)
      const candidates = new Set<IndexedRule>()
      for (const key of contextKeys(context))
        collect(buckets.get(key), context.intent, wordsOfText, candidates)
      const matched: Array<IndexedRule & { reason: string; cue?: string }> = []
      const rejected: RejectedRule[] = []
      for (const candidate of candidates) {
        const verdict = judge(candidate, padded, context)
        if (verdict.matched)
          matched.push({
            ...candidate,
            reason: verdict.reason,
            ...(verdict.cue === undefined ? {} : { cue: verdict.cue }),
          })
        else rejected.push({ ruleId: candidate.rule.id, reason: verdict.reason })
      }
      matched.sort(compareRules)
      return {
        matched: matched.map(
          (entry): MatchedRule => ({
            rule: entry.rule,
            scope: entry.scopeType,
            reason: entry.reason,
            ...(entry.cue === undefined ? {} : { cue: entry.cue }),
          }),
        ),
        rejected,
        examined: candidates.size,
      }
    },
  }
}

function scopeKey(rule: Rule): string {
  if (rule.scope === 'global') return 'global'
  return rule.scope.step === undefined
    ? `scenario:${rule.scope.scenario}`
    : `step:${rule.scope.scenario}/${rule.scope.step}`
}

function contextKeys(context: RuleRetrievalContext): string[] {
  const keys = ['global']
  if (context.scenario !== null) {
    keys.push(`scenario:${context.scenario}`)
    if (context.step !== null) keys.push(`step:${context.scenario}/${context.step}`)
  }
  return keys
}

function bucketFor(buckets: Map<string, ScopeBucket>, key: string): ScopeBucket {
  let bucket = buckets.get(key)
  if (bucket === undefined) {
    bucket = { byIntent: new Map(), byCueWord: new Map(), always: [] }
    buckets.set(key, bucket)
  }
  return bucket
}

function addToBucket(bucket: ScopeBucket, indexed: IndexedRule): void {
  const intents = indexed.rule.intents ?? []
  if (intents.length > 0) {
    for (const intent of intents) push(bucket.byIntent, intent, indexed)
  } else if (indexed.cues.length > 0) {
    for (const cue of indexed.cues) push(bucket.byCueWord, cue.trim().split(' ')[0] ?? '', indexed)
  } else {
    bucket.always.push(indexed)
  }
}

function push(map: Map<string, IndexedRule[]>, key: string, indexed: IndexedRule): void {
  const list = map.get(key)
  if (list === undefined) map.set(key, [indexed])
  else if (list[list.length - 1] !== indexed) list.push(indexed)
}

function collect(
  bucket: ScopeBucket | undefined,
  intent: string,
  words: () => ReadonlySet<string>,
  into: Set<IndexedRule>,
): void {
  if (bucket === undefined) return
  for (const rule of bucket.always) into.add(rule)
  for (const rule of bucket.byIntent.get(intent) ?? []) into.add(rule)
  if (bucket.byCueWord.size === 0) return
  for (const word of words()) for (const rule of bucket.byCueWord.get(word) ?? []) into.add(rule)
}

function judge(
  candidate: IndexedRule,
  padded: string,
  context: RuleRetrievalContext,
): { matched: boolean; reason: string; cue?: string } {
  const { rule } = candidate
  const fire = context.fires?.[rule.id]
  const turn = context.turn ?? 1
  if (fire !== undefined && rule.maxFiresPerSession !== undefined && fire.count >= rule.maxFiresPerSession) {
    return { matched: false, reason: `already fired ${fire.count} times (max ${rule.maxFiresPerSession})` }
  }
  if (fire !== undefined && rule.cooldownTurns !== undefined && turn - fire.lastTurn <= rule.cooldownTurns) {
    return { matched: false, reason: `cooling down (${rule.cooldownTurns} turns)` }
  }
  const parts = [`${candidate.scopeType} scope`]
  if ((rule.intents ?? []).length > 0) parts.push(`intent "${context.intent}"`)
  let cue: string | undefined
  if (candidate.cues.length > 0) {
    cue = candidate.cues.find((phrase) => padded.includes(phrase))?.trim()
    if (cue === undefined) return { matched: false, reason: 'no lexical cue in the text' }
    parts.push(`text mentions "${cue}"`)
  }
  if (candidate.condition !== undefined) {
    const outcome = candidate.condition.evaluate(context.variables)
    if (outcome.type === 'error')
      return { matched: false, reason: `condition undecidable: ${outcome.message}` }
    if (outcome.value !== true) return { matched: false, reason: 'condition is false' }
    const changed = context.changedFacts
    if (
      changed !== undefined &&
      candidate.facts !== undefined &&
      !candidate.facts.some((fact) => changed.has(fact))
    )
      return {
        matched: false,
        reason: `condition holds, but no fact it reads (${candidate.facts.join(', ')}) changed this turn`,
      }
    parts.push(`condition \`${candidate.condition.source}\` holds`)
  }
  if (parts.length === 1) parts.push('no condition')
  return { matched: true, reason: parts.join('; '), ...(cue === undefined ? {} : { cue }) }
}

/**
 * The words of a padded normalised text, split on first call and kept. A function that returns
 * the reader, not a closure of `retrieve`: a closure bound to a name is given its name on every
 * call under tsx/esbuild's keepNames.
 */
function wordsOnce(padded: string): () => ReadonlySet<string> {
  let words: ReadonlySet<string> | undefined
  return () => (words ??= new Set(padded.trim().split(' ')))
}
