import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createEngine } from '../engine/create-engine.ts'
import { formatConversationReport } from './format-conversation-report.ts'
import { loadConversationSuite } from './load-conversation-suite.ts'
import { runConversationTests } from './run-conversation-tests.ts'

const folder = new URL('../../../../examples/definitions/', import.meta.url)
const suiteText = readFileSync(new URL('refund-support.conversations.yaml', folder), 'utf8')
const definition = readFileSync(new URL('refund-support.yaml', folder), 'utf8')
const suite = loadConversationSuite(suiteText)

describe('the demo agent conversation suite', () => {
  it('has the four sidebar flows in one session and at least 25 further conversations', () => {
    expect(suite.conversations[0]?.name).toBe('the four sidebar flows in order in one session')
    expect(suite.conversations.length).toBeGreaterThanOrEqual(30)
  })

  for (const conversation of suite.conversations) {
    it(conversation.name, async () => {
      const report = await runConversationTests({
        suite: { ...suite, conversations: [conversation] },
        engine: () => createEngine({ definition }),
      })
      if (report.failed > 0) expect.fail(`\n${formatConversationReport(report)}`)
      expect(report.passed).toBe(1)
    })
  }
})

describe('a request taken back and replaced in one message', () => {
  it('carries the ids it named, never over the session verified email', async () => {
    const engine = createEngine({ definition, ledger: false })
    await engine.turn({ sessionId: 's', text: 'which card is on file? ann@example.com' })
    await engine.turn({
      sessionId: 's',
      text: 'refund $20 for NW-1001, bob@example.com... actually no, just cancel the order instead, it was $80',
    })
    const session = await engine.getSession('s')
    expect(session?.fields).toMatchObject({ email: 'ann@example.com', order_id: 'NW-1001', amount: 80 })
  })
})
