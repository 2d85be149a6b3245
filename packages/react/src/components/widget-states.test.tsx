import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createChatStore } from '../chat/create-chat-store.ts'
import type { ChatGoalSnapshot } from '../chat/types.ts'
import { createChannelTransport } from '../testing/create-chunk-channel.ts'
import { provenanceFixture } from '../testing/fixtures.ts'
import { FocalChatProvider } from './focal-chat-provider.tsx'
import { GoalProgress } from './goal-progress.tsx'
import { MessageList } from './message-list.tsx'
import { ProvenanceFooter } from './provenance-footer.tsx'

afterEach(cleanup)

function renderWithStore(
  children: React.ReactNode,
  setup?: (store: ReturnType<typeof createChatStore>) => void,
) {
  const store = createChatStore({ transport: createChannelTransport().transport })
  setup?.(store)
  render(<FocalChatProvider store={store}>{children}</FocalChatProvider>)
  return store
}

const goal = (overrides: Partial<ChatGoalSnapshot>): ChatGoalSnapshot => ({
  status: 'PARTIAL',
  criteriaMet: 2,
  criteriaTotal: 3,
  attempt: 2,
  maxAttempts: 3,
  criteria: [
    { id: 'a', description: 'accuracy ≥ 0.8', met: true },
    { id: 'b', description: 'CI reported', met: true },
    { id: 'c', description: 'two findings', met: false },
  ],
  ...overrides,
})

describe('GoalProgress', () => {
  it.each([
    ['PARTIAL', 'Partial', 2],
    ['SUCCESS', 'Success', 3],
    ['BLOCKED', 'Blocked', 1],
  ] as const)('shows %s with criteria met / total and attempt n of max', (status, label, met) => {
    renderWithStore(<GoalProgress goal={goal({ status, criteriaMet: met })} />)
    const region = document.querySelector('.focal-goal')!
    expect(region.getAttribute('data-status')).toBe(status)
    expect(region.textContent).toContain(label)
    expect(region.textContent).toContain(`${met} of 3 criteria met · attempt 2 of 3`)
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe(String(met))
    expect(screen.getByText(/two findings/).textContent).toContain('(not met)')
  })

  it('leaves out counts a bare gate result does not carry', () => {
    renderWithStore(
      <GoalProgress
        goal={goal({ status: 'SUCCESS', criteriaTotal: 0, criteriaMet: 0, maxAttempts: 0, criteria: [] })}
      />,
    )
    expect(document.querySelector('.focal-goal')?.textContent).toBe('Success')
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('renders nothing when there is no goal', () => {
    renderWithStore(<GoalProgress />)
    expect(document.querySelector('.focal-goal')).toBeNull()
  })
})

describe('Message', () => {
  it('shows a blocked reply as a refusal with a blocked notice and the violated rule in provenance', () => {
    renderWithStore(<MessageList />, (store) =>
      store.setState({
        messages: [
          {
            id: 'a1',
            role: 'assistant',
            parts: [
              {
                type: 'enforcement',
                enforcement: {
                  outcome: 'blocked',
                  ruleIds: ['no-competitors'],
                  violations: [],
                  redactions: [],
                },
              },
              { type: 'text', text: 'I can only speak to our own products.', state: 'done' },
            ],
            provenance: provenanceFixture({
              enforcement: {
                outcome: 'blocked',
                violations: [
                  { ruleId: 'no-competitors', tier: 'hard-safety', lane: 1, message: 'blocklist' },
                ],
                redactions: [],
              },
            }),
          },
        ],
      }),
    )
    const article = screen.getByRole('article', { name: 'Assistant said' })
    // Text first, then the notice, whatever order the parts arrived in.
    expect(article.textContent?.indexOf('I can only speak')).toBeLessThan(
      article.textContent?.indexOf('blocked by a safety rule') ?? -1,
    )
    expect(screen.getByRole('button', { name: /Why this answer/ }).textContent).toContain(
      'held back by a safety rule',
    )
  })

  it('shows a typing indicator, not an empty bubble, while the scan still holds the first words back', () => {
    renderWithStore(<MessageList />, (store) =>
      store.setState({
        messages: [{ id: 'a1', role: 'assistant', parts: [{ type: 'text', text: '', state: 'streaming' }] }],
      }),
    )
    const article = screen.getByRole('article', { name: 'Assistant said' })
    expect(article.textContent).toBe('Assistant is thinking…')
  })
})

describe('ProvenanceFooter', () => {
  it('lists a tool called twice once per call', () => {
    const provenance = provenanceFixture({
      tools: [
        { id: 'lookup_order', status: 'failed', reason: 'timeout' },
        { id: 'lookup_order', status: 'ran' },
      ],
    })
    renderWithStore(<ProvenanceFooter provenance={provenance} defaultOpen />)
    const items = screen.getAllByText('lookup_order').map((element) => element.parentElement?.textContent)
    expect(items).toEqual(['lookup_order failed — timeout', 'lookup_order ran'])
  })

  it("shows a task agent's plan: goal, evidence and each call with its role and status", () => {
    const provenance = provenanceFixture({
      plan: {
        goal: {
          intent: 'explain',
          entity: 'component',
          artifact: 'explanation',
          scope: 'global',
          target: 'auth',
        },
        confidence: 0.78,
        evidence: ['file-search', 'file-content'],
        calls: [
          { tool: 'find', command: 'auth', evidence: 'file-search', status: 'ran', role: 'plan' },
          { tool: 'read', command: 'src/auth.ts', evidence: 'file-content', status: 'ran', role: 'recovery' },
        ],
        missing: [],
      },
    })
    renderWithStore(<ProvenanceFooter provenance={provenance} defaultOpen />)
    expect(screen.getByText(/Goal: explain component “auth” \(confidence 0\.78\)/)).toBeTruthy()
    expect(screen.getByText('read src/auth.ts').parentElement?.textContent).toBe(
      'read src/auth.ts recovery file-content: ran',
    )
  })

  it('offers to undo a recorded narrowing, and says when it was undone', () => {
    const narrowed = {
      original: 'explain how the auth works',
      active: 'explain how the auth works in src/auth.ts',
      reformulation: { type: 'constraint-addition', confidence: 0.95, evidenceIds: ['find:auth'] },
    }
    let undone = 0
    renderWithStore(
      <ProvenanceFooter
        provenance={provenanceFixture({ goal: narrowed })}
        defaultOpen
        onRestoreGoal={() => undone++}
      />,
    )
    expect(screen.getByRole('button', { name: /goal narrowed/ })).toBeTruthy()
    screen.getByRole('button', { name: 'Undo narrowing' }).click()
    expect(undone).toBe(1)
    cleanup()
    renderWithStore(
      <ProvenanceFooter
        provenance={provenanceFixture({ goal: narrowed })}
        defaultOpen
        onRestoreGoal={() => undone++}
        goalRestored
      />,
    )
    expect(screen.queryByRole('button', { name: 'Undo narrowing' })).toBeNull()
    expect(screen.getByText('Undone: back to “explain how the auth works”.')).toBeTruthy()
  })

  it('says why a narrowing cannot be undone instead of offering a button that does nothing', () => {
    const narrowed = {
      original: 'explain how the auth works',
      active: 'explain how the auth works in src/auth.ts',
      reformulation: { type: 'constraint-addition', confidence: 0.95, evidenceIds: ['find:auth'] },
    }
    for (const [reason, note] of [
      ['superseded', 'A later request replaced this goal: nothing to undo.'],
      ['nothing-narrowed', 'Nothing to undo: this narrowing is no longer the goal.'],
    ] as const) {
      renderWithStore(
        <ProvenanceFooter
          provenance={provenanceFixture({ goal: narrowed })}
          defaultOpen
          onRestoreGoal={() => undefined}
          goalNotRestored={reason}
        />,
      )
      expect(screen.queryByRole('button', { name: 'Undo narrowing' })).toBeNull()
      expect(screen.getByText(note)).toBeTruthy()
      cleanup()
    }
  })

  it('shows the destructive action a task agent did not do', () => {
    const provenance = provenanceFixture({
      plan: {
        goal: { intent: 'run', entity: 'test', artifact: 'output', scope: 'global' },
        confidence: 0.9,
        evidence: ['test-output'],
        calls: [{ tool: 'test', command: '', evidence: 'test-output', status: 'ran', role: 'plan' }],
        missing: [],
        notDone: ['undo'],
      },
    })
    renderWithStore(<ProvenanceFooter provenance={provenance} defaultOpen />)
    expect(screen.getByText('Not done (this agent only gathers evidence): undo')).toBeTruthy()
  })

  it('warns, never hides, when the active goal differs from the original with no record', () => {
    const changed = { original: 'summarize all markets', active: 'summarize the top 3 markets' }
    renderWithStore(<ProvenanceFooter provenance={provenanceFixture({ goal: changed })} defaultOpen />)
    expect(screen.getByRole('alert').textContent).toContain('no reformulation record')
    expect(screen.getByRole('button', { name: /goal changed without a record/ })).toBeTruthy()
  })
})

describe('a human handoff in the transcript', () => {
  const handoff = { reason: 'the user asked for a person', since: '2026-12-01T10:00:00.000Z' }
  const seed = (released: boolean) => (store: ReturnType<typeof createChatStore>) =>
    store.setState({
      messages: [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'can I talk to a person?', state: 'done' }] },
        {
          id: 'a1',
          role: 'assistant',
          parts: [
            { type: 'text', text: "I'm connecting you with a person.", state: 'done' },
            { type: 'handoff', handoff, ...(released ? { released } : {}) },
          ],
        },
        { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'hello?', state: 'done' }] },
        {
          id: 'a2',
          role: 'assistant',
          parts: [{ type: 'handoff', handoff, ...(released ? { released } : {}) }],
        },
        {
          id: 'person:r1',
          role: 'assistant',
          from: 'person',
          parts: [{ type: 'text', text: 'Hi, Dana here.', state: 'done' }],
        },
      ],
    })

  it('says once that a person has the chat, briefly after that, and marks what the person wrote', () => {
    renderWithStore(<MessageList />, seed(false))
    expect(screen.getAllByText(/A person from the team has this conversation now/)).toHaveLength(1)
    expect(screen.getByText('Sent to the person who has this conversation.')).toBeTruthy()
    const person = screen.getByRole('article', { name: 'A person from the team said' })
    expect(person.getAttribute('data-from')).toBe('person')
    expect(person.textContent).toBe('From a person on the teamHi, Dana here.')
  })

  it('says once that the conversation was handed back', () => {
    renderWithStore(<MessageList />, seed(true))
    expect(screen.queryByText(/has this conversation now/)).toBeNull()
    expect(screen.getAllByText(/handed the conversation back/)).toHaveLength(1)
    expect(screen.queryByText('Sent to the person who has this conversation.')).toBeNull()
  })
})
