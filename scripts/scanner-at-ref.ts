// The Lane 1 scanner as it was at a git ref, for the scripts that compare it with the working tree.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { createScanner } from '../packages/core/src/enforcement/create-scanner.ts'

/** `createScanner` at `ref`, and `dispose` to remove its extracted copy. */
export async function scannerAtRef(
  ref: string,
): Promise<{ createScanner: typeof createScanner; dispose(): void }> {
  const root = join(import.meta.dirname, '..')
  // Core's sources at `ref`, extracted beside a package.json that makes its files ES modules.
  const snapshot = mkdtempSync(join(tmpdir(), 'focal-scanner-'))
  const archive = join(snapshot, 'core.tar')
  execFileSync('git', ['archive', `--output=${archive}`, ref, 'packages/core/src'], { cwd: root })
  execFileSync('tar', ['-x', '-f', archive, '-C', snapshot])
  writeFileSync(join(snapshot, 'package.json'), '{"type":"module"}\n')
  const module = (await import(
    pathToFileURL(join(snapshot, 'packages/core/src/enforcement/create-scanner.ts')).href
  )) as { createScanner: typeof createScanner }
  return {
    createScanner: module.createScanner,
    dispose: () => rmSync(snapshot, { recursive: true, force: true }),
  }
}
