import { describe, expect, it } from 'vitest'
import { createEngine } from '../engine/create-engine.ts'
import { FocalError } from '../errors/focal-error.ts'
import { formatConversationReport } from './format-conversation-report.ts'
import { loadConversationSuite } from './load-conversation-suite.ts'
import { runConversationTests } from './run-conversation-tests.ts'

const definition = {
  intents: [{ id: 'wire', label: 'Send money', keywords: ['wire', 'transfer'] }],
  scenarios: [
    {
      id: 'transfer',
      intents: ['wire'],
      steps: [{ id: 'send', required: [{ field: 'amount', question: 'How much?' }] }],
    },
  ],
}

describe('runConversationTests', () => {
  it('passes a conversation whose every expectation holds', async () => {
    const report = await runConversationTests({
      suite:
        'conversations:\n  - name: wire\n    turns:\n      - user: I need a wire transfer\n        expect: { type: reply, scenario: transfer, contains: [how much] }\n',
      engine: () => createEngine({ definition }),
    })
    expect(report).toMatchObject({ passed: 1, failed: 0 })
  })

  it('reports each failing expectation of a turn with expected and actual, in a readable diff', async () => {
    const report = await runConversationTests({
      suite: {
        conversations: [
          {
            name: 'wrong',
            turns: [
              { user: 'I need a wire transfer', expect: { scenario: 'refunds', notContains: ['How much'] } },
            ],
          },
        ],
      },
      engine: () => createEngine({ definition }),
    })
    expect(report.failed).toBe(1)
    expect(report.conversations[0]?.turns[0]?.failures).toEqual([
      { check: 'scenario', expected: 'refunds', actual: 'transfer' },
      { check: 'notContains', expected: 'How much', actual: 'How much?' },
    ])
    const text = formatConversationReport(report)
    expect(text).toContain('✗ wrong')
    expect(text).toContain('- expected "refunds"')
    expect(text).toContain('+ actual   "transfer"')
    expect(text.trim().endsWith('0 passed, 1 failed')).toBe(true)
  })

  it('fails a "choose" turn when no clarification is pending, naming the problem', async () => {
    const report = await runConversationTests({
      suite: { conversations: [{ name: 'no clarification', turns: [{ choose: 'Send money' }] }] },
      engine: () => createEngine({ definition }),
    })
    expect(report.conversations[0]?.turns[0]?.failures[0]?.actual).toMatch(/asked no clarification/)
  })
})

describe('loadConversationSuite', () => {
  it('rejects a misspelt expectation with its path', () => {
    const bad = 'conversations:\n  - name: x\n    turns:\n      - user: hi\n        expect: { tpye: reply }\n'
    try {
      loadConversationSuite(bad)
      expect.fail('expected an error')
    } catch (error) {
      expect(FocalError.isInstance(error) && error.code).toBe('invalid-conversation-test')
      expect((error as FocalError).issues[0]?.path).toBe('conversations[0].turns[0].expect')
    }
  })

  it('names the line and column of a YAML syntax error', () => {
    const bad = 'conversations:\n  - name: "never mind" mid-refund\n    turns: []\n'
    expect(() => loadConversationSuite(bad)).toThrow(/^not valid YAML or JSON: line 2, column \d+: /)
  })
})
