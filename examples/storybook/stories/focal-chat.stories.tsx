import type { Meta, StoryObj } from '@storybook/react-vite'
import { approval, clarification, provenance, reply } from './fixtures.ts'
import { StoryChat } from './story-chat.tsx'

const meta = {
  title: 'Widget/FocalChat',
  component: StoryChat,
  args: { transport: { replies: [reply('Happy to help with your order.')] } },
} satisfies Meta<typeof StoryChat>

export default meta
type Story = StoryObj<typeof meta>

/** No messages yet. */
export const Empty: Story = {}

/** A reply streaming in: the transcript is `aria-busy` and the composer offers Stop. */
export const Streaming: Story = {
  args: {
    transport: {
      delayMs: 400,
      replies: [
        reply(
          'Let me check order A-1001 for you. It shipped on Monday and should arrive by Thursday; I can also start a return if you prefer.',
        ),
      ],
    },
    send: ['Where is order A-1001?'],
  },
}

/** A vague request: the engine asks, with options as buttons (focus moves to the first one). */
export const Clarification: Story = {
  args: {
    transport: {
      replies: [
        [
          { type: 'start' },
          { type: 'data-clarification', data: clarification },
          { type: 'data-provenance', data: provenance({ mode: 'clarification-required', rules: [] }) },
          { type: 'finish' },
        ],
        reply('Sure — which order is the refund for?'),
      ],
    },
    send: ['I have a problem'],
  },
}

const handoff = {
  reason: 'the user asked for a person ("talk to a person")',
  since: '2026-12-01T10:00:00.000Z',
}

/**
 * The customer asked for a person: the assistant says so once and stays quiet; what the person
 * writes arrives as the store polls (`transport.handoffStatus`), marked as theirs.
 */
export const HumanHandoff: Story = {
  args: {
    initial: {
      messages: [
        {
          id: 'u1',
          role: 'user',
          parts: [{ type: 'text', text: 'Can I talk to a person please?', state: 'done' }],
        },
        {
          id: 'a1',
          role: 'assistant',
          parts: [
            {
              type: 'text',
              text: "I'm connecting you with a person from our team. They'll reply here shortly.",
              state: 'done',
            },
            { type: 'handoff', handoff },
          ],
        },
        {
          id: 'u2',
          role: 'user',
          parts: [{ type: 'text', text: 'It is about order A-1001, it arrived broken', state: 'done' }],
        },
        { id: 'a2', role: 'assistant', parts: [{ type: 'handoff', handoff }] },
        {
          id: 'person:r1',
          role: 'assistant',
          from: 'person',
          parts: [
            {
              type: 'text',
              text: 'Hi, Dana here. Sorry about A-1001: a new one ships today.',
              state: 'done',
            },
          ],
        },
      ],
    },
  },
}

/** A tool call above $500 waits for a human: approve or reject, with its arguments shown. */
export const ApprovalPending: Story = {
  args: {
    transport: {
      replies: [
        reply(
          'This refund needs a supervisor’s approval before I can issue it.',
          [{ type: 'data-approval', data: approval }],
          provenance({
            tools: [{ id: 'issue_refund', status: 'awaiting-approval', reason: 'amount > 500' }],
          }),
        ),
      ],
      resumed: reply('Approved — the $620 refund for order B-2002 has been issued.'),
    },
    send: ['Issue a $620 refund for order B-2002'],
  },
}

const redactedProvenance = provenance({
  enforcement: {
    outcome: 'redacted',
    violations: [
      { ruleId: 'no-card-numbers', tier: 'hard-safety', lane: 1, message: 'card number in reply' },
    ],
    redactions: [{ type: 'card-number', count: 1 }],
  },
})

/** The reply contained a card number: Lane 1 redacted it before any digit reached the page. */
export const RedactedReply: Story = {
  args: {
    transport: {
      replies: [
        reply(
          'The card on file for order A-1001 is [redacted card number].',
          [
            {
              type: 'data-enforcement',
              data: {
                outcome: 'redacted',
                ruleIds: [],
                violations: [],
                redactions: [{ type: 'card-number', count: 1 }],
              },
            },
          ],
          redactedProvenance,
        ),
      ],
    },
    send: ['Which card is on file for order A-1001?'],
  },
}

const blockedProvenance = provenance({
  enforcement: {
    outcome: 'blocked',
    violations: [
      { ruleId: 'refund-cap', tier: 'hard-safety', lane: 1, message: 'refunds above $50 need a manager' },
    ],
    redactions: [],
  },
})

/** A hard-safety rule blocked the draft: a refusal is shown with the rule in provenance. */
export const BlockedReply: Story = {
  args: {
    transport: {
      replies: [
        reply(
          'I can’t issue refunds above $50 in chat. I’ve passed your request to a manager.',
          [
            {
              type: 'data-enforcement',
              data: { outcome: 'blocked', ruleIds: ['refund-cap'], violations: [], redactions: [] },
            },
          ],
          blockedProvenance,
        ),
      ],
    },
    send: ['Refund $80 for order A-1001'],
  },
}

/** The first send fails with a network error; Retry sends it again and the reply arrives. */
export const ErrorAndRetry: Story = {
  args: {
    transport: { failures: 1, replies: [reply('Back online — how can I help?')] },
    send: ['Hello?'],
  },
}

/** The same widget in dark mode. */
export const Dark: Story = {
  args: { ...ApprovalPending.args, colorScheme: 'dark' },
  parameters: { backgrounds: { default: 'dark' } },
}
