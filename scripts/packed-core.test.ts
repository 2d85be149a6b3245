/**
 * @focal/core as a user gets it: built, packed (`pnpm pack`, which applies package.json's `files`
 * and `bin`), installed with npm into an empty project, then its `focal` command and its
 * conversation-test runner used from there. A file left out of the package, a `bin` that points
 * nowhere or a dist import that only resolves inside the monorepo fails here, not for the user.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const core = join(root, 'packages/core')
const run = promisify(execFile)
let project: string

/** Runs a command in the installed project: its exit code and output (never throws). */
async function inProject(command: string, ...args: string[]) {
  return run(command, args, { cwd: project }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  )
}

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'focal-packed-'))
  // Built here from the current sources: a dist left from an earlier build would test old code.
  await run('pnpm', ['build'], { cwd: core })
  await run('pnpm', ['pack', '--pack-destination', project], { cwd: core })
  const tarball = readdirSync(project).find((file) => file.endsWith('.tgz'))
  if (tarball === undefined) throw new Error(`pnpm pack wrote no tarball in ${project}`)
  writeFileSync(
    join(project, 'package.json'),
    '{ "name": "user-project", "private": true, "type": "module" }\n',
  )
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', `./${tarball}`], {
    cwd: project,
  })
  writeFileSync(
    join(project, 'agent.yaml'),
    [
      'name: shop',
      'intents:',
      '  - id: refund',
      '    description: the customer wants money back for an order',
      '    examples: [I want a refund, refund my order, give me my money back]',
      'scenarios:',
      '  - id: refund',
      '    intents: [refund]',
      '    steps:',
      '      - id: ask',
      '        required: [{ field: order_id, question: Which order should I refund? }]',
      '',
    ].join('\n'),
  )
}, 240_000)
afterAll(() => rmSync(project, { recursive: true, force: true }))

describe('the packed @focal/core', { timeout: 60_000 }, () => {
  it('installs a working `focal test` command', async () => {
    const suite = (expected: string) =>
      `definition: ./agent.yaml\nconversations:\n  - name: refund asked\n    turns:\n      - user: I want a refund\n        expect: { scenario: ${expected} }\n`
    writeFileSync(join(project, 'pass.yaml'), suite('refund'))
    const passing = await inProject(join(project, 'node_modules/.bin/focal'), 'test', 'pass.yaml')
    expect(passing.stderr).toBe('')
    expect(passing).toMatchObject({ code: 0 })
    expect(passing.stdout.trim().endsWith('1 passed, 0 failed')).toBe(true)
    writeFileSync(join(project, 'fail.yaml'), suite('null'))
    const failing = await inProject(join(project, 'node_modules/.bin/focal'), 'test', 'fail.yaml')
    expect(failing.code).toBe(1)
    expect(failing.stdout).toContain('✗ refund asked')
    expect(failing.stdout.trim().endsWith('0 passed, 1 failed')).toBe(true)
  })

  it('installs `focal explain` and the runner for Vitest', async () => {
    const explained = await inProject(join(project, 'node_modules/.bin/focal'), 'explain', 'agent.yaml')
    expect(explained).toMatchObject({ code: 0 })
    expect(explained.stdout).toContain('Enforcement plan of "shop"')
    const imported = await inProject(
      process.execPath,
      '--input-type=module',
      '-e',
      "const m = await import('@focal/core/conversation-tests'); console.log(typeof m.runConversationTests, typeof m.loadConversationSuite)",
    )
    expect(imported).toMatchObject({ code: 0, stdout: 'function function\n' })
  })
})
