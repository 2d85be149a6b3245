import { z } from 'zod'

const resultTypes = ['reply', 'clarification', 'approval-required', 'refused', 'handoff'] as const
const routeDecisions = ['stayed', 'entered', 'exited', 'switched', 'resumed', 'none'] as const

/**
 * An id, trimmed; blank is refused by a pattern (not only after trimming), so editors refuse
 * `" "` as the runner does.
 */
const id = (what: string) => z.string().regex(/\S/u, `a ${what} id cannot be blank`).trim()
/** A list an expectation checks: at least one entry, none blank (a blank one checks nothing). */
const ids = (what: string) =>
  z.array(id(what)).min(1, `an empty list checks nothing: name at least one ${what}, or leave the key out`)
const texts = z
  .array(z.string().regex(/\S/u, 'a text of white space only is in every reply: it checks nothing'))
  .min(1, 'an empty list checks nothing: give at least one text, or leave the key out')

/**
 * What a turn is expected to produce; every field is optional and checked only when given. Ids
 * (tools, rules, scenarios, steps) must exist in the definition: a misspelt one is refused before
 * any conversation runs, so `notTools: [issue-refund]` cannot pass because no such tool exists.
 */
export const turnExpectationSchema = z
  .strictObject({
    /** The result type. */
    type: z.enum(resultTypes).optional(),
    /** The scenario after the turn (`null`: none). */
    scenario: id('scenario').nullable().optional(),
    /** The step after the turn (`null`: none). */
    step: id('step').nullable().optional(),
    /**
     * What the router did; `null` when the turn made no routing decision (a clarification asked
     * before routing, an approval step, which goes on with the turn it paused).
     */
    decision: z.enum(routeDecisions).nullable().optional(),
    /**
     * Tools that ran (or were approved) this turn, in any order: each must be among them, others
     * may have run too (`toolRuns` checks every run). On an approval step, the runs after the
     * decision only.
     */
    tools: ids('tool').optional(),
    /**
     * Every tool run (or approved) this turn, exactly, in order, repeats counted: `[]` says no tool
     * ran, `[lookup_order, issue_refund]` that these two ran and nothing else.
     */
    toolRuns: z.array(id('tool')).optional(),
    /** Tools that must not have run this turn. */
    notTools: ids('tool').optional(),
    /** Rules that fired this turn (a subset of the fired rules). */
    rules: ids('rule').optional(),
    /** Rules that must not have fired this turn. */
    notRules: ids('rule').optional(),
    /** Rule ids Lane 1 or Lane 2 found violated. */
    violations: ids('rule').optional(),
    /**
     * Texts the reply (or the clarification question) must contain. Compared case-insensitively
     * (full case folding: "GRÖSSE" matches "Größe"), after Unicode normalisation (NFKC) and with
     * every run of white space read as one space, on both sides.
     */
    contains: texts.optional(),
    /** Texts that must not appear anywhere in the reply, compared as `contains` compares. */
    notContains: texts.optional(),
    /** For a clarification: option labels that must be offered. */
    options: texts.optional(),
    /** For an approval: the approver role. */
    approver: id('approver').optional(),
  })
  // `expect: {}` reads as a check and makes none: a turn that only leads to the next has no expect.
  .refine((expect) => Object.keys(expect).length > 0, {
    message:
      'an empty expect checks nothing: name what to check, or leave expect out for a turn that only leads to the next',
  })
  .meta({ minProperties: 1 })

const inputKeys = ['user', 'choose', 'approval'] as const

/**
 * One step of a conversation: a user message (`user`), a clarification choice (`choose`) or an
 * approval decision (`approval`), exactly one of them, and what to expect of it. One object
 * checked field by field, so a problem is named at its field (`turns[0].approval: Invalid
 * option`), not as the whole turn matching none of three shapes.
 */
export const conversationTurnSchema = z
  .strictObject({
    /** A message from the user. */
    user: z.string().min(1).optional(),
    /** The label (or id) of an option of the pending clarification; its value is sent. */
    choose: z.string().min(1).optional(),
    /** Decides the pending approval, as the approver would. */
    approval: z.enum(['approve', 'reject']).optional(),
    expect: turnExpectationSchema.optional(),
  })
  .superRefine((turn, context) => {
    const given = inputKeys.filter((key) => turn[key] !== undefined)
    if (given.length === 1) return
    context.addIssue({
      code: 'custom',
      message:
        given.length === 0
          ? 'a turn needs one of user, choose or approval'
          : `a turn is one of user, choose or approval, not ${given.join(' and ')}`,
    })
  })
  // The same rule for editors: exactly one of the three keys.
  .meta({ oneOf: inputKeys.map((key) => ({ required: [key] })) })

/** One conversation: turns run in order in one fresh session. */
export const conversationSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  turns: z
    .array(conversationTurnSchema)
    .min(1, 'a conversation needs at least one turn')
    // A conversation that expects nothing passes whatever the agent does.
    .refine((turns) => turns.some((turn) => turn.expect !== undefined), {
      message: 'a conversation with no expect checks nothing: give at least one turn an expect',
    })
    .meta({ contains: { required: ['expect'] } }),
})

/** A conversation test file. */
export const conversationSuiteSchema = z.strictObject({
  version: z.literal(1).default(1),
  /** Path of the definition, relative to this file (the runner may pass a definition instead). */
  definition: z.string().optional(),
  conversations: z
    .array(conversationSchema)
    .min(1, 'a suite needs at least one conversation')
    // A report names conversations by name: two of the same name cannot be told apart.
    .superRefine((conversations, context) => {
      const first = new Map<string, number>()
      for (const [index, { name }] of conversations.entries()) {
        const earlier = first.get(name)
        if (earlier === undefined) first.set(name, index)
        else
          context.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: `a second conversation named ${JSON.stringify(name)} (the first is conversations[${earlier}]): give each a name of its own`,
          })
      }
    }),
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
