/**
 * A scripted model that answers each kind of request an engine makes the way a real model would
 * be asked: guardrail compilation, Lane 2 judgments and reply drafts, told apart by their system
 * prompts. For tests with {@link startScriptedModelServer}; Node only, imported by relative path.
 */
import { compileGuardrailSystemPrompt, guardrailCasesSystemPrompt } from '../compiler/guardrail-prompts.ts'
import { lane2SystemPrompt } from '../enforcement/lane2/lane2-prompt.ts'
import type {
  ModelServerScript,
  ScriptedModelRequest,
  ScriptedModelResponse,
} from './scripted-model-server.ts'

/** How one guardrail compiles: the form and the test cases the model answers with. */
export interface ScriptedGuardrail {
  form: Record<string, unknown>
  cases: Record<string, unknown>
}

/** Options of {@link agentModelScript}. */
export interface AgentModelScriptOptions {
  /**
   * Reply drafts, in order (a request past the end gets HTTP 500). A streaming request gets the
   * draft as SSE chunks: a string word by word, or the given chunks (held after `holdAfter` of
   * them until `hold` settles, so a test sees what the client got while the model writes).
   */
  drafts?: ReadonlyArray<string | ScriptedDraft>
  /** Guardrail compilations by a word of the rule; others answer `target: 'none'` (Lane 2). */
  guardrails?: ReadonlyArray<{ when: RegExp } & ScriptedGuardrail>
  /**
   * The Lane 2 verdict per rule id and reply: return a reason to FAIL it, undefined to PASS.
   * @default every rule passes
   */
  lane2?: (ruleId: string, reply: string) => string | undefined
  /**
   * The final alignment judge's JSON answer for a draft (seed 004 §9.9 output).
   * @default a PASS with score 0.9
   */
  judge?: (draft: string) => Record<string, unknown>
}

/** A draft streamed in given chunks. */
export interface ScriptedDraft {
  chunks: string[]
  holdAfter?: number
  hold?: Promise<void>
}

const passingJudgment = {
  quality_score: 0.9,
  verdict: 'PASS',
  reason_codes: [],
  missing_requirements: [],
  evidence_issues: [],
  fix_mode: 'REWRITE_ONLY',
  next_actions: [],
}

function isJudgeRequest(user: string): boolean {
  return user.includes('Final Alignment Judge')
}

/** A request's system prompt and first user message. */
export function promptsOf(request: ScriptedModelRequest): { system: string; user: string } {
  const body = request.body as { messages?: Array<{ role: string; content: string }> } | undefined
  const messages = body?.messages ?? []
  return {
    system: messages.find((message) => message.role === 'system')?.content ?? '',
    user: messages.find((message) => message.role === 'user')?.content ?? '',
  }
}

/** Whether a request is a reply draft (not a compilation or a judgment). */
export function isDraftRequest(request: ScriptedModelRequest): boolean {
  const { system, user } = promptsOf(request)
  return (
    system !== compileGuardrailSystemPrompt &&
    system !== guardrailCasesSystemPrompt &&
    system !== lane2SystemPrompt &&
    !isJudgeRequest(user)
  )
}

/** The script: compilations and judgments by prompt, drafts in order. */
export function agentModelScript(options: AgentModelScriptOptions): ModelServerScript {
  let draft = 0
  const completion = (value: unknown): ScriptedModelResponse => ({
    type: 'completion',
    content: typeof value === 'string' ? value : JSON.stringify(value),
  })
  return (request) => {
    const { system, user } = promptsOf(request)
    if (system === compileGuardrailSystemPrompt || system === guardrailCasesSystemPrompt) {
      const rule = /RULE: (".*")/u.exec(user)?.[1] ?? ''
      const scripted = options.guardrails?.find((entry) => entry.when.test(rule))
      if (system === compileGuardrailSystemPrompt)
        return completion(scripted?.form ?? { tier: 'process', target: 'none' })
      return completion(scripted?.cases ?? { replies: [], tool_calls: [] })
    }
    if (system === lane2SystemPrompt) {
      const reply = /ASSISTANT_REPLY: <<<([\s\S]*)>>>/u.exec(user)?.[1] ?? ''
      const ids = [...user.matchAll(/^- ([\w:-]+): /gmu)].map((match) => match[1]!)
      return completion({
        results: ids.map((id) => {
          const failure = options.lane2?.(id, reply)
          return {
            rule_id: id,
            verdict: failure === undefined ? 'PASS' : 'FAIL',
            reason: failure ?? 'satisfied',
          }
        }),
      })
    }
    if (isJudgeRequest(user)) {
      const quoted = /"draft_answer":\s*("(?:[^"\\]|\\.)*")/u.exec(user)?.[1]
      const judged = quoted === undefined ? '' : (JSON.parse(quoted) as string)
      const judgment = options.judge?.(judged) ?? passingJudgment
      const score = typeof judgment.quality_score === 'number' ? judgment.quality_score : 0.9
      // Every dimension at the overall score unless the test says otherwise.
      const dimensions = ['goal_coverage', 'abstraction_match', 'artifact_match', 'evidence_fit', 'clarity']
      return completion({ scores: Object.fromEntries(dimensions.map((name) => [name, score])), ...judgment })
    }
    const scripted = options.drafts?.[draft++]
    if (scripted === undefined) return { type: 'http-error', status: 500, message: 'script exhausted' }
    const drafted: ScriptedDraft =
      typeof scripted === 'string' ? { chunks: scripted.match(/\S+\s*|\s+/gu) ?? [] } : scripted
    if ((request.body as { stream?: unknown } | undefined)?.stream !== true)
      return {
        type: 'completion',
        content: drafted.chunks.join(''),
        ...(drafted.hold === undefined ? {} : { hold: drafted.hold }),
      }
    return {
      type: 'stream',
      chunks: drafted.chunks,
      ...(drafted.holdAfter === undefined ? {} : { holdAfter: drafted.holdAfter }),
      ...(drafted.hold === undefined ? {} : { hold: drafted.hold }),
    }
  }
}
