#!/usr/bin/env node
// Runs every check and every test suite, then prints one closing line `N passed, N failed`
// summed over all suites. Exits non-zero on any failure, and when any suite ran zero tests.
// The console gets one line per check and suite (and the failures); each command's full output
// goes to a log file under test-results/logs/, whose path is printed.
import { spawnSync } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { checks as allChecks, suites as allSuites, systemPackages } from './suites.mjs'

// FOCAL_TEST_ALL_ONLY=<text> runs only the checks and suites whose name contains it (a quick rerun).
const only = process.env.FOCAL_TEST_ALL_ONLY
const picked = (entry) => !only || entry.name.includes(only)
const checks = allChecks.filter(picked)
const suites = allSuites.filter(picked)

const root = join(import.meta.dirname, '..')
const reports = join(root, 'test-results', 'reports')
const logs = join(root, 'test-results', 'logs')
for (const folder of [reports, logs]) {
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
}
const slug = (name) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

const which = (binary) => spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0

function ensureSystemPackages() {
  const missing = systemPackages.filter(({ binary }) => !which(binary))
  if (!missing.length) return
  const names = missing.map((p) => p.debian)
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot || !which('apt-get')) {
    console.error(
      `Missing system packages: ${names.join(', ')}. Install them (Debian: apt-get install -y ${names.join(' ')}) and run again.`,
    )
    process.exit(1)
  }
  console.log(`Installing ${names.join(', ')} with apt-get…`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...names]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }
}

/** Runs a command with its output in `logFile`; returns its exit status and how long it took. */
function run(command, args, logFile, extraEnv = {}) {
  const started = Date.now()
  const output = openSync(logFile, 'w')
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: ['ignore', output, output],
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', FORCE_COLOR: '0', ...extraEnv },
  })
  closeSync(output)
  return { status: result.status ?? 1, seconds: ((Date.now() - started) / 1000).toFixed(1) }
}

/** The last lines of a log, for a failure the reader should see without opening the file. */
function tail(logFile, count = 30) {
  // A check that could not start (a missing binary) leaves no log: say so instead of throwing.
  if (!existsSync(logFile)) return `    (no log at ${logFile})`
  const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n')
  return lines
    .slice(-count)
    .map((line) => `    ${line}`)
    .join('\n')
}

/** Names of the failed tests in a Vitest JSON report (at most `limit`). */
function failedTests(file, limit = 20) {
  if (!existsSync(file)) return []
  const report = JSON.parse(readFileSync(file, 'utf8'))
  return (report.testResults ?? [])
    .flatMap((result) =>
      (result.assertionResults ?? [])
        .filter((assertion) => assertion.status === 'failed')
        .map((assertion) => `${relative(root, result.name)} › ${assertion.fullName}`),
    )
    .slice(0, limit)
}

function countVitest(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'))
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + ((report.numRuntimeErrors ?? 0) ? 1 : 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    ok: report.success === true,
  }
}

ensureSystemPackages()

console.log(`Full logs: ${relative(root, logs)}/`)
let failedChecks = 0
for (const [index, check] of checks.entries()) {
  const logFile = join(logs, `check-${index + 1}-${slug(check.name)}.log`)
  const { status, seconds } = run(check.command, check.args, logFile, check.env ?? {})
  if (status === 0) {
    console.log(`ok    check ${check.name} (${seconds} s)`)
    continue
  }
  failedChecks++
  console.log(`FAIL  check ${check.name} (exit ${status}, ${seconds} s), log: ${relative(root, logFile)}`)
  console.log(tail(logFile))
}

let passed = 0
let failed = 0
let skipped = 0
const lines = []
for (const [index, suite] of suites.entries()) {
  const outputFile = join(reports, `${index}.json`)
  const logFile = join(logs, `suite-${index + 1}-${slug(suite.name)}.log`)
  const args = suite.args.map((arg) => arg.replace('{outputFile}', outputFile))
  const { status, seconds } = run(suite.command, args, logFile, {
    ...(suite.env ?? {}),
    FOCAL_REPORT_FILE: outputFile,
  })
  let counts = { passed: 0, failed: 0, skipped: 0, ok: false }
  if (existsSync(outputFile)) counts = countVitest(outputFile)
  let problem = ''
  if (status !== 0 && counts.failed === 0) {
    counts.failed = 1 // crashed before reporting
    problem = ` (exit ${status} before reporting)`
  }
  if (counts.passed + counts.failed === 0) {
    counts.failed = 1
    problem = ' (ran zero tests)'
  }
  passed += counts.passed
  failed += counts.failed
  skipped += counts.skipped
  const line = `${suite.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
  lines.push(line)
  if (counts.failed === 0) {
    console.log(`ok    suite ${line} (${seconds} s)`)
    continue
  }
  console.log(`FAIL  suite ${line}${problem} (${seconds} s), log: ${relative(root, logFile)}`)
  const names = failedTests(outputFile)
  if (names.length > 0) for (const name of names) console.log(`    ✗ ${name}`)
  else console.log(tail(logFile))
}

console.log('\nSummary')
for (const line of lines) console.log(`  ${line}`)
if (failedChecks) console.log(`  ${failedChecks} check(s) failed`)
console.log(`  ${skipped} skipped; full logs in ${relative(root, logs)}/`)
console.log(`${passed} passed, ${failed + failedChecks} failed`)
process.exit(failed + failedChecks > 0 ? 1 : 0)
