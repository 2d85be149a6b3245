import type { CompiledRuleTemplate, RuleTier } from '../enforcement/index.ts'
import type { Lane2Rule } from '../enforcement/lane2/index.ts'
import type { PlannedReplyCheck, PlannedToolCheck } from './plan-types.ts'

/** A tool the rule may refer to, with its input schema (from the definition or `importMcpTools`). */
export interface CompilerToolSchema {
  id: string
  description?: string
  /** JSON Schema of the tool's arguments. */
  inputSchema?: unknown
}

/** A free-text rule to compile. */
export interface CompilerRule {
  /** Rule id, for reports and the Lane 2 fallback. */
  id: string
  /** The rule as the author wrote it: "Refunds over $500 need supervisor approval". */
  text: string
  /** @default 'process' */
  tier?: RuleTier
}

/**
 * One generated test case. Variables are exactly `input`: `tool` (the tool id being called) and
 * `args` (its arguments); `shouldTrigger` says whether the rule applies (is violated / needs action).
 */
export interface RuleTestCase {
  /** The expression's variables, typically `{ tool: 'process_refund', args: { amount: 600 } }`. */
  input: Record<string, unknown>
  shouldTrigger: boolean
  why?: string
}

/** A test case the expression got wrong. */
export interface RuleTestFailure {
  testCase: RuleTestCase
  /** What the expression returned, or why it could not evaluate. */
  got: string
}

/** What compiling one rule produced. */
export type RuleCompilation =
  /** An offline template matched (no model involved). */
  | { type: 'template'; rule: CompilerRule; template: CompiledRuleTemplate }
  /** The model's CEL expression compiled and passed every generated case. */
  | {
      type: 'compiled'
      rule: CompilerRule
      /** CEL, true when the rule triggers, over `tool` and `args`. */
      expression: string
      testCases: RuleTestCase[]
      modelId: string
      cacheKey: string
      /** Served from the cache: no model call was made. */
      cached: boolean
    }
  /** No template, no model, or the expression failed: the rule is judged in text by Lane 2. */
  | {
      type: 'fallback'
      rule: CompilerRule
      reason: string
      failures: RuleTestFailure[]
      lane2Rule: Lane2Rule
      modelId?: string
      cacheKey?: string
      cached: boolean
    }

/** What the cache stores per key (compiled or fallback; templates are never cached). */
export type CachedRuleCompilation =
  | { type: 'compiled'; expression: string; testCases: RuleTestCase[]; modelId: string }
  | { type: 'fallback'; reason: string; failures: RuleTestFailure[]; modelId: string }
  /** A guardrail of an enforcement plan: its tier and its checked form, or none (Lane 2). */
  | {
      type: 'guardrail'
      tier: RuleTier
      check?: PlannedReplyCheck | PlannedToolCheck
      /** How it compiled, or why it fell back. */
      reason: string
      modelId: string
    }

/** Pluggable cache of compilations, keyed by a content hash (memory, KV, a JSON file...). */
export interface CompileCacheStore {
  get(key: string): Promise<CachedRuleCompilation | undefined> | CachedRuleCompilation | undefined
  set(key: string, value: CachedRuleCompilation): Promise<void> | void
}

/** An offline template compiler (Lane 1's `compileRuleTemplate`). */
export type RuleTemplateCompiler = (rule: string) => CompiledRuleTemplate | undefined
