import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { FocalError } from '../errors/focal-error.ts'
import { loadDefinition } from './load-definition.ts'

// biome-ignore lint/suspicious/noExplicitAny: test drafts are mutated at arbitrary paths
type Draft = any

const exampleText = readFileSync(
  fileURLToPath(new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url)),
  'utf8',
)

/** A small valid definition that each bad case breaks in exactly one place. */
function base(): Draft {
  return {
    intents: [{ id: 'refund', keywords: ['refund'] }],
    scenarios: [
      {
        id: 'refunds',
        intents: ['refund'],
        steps: [
          { id: 'verify', transitions: [{ to: 'request', condition: 'has(fields.email)' }] },
          { id: 'request', terminal: true },
        ],
      },
    ],
    tools: [{ id: 'issue_refund', policy: { requiresApproval: 'args.amount > 500' } }],
    rules: [
      { id: 'greet', action: 'Hello' },
      {
        id: 'cap',
        scope: { scenario: 'refunds', step: 'request' },
        tier: 'hard-safety',
        condition: 'fields.amount > 50',
      },
      {
        id: 'refund',
        scope: { scenario: 'refunds' },
        tools: [{ id: 'issue_refund', args: { amount: '{{amount}}' } }],
      },
    ],
  }
}

function issuesOf(mutate: (definition: Draft) => void) {
  const definition = base()
  mutate(definition)
  try {
    loadDefinition(definition)
  } catch (error) {
    if (FocalError.isInstance(error) && error.code === 'invalid-definition') return error.issues
    throw error
  }
  return []
}

describe('loadDefinition', () => {
  it('loads the refund-support example with defaults applied', () => {
    const definition = loadDefinition(exampleText)
    expect(definition.name).toBe('refund-support')
    expect(definition.settings.stickiness).toBe(3)
    expect(definition.rules.find((rule) => rule.id === 'refund-cap')?.tier).toBe('hard-safety')
  })

  it('accepts the small base definition as JSON text and as an object', () => {
    expect(loadDefinition(JSON.stringify(base())).rules).toHaveLength(3)
    expect(loadDefinition(base()).rules[0]).toMatchObject({
      scope: 'global',
      priority: 0,
      tier: 'process',
      enabled: true,
    })
  })

  const cases: Array<[string, (definition: Draft) => void, string, RegExp]> = [
    ['a wrong type', (d) => (d.rules[0].priority = 'high'), 'rules[0].priority', /number/],
    ['a priority out of range', (d) => (d.rules[0].priority = 500), 'rules[0].priority', /100/],
    ['an unknown tier', (d) => (d.rules[1].tier = 'critical'), 'rules[1].tier', /unknown tier "critical"/],
    ['an unknown field', (d) => (d.rules[0].graphLinks = ['cap']), 'rules[0]', /graphLinks/],
    [
      'a dangling scenario',
      (d) => (d.rules[1].scope.scenario = 'billing'),
      'rules[1].scope.scenario',
      /unknown scenario "billing"/,
    ],
    [
      'a dangling step',
      (d) => (d.rules[1].scope.step = 'verify_identity'),
      'rules[1].scope.step',
      /unknown step "verify_identity" in scenario "refunds"/,
    ],
    [
      'a dangling tool',
      (d) => (d.rules[2].tools[0].id = 'wire_money'),
      'rules[2].tools[0].id',
      /unknown tool "wire_money"/,
    ],
    [
      'a reply template with a filter the renderer does not know',
      (d) => (d.rules[2].action = 'Refunded {{amount | euros}}'),
      'rules[2].action',
      /unknown filter "euros" in "\{\{amount \| euros\}\}" \(filters: money\)/,
    ],
    [
      "a tool's summary with a filter the renderer does not know",
      (d) => (d.tools[0].summary = 'Refund {{args.amount | cents}}'),
      'tools[0].summary',
      /unknown filter "cents"/,
    ],
    [
      'a dangling transition',
      (d) => (d.scenarios[0].steps[0].transitions[0].to = 'done'),
      'scenarios[0].steps[0].transitions[0].to',
      /unknown step "done"/,
    ],
    [
      'a dangling intent',
      (d) => (d.scenarios[0].intents = ['billing']),
      'scenarios[0].intents[0]',
      /unknown intent "billing"/,
    ],
    ['a duplicate rule id', (d) => (d.rules[2].id = 'greet'), 'rules[2].id', /duplicate id "greet"/],
    [
      'a rule id of a guardrail',
      (d) => {
        d.guardrails = { never: ['Never share a card number.'], always: [] }
        d.rules[2].id = 'never-1'
      },
      'rules[2].id',
      /enforcement plan gives guardrails\.never\[0\]/,
    ],
    ['a rule id of a built-in', (d) => (d.rules[2].id = 'focal:detectors'), 'rules[2].id', /choose another/],
    [
      'a placeholder of a tool the definition does not have',
      (d) => (d.rules[2].action = 'Your order is {{tool.lookup_ordr.status}}.'),
      'rules[2].action',
      /names no tool of the definition \("lookup_ordr"\)/,
    ],
    [
      'a brace pair that is no placeholder',
      (d) => (d.rules[2].action = 'Order {{ order id }} is on its way.'),
      'rules[2].action',
      /is no placeholder/,
    ],
    [
      'an unknown filter in a nested setting',
      (d) => (d.settings = { handoff: { reply: 'Passing you to {{name | shout}}.' } }),
      'settings.handoff.reply',
      /unknown filter "shout"/,
    ],
    [
      'an enforce expression that gives no boolean',
      (d) => (d.rules[2].enforce = { expression: '1 + 2', onViolation: 'refuse' }),
      'rules[2].enforce.expression',
      /must give true or false, but gives a int/,
    ],
    [
      'a condition that gives no boolean',
      (d) => (d.rules[2].condition = "'abc'"),
      'rules[2].condition',
      /gives a string/,
    ],
    [
      'a placeholder in a refusal',
      (d) =>
        (d.rules[2].enforce = {
          expression: 'true',
          onViolation: 'refuse',
          refusal: 'Sorry {{name}}, no.',
        }),
      'rules[2].enforce.refusal',
      /sent as written/,
    ],
    [
      'a duplicate step id',
      (d) => d.scenarios[0].steps.push({ id: 'verify' }),
      'scenarios[0].steps[2].id',
      /duplicate id "verify"/,
    ],
    ['invalid CEL in a rule', (d) => (d.rules[1].condition = 'fields.amount >'), 'rules[1].condition', /./],
    [
      'invalid CEL in a tool policy',
      (d) => (d.tools[0].policy.requiresApproval = 'args.amount >> 5'),
      'tools[0].policy.requiresApproval',
      /./,
    ],
    [
      'a confirmWhen that gives no boolean',
      (d) => (d.tools[0].confirmWhen = "'card'"),
      'tools[0].confirmWhen',
      /must give true or false, but gives a string/,
    ],
    [
      'invalid CEL in a tool policy check',
      (d) => (d.tools[0].policy = { allowed: 'conditional', checks: [{ condition: 'args.amount >' }] }),
      'tools[0].policy.checks[0].condition',
      /./,
    ],
    [
      'an unknown filter in a check refusal',
      (d) =>
        (d.tools[0].policy = {
          allowed: 'conditional',
          checks: [{ condition: 'args.amount > 0', refusal: 'not {{args.amount | euros}}' }],
        }),
      'tools[0].policy.checks[0].refusal',
      /unknown filter "euros"/,
    ],
    [
      'a conditional tool without a condition',
      (d) => (d.tools[0].policy = { allowed: 'conditional' }),
      'tools[0].policy.condition',
      /needs a condition/,
    ],
    [
      'a digit in a partial-mask replacement',
      (d) =>
        (d.settings = { redaction: { 'credit-card': { mask: 'last4', replacement: 'card 4… {last4}' } } }),
      'settings.redaction.credit-card.replacement',
      /may hold no digit/,
    ],
    [
      'an unknown placeholder in a partial-mask replacement',
      (d) => (d.settings = { redaction: { 'credit-card': { mask: 'last4', replacement: '{bin} {last4}' } } }),
      'settings.redaction.credit-card.replacement',
      /\{brand\}, \{last4\} and \{type\}/,
    ],
    [
      'a partial mask other than last4',
      (d) => (d.settings = { redaction: { 'credit-card': { mask: 'first6' } } }),
      'settings.redaction.credit-card.mask',
      /./,
    ],
    [
      'a restored type the built-in reply detectors redact',
      (d) => (d.settings = { inputRails: { restore: ['credit-card'] } }),
      'settings.inputRails.restore[0]',
      /"credit-card" is redacted or blocked in replies by settings\.detectors/,
    ],
    [
      "a restored type a rule's reply check refuses",
      (d) => {
        d.settings = { inputRails: { detectors: ['email'], restore: ['email'] } }
        d.rules[0].enforce = { detectors: ['email'] }
      },
      'settings.inputRails.restore[0]',
      /by rules\[0\]\.enforce\.detectors/,
    ],
    [
      'a restored type a "never mention" guardrail blocks',
      (d) => {
        d.settings = { inputRails: { detectors: ['email'], restore: ['email'] } }
        d.guardrails = { never: ['Never share email addresses'] }
      },
      'settings.inputRails.restore[0]',
      /by guardrails\.never\[0\]/,
    ],
    [
      'a restored type the input rail does not scan',
      (d) => (d.settings = { inputRails: { restore: ['email'] } }),
      'settings.inputRails.restore[0]',
      /not scanned on input/,
    ],
    [
      'a pseudo-detector in the input rails',
      (d) => (d.settings = { inputRails: { detectors: ['blocklist'] } }),
      'settings.inputRails.detectors[0]',
      /./,
    ],
    [
      'an unsafe entity pattern',
      (d) => (d.entities = [{ name: 'order_id', pattern: '(a+)+$' }]),
      'entities[0].pattern',
      /backtrack/,
    ],
  ]
  for (const [name, mutate, path, message] of cases) {
    it(`reports ${name} as exactly one located error`, () => {
      const issues = issuesOf(mutate)
      expect(issues).toHaveLength(1)
      expect(issues[0]!.path).toBe(path)
      expect(issues[0]!.message).toMatch(message)
    })
  }

  it('accepts a restorable type no reply check redacts, and restores nothing by default', () => {
    const definition = base()
    definition.settings = { inputRails: { detectors: ['email', 'phone'], restore: ['email'] } }
    expect(loadDefinition(definition).settings.inputRails).toEqual({
      detectors: ['email', 'phone'],
      restore: ['email'],
    })
    expect(loadDefinition(base()).settings.inputRails).toEqual({ detectors: [], restore: [] })
  })

  it('lists every problem at once', () => {
    const issues = issuesOf((d) => {
      d.rules[1].scope.scenario = 'billing'
      d.rules[2].tools[0].id = 'wire_money'
      d.rules[0].id = 'cap'
    })
    expect(issues.map((issue) => issue.path).sort()).toEqual([
      'rules[1].id',
      'rules[1].scope.scenario',
      'rules[2].tools[0].id',
    ])
  })

  it('names the YAML syntax error', () => {
    expect(() => loadDefinition('rules: [\n  - id: x')).toThrowError(
      expect.objectContaining({ code: 'invalid-definition' }),
    )
  })

  it('never throws anything but a FocalError on random YAML', () => {
    const yamlish = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.anything({ maxDepth: 4 }).map((value) => stringify(value)),
      fc
        .tuple(fc.nat(exampleText.length), fc.nat(40), fc.string({ maxLength: 8 }))
        .map(([at, cut, insert]) => exampleText.slice(0, at) + insert + exampleText.slice(at + cut)),
      fc
        .record({
          rules: fc.array(
            fc.dictionary(
              fc.constantFrom('id', 'scope', 'tier', 'priority', 'condition', 'tools'),
              fc.anything({ maxDepth: 2 }),
            ),
          ),
        })
        .map((value) => stringify(value)),
    )
    fc.assert(
      fc.property(yamlish, (text) => {
        try {
          loadDefinition(text)
        } catch (error) {
          if (!FocalError.isInstance(error)) throw error
          expect(error.code).toBe('invalid-definition')
        }
      }),
      { numRuns: 200 },
    )
  }, 60_000)
})
