import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createEngine } from '../engine/create-engine.ts'
import { FocalError } from '../errors/focal-error.ts'
import { conversationSuiteJsonSchema } from './conversation-test-schema.ts'
import { formatConversationReport } from './format-conversation-report.ts'
import { loadConversationSuite } from './load-conversation-suite.ts'
import { assertConversationsPassed, runConversationTests } from './run-conversation-tests.ts'

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
              { user: 'I need a wire transfer', expect: { scenario: null, notContains: ['How much'] } },
            ],
          },
        ],
      },
      engine: () => createEngine({ definition }),
    })
    expect(report.failed).toBe(1)
    expect(report.conversations[0]?.turns[0]?.failures).toEqual([
      { check: 'scenario', expected: null, actual: 'transfer' },
      { check: 'notContains', expected: 'How much', actual: 'How much?' },
    ])
    const text = formatConversationReport(report)
    expect(text).toContain('✗ wrong')
    expect(text).toContain('- expected null')
    expect(text).toContain('- expected no "How much"')
    expect(text).toContain('+ actual   "transfer"')
    expect(text.trim().endsWith('0 passed, 1 failed')).toBe(true)
  })

  it("reads a clarification's reason as part of what the reader sees", async () => {
    // Found by an outside review (session 65): the widget shows the reason, `notContains` did not
    // look at it.
    const asked = await createEngine({ definition }).turn({ sessionId: 's', text: 'hmm' })
    expect(asked.type).toBe('clarification')
    const reason = asked.type === 'clarification' ? asked.clarification.reason : ''
    expect(reason).not.toBe('')
    const report = await runConversationTests({
      suite: {
        conversations: [{ name: 'vague', turns: [{ user: 'hmm', expect: { notContains: [reason] } }] }],
      },
      engine: () => createEngine({ definition }),
    })
    expect(report.conversations[0]?.turns[0]?.failures.map((failure) => failure.check)).toEqual([
      'notContains',
    ])
  })

  it('fails a "choose" turn when no clarification is pending, naming the problem', async () => {
    const report = await runConversationTests({
      suite: {
        conversations: [
          { name: 'no clarification', turns: [{ choose: 'Send money', expect: { type: 'reply' } }] },
        ],
      },
      engine: () => createEngine({ definition }),
    })
    expect(report.conversations[0]?.turns[0]?.failures[0]?.actual).toMatch(/asked no clarification/)
  })
})

/** A wire transfer: a balance check, then a transfer an approver must approve, then a notice. */
const approvals = {
  intents: [{ id: 'wire', label: 'Send money', keywords: ['wire', 'transfer'] }],
  scenarios: [{ id: 'transfer', intents: ['wire'], steps: [{ id: 'send' }] }],
  tools: [
    { id: 'check_balance', description: 'checks', fixture: { ok: true } },
    {
      id: 'send_money',
      description: 'sends',
      policy: {
        allowed: 'always',
        requiresApproval: 'true',
        approval: { approver: 'supervisor', defaultAction: 'reject' },
      },
      fixture: { ok: true },
    },
    { id: 'notify', description: 'notifies', fixture: { ok: true } },
  ],
  rules: [
    {
      id: 'do-wire',
      description: 'wire',
      scope: { scenario: 'transfer' },
      tier: 'process',
      priority: 50,
      tools: [{ id: 'check_balance' }, { id: 'send_money' }, { id: 'notify' }],
      action: 'Sent.',
    },
  ],
}

const suiteOf = (turns: unknown[], name = 'wire') => ({ conversations: [{ name, turns }] })
const runOn = (suite: unknown, options: { filter?: string } = {}) =>
  runConversationTests({
    suite: suite as object,
    engine: () => createEngine({ definition: approvals }),
    ...options,
  })
const failuresOf = async (suite: unknown) =>
  (await runOn(suite)).conversations.flatMap((conversation) =>
    conversation.turns.flatMap((turn) => turn.failures.map((failure) => failure.check)),
  )
const wire = 'I need a wire transfer'

describe('runConversationTests: expectations that can fail', () => {
  it('refuses a filter that selects no conversation, and matches names in any case', async () => {
    await expect(
      runOn(suiteOf([{ user: wire, expect: { type: 'approval-required' } }]), { filter: 'Wyre' }),
    ).rejects.toThrow(/no conversation's name includes "Wyre"/)
    expect(
      await runOn(suiteOf([{ user: wire, expect: { type: 'approval-required' } }]), { filter: 'WIRE' }),
    ).toMatchObject({
      passed: 1,
    })
  })

  it('refuses ids the definition does not have, each located, before any conversation runs', async () => {
    const suite = suiteOf([
      {
        user: wire,
        expect: {
          notTools: ['check-balance'],
          toolRuns: ['check_balance', 'sendmoney'],
          notRules: ['do_wire'],
          scenario: 'transfers',
          step: 'sending',
        },
      },
    ])
    const error = await runOn(suite).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(FocalError.isInstance(error) && error.code).toBe('invalid-conversation-test')
    expect((error as FocalError).issues.map((issue) => issue.path)).toEqual([
      'conversations[0].turns[0].expect.scenario',
      'conversations[0].turns[0].expect.step',
      'conversations[0].turns[0].expect.toolRuns[1]',
      'conversations[0].turns[0].expect.notTools[0]',
      'conversations[0].turns[0].expect.notRules[0]',
    ])
  })

  it('locates an unknown id by line and conversation name when the suite was text', async () => {
    const text =
      'conversations:\n  - name: first\n    turns:\n      - user: hi\n        expect: { type: reply }\n  - name: the wire\n    turns:\n      - user: hi\n        expect:\n          notTools: [check-balance]\n'
    const error = await runOn(text).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect((error as FocalError).issues[0]).toMatchObject({
      path: 'conversations[1].turns[0].expect.notTools[0]',
      line: 10,
      label: 'conversation "the wire"',
    })
  })

  it('checks every tool run of a turn in order with toolRuns, and none with an empty list', async () => {
    const ranTwo = [{ user: wire, expect: { toolRuns: ['check_balance'] } }]
    expect(await failuresOf(suiteOf(ranTwo))).toEqual([])
    for (const toolRuns of [[], ['check_balance', 'check_balance'], ['notify', 'check_balance']])
      expect(await failuresOf(suiteOf([{ user: wire, expect: { toolRuns } }]))).toEqual(['toolRuns'])
  })

  it('counts on an approval step only the tools run after the decision, and no routing', async () => {
    const suite = suiteOf([
      { user: wire, expect: { type: 'approval-required', toolRuns: ['check_balance'] } },
      {
        approval: 'approve',
        expect: { toolRuns: ['send_money', 'notify'], notTools: ['check_balance'], decision: null },
      },
    ])
    expect(await failuresOf(suite)).toEqual([])
    // It listed check_balance again, though it ran once, in the first turn.
    const again = suiteOf([{ user: wire }, { approval: 'approve', expect: { tools: ['check_balance'] } }])
    expect(await failuresOf(again)).toEqual(['tools'])
  })

  it('counts the tools of the turn that paused, however many turns came before the decision', async () => {
    // Found by an outside review (session 65): with a question in between, the step took that
    // question's turn as the paused one, so check_balance (run before the pause) counted as run.
    const between = (decision: 'approve' | 'reject', expect: object) =>
      failuresOf(
        suiteOf([
          { user: wire },
          { user: 'hello', expect: { notTools: ['send_money'] } },
          { approval: decision, expect },
        ]),
      )
    expect(await between('approve', { toolRuns: ['send_money', 'notify'] })).toEqual([])
    expect(await between('approve', { tools: ['check_balance'] })).toEqual(['tools'])
    expect(
      await between('reject', { toolRuns: ['notify'], notTools: ['check_balance', 'send_money'] }),
    ).toEqual([])
  })

  it('sees a call that failed in toolRuns and notTools, not in tools', async () => {
    // Found by an outside review (session 65): a tool that was called and threw passed
    // `notTools` (it may have acted before it threw).
    const report = await runConversationTests({
      suite: suiteOf([{ user: wire, expect: { notTools: ['check_balance'], toolRuns: [] } }]),
      engine: () =>
        createEngine({
          definition: approvals,
          tools: {
            check_balance: async () => {
              throw new Error('the balance service timed out')
            },
          },
        }),
    })
    expect(report.conversations[0]?.turns[0]?.failures.map((failure) => failure.check)).toEqual([
      'toolRuns',
      'notTools',
    ])
    expect(report.conversations[0]?.turns[0]?.failures[0]?.actual).toEqual(['check_balance'])
  })

  it('compares texts after Unicode normalisation and full case folding, white space folded', async () => {
    const said = (contains: string[], notContains: string[]) =>
      failuresOf(
        suiteOf([
          {
            user: 'hello',
            expect: {
              ...(contains.length === 0 ? {} : { contains }),
              ...(notContains.length === 0 ? {} : { notContains }),
            },
          },
        ]),
      )
    // The fallback reply of a definition with no greeting says what it can do ("Send money").
    expect(await said(['SEND\u00a0MONEY'], [])).toEqual([])
    expect(await said([], ['send money'])).toEqual(['notContains'])
    expect(await said([], ['Ｓｅｎｄ money'])).toEqual(['notContains'])
  })
})

describe('assertConversationsPassed', () => {
  it('throws the readable report when a conversation failed, and nothing when all passed', async () => {
    const failed = await runOn(suiteOf([{ user: wire, expect: { type: 'reply' } }], 'wire needs approval'))
    expect(() => assertConversationsPassed(failed)).toThrow(
      /1 of 1 conversations failed\n✗ wire needs approval/,
    )
    const passed = await runOn(suiteOf([{ user: wire, expect: { type: 'approval-required' } }]))
    expect(() => assertConversationsPassed(passed)).not.toThrow()
  })
})

describe('loadConversationSuite', () => {
  it.each([
    [{ user: 'hi', expect: { tools: [] } }, 'conversations[0].turns[0].expect.tools'],
    [{ user: 'hi', expect: { notContains: [''] } }, 'conversations[0].turns[0].expect.notContains[0]'],
    [{ user: 'hi', expect: { notTools: [' '] } }, 'conversations[0].turns[0].expect.notTools[0]'],
    [{ approval: 'yes' }, 'conversations[0].turns[0].approval'],
    [{ user: 42 }, 'conversations[0].turns[0].user'],
    [{ user: 'hi', expect: { type: 'Reply' } }, 'conversations[0].turns[0].expect.type'],
    [{ user: 'hi', choose: 'Send money' }, 'conversations[0].turns[0]'],
    [{ usr: 'hi' }, 'conversations[0].turns[0]'],
  ])('refuses %j, naming %s', (turn, path) => {
    try {
      loadConversationSuite(suiteOf([turn]))
      expect.fail('expected an error')
    } catch (error) {
      expect(FocalError.isInstance(error) && error.code).toBe('invalid-conversation-test')
      expect((error as FocalError).issues.map((issue) => issue.path)).toContain(path)
    }
  })

  it('refuses two conversations of the same name, naming both', () => {
    const twice = {
      conversations: [
        suiteOf([{ user: 'hi' }], 'x').conversations[0],
        suiteOf([{ user: 'hi' }], 'x').conversations[0],
      ],
    }
    expect(() => loadConversationSuite(twice)).toThrow(
      /conversations\[1\]\.name: a second conversation named "x" \(the first is conversations\[0\]\)/,
    )
  })

  it('refuses an empty expect, which checks nothing', () => {
    expect(() => loadConversationSuite(suiteOf([{ user: 'hi', expect: {} }]))).toThrow(
      /conversations\[0\]\.turns\[0\]\.expect: an empty expect checks nothing/,
    )
  })

  it('locates a problem by conversation name and line in YAML text', () => {
    const text =
      'conversations:\n  - name: first\n    turns:\n      - user: hi\n        expect: { type: reply }\n  - name: second one\n    turns:\n      - user: hi\n        expect: { tpye: reply }\n'
    try {
      loadConversationSuite(text)
      expect.fail('expected an error')
    } catch (error) {
      expect((error as FocalError).issues[0]).toMatchObject({
        path: 'conversations[1].turns[0].expect',
        line: 9,
        label: 'conversation "second one"',
      })
      expect((error as Error).message).toContain(
        'line 9, conversation "second one": conversations[1].turns[0].expect: Unrecognized key: "tpye"',
      )
    }
  })

  it('matches the schema file editors use next to the demo suite', () => {
    const file = new URL(
      '../../../../examples/definitions/focal-conversation-tests.schema.json',
      import.meta.url,
    )
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(conversationSuiteJsonSchema)
  })

  it('refuses what would check nothing: a blank text or id, a conversation with no expect', () => {
    // Found by an outside review (session 65): each was accepted, and the conversation passed
    // whatever the agent did. The editors' schema refuses the blanks too (a pattern).
    const refused = (turns: unknown[]) => () =>
      loadConversationSuite({ conversations: [{ name: 'x', turns }] })
    expect(refused([{ user: 'hi', expect: { contains: [' '] } }])).toThrow(/white space only/)
    expect(refused([{ user: 'hi', expect: { tools: [' '] } }])).toThrow(/a tool id cannot be blank/)
    expect(refused([{ user: 'hi', expect: { scenario: ' ' } }])).toThrow(/a scenario id cannot be blank/)
    expect(refused([{ user: 'hi' }, { user: 'bye' }])).toThrow(/a conversation with no expect checks nothing/)
    expect(
      loadConversationSuite({
        conversations: [{ name: 'x', turns: [{ user: 'hi', expect: { tools: [' a '] } }] }],
      }).conversations[0]?.turns[0]?.expect?.tools,
    ).toEqual(['a'])
    const items = JSON.stringify(conversationSuiteJsonSchema)
    expect(items).toContain('"pattern":"\\\\S"')
    expect(items).toContain('"contains":{"required":["expect"]}')
  })

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
