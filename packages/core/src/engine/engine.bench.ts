// biome-ignore lint/style/noRestrictedImports: benchmarks run in Node only (check-portable exempts *.bench.ts)
import { readFileSync } from 'node:fs'
import { defineSuite } from '../../../../bench/harness.ts'
import { type FocalDefinitionInput, loadDefinition } from '../definition/index.ts'
import { createRuleIndex } from '../rules/create-rule-index.ts'
import type { RuleIndex } from '../rules/types.ts'
import { createSensor } from '../sensor/create-sensor.ts'
import { createEngine, type Engine } from './create-engine.ts'

const demoPath = new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url)
const sentence = 'Your request has been recorded and our team will follow up with the details you asked for. '
const retrievalSizes = [100, 1000, 10_000]

/**
 * A synthetic agent: `scenarioCount` scenarios of two steps and `ruleCount` rules spread over the
 * global, scenario and step scopes, triggered by intents, lexical cues (a vocabulary that grows
 * with the rule count, as real rule sets do) or CEL conditions.
 */
function syntheticDefinition(ruleCount: number, scenarioCount: number): FocalDefinitionInput {
  const cues = Math.max(10, Math.floor(ruleCount / 5))
  const rules: NonNullable<FocalDefinitionInput['rules']> = Array.from({ length: ruleCount }, (_, index) => {
    // Every kind of rule appears in every scenario; intents and cues vary within a scenario.
    const scenario = `scenario${Math.floor(index / 4) % scenarioCount}`
    const intent = `intent${Math.floor(index / (4 * scenarioCount)) % scenarioCount}`
    if (index < 10) return { id: `global${index}`, match: [`word${index}`], action: `Global note ${index}.` }
    switch (index % 4) {
      case 0:
        return {
          id: `r${index}`,
          scope: { scenario },
          match: [`cue${index % cues}`],
          action: `Cue ${index}.`,
        }
      case 1:
        return {
          id: `r${index}`,
          scope: { scenario, step: 'answer' },
          intents: [intent],
          priority: index % 50,
          action: `Intent ${index}.`,
        }
      case 2:
        return {
          id: `r${index}`,
          scope: { scenario, step: 'collect' },
          condition: 'has(fields.amount) && fields.amount > 1000',
          action: `Big ${index}.`,
        }
      default:
        return { id: `r${index}`, scope: { scenario }, intents: [intent], action: `Other ${index}.` }
    }
  })
  // The rule this turn replies with: a 2 KB approved template.
  rules.push({
    id: 'long-answer',
    scope: { scenario: 'scenario7', step: 'answer' },
    condition: 'has(fields.order_id)',
    action: sentence.repeat(Math.ceil(2048 / sentence.length)).slice(0, 2048),
  })
  return {
    name: 'bench',
    entities: [{ name: 'order_id', pattern: String.raw`\bNW-\d{4,}\b` }],
    intents: Array.from({ length: scenarioCount }, (_, index) => ({
      id: `intent${index}`,
      keywords: [`topic${index}`],
    })),
    scenarios: Array.from({ length: scenarioCount }, (_, index) => ({
      id: `scenario${index}`,
      intents: [`intent${index}`],
      steps: [
        {
          id: 'collect',
          required: ['order_id'],
          transitions: [{ to: 'answer', condition: 'has(fields.order_id)' }],
        },
        { id: 'answer' },
      ],
    })),
    rules,
  }
}

const sensor = createSensor({ intents: [{ id: 'refund', keywords: ['refund'], examples: [] }] })
const adversarial = [
  '9'.repeat(2000),
  'a.'.repeat(1000),
  `${'1,'.repeat(999)}USD`,
  `${'x'.repeat(1990)}@example`,
]
let withLedger: Engine
let withoutLedger: Engine
let demo: Engine
let sessionCounter = 0
const indexes = new Map<number, RuleIndex>()
const retrievalContext = {
  scenario: 'scenario7',
  step: 'answer',
  text: 'about topic7 with cue28 and word3, order NW-1234',
  intent: 'intent7',
  variables: { fields: { order_id: 'NW-1234' }, entities: {} },
}
// One turn: a fresh session enters scenario7, advances to `answer` and replies with the 2 KB template.
const text = 'topic7 please, my order is NW-1234'

export default defineSuite({
  name: 'engine',
  timeMs: 1500,
  setup() {
    const definition = loadDefinition(syntheticDefinition(1000, 50))
    withLedger = createEngine({ definition, classifier: false })
    withoutLedger = createEngine({ definition, classifier: false, ledger: false })
    // The demo agent with its whole enforcement plan: detectors, safety patterns, guardrails, rules.
    demo = createEngine({ definition: readFileSync(demoPath, 'utf8'), ledger: false })
    for (const size of retrievalSizes)
      indexes.set(size, createRuleIndex({ rules: loadDefinition(syntheticDefinition(size, 50)).rules }))
  },
  cases: [
    {
      name: 'deterministic turn (1,000 rules, 50 scenarios, 2 KB reply)',
      fn: () => withoutLedger.turn({ sessionId: `a${sessionCounter++}`, text }),
      targetMedianMicros: 200,
    },
    {
      // Routing, a tool run and Lane 1 over the full plan (the card number is redacted).
      name: 'demo agent turn, full enforcement plan (card on file, redacted)',
      fn: () =>
        demo.turn({
          sessionId: `d${sessionCounter++}`,
          text: 'Which card is on file? My email is ann@example.com',
        }),
      targetMedianMicros: 200,
    },
    {
      name: 'same turn + in-memory hash-chained ledger',
      fn: () => withLedger.turn({ sessionId: `b${sessionCounter++}`, text }),
    },
    {
      name: 'sensor on 2,000 adversarial characters (digit runs, dotted words)',
      fn: () => adversarial.map((input) => sensor.senseSync(input)),
    },
    ...retrievalSizes.map((size) => ({
      name: `rule retrieval, ${size.toLocaleString('en-US')} rules`,
      fn: () => indexes.get(size)!.retrieve(retrievalContext),
    })),
  ],
  async measure() {
    const result = await withoutLedger.turn({ sessionId: 'measure', text })
    const plan = (await demo.enforcementPlan()).summary
    const card = await demo.turn({
      sessionId: 'measure',
      text: 'Which card is on file? My email is ann@example.com',
    })
    const examined = Object.fromEntries(
      retrievalSizes.map((size) => [
        `examined of ${size}`,
        indexes.get(size)!.retrieve(retrievalContext).examined,
      ]),
    )
    return {
      'turn reply': {
        type: result.type,
        characters: 'text' in result ? (result.text?.length ?? 0) : 0,
        rules: result.provenance.rules.length,
      },
      'demo plan': {
        rules: plan.rules,
        'lane 1': plan.lane1,
        unenforced: plan.unenforced,
        outcome: card.provenance.enforcement?.outcome ?? 'none',
      },
      'rules examined per retrieval': examined,
      'rules matched per retrieval': Object.fromEntries(
        retrievalSizes.map((size) => [
          `matched of ${size}`,
          indexes.get(size)!.retrieve(retrievalContext).matched.length,
        ]),
      ),
    }
  },
})
