// Files of another secret scanner's repository, for the scripts that measure Focal on its cases
// (gitleaks-cases.ts, secretlint-cases.ts, trufflehog-cases.ts): a checkout (work tree) or a bare
// git directory such as the ones `fetch github:<owner>/<name>` leaves. Node-only; not shipped.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** One repository's files at HEAD. */
export interface ScannerRepository {
  /** Paths of HEAD's files under `folder` (recursively), sorted. */
  list(folder: string): string[]
  /** A file's text: from the work tree when there is one, else from HEAD. */
  read(path: string): string
}

/** Opens `location`, a checkout or a bare git directory. */
export function openScannerRepository(location: string): ScannerRepository {
  const workTree = existsSync(join(location, '.git'))
  const git = (...args: string[]): string =>
    execFileSync('git', workTree ? ['-C', location, ...args] : ['--git-dir', location, ...args], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    })
  return {
    list: (folder) =>
      git('ls-tree', '-r', '--name-only', 'HEAD', `${folder.replace(/\/$/, '')}/`)
        .split('\n')
        .filter((path) => path !== '')
        .sort(),
    read: (path) => {
      const local = join(location, path)
      return workTree && existsSync(local) ? readFileSync(local, 'utf8') : git('show', `HEAD:${path}`)
    },
  }
}
