import { afterEach, describe, expect, it } from 'vitest'
import { openAICompatible } from '../llm/index.ts'
import {
  type ScriptedModelResponse,
  type ScriptedModelServer,
  startScriptedModelServer,
} from '../testing/scripted-model-server.ts'
import { compileRule } from './compile-rule.ts'
import { createMemoryCompileCache } from './create-memory-compile-cache.ts'

const refundRule = {
  id: 'refund-approval',
  text: 'Refunds over $500 need supervisor approval',
  tier: 'process' as const,
}
const tools = [
  {
    id: 'process_refund',
    description: 'Refund an order',
    inputSchema: { type: 'object', properties: { amount: { type: 'number' } } },
  },
]
const cases = JSON.stringify({
  test_cases: [
    { input: { tool: 'process_refund', args: { amount: 600 } }, should_trigger: true, why: 'over 500' },
    { input: { tool: 'process_refund', args: { amount: 300 } }, should_trigger: false },
    { input: { tool: 'process_refund', args: { amount: 500 } }, should_trigger: false, why: 'boundary' },
  ],
})
let server: ScriptedModelServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function compilerModel(script: ScriptedModelResponse[]) {
  server = await startScriptedModelServer({ script })
  return openAICompatible({ baseURL: server.baseURL, model: 'compiler-1', maxRetries: 0 })
}

const completion = (content: string): ScriptedModelResponse => ({ type: 'completion', content })

describe('compileRule', () => {
  it('accepts a CEL expression that compiles and passes every generated case', async () => {
    const model = await compilerModel([
      completion('{"expression":"tool == \\"process_refund\\" && args.amount > 500"}'),
      completion(cases),
    ])
    const result = await compileRule({ rule: refundRule, tools, model, templates: false })
    expect(result).toMatchObject({
      type: 'compiled',
      expression: 'tool == "process_refund" && args.amount > 500',
      cached: false,
      modelId: 'compiler-1',
    })
    expect(result.type === 'compiled' && result.testCases).toHaveLength(3)
    const expressionPrompt = (server!.requests[0]!.body as { messages: Array<{ content: string }> })
      .messages[1]?.content
    expect(expressionPrompt).toContain('process_refund')
    expect(expressionPrompt).toContain('"amount"')
  })

  it('falls back to Lane 2 when the generated expression fails its own cases', async () => {
    const model = await compilerModel([completion('{"expression":"args.amount >= 500"}'), completion(cases)])
    const result = await compileRule({ rule: refundRule, tools, model, templates: false })
    expect(result.type).toBe('fallback')
    if (result.type !== 'fallback') return
    expect(result.reason).toBe('expression failed 1 of 3 test cases')
    expect(result.failures[0]?.testCase.input).toEqual({ tool: 'process_refund', args: { amount: 500 } })
    expect(result.lane2Rule).toEqual({
      id: 'refund-approval',
      tier: 'process',
      rubric: refundRule.text,
      subjective: true,
    })
  })

  it('falls back when the expression is not valid CEL (e.g. JavaScript)', async () => {
    const model = await compilerModel([
      completion('{"expression":"(args) => args.amount > 500"}'),
      completion(cases),
    ])
    const result = await compileRule({ rule: refundRule, tools, model, templates: false })
    expect(result.type === 'fallback' && result.reason).toMatch(/^expression does not compile/)
  })

  it('falls back when the cases do not cover both outcomes', async () => {
    const oneSided = JSON.stringify({
      test_cases: [
        { input: { args: { amount: 600 } }, should_trigger: true },
        { input: { args: { amount: 700 } }, should_trigger: true },
      ],
    })
    const model = await compilerModel([
      completion('{"expression":"args.amount > 500"}'),
      completion(oneSided),
    ])
    expect((await compileRule({ rule: refundRule, model, templates: false })).type).toBe('fallback')
  })

  it('serves a cached compile without calling the model again, keyed by rule, tools and model', async () => {
    const model = await compilerModel([completion('{"expression":"args.amount > 500"}'), completion(cases)])
    const cache = createMemoryCompileCache()
    const first = await compileRule({ rule: refundRule, tools, model, cache, templates: false })
    const second = await compileRule({ rule: refundRule, tools, model, cache, templates: false })
    expect(first).toMatchObject({ type: 'compiled', cached: false })
    expect(second).toMatchObject({ type: 'compiled', cached: true, expression: 'args.amount > 500' })
    expect(server!.requests).toHaveLength(2)
    const changedTools = await compileRule({ rule: refundRule, tools: [], model, cache, templates: false })
    expect(changedTools.type).toBe('fallback') // a new key: the model is asked again and the script is exhausted
    expect(server!.requests.length).toBeGreaterThan(2)
  })

  it('caches a validated fallback too, so a failing rule is not recompiled on every boot', async () => {
    const model = await compilerModel([completion('{"expression":"args.amount >= 500"}'), completion(cases)])
    const cache = createMemoryCompileCache()
    await compileRule({ rule: refundRule, tools, model, cache, templates: false })
    const again = await compileRule({ rule: refundRule, tools, model, cache, templates: false })
    expect(again).toMatchObject({
      type: 'fallback',
      cached: true,
      reason: 'expression failed 1 of 3 test cases',
    })
    expect(server!.requests).toHaveLength(2)
  })

  it('does not cache a model outage, and falls back for this boot', async () => {
    const model = await compilerModel([
      { type: 'http-error', status: 500 },
      completion('{"expression":"args.amount > 500"}'),
      completion(cases),
    ])
    const cache = createMemoryCompileCache()
    expect(await compileRule({ rule: refundRule, tools, model, cache, templates: false })).toMatchObject({
      type: 'fallback',
      reason: 'compiler model failed: model-error',
    })
    expect(await compileRule({ rule: refundRule, tools, model, cache, templates: false })).toMatchObject({
      type: 'compiled',
      cached: false,
    })
  })

  it('uses an offline template first and needs no model', async () => {
    const templates = (text: string) =>
      /^never use (\w+)$/i.test(text)
        ? {
            kind: 'tool-never' as const,
            source: text,
            tool: { id: text.split(' ')[2]!, allowed: 'never' as const },
          }
        : undefined
    const result = await compileRule({ rule: 'Never use delete_account', templates })
    expect(result).toMatchObject({
      type: 'template',
      template: { kind: 'tool-never', tool: { id: 'delete_account' } },
    })
    expect((await compileRule({ rule: 'Be concise', templates })).type).toBe('fallback')
  })

  it('compiles the seed example with Lane 1 templates by default, making no model call', async () => {
    const model = await compilerModel([])
    const result = await compileRule({ rule: refundRule, tools, model })
    expect(result.type).toBe('template')
    expect(result.type === 'template' && result.template.source).toBe(refundRule.text)
    expect(server!.requests).toHaveLength(0)
  })
})
