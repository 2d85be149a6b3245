// The streamed draft judge of the working tree against the one at a git ref, on the drafts of
// `pnpm bench "streamed draft"` (prose, a list, Chinese, Japanese; 4.4 and 17.6 KB, 2-character
// chunks): the two alternate in one process and each judgement's CPU time is measured, so a busy
// shared machine's load weighs on both alike. Prints the median milliseconds and microseconds
// per KB of each, their ratio, and checks both released every draft whole.
//
//   node --conditions=@focal/source --import tsx scripts/draft-judge-ab.ts <ref> [rounds, default 5]
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { createEnforcer as CreateEnforcer } from '../packages/core/src/enforcement/create-enforcer.ts'

const [ref, roundsArgument] = process.argv.slice(2)
if (ref === undefined) {
  console.error('usage: draft-judge-ab.ts <git ref> [rounds, default 5]')
  process.exit(2)
}
const rounds = Number(roundsArgument ?? 5)
const root = join(import.meta.dirname, '..')
const snapshots: string[] = []

/** Core's `createEnforcer` at `at` (the working tree when undefined), loaded from its own copy. */
async function enforcerAt(at: string | undefined): Promise<typeof CreateEnforcer> {
  const snapshot = mkdtempSync(join(tmpdir(), 'focal-judge-'))
  snapshots.push(snapshot)
  if (at === undefined)
    cpSync(join(root, 'packages/core/src'), join(snapshot, 'packages/core/src'), { recursive: true })
  else {
    const archive = join(snapshot, 'core.tar')
    execFileSync('git', ['archive', `--output=${archive}`, at, 'packages/core/src'], { cwd: root })
    execFileSync('tar', ['-x', '-f', archive, '-C', snapshot])
  }
  writeFileSync(join(snapshot, 'package.json'), '{"type":"module"}\n')
  symlinkSync(join(root, 'packages/core/node_modules'), join(snapshot, 'packages/core/node_modules'), 'dir')
  const module = (await import(
    pathToFileURL(join(snapshot, 'packages/core/src/enforcement/create-enforcer.ts')).href
  )) as { createEnforcer: typeof CreateEnforcer }
  return module.createEnforcer
}

const { draftJudgeRules, streamedDrafts } = (await import(
  '../packages/core/src/enforcement/enforcement.bench.ts'
)) as typeof import('../packages/core/src/enforcement/enforcement.bench.ts')
const sides = {
  now: (await enforcerAt(undefined))({ rules: draftJudgeRules }),
  [ref]: (await enforcerAt(ref))({ rules: draftJudgeRules }),
}

/** CPU milliseconds to stream `text` through a fresh draft judge in 2-character chunks. */
function judgeMillis(enforcer: ReturnType<typeof CreateEnforcer>, text: string): number {
  const started = process.cpuUsage()
  const judge = enforcer.createDraftJudge()
  if (judge.type !== 'streamed' || judge.stream === undefined)
    throw new Error('the draft rules are not streamed')
  let released = 0
  for (let at = 0; at < text.length; at += 2) released += judge.stream.push(text.slice(at, at + 2)).length
  released += judge.stream.flush().length
  if (released !== text.length) throw new Error('the draft judge held back an allowed draft')
  const spent = process.cpuUsage(started)
  return (spent.user + spent.system) / 1000
}

// One pass over the shorter drafts first, so neither side is timed while V8 still compiles it.
for (const enforcer of Object.values(sides))
  for (const [name, text] of Object.entries(streamedDrafts))
    if (name.includes('4.4')) judgeMillis(enforcer, text)

const median = (values: number[]) =>
  [...values].sort((left, right) => left - right)[values.length >> 1] as number
console.log(`draft              ${'now'.padStart(12)} ${ref.padStart(12)}   ratio (now ÷ ${ref})`)
for (const [name, text] of Object.entries(streamedDrafts)) {
  const times: Record<string, number[]> = { now: [], [ref]: [] }
  for (let round = 0; round < rounds; round++)
    for (const [side, enforcer] of round % 2 === 0 ? Object.entries(sides) : Object.entries(sides).reverse())
      times[side]?.push(judgeMillis(enforcer, text))
  const now = median(times.now as number[])
  const then = median(times[ref] as number[])
  const perKb = (millis: number) => `${Math.round((millis * 1000) / (text.length / 1000))} µs/KB`
  console.log(
    `${name.padEnd(18)} ${`${now.toFixed(0)} ms`.padStart(12)} ${`${then.toFixed(0)} ms`.padStart(12)}   ${(now / then).toFixed(3)}  (${perKb(now)} vs ${perKb(then)})`,
  )
}
for (const snapshot of snapshots) rmSync(snapshot, { recursive: true, force: true })
process.exit(0)
