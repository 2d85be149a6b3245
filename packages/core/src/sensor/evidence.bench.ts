// biome-ignore lint/style/noRestrictedImports: benchmarks run in Node only (check-portable exempts *.bench.ts)
import { existsSync } from 'node:fs'
// biome-ignore lint/style/noRestrictedImports: benchmarks run in Node only
import { join } from 'node:path'
import { type Banking77Row, banking77Directory, readBanking77Csv } from '../../../../bench/banking77.ts'
import { expectedCalibrationError } from '../../../../bench/calibration.ts'
import { type BenchMetrics, defineSuite } from '../../../../bench/harness.ts'
import { createIntentEvidence } from './create-intent-evidence.ts'
import { defaultEvidenceTemperature } from './create-sensor.ts'

/**
 * Is the evidence posterior (the softmax of `logLikelihoods` the sensor blends into its scores)
 * calibrated, and does a confidence mean the same for a definition of 5 intents as for one of 77?
 * Trained on the first 10 or 50 banking77 training queries of each intent (no keywords, no
 * descriptions), measured on the test queries of the same intents: accuracy of the best intent,
 * mean confidence, and expected calibration error (10 bins), at the sensor's temperature and at 1
 * (the raw softmax). Subsets of 5 and 20 intents are drawn with a fixed seed, three each, and
 * averaged. The temperature is one number fitted here, for every size at once.
 */
function measure(
  train: Banking77Row[],
  test: Banking77Row[],
  labels: string[],
  perIntent: number,
  temperature: number,
) {
  const intents = labels.map((id) => ({
    id,
    examples: train
      .filter((row) => row.label === id)
      .slice(0, perIntent)
      .map((row) => row.text),
    keywords: [] as string[],
  }))
  const model = createIntentEvidence({ intents })
  const rows = test.filter((row) => labels.includes(row.label))
  const scored = rows.map((row) => {
    const evidence = model.measure(row.text)
    const values = Object.entries(evidence.logLikelihoods)
    const top = Math.max(...values.map(([, value]) => value))
    let total = 0
    let best = values[0]![0]
    for (const [intent, value] of values) {
      total += Math.exp((value - top) / temperature)
      if (value === top) best = intent
    }
    return {
      confidence: evidence.words === 0 ? 1 / labels.length : 1 / total,
      right: evidence.words > 0 && best === row.label,
    }
  })
  return {
    accuracy: scored.filter((entry) => entry.right).length / scored.length,
    confidence: scored.reduce((sum, entry) => sum + entry.confidence, 0) / scored.length,
    ece: expectedCalibrationError(scored),
  }
}

function average(list: ReadonlyArray<ReturnType<typeof measure>>): BenchMetrics {
  const mean = (pick: (entry: ReturnType<typeof measure>) => number) =>
    Math.round((list.reduce((sum, entry) => sum + pick(entry), 0) / list.length) * 1000) / 1000
  return {
    accuracy: mean((entry) => entry.accuracy),
    'mean confidence': mean((entry) => entry.confidence),
    'expected calibration error': mean((entry) => entry.ece),
  }
}

export default defineSuite({
  name: 'sensor: evidence posterior calibration on banking77 (5, 20 and 77 intents)',
  measure() {
    if (!existsSync(join(banking77Directory, 'train.csv')))
      return { skipped: { reason: `banking77 not found at ${banking77Directory}` } }
    const train = readBanking77Csv(join(banking77Directory, 'train.csv'))
    const test = readBanking77Csv(join(banking77Directory, 'test.csv'))
    const labels = [...new Set(train.map((row) => row.label))].sort()
    let seed = 7
    const random = () => {
      seed = (seed * 16807) % 2147483647
      return seed / 2147483647
    }
    const draw = (size: number) =>
      labels
        .map((label) => ({ label, key: random() }))
        .sort((left, right) => left.key - right.key)
        .slice(0, size)
        .map((entry) => entry.label)
    const metrics: Record<string, BenchMetrics> = {}
    for (const perIntent of [10, 50]) {
      for (const size of [5, 20]) {
        const draws = [draw(size), draw(size), draw(size)]
        for (const temperature of [defaultEvidenceTemperature, 1])
          metrics[`${size} intents, ${perIntent} examples each, temperature ${temperature}`] = average(
            draws.map((subset) => measure(train, test, subset, perIntent, temperature)),
          )
      }
      for (const temperature of [defaultEvidenceTemperature, 1])
        metrics[`${labels.length} intents, ${perIntent} examples each, temperature ${temperature}`] = average(
          [measure(train, test, labels, perIntent, temperature)],
        )
    }
    return metrics
  },
})
