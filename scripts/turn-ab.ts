// Compares the working tree's engine with the engine at a git ref on SGD dev (../shared/data/
// sgd-dev): both run every dialogue in fresh sessions, alternating dialogue by dialogue in one
// process, each turn timed by this process's CPU time, with the dataset's system turns as the
// engine's replies (as `pnpm bench conversation` does). Prints each pass's µs per turn for both,
// the ratio over passes 3 and later (V8 is still optimising before that), and how many turns the
// two decide differently in the first pass (type and scenario): a speed change must show 0.
//
//   node --conditions=@focal/source --import tsx scripts/turn-ab.ts <ref> [passes, default 8]
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { readSgdData, sgdDataFile, sgdDefinition } from '../bench/sgd-dev.ts'
import type { createEngine as CreateEngine } from '../packages/core/src/engine/create-engine.ts'
import type { LanguageModel } from '../packages/core/src/llm/types.ts'

const [ref, passesArgument] = process.argv.slice(2)
if (ref === undefined) {
  console.error('usage: turn-ab.ts <git ref> [passes, default 8]')
  process.exit(2)
}
const passes = Number(passesArgument ?? 8)
const root = join(import.meta.dirname, '..')
if (!existsSync(sgdDataFile)) {
  console.error(`no SGD dev data at ${sgdDataFile}`)
  process.exit(2)
}
const data = readSgdData()
const definition = sgdDefinition(data)

// Core's sources at `ref`, beside core's own node_modules, so its imports resolve as the tree's do.
const snapshot = mkdtempSync(join(root, 'packages', '.turn-ab-'))
execFileSync('sh', ['-c', `git archive ${ref} packages/core/src | tar -x -C "${snapshot}"`], { cwd: root })
symlinkSync(
  join(root, 'packages', 'core', 'node_modules'),
  join(snapshot, 'packages', 'core', 'node_modules'),
)
writeFileSync(join(snapshot, 'packages', 'core', 'package.json'), '{"type":"module"}\n')
try {
  const modules = [
    await import(pathToFileURL(join(snapshot, 'packages/core/src/engine/create-engine.ts')).href),
    await import('../packages/core/src/engine/create-engine.ts'),
  ] as Array<{ createEngine: typeof CreateEngine }>
  const sides = modules.map((module, index) => {
    const box = { reply: '' }
    const model = { generate: async () => ({ text: box.reply }) } as unknown as LanguageModel
    const engine = module.createEngine({
      definition,
      ledger: false,
      model,
      lane2: false,
      alignmentJudge: false,
    })
    return { name: index === 0 ? ref : 'working tree', box, engine, decisions: [] as string[] }
  })
  const late = [0, 0]
  for (let pass = 1; pass <= passes; pass++) {
    const spent = [0, 0]
    let turns = 0
    for (const [index, dialogue] of data.dialogues.entries()) {
      // Alternate which side goes first, so neither always runs right after the other.
      for (const side of index % 2 === 0 ? [0, 1] : [1, 0]) {
        const { engine, box, decisions } = sides[side]!
        const sessionId = `${dialogue.id}#${pass}`
        for (const [turnIndex, turn] of dialogue.turns.entries()) {
          box.reply = dialogue.turns[turnIndex + 1]?.sys ?? 'Is there anything else I can help with?'
          const before = process.cpuUsage()
          const result = await engine.turn({ sessionId, text: turn.text })
          const used = process.cpuUsage(before)
          spent[side]! += used.user + used.system
          if (side === 0) turns++
          if (pass === 1)
            decisions.push(`${result.type}:${(await engine.getSession(sessionId))?.navigation.scenario}`)
        }
      }
    }
    if (pass >= 3) for (const side of [0, 1]) late[side]! += spent[side]!
    console.log(
      `pass ${pass}: ${ref} ${(spent[0]! / turns).toFixed(1)} µs, working tree ${(spent[1]! / turns).toFixed(1)} µs per turn`,
    )
  }
  if (passes >= 3)
    console.log(`passes 3-${passes}: working tree / ${ref} = ${(late[1]! / late[0]!).toFixed(3)}`)
  const [before, after] = sides.map((side) => side.decisions) as [string[], string[]]
  const differ = before.filter((decision, index) => decision !== after[index]).length
  console.log(`turns decided differently: ${differ} of ${before.length}`)
} finally {
  rmSync(snapshot, { recursive: true, force: true })
}
