// Core as it was at a git ref, or as it is in the working tree, for the scripts that compare the
// two (the scanner's, the amount readers'). Both sides are loaded the same way, from a copy of
// core's sources: importing the working tree's own files instead made its scans about 3% slower
// than the same code loaded from a copy (a scan of the same commit on both sides measured a ratio of
// 0.97), which biased every comparison against the working tree.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { createScanner } from '../packages/core/src/enforcement/create-scanner.ts'

/**
 * Core's sources at `ref` (the working tree when undefined) in a copy of their own: `load` imports
 * one of its modules by its path under `packages/core/src`, `dispose` removes the copy.
 */
export function coreAtRef(ref: string | undefined): {
  load(path: string): Promise<Record<string, unknown>>
  dispose(): void
} {
  const root = join(import.meta.dirname, '..')
  // Core's sources at `ref`, extracted beside a package.json that makes its files ES modules.
  const snapshot = mkdtempSync(join(tmpdir(), 'focal-core-'))
  if (ref === undefined)
    cpSync(join(root, 'packages/core/src'), join(snapshot, 'packages/core/src'), { recursive: true })
  else {
    const archive = join(snapshot, 'core.tar')
    execFileSync('git', ['archive', `--output=${archive}`, ref, 'packages/core/src'], { cwd: root })
    execFileSync('tar', ['-x', '-f', archive, '-C', snapshot])
  }
  writeFileSync(join(snapshot, 'package.json'), '{"type":"module"}\n')
  // Core's dependencies (the CEL evaluator) resolve from its own node_modules.
  symlinkSync(join(root, 'packages/core/node_modules'), join(snapshot, 'packages/core/node_modules'), 'dir')
  return {
    load: async (path) =>
      (await import(pathToFileURL(join(snapshot, 'packages/core/src', path)).href)) as Record<
        string,
        unknown
      >,
    dispose: () => rmSync(snapshot, { recursive: true, force: true }),
  }
}

/** `createScanner` at `ref` (the working tree when undefined), and `dispose` to remove its copy. */
export async function scannerAtRef(
  ref: string | undefined,
): Promise<{ createScanner: typeof createScanner; dispose(): void }> {
  const core = coreAtRef(ref)
  const module = await core.load('enforcement/create-scanner.ts')
  return { createScanner: module.createScanner as typeof createScanner, dispose: core.dispose }
}

/** A seeded generator of whole numbers below `limit`: the same texts on every run of a comparison. */
export function seededRandom(seed: number): (limit: number) => number {
  let state = seed
  return (limit) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return (state >>> 8) % limit
  }
}
