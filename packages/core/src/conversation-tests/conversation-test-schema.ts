import { z } from 'zod'

const resultTypes = ['reply', 'clarification', 'approval-required', 'refused', 'handoff'] as const
const routeDecisions = ['stayed', 'entered', 'exited', 'switched', 'resumed', 'none'] as const

/** What a turn is expected to produce; every field is optional and checked only when given. */
export const turnExpectationSchema = z.strictObject({
  /** The result type. */
  type: z.enum(resultTypes).optional(),
  /** The scenario after the turn (`null`: none). */
  scenario: z.string().nullable().optional(),
  step: z.string().nullable().optional(),
  /** What the router did. */
  decision: z.enum(routeDecisions).optional(),
  /** Tools that ran (or were approved) this turn, in any order. */
  tools: z.array(z.string()).optional(),
  /** Tools that must not have run this turn. */
  notTools: z.array(z.string()).optional(),
  /** Rules that fired this turn (a subset of the fired rules). */
  rules: z.array(z.string()).optional(),
  /** Rules that must not have fired this turn. */
  notRules: z.array(z.string()).optional(),
  /** Rule ids Lane 1 or Lane 2 found violated. */
  violations: z.array(z.string()).optional(),
  /** Substrings the reply (or the clarification question) must contain, case-insensitive. */
  contains: z.array(z.string()).optional(),
  /** Substrings that must not appear anywhere in the reply. */
  notContains: z.array(z.string()).optional(),
  /** For a clarification: option labels that must be offered. */
  options: z.array(z.string()).optional(),
  /** For an approval: the approver role. */
  approver: z.string().optional(),
})

/** One step of a conversation: a user message, a clarification choice or an approval decision. */
export const conversationTurnSchema = z.union([
  z.strictObject({ user: z.string().min(1), expect: turnExpectationSchema.optional() }),
  z.strictObject({
    /** The label (or id) of an option of the pending clarification; its value is sent. */
    choose: z.string().min(1),
    expect: turnExpectationSchema.optional(),
  }),
  z.strictObject({
    /** Decides the pending approval, as the approver would. */
    approval: z.enum(['approve', 'reject']),
    expect: turnExpectationSchema.optional(),
  }),
])

/** One conversation: turns run in order in one fresh session. */
export const conversationSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  turns: z.array(conversationTurnSchema).min(1, 'a conversation needs at least one turn'),
})

/** A conversation test file. */
export const conversationSuiteSchema = z.strictObject({
  version: z.literal(1).default(1),
  /** Path of the definition, relative to this file (the runner may pass a definition instead). */
  definition: z.string().optional(),
  conversations: z.array(conversationSchema).min(1, 'a suite needs at least one conversation'),
})

export type TurnExpectation = z.output<typeof turnExpectationSchema>
export type ConversationTurn = z.output<typeof conversationTurnSchema>
export type Conversation = z.output<typeof conversationSchema>
export type ConversationSuite = z.output<typeof conversationSuiteSchema>

/** JSON Schema of a conversation test file, for editors (`# yaml-language-server: $schema=...`). */
export const conversationSuiteJsonSchema: Record<string, unknown> = {
  title: 'Focal conversation tests',
  ...(z.toJSONSchema(conversationSuiteSchema, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >),
}
