import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { type ScriptedModelServer, startScriptedModelServer } from '../testing/scripted-model-server.ts'

const run = promisify(execFile)
const root = join(import.meta.dirname, '../../../..')
const script = join(root, 'packages/core/scripts/focal-compile.ts')
let server: ScriptedModelServer | undefined
let directory: string | undefined

afterEach(async () => {
  await server?.close()
  if (directory) rmSync(directory, { recursive: true, force: true })
  server = undefined
  directory = undefined
})

describe('focal-compile script', () => {
  it('prints what compiled and what fell back, and a second run is served from the cache file', async () => {
    directory = mkdtempSync(join(tmpdir(), 'focal-compile-'))
    const definitionPath = join(directory, 'agent.yaml')
    writeFileSync(
      definitionPath,
      'name: refunds\ntools:\n  - id: process_refund\nguardrails:\n  never:\n    - Refund more than $500 without approval\n    - Be rude\n',
    )
    const cases = JSON.stringify({
      test_cases: [
        { input: { tool: 'process_refund', args: { amount: 501 } }, should_trigger: true },
        { input: { tool: 'process_refund', args: { amount: 500 } }, should_trigger: false },
      ],
    })
    server = await startScriptedModelServer({
      script: (request) => {
        const messages = (request.body as { messages: Array<{ content: string }> }).messages
        if (messages[0]?.content.includes('test cases')) return { type: 'completion', content: cases }
        const expression = messages[1]?.content.includes('$500') ? 'args.amount > 500' : 'rude('
        return { type: 'completion', content: JSON.stringify({ expression }) }
      },
    })
    const options = {
      cwd: root,
      env: { ...process.env, FOCAL_COMPILER_BASE_URL: server.baseURL, FOCAL_COMPILER_MODEL: 'compiler-1' },
    }
    const args = ['--conditions=@focal/source', '--import', 'tsx', script, definitionPath]
    const first = await run(process.execPath, args, options)
    expect(first.stdout).toContain(
      'compiled  guardrails.never[0]: "Never refund more than $500 without approval"',
    )
    expect(first.stdout).toContain('-> args.amount > 500  [2 cases passed]')
    expect(first.stdout).toContain('fallback  guardrails.never[1]')
    expect(first.stdout).toContain('1 compiled, 0 by template, 1 fell back to Lane 2 (0 from cache)')
    const requestsAfterFirst = server.requests.length
    expect(
      Object.keys(JSON.parse(readFileSync(`${definitionPath}.compile-cache.json`, 'utf8'))),
    ).toHaveLength(2)
    const second = await run(process.execPath, args, options)
    expect(second.stdout).toContain('(2 from cache)')
    expect(server.requests).toHaveLength(requestsAfterFirst)
  }, 30_000)
})
