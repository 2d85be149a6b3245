// biome-ignore lint/style/noRestrictedImports: benchmarks run in Node only (check-portable exempts *.bench.ts)
import { existsSync } from 'node:fs'
// biome-ignore lint/style/noRestrictedImports: benchmarks run in Node only
import { cpuUsage } from 'node:process'
import { type BenchMetrics, defineSuite } from '../../../../bench/harness.ts'
import { inChildProcess } from '../../../../bench/isolate.ts'
import { readSgdData, type SgdData, sgdDataFile, sgdDefinition } from '../../../../bench/sgd-dev.ts'
import type { LanguageModel } from '../llm/types.ts'
import { createEngine } from './create-engine.ts'

/**
 * Routing across whole conversations on the Schema-Guided Dialogue dev split
 * (../shared/data/sgd-dev, README there). One definition is built from the services alone: one
 * intent and one scenario per service intent, with its name, description and examples, and the
 * service as the scenario's `topic` (no hand-written keywords). Each dialogue's user turns run in
 * one session; a turn is right when the session's scenario after it is the annotated intent.
 */
interface Tally {
  turns: number
  right: number
  switches: number
  switchesRight: number
  stays: number
  staysRight: number
  clarifications: number
}

const emptyTally = (): Tally => ({
  turns: 0,
  right: 0,
  switches: 0,
  switchesRight: 0,
  stays: 0,
  staysRight: 0,
  clarifications: 0,
})

/** Scores one dialogue's predictions (the scenario after each turn) against its annotation. */
function score(
  tally: Tally,
  turns: SgdData['dialogues'][number]['turns'],
  predicted: Array<string | null>,
  asked: boolean[],
) {
  let previous: string | null = null
  turns.forEach((turn, index) => {
    if (turn.expected === null) return
    const right = predicted[index] === turn.expected
    tally.turns++
    if (right) tally.right++
    if (asked[index]) tally.clarifications++
    if (previous !== null && previous !== turn.expected) {
      tally.switches++
      if (right) tally.switchesRight++
    } else if (previous !== null) {
      tally.stays++
      if (right) tally.staysRight++
    }
    previous = turn.expected
  })
}

/**
 * How many passes over the dialogues are timed (each in fresh sessions). The first includes
 * compiling the code; V8 keeps optimising hot functions over the next ones, and on the machines
 * measured here a pass costs about the same from the fourth on (see the core README).
 */
const passes = 8
/** The passes whose median is the steady-state cost (1-based, inclusive). */
const steadyPasses = { from: 4, to: passes }

/** µs per turn of each pass → first pass, second pass and the steady state (median of the later ones). */
function timings(micros: readonly number[]) {
  const steady = micros.slice(steadyPasses.from - 1, steadyPasses.to).sort((left, right) => left - right)
  return {
    steady: steady[Math.floor(steady.length / 2)]!,
    second: micros[1]!,
    first: micros[0]!,
  }
}

/**
 * Accuracy of the first pass; `micros` gives the steady-state cost (the median pass of passes 4
 * to 8, as a server runs once warm), the second pass and the first, which includes compiling the
 * code.
 */
function report(tally: Tally, micros?: ReturnType<typeof timings>): BenchMetrics {
  const round = (value: number) => Math.round(value * 1000) / 1000
  return {
    'per-turn accuracy': round(tally.right / tally.turns),
    'switch-turn accuracy': round(tally.switchesRight / tally.switches),
    'stay-turn accuracy': round(tally.staysRight / tally.stays),
    'clarification rate': round(tally.clarifications / tally.turns),
    ...(micros === undefined
      ? {}
      : {
          'µs per turn': Math.round(micros.steady),
          'µs per turn, second pass': Math.round(micros.second),
          'µs per turn, first pass': Math.round(micros.first),
        }),
    turns: tally.turns,
    'switch turns': tally.switches,
  }
}

/**
 * CPU time of this process in µs: a turn is synchronous work, and on a shared machine the wall
 * clock also counts other processes' time slices.
 */
function cpuMicros(): number {
  const { user, system } = cpuUsage()
  return user + system
}

/**
 * Runs Focal's engine over every dialogue. With `replies`, a scripted model answers each turn with
 * the dataset's next system utterance, so the engine's own last reply is what the system said
 * (the engine reads only its own reply, to explain a "yes" to its offer).
 */
async function runFocal(data: SgdData, replies: boolean): Promise<BenchMetrics> {
  let nextReply = ''
  const model: LanguageModel = { generate: async () => ({ text: nextReply }) } as unknown as LanguageModel
  const engine = createEngine({
    definition: sgdDefinition(data),
    ledger: false,
    ...(replies ? { model, lane2: false, alignmentJudge: false } : {}),
  })
  /** One pass over every dialogue in fresh sessions: what each turn decided, and the µs it took. */
  async function pass(round: number) {
    const decisions: Array<{ predicted: Array<string | null>; asked: boolean[] }> = []
    let elapsed = 0
    let turnCount = 0
    for (const dialogue of data.dialogues) {
      const sessionId = `${dialogue.id}#${round}`
      const predicted: Array<string | null> = []
      const asked: boolean[] = []
      for (const [index, turn] of dialogue.turns.entries()) {
        nextReply = dialogue.turns[index + 1]?.sys ?? 'Is there anything else I can help with?'
        const started = cpuMicros()
        const result = await engine.turn({ sessionId, text: turn.text })
        elapsed += cpuMicros() - started
        turnCount++
        predicted.push((await engine.getSession(sessionId))?.navigation.scenario ?? null)
        asked.push(result.type === 'clarification')
      }
      decisions.push({ predicted, asked })
    }
    return { decisions, micros: elapsed / turnCount }
  }
  const first = await pass(1)
  const micros = [first.micros]
  for (let round = 2; round <= passes; round++) {
    const later = await pass(round)
    // The engine's word memos must never change a decision: every pass decides every turn alike.
    if (JSON.stringify(later.decisions) !== JSON.stringify(first.decisions))
      throw new Error(`pass ${round} decided differently from the first`)
    micros.push(later.micros)
  }
  const tally = emptyTally()
  data.dialogues.forEach((dialogue, index) => {
    const { predicted, asked } = first.decisions[index]!
    score(tally, dialogue.turns, predicted, asked)
  })
  return report(tally, timings(micros))
}

/** "Stay in the first intent": the baseline every router must beat. */
function stayInFirst(data: SgdData): BenchMetrics {
  const tally = emptyTally()
  for (const dialogue of data.dialogues) {
    const first = dialogue.turns.find((turn) => turn.expected !== null)?.expected ?? null
    score(
      tally,
      dialogue.turns,
      dialogue.turns.map(() => first),
      dialogue.turns.map(() => false),
    )
  }
  return report(tally)
}

/** nlp.js classifying each turn on its own (its own process: it is a peer library). */
export async function measureNlpJs(): Promise<BenchMetrics> {
  const data = readSgdData()
  // @ts-expect-error node-nlp ships no type declarations
  const { NlpManager } = await import('node-nlp')
  const manager = new NlpManager({
    languages: ['en'],
    forceNER: false,
    autoSave: false,
    autoLoad: false,
    nlu: { log: false },
  })
  for (const service of data.services)
    for (const intent of service.intents)
      for (const text of [...intent.examples, intent.description]) manager.addDocument('en', text, intent.id)
  await manager.train()
  // Timed like Focal's: accuracy from the first pass, µs per turn from every pass.
  async function pass() {
    const predictions: Array<Array<string | null>> = []
    let elapsed = 0
    let turnCount = 0
    for (const dialogue of data.dialogues) {
      const predicted: Array<string | null> = []
      for (const turn of dialogue.turns) {
        const started = cpuMicros()
        const result = await manager.process('en', turn.text)
        elapsed += cpuMicros() - started
        turnCount++
        const best = (result.classifications as Array<{ intent: string }>).find(
          (entry) => entry.intent !== 'None',
        )
        predicted.push(best?.intent ?? null)
      }
      predictions.push(predicted)
    }
    return { predictions, micros: elapsed / turnCount }
  }
  const first = await pass()
  const micros = [first.micros]
  for (let round = 2; round <= passes; round++) micros.push((await pass()).micros)
  const tally = emptyTally()
  data.dialogues.forEach((dialogue, index) => {
    score(
      tally,
      dialogue.turns,
      first.predictions[index]!,
      dialogue.turns.map(() => false),
    )
  })
  return report(tally, timings(micros))
}

export default defineSuite({
  name: 'conversation: SGD dev routing across whole dialogues',
  async measure() {
    if (!existsSync(sgdDataFile)) return { skipped: { reason: `no data at ${sgdDataFile}` } }
    const data = readSgdData()
    return {
      'Focal, user text only (no model; engine replies from templates)': await runFocal(data, false),
      "Focal, engine's replies are the dataset's system turns (scripted model)": await runFocal(data, true),
      'nlp.js, each turn on its own [own process]': await inChildProcess<BenchMetrics>(
        import.meta.url,
        'measureNlpJs',
      ),
      'stay in the first intent': stayInFirst(data),
      targets: {
        'per-turn accuracy': '≥ 0.90',
        'switch-turn accuracy': '≥ 0.80',
        'µs per turn': '≤ 100 (steady state)',
      },
    }
  },
})
