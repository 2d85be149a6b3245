import {
  type ChatGoalSnapshot,
  createChatStore,
  FocalChatProvider,
  type FocalUiMessageChunk,
  GoalProgress,
  ProvenanceFooter,
  Thread,
} from '@focal/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { provenance } from './fixtures.ts'

/** A reply with no chunks: these stories never send. */
const emptyStream = (): AsyncIterable<FocalUiMessageChunk> => ({
  [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true, value: undefined }) }),
})

function Frame({ children }: { children: React.ReactNode }) {
  const [store] = useState(() =>
    createChatStore({ transport: { sendMessage: emptyStream, resolveApproval: emptyStream } }),
  )
  return (
    <FocalChatProvider store={store}>
      <Thread>{children}</Thread>
    </FocalChatProvider>
  )
}

const goal = (overrides: Partial<ChatGoalSnapshot>): ChatGoalSnapshot => ({
  status: 'PARTIAL',
  criteriaMet: 2,
  criteriaTotal: 3,
  attempt: 2,
  maxAttempts: 3,
  criteria: [
    { id: 'accuracy', description: 'cv_accuracy_mean ≥ 0.80', met: true },
    { id: 'ci', description: '[STAT:ci] reported', met: true },
    { id: 'findings', description: 'at least 2 verified findings', met: false },
  ],
  detail: 'Pivot: collect more evidence for the second finding.',
  ...overrides,
})

const meta = {
  title: 'Widget/Parts',
  component: Frame,
} satisfies Meta<typeof Frame>

export default meta
type Story = StoryObj<typeof meta>

/** The provenance footer, expanded: rules, route (switched), reformulation, redactions, gates, evidence. */
export const ProvenanceExpanded: Story = {
  args: {
    children: (
      <ProvenanceFooter
        defaultOpen
        provenance={provenance({
          goal: {
            original: 'fix everything about my account',
            active: 'refund order A-1001',
            reformulation: { type: 'narrow-scope', confidence: 0.86, evidenceIds: ['e1'] },
          },
          route: {
            scenario: 'refunds',
            step: 'confirm',
            decision: 'switched',
            previousScenario: 'order-status',
            scores: [],
            reason: 'refund intent above the exit threshold',
          },
          enforcement: {
            outcome: 'redacted',
            violations: [
              { ruleId: 'no-card-numbers', tier: 'hard-safety', lane: 1, message: 'card number in reply' },
            ],
            redactions: [{ type: 'card-number', count: 1 }],
          },
          gates: [
            { name: 'final-alignment', status: 'passed', detail: 'verdict pass (0.92)' },
            { name: 'tool-policy', status: 'approved' },
          ],
        })}
      />
    ),
  },
}

/** Goal progress, partial: 2 of 3 criteria, attempt 2 of 3, with pivot advice. */
export const GoalPartial: Story = { args: { children: <GoalProgress goal={goal({})} /> } }

/** Goal progress, success: every criterion met. */
export const GoalSuccess: Story = {
  args: {
    children: (
      <GoalProgress
        goal={goal({
          status: 'SUCCESS',
          criteriaMet: 3,
          criteria: goal({}).criteria.map((criterion) => ({ ...criterion, met: true })),
          detail: 'Trust gate passed, goal gate met.',
        })}
      />
    ),
  },
}

/** Goal progress, blocked: the attempt budget is spent. */
export const GoalBlocked: Story = {
  args: {
    children: (
      <GoalProgress
        goal={goal({
          status: 'BLOCKED',
          criteriaMet: 1,
          attempt: 3,
          detail: 'Attempt budget exhausted (3 of 3).',
        })}
      />
    ),
  },
}
