import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const biome = join(root, 'node_modules/.bin/biome')

/** Writes files into a throwaway folder inside a package's src, lints it, and removes it. */
function lintProbe(packageName: 'core' | 'edge', files: Record<string, string>) {
  const folder = join(root, 'packages', packageName, 'src', `__lint_probe_${process.pid}`)
  mkdirSync(folder, { recursive: true })
  probes.push(folder)
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text)
  const result = spawnSync(biome, ['lint', '--max-diagnostics=100', folder], { cwd: root, encoding: 'utf8' })
  rmSync(folder, { recursive: true, force: true })
  return { status: result.status, output: `${result.stdout}${result.stderr}` }
}
const probes: string[] = []
afterAll(() => {
  for (const folder of probes) rmSync(folder, { recursive: true, force: true })
})

// Each case spawns Biome over the project (its import-cycle rule reads every file): seconds on a
// loaded machine, so the default 5 s limit would fail a correct lint.
describe('pnpm lint portable-core rules', { timeout: 60_000 }, () => {
  const banned: Array<[string, string, string]> = [
    ['a node:* import', "import fs from 'node:fs'\nexport const x = fs", 'noRestrictedImports'],
    [
      'a bare Node built-in import',
      "import { readFileSync } from 'fs'\nexport const x = readFileSync",
      'noRestrictedImports',
    ],
    ['new Function', "export const x = new Function('return 1')", 'noRestrictedGlobals'],
    ['eval', "export const x = eval('1')", 'noGlobalEval'],
    ['process', 'export const x = process.env.KEY', 'noRestrictedGlobals'],
    ['Buffer', "export const x = Buffer.from('a')", 'noRestrictedGlobals'],
    ['WebAssembly', 'export const x = WebAssembly.Module', 'noRestrictedGlobals'],
  ]

  for (const packageName of ['core', 'edge'] as const) {
    for (const [label, source, rule] of banned) {
      it(`fails on ${label} in packages/${packageName}`, () => {
        const { status, output } = lintProbe(packageName, { 'probe.ts': source })
        expect(status).not.toBe(0)
        expect(output).toContain(rule)
      })
    }
  }

  it('fails on an import cycle in packages/core', () => {
    const { status, output } = lintProbe('core', {
      'a.ts': "import { b } from './b.ts'\nexport const a = () => b",
      'b.ts': "import { a } from './a.ts'\nexport const b = () => a",
    })
    expect(status).not.toBe(0)
    expect(output).toContain('noImportCycles')
  })

  it('passes clean web-standard code', () => {
    const { status } = lintProbe('core', {
      'probe.ts':
        "export const digest = (text: string) => crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))\n",
    })
    expect(status).toBe(0)
  })
})

describe('core-no-codegen Vitest project', () => {
  it('runs core tests with string code generation disabled', () => {
    const result = spawnSync(
      join(root, 'node_modules/.bin/vitest'),
      ['run', '--project', 'core-no-codegen', 'src/testing/code-generation.test.ts', '--reporter=json'],
      { cwd: root, encoding: 'utf8' },
    )
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
      numPassedTests: number
      numFailedTests: number
    }
    expect(report.numFailedTests).toBe(0)
    expect(report.numPassedTests).toBeGreaterThan(0)
  })
})
