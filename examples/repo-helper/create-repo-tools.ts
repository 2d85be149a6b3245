/**
 * Real tool runners for the repo-helper task agent (Node only): read-only git, file reads and
 * searches over a copy of ./fixture made into a git repository with two commits and one
 * uncommitted change, so `git status`, `git diff` and `git log` have something true to say.
 */
import { execFile } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, relative, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import type { ToolRunner } from '@focal/core'

const run = promisify(execFile)
const fixture = join(import.meta.dirname, 'fixture')
const maxOutput = 4000

/** The repository the tools work on, and how to remove it. */
export interface RepoTools {
  root: string
  tools: ToolRunner
  dispose(): void
}

async function git(root: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', args, {
    cwd: root,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Demo',
      GIT_AUTHOR_EMAIL: 'demo@northwind.example',
      GIT_COMMITTER_NAME: 'Demo',
      GIT_COMMITTER_EMAIL: 'demo@northwind.example',
      GIT_AUTHOR_DATE: '2026-11-01T10:00:00Z',
      GIT_COMMITTER_DATE: '2026-11-01T10:00:00Z',
    },
    maxBuffer: 1 << 20,
  })
  return stdout
}

/** Copies the fixture to a temporary git repository: two commits, then one uncommitted edit. */
export async function createRepoTools(): Promise<RepoTools> {
  const root = mkdtempSync(join(tmpdir(), 'focal-repo-'))
  cpSync(fixture, root, { recursive: true })
  const orders = join(root, 'src', 'orders.ts')
  const original = readFileSync(orders, 'utf8')
  // The first commit lacks cancelOrder; the second adds it; the working tree then logs cancels.
  writeFileSync(orders, original.slice(0, original.indexOf('export function cancelOrder')))
  await git(root, 'init', '--quiet', '--initial-branch=main')
  await git(root, 'add', '.')
  await git(root, 'commit', '--quiet', '-m', 'Order store and command router')
  writeFileSync(orders, original)
  await git(root, 'commit', '--quiet', '-am', 'Add cancelOrder to the order store')
  writeFileSync(
    orders,
    original.replace(
      "order.status = 'cancelled'",
      "order.status = 'cancelled'\n    console.log('cancelled', id)",
    ),
  )
  return { root, tools: repoTools(root), dispose: () => rmSync(root, { recursive: true, force: true }) }
}

/**
 * A path inside the repository's work tree, or an error for one outside it or inside `.git` (its
 * `config` may hold a remote's credentials, and the object store is no file to read).
 */
function inside(root: string, path: string): string {
  const target = resolve(root, path === '' ? '.' : path)
  checkWithin(root, target, path)
  // A symbolic link in the work tree (`docs -> /etc`, as a cloned repository may hold) is followed
  // only to a place inside it: where it really leads is checked too.
  if (existsSync(target)) checkWithin(realpathSync(root), realpathSync(target), path)
  return target
}

function checkWithin(root: string, target: string, path: string): void {
  if (target !== root && !target.startsWith(`${root}${sep}`))
    throw new Error(`path outside the repository: ${path}`)
  const within = relative(root, target)
  if (within === '.git' || within.startsWith(`.git${sep}`))
    throw new Error(`the repository's .git folder is not read here: ${path}`)
}

/** A file-system error as the user may see it: the repository's own path, never the server's. */
function repositoryError(root: string, error: unknown): Error {
  return new Error(repositoryText(root, error instanceof Error ? error.message : String(error)))
}

/** Text with the server's path of the repository written as the repository's own (`.`). */
function repositoryText(root: string, text: string): string {
  return text.replaceAll(`${root}${sep}`, '').replaceAll(root, '.')
}

function files(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // Symbolic links are not walked: one may lead out of the repository (or to a directory, which
    // broke every search of the repository).
    if (entry.name === '.git' || entry.name === 'node_modules' || entry.isSymbolicLink()) return []
    const path = join(dir, entry.name)
    return entry.isDirectory() ? files(root, path) : [relative(root, path)]
  })
}

function clip(text: string): string {
  return text.length > maxOutput
    ? `${text.slice(0, maxOutput)}\n… (${text.length - maxOutput} more characters)`
    : text
}

function commandOf(args: Record<string, unknown>): string {
  return typeof args.command === 'string' ? args.command.trim() : ''
}

/** Lines of every file that contain `needle` (case-insensitive), as `path:line: text`. */
function search(root: string, needle: string, where: (line: string) => boolean = () => true): string {
  const wanted = needle.toLowerCase()
  const hits: string[] = []
  for (const path of files(root)) {
    readFileSync(join(root, path), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (hits.length < 20 && line.toLowerCase().includes(wanted) && where(line))
          hits.push(`${path}:${index + 1}: ${line.trim()}`)
      })
  }
  if (hits.length === 0) throw new Error(`no match for "${needle}"`)
  return hits.join('\n')
}

/**
 * Options a read-only `status`, `diff`, `log` or `show` may take. Any other (`--output=<file>`
 * writes a file, `--no-index` compares files outside the repository, `--ext-diff` and `--textconv`
 * run configured programs) is refused: the tool reads the repository and nothing else.
 */
const readOnlyOption =
  /^(?:-\d{1,3}|-n\d{0,3}|-[ps]|-U\d{1,2}|--(?:stat|oneline|name-only|name-status|cached|staged|short|porcelain|graph|decorate|patch|no-color|summary|shortstat|numstat|reverse|first-parent|no-merges|merges|abbrev-commit|relative-date)|--(?:format|pretty|max-count|since|until|author|grep|date)=[^\s]*)$/u

function repoTools(root: string): ToolRunner {
  return {
    async git(args) {
      const words = commandOf(args)
        .split(/\s+/u)
        .filter((word) => word !== '')
      if (!['status', 'diff', 'log', 'show'].includes(words[0] ?? ''))
        throw new Error(`only read-only git commands run here, not "git ${words.join(' ')}"`)
      let paths = false
      const named: string[] = []
      for (const word of words.slice(1)) {
        if (word === '--') paths = true
        else if (paths) named.push(relative(root, inside(root, word)) || '.')
        else if (word.startsWith('-') && !readOnlyOption.test(word))
          throw new Error(`the option "${word}" is not one a read-only git command may take here`)
      }
      const output = await git(root, '--no-pager', ...words)
      // A file's history that is empty says so: no commit touched it (or no such file was committed).
      if (words[0] === 'log' && named.length > 0 && output.trim() === '')
        return `No commit of this repository touched ${named.join(' or ')}.`
      return clip(output)
    },
    read(args) {
      const target = inside(root, commandOf(args))
      try {
        if (statSync(target).isDirectory()) return readdirSync(target).join('\n')
        return clip(readFileSync(target, 'utf8'))
      } catch (error) {
        throw repositoryError(root, error)
      }
    },
    find(args) {
      const wanted = commandOf(args).toLowerCase()
      const found = files(root).filter((path) => path.toLowerCase().includes(wanted))
      if (found.length === 0) throw new Error(`no file path contains "${wanted}"`)
      return found.join('\n')
    },
    grep: (args) => search(root, commandOf(args)),
    symbols: (args) =>
      search(root, commandOf(args), (line) => /\b(class|function|interface|const|type|enum)\s/u.test(line)),
    references: (args) => search(root, commandOf(args)),
    list: () =>
      readdirSync(root)
        .filter((name) => name !== '.git')
        .join('\n'),
    discovery() {
      // Read like any file: a README.md linked out of the repository (to /etc/passwd) is not.
      let readme = '(none readable)'
      try {
        readme = readFileSync(inside(root, 'README.md'), 'utf8').split('\n').slice(0, 4).join(' ')
      } catch {}
      return `${files(root).join('\n')}\n\nREADME: ${readme}`
    },
    async test(args) {
      // What is run is what was approved: the tests the request names, else the whole suite, said.
      const scope = testScope(root, commandOf(args), args.unmatched)
      let stdout: string
      try {
        stdout = (await run(process.execPath, ['--test', ...scope.paths], { cwd: root })).stdout
      } catch (error) {
        const failed = error as { stdout?: string; message: string }
        stdout = failed.stdout ?? failed.message
      }
      // The counts as metric markers after the (clipped) output: what a goal contract's
      // `tests_failed` criterion is backed by, whatever an agent's own output claims.
      return `${scope.note}${clip(repositoryText(root, stdout))}${testMetrics(stdout, scope.whole)}`
    },
  }
}

/** A test file of the repository: `orders.test.mjs`, `auth.spec.ts`. */
const testFile = /\.(?:test|spec)\.[cm]?[jt]sx?$/u

/**
 * The tests a request names: the whole suite for none (`.`); a test file or folder of the
 * repository; else the test files whose path holds the name (or the named file's base name:
 * "the tests for src/orders.ts" runs `tests/orders.test.mjs`). With no match the whole suite runs
 * and `note` says so first: the reply never labels the suite's result as the named tests'.
 * A place outside the repository throws (the tool's policy refuses it before any approval).
 */
function testScope(
  root: string,
  command: string,
  unmatched?: unknown,
): { paths: string[]; note: string; whole: boolean } {
  const whole = { paths: ['tests/'], note: '', whole: true }
  if (command === '' || command === '.') {
    // The whole suite approved for a word no test file matches ("the auth tests", the call's
    // `unmatched`): said as the word's own scope would say it, though the word is not what runs.
    if (typeof unmatched !== 'string' || unmatched === '') return whole
    try {
      const named = testScope(root, unmatched)
      return named.whole ? { ...whole, note: named.note } : whole
    } catch {
      return whole
    }
  }
  const target = inside(root, command)
  const named = relative(root, target)
  if (existsSync(target) && statSync(target).isDirectory()) {
    // A folder holding no test file ("the tests in src") would run none: the whole suite runs, said.
    const inFolder = files(root).filter((path) => testFile.test(path) && path.startsWith(`${named}/`))
    if (inFolder.length > 0) return { paths: [named], note: '', whole: false }
    return { ...whole, note: `No test file is in "${command}", so the whole suite ran:\n` }
  }
  if (existsSync(target) && testFile.test(named)) return { paths: [named], note: '', whole: false }
  const word = basename(command)
    .replace(/\.[^.]+$/u, '')
    .toLowerCase()
  const matching = files(root).filter((path) => testFile.test(path) && path.toLowerCase().includes(word))
  if (matching.length > 0) return { paths: matching, note: '', whole: false }
  return { ...whole, note: `No test file matches "${command}", so the whole suite ran:\n` }
}

/**
 * `[METRIC:tests]`, `[METRIC:tests_passed]` and `[METRIC:tests_failed]` from the summary of Node's
 * test runner (`# tests 3`, `# pass 2`, `# fail 1`) of a run of the whole suite; a run of some
 * tests reports them as `scope_tests`, `scope_tests_passed` and `scope_tests_failed` (the orders
 * tests passing says nothing of the suite). A run of no test reports only that count: "0 failed"
 * of nothing backs no claim that tests pass. Nothing when the run printed no summary.
 */
function testMetrics(stdout: string, whole: boolean): string {
  // The runner's own summary is its last such lines: a test that prints "# fail 0" comes before it.
  const count = (name: string) => [...stdout.matchAll(new RegExp(`^# ${name} (\\d+)$`, 'gmu'))].at(-1)?.[1]
  const [tests, passed, failed] = [count('tests'), count('pass'), count('fail')]
  if (tests === undefined || passed === undefined || failed === undefined) return ''
  const prefix = whole ? '' : 'scope_'
  if (Number(tests) === 0) return `\nNo test ran.\n[METRIC:${prefix}tests] 0`
  return `\n[METRIC:${prefix}tests] ${tests}\n[METRIC:${prefix}tests_passed] ${passed}\n[METRIC:${prefix}tests_failed] ${failed}`
}
