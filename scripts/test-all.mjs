#!/usr/bin/env node
// Runs every check and every test suite, then prints one closing line `N passed, N failed`
// summed over all suites. Exits non-zero on any failure, and when any suite ran zero tests.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { checks, suites, systemPackages } from './suites.mjs'

const root = join(import.meta.dirname, '..')
const reports = join(root, 'test-results', 'reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

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

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1', ...extraEnv },
  })
  return result.status ?? 1
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

let failedChecks = 0
for (const check of checks) {
  console.log(`\n=== check: ${check.name}`)
  const status = run(check.command, check.args)
  if (status !== 0) {
    failedChecks++
    console.error(`check failed: ${check.name} (exit ${status})`)
  }
}

let passed = 0
let failed = 0
let skipped = 0
const lines = []
for (const [index, suite] of suites.entries()) {
  console.log(`\n=== suite: ${suite.name}`)
  const outputFile = join(reports, `${index}.json`)
  const args = suite.args.map((arg) => arg.replace('{outputFile}', outputFile))
  const status = run(suite.command, args, { ...(suite.env ?? {}), FOCAL_REPORT_FILE: outputFile })
  let counts = { passed: 0, failed: 0, skipped: 0, ok: false }
  if (existsSync(outputFile)) counts = countVitest(outputFile)
  if (status !== 0 && counts.failed === 0) counts.failed = 1 // crashed before reporting
  if (counts.passed + counts.failed === 0) {
    counts.failed = 1
    console.error(`suite ran zero tests: ${suite.name}`)
  }
  passed += counts.passed
  failed += counts.failed
  skipped += counts.skipped
  lines.push(`${suite.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
}

console.log('\n=== summary')
for (const line of lines) console.log(line)
if (failedChecks) console.log(`${failedChecks} check(s) failed`)
console.log(`${passed} passed, ${failed + failedChecks} failed, ${skipped} skipped`)
process.exit(failed + failedChecks > 0 ? 1 : 0)
