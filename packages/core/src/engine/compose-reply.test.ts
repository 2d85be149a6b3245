import { describe, expect, it } from 'vitest'
import { loadDefinition } from '../definition/load-definition.ts'
import { buildReplyPrompt, composeApprovedReply, type ReplyMaterial } from './compose-reply.ts'

const definition = loadDefinition({
  intents: [{ id: 'wire', keywords: ['wire'], examples: [] }],
  tools: [
    {
      id: 'send_wire',
      policy: {
        allowed: 'conditional',
        condition: 'args.amount <= 100',
        refusal: "I can't send {{args.amount | money}}: the limit is $100.",
      },
    },
    { id: 'close_account', policy: { allowed: 'never' } },
  ],
  settings: { refusalReply: 'That is not something I can do.' },
})

const blocked = (toolId: string, args: Record<string, unknown>): ReplyMaterial['completed'][number] => ({
  toolId,
  args,
  ruleId: 'r',
  status: 'blocked',
  reason: 'condition not met',
})

describe('the reply to a refused tool call', () => {
  it("says the tool's refusal filled from the call's args, else settings.refusalReply, each once", () => {
    const material: ReplyMaterial = {
      definition,
      matched: [],
      completed: [
        blocked('send_wire', { amount: 250 }),
        blocked('close_account', {}),
        blocked('close_account', {}),
      ],
      values: { currency: 'USD' },
      followUp: 'Anything else?',
    }
    expect(composeApprovedReply(material)).toBe(
      "I can't send $250: the limit is $100. That is not something I can do. Anything else?",
    )
    const prompt = buildReplyPrompt(material, [], 'wire $250')
    expect(prompt.system).toContain("- Say that this was refused: I can't send $250: the limit is $100.")
    expect(prompt.system).not.toContain('Answer briefly and helpfully')
  })

  it('says nothing of a call that ran', () => {
    const material: ReplyMaterial = {
      definition,
      matched: [],
      completed: [{ toolId: 'send_wire', args: { amount: 5 }, ruleId: 'r', status: 'ran', result: {} }],
      values: {},
    }
    expect(composeApprovedReply(material)).toBe(definition.settings.fallbackReply)
  })
})
