// The Lane 1 scanner as it was at a git ref, or as it is in the working tree, for the scripts that
// compare the two. Both sides are loaded the same way, from a copy of core's sources: importing the
// working tree's own files instead made its scans about 3% slower than the same code loaded from a
// copy (a scan of the same commit on both sides measured a ratio of 0.97), which biased every
// comparison against the working tree.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { createScanner } from '../packages/core/src/enforcement/create-scanner.ts'

/** `createScanner` at `ref` (the working tree when undefined), and `dispose` to remove its copy. */
export async function scannerAtRef(
  ref: string | undefined,
): Promise<{ createScanner: typeof createScanner; dispose(): void }> {
  const root = join(import.meta.dirname, '..')
  // Core's sources at `ref`, extracted beside a package.json that makes its files ES modules.
  const snapshot = mkdtempSync(join(tmpdir(), 'focal-scanner-'))
  if (ref === undefined)
    cpSync(join(root, 'packages/core/src'), join(snapshot, 'packages/core/src'), { recursive: true })
  else {
    const archive = join(snapshot, 'core.tar')
    execFileSync('git', ['archive', `--output=${archive}`, ref, 'packages/core/src'], { cwd: root })
    execFileSync('tar', ['-x', '-f', archive, '-C', snapshot])
  }
  writeFileSync(join(snapshot, 'package.json'), '{"type":"module"}\n')
  const module = (await import(
    pathToFileURL(join(snapshot, 'packages/core/src/enforcement/create-scanner.ts')).href
  )) as { createScanner: typeof createScanner }
  return {
    createScanner: module.createScanner,
    dispose: () => rmSync(snapshot, { recursive: true, force: true }),
  }
}
