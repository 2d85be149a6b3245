#!/usr/bin/env node
// Belt and braces behind Biome: the published sources of core and edge must not reach for Node or
// code generation even through globalThis. Test files, src/testing, edge's node entry and
// are exempt (core's Node-only `focal` bin lives outside src, in packages/core/cli).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = join(import.meta.dirname, '..')
const banned = [
  [/from\s+['"]node:|import\(\s*['"]node:|require\(/, 'Node module import'],
  [
    /\bglobalThis\s*(\.|\[\s*['"])(process|Buffer|eval|Function|WebAssembly)\b/,
    'Node or code-generation global through globalThis',
  ],
  [/\bprocess\s*\.\s*(env|argv|exit|cwd|nextTick|versions)\b/, 'process'],
  [/\bBuffer\s*\./, 'Buffer'],
  [/(^|[^.\w])eval\s*\(/, 'eval'],
  [/new\s+Function\s*\(|\bFunction\s*\(\s*['"`]/, 'Function constructor'],
  [/\bWebAssembly\b/, 'WebAssembly'],
]
const exempt = (path) =>
  /\.(test|test-d|bench)\.tsx?$/.test(path) ||
  path.includes('/testing/') ||
  path.includes('packages/edge/src/node/')

function* files(directory) {
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry)
    if (statSync(path).isDirectory()) yield* files(path)
    else if (/\.tsx?$/.test(entry)) yield path
  }
}

let problems = 0
for (const pkg of ['packages/core/src', 'packages/edge/src']) {
  for (const file of files(join(root, pkg))) {
    const path = relative(root, file)
    if (exempt(path)) continue
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/^\s*(\/\/|\*)/.test(line)) return
        for (const [pattern, label] of banned) {
          if (pattern.test(line)) {
            problems++
            console.error(`${path}:${index + 1}: portable-core rule: ${label}: ${line.trim()}`)
          }
        }
      })
  }
}
if (problems) process.exit(1)
console.log('portable-core check: clean')
