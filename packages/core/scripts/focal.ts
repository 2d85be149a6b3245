/**
 * The `focal` command line.
 *
 *   pnpm focal test <suite.yaml> [more suites] [--filter <name part>]
 *   pnpm focal explain <definition.yaml|json> [--cache <file>]
 *
 * `explain` prints the definition's enforcement plan: for each rule its tier, its lanes, its
 * compiled form and how it was obtained (template, model, author). The compiler model comes from
 * FOCAL_COMPILER_BASE_URL / FOCAL_COMPILER_MODEL / FOCAL_COMPILER_API_KEY (none: offline templates);
 * compilations are cached in `<definition>.compile-cache.json`, so a second run makes no model call.
 *
 * Runs multi-turn conversation tests (the format of `@focal/core/conversation-tests`) against the
 * definition each suite names (`definition:`, relative to the suite file), prints a readable
 * report with a diff per failing turn and the closing line `N passed, N failed`, and exits 1 when
 * any conversation failed. With no model configured the engine answers from approved responses.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import {
  formatConversationReport,
  loadConversationSuite,
  runConversationTests,
} from '../src/conversation-tests/index.ts'
import { createEngine } from '../src/engine/index.ts'
import { explain } from './focal-explain.ts'

const usage =
  'usage: focal test <suite.yaml> [more suites] [--filter <name part>]\n       focal explain <definition.yaml|json> [--cache <file>]'
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { filter: { type: 'string' }, cache: { type: 'string' } },
})
const [command, ...files] = positionals
if ((command !== 'test' && command !== 'explain') || files.length === 0) {
  console.error(usage)
  process.exit(2)
}
if (command === 'explain') {
  await explain(files[0]!, values.cache)
  process.exit(0)
}

let passed = 0
let failed = 0
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  const suite = loadConversationSuite(text)
  if (suite.definition === undefined) {
    console.error(`${file}: the suite names no definition (add "definition: ./agent.yaml")`)
    process.exit(2)
  }
  const definition = readFileSync(resolve(dirname(file), suite.definition), 'utf8')
  const report = await runConversationTests({
    suite,
    engine: () => createEngine({ definition }),
    ...(values.filter === undefined ? {} : { filter: values.filter }),
  })
  console.log(`${file}\n${formatConversationReport(report)}\n`)
  passed += report.passed
  failed += report.failed
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
