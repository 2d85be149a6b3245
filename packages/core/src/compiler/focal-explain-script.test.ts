import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { agentModelScript, promptsOf } from '../testing/agent-model-script.ts'
import { type ScriptedModelServer, startScriptedModelServer } from '../testing/scripted-model-server.ts'

const run = promisify(execFile)
const root = join(import.meta.dirname, '../../../..')
const focal = join(root, 'packages/core/cli/focal.ts')
const args = (...rest: string[]) => [
  '--conditions=@focal/source',
  '--import',
  'tsx',
  focal,
  'explain',
  ...rest,
]
let server: ScriptedModelServer | undefined
let directory: string | undefined

afterEach(async () => {
  await server?.close()
  if (directory) rmSync(directory, { recursive: true, force: true })
  server = undefined
  directory = undefined
})

// Each case starts the CLI in a child process (tsx transform): seconds on a loaded machine.
describe('focal explain', { timeout: 60_000 }, () => {
  it("prints the demo definition's plan offline, flagging what only the prompt carries", async () => {
    const { stdout } = await run(process.execPath, args('examples/definitions/refund-support.yaml'), {
      cwd: root,
      env: { ...process.env, FOCAL_COMPILER_BASE_URL: '', FOCAL_COMPILER_MODEL: '' },
    })
    expect(stdout).toContain('Enforcement plan of "refund-support"')
    expect(stdout).toMatch(/never-2 {2}\[hard-safety, tier by classifier\]/u)
    expect(stdout).toContain('lane 1: reply refund_amount <= 50 → regenerate')
    expect(stdout).toContain('lane 1: detectors credit-card, iban → redact')
    expect(stdout).toMatch(/always-1 .*!! NOT ENFORCED/u)
    expect(stdout).toContain('34 rules: 5 with a Lane 1 check')
  })

  it('warns of two topics written alike, naming their scenarios; the demo gets no such warning', async () => {
    directory = mkdtempSync(join(tmpdir(), 'focal-explain-'))
    const definitionPath = join(directory, 'agent.yaml')
    writeFileSync(
      definitionPath,
      [
        'name: hotels',
        'intents:',
        '  - { id: find_a, examples: [find me a hotel room, I need a hotel in Paris] }',
        '  - { id: find_b, examples: [find a hotel room for me, I need a hotel in Rome] }',
        '  - { id: weather, examples: [will it rain tomorrow, the forecast for Lyon] }',
        'scenarios:',
        '  - { id: hotels_a, intents: [find_a], steps: [{ id: main }] }',
        '  - { id: hotels_b, intents: [find_b], steps: [{ id: main }] }',
        '  - { id: weather, intents: [weather], steps: [{ id: main }] }',
        '',
      ].join('\n'),
    )
    const offline = {
      cwd: root,
      env: { ...process.env, FOCAL_COMPILER_BASE_URL: '', FOCAL_COMPILER_MODEL: '' },
    }
    const { stdout } = await run(process.execPath, args(definitionPath), offline)
    expect(stdout).toMatch(/warning: topics "hotels_a" \(hotels_a\) and "hotels_b" \(hotels_b\) read alike/u)
    expect(stdout).not.toContain('"weather"')
    const demo = await run(process.execPath, args('examples/definitions/refund-support.yaml'), offline)
    expect(demo.stdout).not.toContain('read alike')
  })

  it('compiles with the model once, then prints the same plan from the cache file with no model call', async () => {
    directory = mkdtempSync(join(tmpdir(), 'focal-explain-'))
    const definitionPath = join(directory, 'agent.yaml')
    writeFileSync(
      definitionPath,
      'name: shop\nguardrails:\n  never:\n    - Mention or compare with competitors\n',
    )
    server = await startScriptedModelServer({
      script: agentModelScript({
        guardrails: [
          {
            when: /competitors/u,
            form: { tier: 'hard-safety', target: 'reply', blocklist: ['Amazon'] },
            cases: {
              replies: [
                { text: 'Amazon is cheaper', violates: true },
                { text: 'Our price is $9', violates: false },
              ],
            },
          },
        ],
      }),
    })
    const options = {
      cwd: root,
      env: { ...process.env, FOCAL_COMPILER_BASE_URL: server.baseURL, FOCAL_COMPILER_MODEL: 'compiler-1' },
    }
    const first = await run(process.execPath, args(definitionPath), options)
    expect(first.stdout).toContain('lane 1: blocklist "Amazon" → regenerate')
    expect(first.stdout).toContain(
      'from:   model compiler-1 — compiled by compiler-1; passed 2 generated test cases',
    )
    const compiled = server.requests.filter((request) => promptsOf(request).system !== '').length
    expect(compiled).toBe(2)
    const second = await run(process.execPath, args(definitionPath), options)
    expect(second.stdout).toContain('from:   model compiler-1 (cached)')
    expect(second.stdout).toContain('0 model calls, 1 from cache')
    expect(server.requests).toHaveLength(compiled)
  })
})
