import { afterEach, describe, expect, it } from 'vitest'
import { openAICompatible } from '../llm/index.ts'
import { type ScriptedModelServer, startScriptedModelServer } from '../testing/scripted-model-server.ts'
import { compileDefinitionRules, formatCompileReport } from './compile-definition-rules.ts'

let server: ScriptedModelServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('compileDefinitionRules', () => {
  it('reports what compiled, what used a template and what fell back, in input order', async () => {
    const goodCases = JSON.stringify({
      test_cases: [
        { input: { args: { amount: 600 } }, should_trigger: true },
        { input: { args: { amount: 100 } }, should_trigger: false },
      ],
    })
    server = await startScriptedModelServer({
      // Answer by what is asked: the refund rule gets a good expression, anything else invalid CEL.
      script: (request) => {
        const body = request.body as { messages: Array<{ role: string; content: string }> }
        const system = body.messages[0]?.content ?? ''
        const user = body.messages[1]?.content ?? ''
        if (system.includes('test cases')) return { type: 'completion', content: goodCases }
        const expression = user.includes('Refunds') ? 'args.amount > 500' : 'args.amount >'
        return { type: 'completion', content: JSON.stringify({ expression }) }
      },
    })
    const model = openAICompatible({ baseURL: server.baseURL, model: 'compiler-1', maxRetries: 0 })
    const templates = (text: string) =>
      text === 'Never use wipe_disk' ? { kind: 'tool-never' as const, source: text } : undefined
    const report = await compileDefinitionRules({
      rules: [
        { id: 'refunds', text: 'Refunds over $500 need supervisor approval' },
        { id: 'wipe', text: 'Never use wipe_disk' },
        { id: 'tone', text: 'Keep discounts reasonable', tier: 'style' },
      ],
      model,
      templates,
      concurrency: 2,
    })
    expect(report.results.map((result) => result.type)).toEqual(['compiled', 'template', 'fallback'])
    expect(report.summary).toEqual({ template: 1, compiled: 1, fallback: 1, cached: 0 })
    const text = formatCompileReport(report)
    expect(text).toContain('compiled  refunds')
    expect(text).toContain('-> args.amount > 500  [2 cases passed]')
    expect(text).toContain('fallback  tone')
    expect(text).toContain('1 compiled, 1 by template, 1 fell back to Lane 2 (0 from cache)')
  })
})
