#!/usr/bin/env node
/**
 * The `focal` command line: the `focal` bin of @focal/core (`npx focal ...` once installed; in this
 * repository `pnpm focal ...` runs it from source). Node only, unlike the rest of the package.
 *
 *   focal test <suite.yaml> [more suites] [--filter <name part>]
 *   focal explain <definition.yaml|json> [--cache <file>]
 *
 * `explain` prints the definition's enforcement plan: for each rule its tier, its lanes, its
 * compiled form and how it was obtained (template, model, author). The compiler model comes from
 * FOCAL_COMPILER_BASE_URL / FOCAL_COMPILER_MODEL / FOCAL_COMPILER_API_KEY (none: offline templates);
 * compilations are cached in `<definition>.compile-cache.json`, so a second run makes no model call.
 *
 * Runs multi-turn conversation tests (the format of `@focal/core/conversation-tests`) against the
 * definition each suite names (`definition:`, relative to the suite file), prints a readable
 * report with a diff per failing turn and one closing line `N passed, N failed` (the total of every
 * suite), and exits 1 when any conversation failed. With no model configured the engine answers from approved responses.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import {
  checkConversationIds,
  formatConversationReport,
  loadConversationSuite,
  matchesConversationFilter,
  runConversationTests,
} from '@focal/core/conversation-tests'
import { createEngine } from '@focal/core/engine'
import { FocalError, formatFocalIssue } from '@focal/core/errors'
import { explain } from './explain.ts'

/**
 * Exits with `code` once everything written has left for stdout and stderr. `process.exit` right
 * after a long report that goes to a pipe (`focal test … | tail`, `| tee log`) drops what the pipe
 * had not taken yet, the closing `N passed, N failed` line among it.
 */
function exitWhenWritten(code: number): Promise<never> {
  return new Promise<never>(() => {
    let pending = 2
    const written = () => {
      pending -= 1
      if (pending === 0) process.exit(code)
    }
    process.stdout.write('', written)
    process.stderr.write('', written)
  })
}

const usage = `usage: focal test <suite.yaml> [more suites] [--filter <name part>]
       focal explain <definition.yaml|json> [--cache <file>]

  test     runs the conversation tests of each suite against the definition it names
           --filter  only the conversations whose name includes this text, in any case
  explain  prints the definition's enforcement plan
           --cache   the compile cache file (default: <definition>.compile-cache.json)

exit codes: 0 every conversation passed, 1 a conversation failed, 2 bad input (a suite, a
definition, a flag, or a filter that selects no conversation)`
let parsed: ReturnType<typeof parseArgs<{ allowPositionals: true; options: typeof flags }>>
const flags = {
  filter: { type: 'string' },
  cache: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const
try {
  parsed = parseArgs({ allowPositionals: true, options: flags })
} catch (error) {
  // An unknown flag or one without its value is bad input (2), never a stack trace and never
  // the exit code of a failing conversation (1).
  console.error(`focal: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`)
  process.exit(2)
}
const { values, positionals } = parsed
if (values.help === true) {
  console.log(usage)
  process.exit(0)
}
const [command, ...given] = positionals
if ((command !== 'test' && command !== 'explain') || given.length === 0) {
  console.error(usage)
  process.exit(2)
}
// A second --filter would silently replace the first: say so instead.
if (process.argv.slice(2).filter((arg) => arg === '--filter' || arg.startsWith('--filter=')).length > 1) {
  console.error(`focal: --filter given more than once: give one name part\n\n${usage}`)
  process.exit(2)
}
// A suite named twice (`a.yaml ./a.yaml`) runs once.
const files = given.filter(
  (file, index) => given.findIndex((other) => resolve(other) === resolve(file)) === index,
)
/**
 * Says what is wrong with a suite or its definition, with the file and the located issues, and
 * exits 2: a bad file is the user's to fix, not a crash (no stack trace).
 */
function refuse(file: string, error: unknown): never {
  if (FocalError.isInstance(error)) {
    console.error(`${file}: ${error.message}`)
    // Each problem once: the ones the message already lists are not listed again.
    for (const issue of error.issues ?? [])
      if (!error.message.includes(issue.message)) console.error(`  ${formatFocalIssue(issue)}`)
  } else if (error instanceof Error && 'code' in error && typeof error.code === 'string')
    // Node's message starts with its code already ("ENOENT: no such file or directory, open ...").
    console.error(
      `${file}: cannot read it (${error.message.startsWith(error.code) ? '' : `${error.code}: `}${error.message})`,
    )
  else throw error
  process.exit(2)
}

if (command === 'explain') {
  try {
    await explain(files[0]!, values.cache)
  } catch (error) {
    refuse(files[0]!, error)
  }
  await exitWhenWritten(0)
}

// Every suite and its definition are read before any conversation runs: a bad one is reported
// (exit 2) without the others' results scrolling it away.
const suites: Array<{ file: string; suite: ReturnType<typeof loadConversationSuite>; definition: string }> =
  []
for (const file of files) {
  let suite: ReturnType<typeof loadConversationSuite>
  try {
    suite = loadConversationSuite(readFileSync(file, 'utf8'))
  } catch (error) {
    refuse(file, error)
  }
  if (suite.definition === undefined) {
    console.error(`${file}: the suite names no definition (add "definition: ./agent.yaml")`)
    process.exit(2)
  }
  const definitionFile = resolve(dirname(file), suite.definition)
  let definition: string
  try {
    definition = readFileSync(definitionFile, 'utf8')
  } catch (error) {
    // Said from the suite's side: the key that named the file, what it said, and where it looked.
    const code = (error as { code?: unknown }).code
    console.error(
      `${file}: its definition: ${JSON.stringify(suite.definition)} ${code === 'ENOENT' ? 'names no file' : `cannot be read (${(error as Error).message})`} (tried ${definitionFile}; a relative path is read from the suite's folder)`,
    )
    process.exit(2)
  }
  let engine: ReturnType<typeof createEngine>
  try {
    engine = createEngine({ definition })
  } catch (error) {
    refuse(definitionFile, error)
  }
  // Ids the definition does not have (a misspelt scenario or tool) too, before anything runs.
  try {
    await checkConversationIds(suite, engine)
  } catch (error) {
    refuse(file, error)
  }
  suites.push({ file, suite, definition })
}
// A filter is run against every suite; one that selects nothing anywhere is a typo, not a pass.
const selected = suites.filter(({ suite }) =>
  suite.conversations.some((conversation) => matchesConversationFilter(conversation.name, values.filter)),
)
if (selected.length === 0) {
  console.error(`focal: no conversation's name includes "${values.filter}" in ${files.join(', ')}`)
  process.exit(2)
}

let passed = 0
let failed = 0
for (const { file, suite, definition } of selected) {
  let report: Awaited<ReturnType<typeof runConversationTests>>
  try {
    report = await runConversationTests({
      suite,
      engine: () => createEngine({ definition }),
      ...(values.filter === undefined ? {} : { filter: values.filter }),
    })
  } catch (error) {
    refuse(file, error)
  }
  // One summary, the total at the end: each suite's own would repeat it (or, of several, be
  // mistaken for it).
  console.log(`${file}\n${formatConversationReport(report, { summary: false })}\n`)
  passed += report.passed
  failed += report.failed
}
console.log(`${passed} passed, ${failed} failed`)
await exitWhenWritten(failed > 0 ? 1 : 0)
