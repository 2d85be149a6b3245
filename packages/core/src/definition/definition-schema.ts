import { z } from 'zod'
import { builtInDetectors } from '../enforcement/create-scanner.ts'
import type { DetectorId } from '../enforcement/types.ts'
import type { Rule } from '../rules/types.ts'
import type { Scenario, Step, Transition } from '../scenarios/types.ts'
import { customReasonCodeSchema } from './custom-reason-code-schema.ts'

/** The three guardrail tiers of seed 004 §1. */
export const ruleTierSchema = z.enum(['hard-safety', 'process', 'style'], {
  error: (issue) => `unknown tier ${JSON.stringify(issue.input)} (expected hard-safety, process or style)`,
})

const identifier = z
  .string()
  .min(1, 'must not be empty')
  .regex(/^[A-Za-z0-9_.:-]+$/, 'use letters, digits, "_", "-", "." or ":" only')

/** Where a rule applies: everywhere, inside one scenario, or inside one step of a scenario. */
export const ruleScopeSchema = z.union([
  z.literal('global'),
  z.strictObject({ scenario: identifier, step: identifier.optional() }),
])

// Built from Lane 1's own list, so a new detector is accepted here without a second edit.
const detectorIds: DetectorId[] = [...builtInDetectors, 'blocklist', 'pattern']
const detectorSchema = z.enum(detectorIds as [DetectorId, ...DetectorId[]])
/** A built-in detector (not `blocklist` or `pattern`): what an input rail can scan for. */
const builtInDetectorSchema = z.enum(builtInDetectors as [DetectorId, ...DetectorId[]])

/** An author regex scanned in replies (validated for catastrophic backtracking by Lane 1). */
export const scanPatternSchema = z.strictObject({
  type: identifier,
  pattern: z.string().min(1),
  flags: z.string().optional(),
  maxLength: z.number().int().positive().optional(),
  confidence: z.number().min(0).max(1).optional(),
})

/** How reply text becomes an expression variable (`refund_amount` = the largest money value). */
export const variableBindingSchema = z.strictObject({
  name: identifier,
  kind: z.enum(['money', 'percentage', 'count', 'number', 'email', 'entity']),
  currency: z.string().optional(),
  pick: z.enum(['max', 'min', 'first', 'last', 'sum']).optional(),
  label: z.string().optional(),
  /** Value used when the reply mentions none; without it a check over the binding skips such replies. */
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
})

/** A Lane 1 check on the drafted reply (mirrors `RuleEnforcement` of the enforcement module). */
export const ruleEnforceSchema = z.strictObject({
  /** CEL over variables extracted from the reply, e.g. `refund_amount <= 50`. */
  expression: z.string().min(1).optional(),
  bindings: z.array(variableBindingSchema).optional(),
  detectors: z.array(detectorSchema).optional(),
  /** Terms that must never appear in a reply (case-insensitive, whole words). */
  blocklist: z.array(z.string().min(1)).optional(),
  patterns: z.array(scanPatternSchema).optional(),
  /** What happens on a violation. @default 'refuse' */
  onViolation: z.enum(['refuse', 'redact', 'regenerate', 'escalate']).default('refuse'),
  /** The reply sent instead when the check refuses. */
  refusal: z.string().optional(),
  maxRegenerations: z.number().int().nonnegative().optional(),
})

/** A tool call a matched rule asks for; `{{name}}` args are filled from entities and fields. */
export const ruleToolCallSchema = z.strictObject({
  id: identifier,
  args: z.record(z.string(), z.unknown()).default({}),
})

/** One flat, scoped rule (seed 002: no graph links). */
export const ruleSchema = z.strictObject({
  id: identifier,
  description: z.string().optional(),
  scope: ruleScopeSchema.default('global'),
  priority: z.number().int('must be an integer').min(-100).max(100).default(0),
  tier: ruleTierSchema.default('process'),
  /** CEL over the perception and session: `intent == "refund" && entities.amount > 50`. */
  condition: z.string().min(1).optional(),
  /** Lexical cues: the rule matches when the user text contains any of these phrases. */
  match: z.array(z.string().min(1)).optional(),
  /** The rule matches only for these intents. */
  intents: z.array(identifier).optional(),
  /** Instruction for the model, or the approved reply template when no model is configured. */
  action: z.string().optional(),
  tools: z.array(ruleToolCallSchema).optional(),
  enforce: ruleEnforceSchema.optional(),
  /** A subjective check for the Lane 2 judge. */
  judge: z.union([z.string().min(1), z.strictObject({ rubric: z.string().min(1) })]).optional(),
  enabled: z.boolean().default(true),
  maxFiresPerSession: z.number().int().positive().optional(),
  cooldownTurns: z.number().int().nonnegative().optional(),
})

/** A transition between steps; evaluated in priority order. */
export const transitionSchema = z.strictObject({
  to: identifier,
  condition: z.string().min(1).optional(),
  intents: z.array(identifier).optional(),
  priority: z.number().int().min(-100).max(100).default(0),
})

/** A field a step must collect, with the follow-up question that asks for it. */
export const requiredFieldSchema = z.union([
  identifier,
  z.strictObject({ field: identifier, question: z.string().min(1).optional() }),
])

/** One step of a scenario. */
export const stepSchema = z.strictObject({
  id: identifier,
  name: z.string().optional(),
  /** The follow-up question asked while required fields are missing. */
  ask: z.string().optional(),
  required: z.array(requiredFieldSchema).default([]),
  transitions: z.array(transitionSchema).default([]),
  terminal: z.boolean().default(false),
})

/** A scenario: a state container with steps (seed 002). */
export const scenarioSchema = z.strictObject({
  id: identifier,
  name: z.string().optional(),
  description: z.string().optional(),
  /** Intents that enter this scenario from outside. */
  intents: z.array(identifier).default([]),
  /**
   * Scenarios of one topic (refunds and cancellations under `orders`) are neighbours: moving
   * between them needs `settings.topicStickiness` instead of `settings.stickiness`.
   */
  topic: identifier.optional(),
  /** Extra CEL condition for entering. */
  entryCondition: z.string().min(1).optional(),
  initialStep: identifier.optional(),
  steps: z.array(stepSchema).min(1, 'a scenario needs at least one step'),
  /** Scenario-wide transitions (router priority 2). */
  transitions: z.array(transitionSchema).default([]),
})

/** A tool and its policy (never / approval / conditional). */
export const toolSchema = z.strictObject({
  id: identifier,
  description: z.string().optional(),
  /** What a customer sees the action called, e.g. `Cancel order`. @default the id in words (`cancel_order` → `Cancel order`) */
  label: z.string().min(1).optional(),
  /**
   * Ask the user before running a call of this tool unless they plainly asked for it: a message
   * that only asks about the action ("is it possible to get a refund of $25 on NW-1001?", "what
   * happens if I cancel?"), supposes it ("if I cancel NW-1001 …", "only if it hasn't shipped"),
   * or puts it off ("just asking for now", "no need to refund"), and what is said after it until
   * a plain request, is answered with `settings.confirmActionQuestion`; the call runs on a yes.
   * For actions that cannot be taken back (a refund, a cancellation). @default false
   */
  confirm: z.boolean().default(false),
  /**
   * CEL over the turn's variables (`text`, `sensitive`, `fields`, `session`, every field) and the
   * call's `args`: when it holds, a call of this tool is asked about first even though the user
   * plainly asked for it, and runs on a yes. For a request the action cannot carry out as said:
   * `'credit-card' in sensitive` on a refund asks first when the customer named a card of their
   * own ("refund $20 to card 5500-…"), since a refund only goes to the card on file. Setting it
   * makes the tool a `confirm` tool. It holds for the request when it holds on any of its messages
   * (one that gives the card before the order), and a yes on whose own words it holds is asked again.
   */
  confirmWhen: z.string().min(1).optional(),
  /**
   * One customer-facing line for a call, `{{args.<name>}}` filled from its arguments, e.g.
   * `Cancel order {{args.order_id}} (${{args.amount}})`. Shown on approval cards instead of raw arguments.
   */
  summary: z.string().min(1).optional(),
  policy: z
    .strictObject({
      allowed: z.enum(['always', 'conditional', 'never']).default('always'),
      /**
       * CEL over `args` and `session`: the tool may run only when true (for `conditional`).
       * `session.calls` lists the calls that ran before, with their `tool` and `args`; `sum(list)`
       * adds numbers: `args.amount + sum(session.calls.filter(c, c.tool == 'issue_refund').map(c,
       * c.args.amount)) <= 50` caps refunds over the whole conversation. `session.pending` is the
       * call waiting for an approver (`{ tool, args }` or null), `session.rejected` the calls an
       * approver declined or that expired undecided (`decision`: `rejected` or `expired`) and
       * `session.withdrawn` the ones the requester took back while they
       * waited. An approved call is checked again when it runs.
       */
      condition: z.string().min(1).optional(),
      /**
       * More conditions (CEL, like `condition`), each with what the customer is told when it is
       * the one not met: all must hold, in order, after `condition`, so a refusal says the real
       * reason ("refunds here are in US dollars", not "capped at $50"). A check without a refusal
       * falls back to `refusal`.
       */
      checks: z
        .array(z.strictObject({ condition: z.string().min(1), refusal: z.string().min(1).optional() }))
        .optional(),
      /**
       * What the customer is told when the gate refuses the call (a `never` tool, a condition not
       * met); a template over `args` and the turn's values. @default settings.refusalReply
       */
      refusal: z.string().min(1).optional(),
      /** CEL over `args`: a human must approve when true, e.g. `args.amount > 500`. */
      requiresApproval: z.string().min(1).optional(),
      approval: z
        .strictObject({
          approver: z.string().optional(),
          timeoutMs: z.number().int().positive().optional(),
          /** What happens when an approval expires. @default 'reject' */
          defaultAction: z.enum(['approve', 'reject']).default('reject'),
          /**
           * The approval card's customer-facing line: `{{summary}}` (the tool's), `{{label}}`,
           * `{{approver}}`, `{{args.<name>}}`. The request's `reason` names the tool's policy, never
           * its condition (`args.amount > 500` would tell a customer what to stay under). @default '{{summary}} — needs a {{approver}}' ('… — needs approval' without an approver)
           */
          summary: z.string().min(1).optional(),
        })
        .optional(),
    })
    .default({ allowed: 'always' }),
  /** This tool may only run after these tools ran in the session. */
  requires: z.array(identifier).optional(),
  /** A canned result used when the host supplies no runner for this tool (demos, tests). */
  fixture: z.unknown().optional(),
  /** JSON Schema of the arguments; usually imported from an MCP `tools/list` by `importMcpTools`. */
  inputSchema: z.record(z.string(), z.unknown()).optional(),
  /** JSON Schema of the result, when the tool declares one. */
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  /** MCP tool annotations (`readOnlyHint`, `destructiveHint`, ...). */
  annotations: z.record(z.string(), z.unknown()).optional(),
  /**
   * The metrics this tool reports, as `[METRIC:<name>]` markers at the end of its result (the
   * repo-helper's `test`: `tests`, `tests_passed`, `tests_failed`). In a completion, a metric
   * criterion with no `tool` of its own is backed only by a run of a tool that declares the
   * metric: a file read or a grep that quotes the marker backs nothing.
   */
  reportsMetrics: z.array(z.string().trim().min(1)).optional(),
})

/** An intent with classifier examples and lexical cues. */
export const intentSchema = z.strictObject({
  id: identifier,
  label: z.string().optional(),
  /** What the intent is for, in a sentence; its words are evidence for it like an example's. */
  description: z.string().optional(),
  examples: z.array(z.string().min(1)).default([]),
  keywords: z.array(z.string().min(1)).default([]),
  /**
   * The alignment judge's intent contract for replies to this intent (seed 004 §9.4):
   * `SYSTEM_CONTROL_FLOW`, `CODE_FLOW_ANALYSIS`, `REPO_ORIENTATION`, `CHANGE_IMPLEMENTATION`,
   * `DEBUG_AND_DIAGNOSE`, or your own name for `requiredElements`. @default read from the goal
   * parser (diagnose → DEBUG_AND_DIAGNOSE, modify → CHANGE_IMPLEMENTATION, ...), else none
   */
  intentType: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]*$/u, 'must be UPPER_SNAKE_CASE, e.g. DEBUG_AND_DIAGNOSE')
    .optional(),
  /** What every reply to this intent must contain, by keywords (the judge's required elements). */
  requiredElements: z
    .array(
      z.strictObject({
        id: identifier,
        label: z.string().min(1),
        keywords: z.array(z.string().min(1)).min(1, 'needs at least one keyword'),
      }),
    )
    .optional(),
})

/** A custom entity pattern (order ids, ticket ids, SKUs). */
export const entityPatternSchema = z.strictObject({
  name: identifier,
  pattern: z.string().min(1),
  /**
   * How a match is written, with `$1`, `$2` … for the pattern's groups (`NW-$1` for
   * `\bNW[- ]?(\d{4,})\b`, so "nw 1001" and "NW1001" are `NW-1001`). @default the match, without
   * spaces, in capitals
   */
  value: z.string().min(1).optional(),
  /**
   * Remember, across sessions, the tool calls whose arguments name this entity (`args.order_id`):
   * tool checks read them as `session.shared.calls` / `session.shared.rejected`, so a per-order cap
   * or a supervisor's "no" holds in every conversation, not only the one it happened in. Kept in
   * the engine's session store (`sharedStore` to use another). @default false
   */
  shared: z.boolean().default(false),
})

/** Engine settings; every figure is a default exposed as an option. */
export const settingsSchema = z.strictObject({
  /** Ambiguity above this triggers the clarification trap. @default 0.5 */
  ambiguityThreshold: z.number().min(0).max(1).default(0.5),
  /**
   * How much likelier (natural log of the likelihood ratio of the message's content words) another
   * topic must explain a message before the router leaves an unfinished scenario: 2.5 ≈ 12 times.
   * Replaces seed 002's +0.25 boost / 0.85 exit threshold (see the core README, "Routing"). @default 2.5
   */
  stickiness: z.number().min(0).max(20).default(2.5),
  /**
   * Evidence another scenario of the same `topic` needs over the current one, counting only what
   * tells the topic's scenarios apart ("book" against "find" for a bus): 0.75 ≈ 2 times. @default 0.75
   */
  topicStickiness: z.number().min(0).max(20).default(0.75),
  /**
   * Among topics a message clears the stickiness for, the nats a topic the user has been in (a
   * paused scenario's) is preferred by. Never lowers the stickiness. @default 1
   */
  returnPreference: z.number().min(0).max(20).default(1),
  /** Taken off the stickiness when the message has a switch cue ("actually", "instead"). @default 1.5 */
  switchCueDiscount: z.number().min(0).max(20).default(1.5),
  /**
   * Added to `stickiness` when the message answers a question the engine's own last reply asked
   * ("Where are you leaving from?" → "from Seattle on the 3rd") and only answers it (asks and
   * requests nothing, no switch cue, no accepted offer): an answer continues the task that asked
   * it unless its words clearly name another topic. Added too (once, not twice) when the message
   * asks for nothing to be done: no task verb, want or request marker anywhere ("What's the price,
   * and how long is the trip?", "Is it pet friendly?"). Added to `topicStickiness` too: such a
   * message does not ask for another task of the same topic either ("What station am I leaving
   * from?" goes on with the ticket purchase, not the bus search). @default 1
   */
  answerStickiness: z.number().min(0).max(20).default(1),
  /** Confidence needed to enter a scenario from outside. @default 0.5 */
  entryThreshold: z.number().min(0).max(1).default(0.5),
  /** The same transition more than this many times stops and asks. @default 3 */
  loopGuard: z.number().int().positive().default(3),
  /**
   * Most turns one session takes. The next is refused with `session-turn-limit` (HTTP 429) before
   * anything runs or is written, so a client looping on one session cannot grow its state and
   * ledger without end; a real conversation is far shorter. @default 1000
   */
  maxTurns: z.number().int().positive().max(1_000_000).default(1000),
  /**
   * The investigation planner of a `kind: task` agent (seed 003): below `clarifyBelow` goal-parse
   * confidence it asks instead of running tools; at most `maxToolCalls` calls per turn, recovery
   * and fallbacks included.
   */
  planner: z
    .strictObject({
      clarifyBelow: z.number().min(0).max(1).default(0.3),
      maxToolCalls: z.number().int().min(1).max(20).default(6),
      /**
       * Said first when the request asks for a change (`modify`: "undo my last commit", "delete
       * the tests folder") or a command no tool ran (`execute`: "rm -rf src"): the planner only
       * gathers evidence, so nothing was changed, and the findings follow.
       */
      changeReply: z.string().min(1).default('I only look things up here, so nothing was changed.'),
      /**
       * The reply to a message that only greets or asks what the agent does ("hi", "hello, what
       * can you do?"): nothing is looked up for it. A thank you hears `thanksReply`, a goodbye
       * `goodbyeReply`.
       * @default "Hello! I answer questions about this repository from what my tools show: name a file, a function or a change, and I'll look it up."
       */
      chatReply: z
        .string()
        .min(1)
        .default(
          "Hello! I answer questions about this repository from what my tools show: name a file, a function or a change, and I'll look it up.",
        ),
    })
    .prefault({}),
  clarificationQuestion: z.string().default('Could you tell me a bit more about what you need?'),
  /**
   * Why the engine asks, in words for the customer (the clarification's `reason`); the internal
   * reason ("refund" and "payment_method" are about equally likely) goes to the provenance and
   * the ledger for the inspector.
   */
  clarificationReasons: z
    .strictObject({
      /** The message fits several intents. */
      ambiguous: z
        .string()
        .min(1)
        .default("Your message could mean a few different things, so I'd rather ask than guess."),
      /** One message holds two requests. */
      twoRequests: z.string().min(1).default("You asked for two things; I'll take them one at a time."),
      /** Inside a flow, a message says nothing usable. */
      unclear: z.string().min(1).default('I want to be sure I follow before going on.'),
      /** The same step keeps repeating (loop guard). */
      loop: z.string().min(1).default("We've been over this a few times, so let's pick a direction."),
      /** The answer needs one more detail (the alignment judge, a task agent's unclear goal). */
      needsDetail: z.string().min(1).default('I need one more detail to answer properly.'),
    })
    .prefault({}),
  maxClarificationOptions: z.number().int().min(2).max(8).default(4),
  /** Asked inside a flow when a message says nothing usable ("hmm", "asdf qwer"). */
  unclearQuestion: z
    .string()
    .default("Sorry, I didn't catch that. Shall we go on, or do you need something else?"),
  /** Asked when one message holds requests for two scenarios; the options name both. */
  twoRequestsQuestion: z.string().default('You asked about two things. Which one should I do first?'),
  /** Ends the reply that finished one of two requests; `{{request}}` is the other, in the user's words. */
  /**
   * Asked instead of running a `confirm` tool's call that is the same as one already run in this
   * session (the same tool and arguments: "refund $10 for NW-1001" sent again); `{{action}}` and
   * `{{summary}}` as in `confirmActionQuestion`. The call runs on a yes.
   * @default "I've already done this once in this conversation: {{summary}}. Shall I do it again?"
   */
  repeatActionQuestion: z
    .string()
    .min(1)
    .default("I've already done this once in this conversation: {{summary}}. Shall I do it again?"),
  queuedRequestOffer: z.string().default('You also asked: "{{request}}". Shall I do that now?'),
  /**
   * Asked instead of running a `confirm` tool's call the user did not plainly ask for;
   * `{{action}}` is the tool's `summary` for the call, its first letter in lower case ("refund $25
   * for order NW-1001"), `{{summary}}` as written. @default "Shall I {{action}} now?"
   */
  confirmActionQuestion: z.string().min(1).default('Shall I {{action}} now?'),
  fallbackReply: z.string().default('How can I help you today?'),
  /**
   * The reply when the answer to a clarification takes the request back ("no", "never mind",
   * "forget it"): nothing is done and nothing stays queued. The clarified message is never read
   * with such an answer (before, "no wait dont" after "cancel NW-3003?" cancelled it).
   */
  declinedReply: z.string().min(1).default("Okay, I haven't done anything. What can I help you with?"),
  /**
   * The reply when a message gives another value of a profile field (`profileFields`, such as the
   * customer's email) than the one this session already has: the session keeps its own, nothing
   * else in the message is done, and the route records why. `{{field}}` is the field's name.
   * @default "This conversation is already verified for another account, so I can't switch to a different one here. To use another account, please start a new conversation."
   */
  profileChangeReply: z
    .string()
    .min(1)
    .default(
      "This conversation is already verified for another account, so I can't switch to a different one here. To use another account, please start a new conversation.",
    ),
  /**
   * The reply when, right after something was done, the user says it was not what they meant
   * ("sorry, I meant NW-2002 not NW-3003", "oops, wrong amount"); `{{done}}` is what was done.
   * What ran stays done: a chat message neither takes it back nor runs it again on a guess.
   */
  correctionReply: z
    .string()
    .min(1)
    .default(
      "I'm sorry, that has already gone through. {{done}} I can't change it here, but a person can help: just ask for one.",
    ),
  /**
   * The reply to a message that only thanks ("thanks so much!") when no scenario is asking for
   * something (inside one, its question is asked again). @default "You're welcome! Is there
   * anything else I can help with?"
   */
  thanksReply: z.string().min(1).default("You're welcome! Is there anything else I can help with?"),
  /**
   * The reply to a message that takes leave ("ok bye", "perfect, thank you! bye"), anywhere in the
   * conversation; a scenario in progress resumes if the user comes back. @default "Goodbye, and
   * thanks for getting in touch!"
   */
  goodbyeReply: z.string().min(1).default('Goodbye, and thanks for getting in touch!'),
  /**
   * The reply to "am I talking to a bot?", "are you a real person?": a straight answer, anywhere in
   * the conversation (inside a scenario that is asking for something, its question follows).
   * @default "I'm an automated assistant. If you'd like to talk to a person, just say so."
   */
  assistantDisclosureReply: z
    .string()
    .min(1)
    .default("I'm an automated assistant. If you'd like to talk to a person, just say so."),
  /**
   * Said before the step's question again when, inside a scenario that is asking for something, a
   * question is asked that no rule answers and that gives nothing the step asks for ("do you ship
   * to Canada?" while the refund waits for an email): the user hears it was not answered, rather
   * than only the step's question again. Where no step asks anything, it comes before
   * `fallbackReply`. @default "Sorry, I can't answer that here."
   */
  unansweredQuestionReply: z.string().min(1).default("Sorry, I can't answer that here."),
  /**
   * Said before the step's question again when the user says they cannot give what it asks for
   * ("I don't know the order number", "no idea", "I can't find it"): they were understood, so
   * they hear this rather than "Sorry, I didn't catch that"; said again and again with nothing
   * moving, the loop guard hands them to a person (`handoff.onLoop`). @default "No problem. If you
   * can't find it, a person from our team can help: just ask for one."
   */
  cannotAnswerReply: z
    .string()
    .min(1)
    .default("No problem. If you can't find it, a person from our team can help: just ask for one."),
  /**
   * Said before the step's question again when it asks for an amount (the `amount` entity) and the
   * user gives an estimate ("roughly $40", "like 700", "$500 or so"): an estimate is never taken
   * as the amount (a limit or an approval threshold may turn on it), and they hear why.
   * @default "I need the exact amount rather than an estimate."
   */
  inexactAmountReply: z.string().min(1).default('I need the exact amount rather than an estimate.'),
  /**
   * Put before an approved reply that repeats the last one word for word to a different message
   * ("what's the difference between Basic and Plus?" after the price quote), so the user hears
   * that this is all there is; never before the fallback or a reply that ends by asking (a step's
   * question asked again); `''` turns it off. @default "As I mentioned:"
   */
  repeatedReplyPrefix: z.string().default('As I mentioned:'),
  /**
   * The replies to "did it go through?", "is it done?", "so is it cancelled or not?": `done` with
   * `{{done}}`, what the last request that was acted on did (its rules' filled-in actions);
   * `partly` the same while another request of that message still waits (offered after it);
   * `notDone` with `{{reason}}`, why it was not (an approval rejected or withdrawn); `notYet`
   * while a scenario still asks for something (its question follows); `nothing` when no request
   * was acted on; `undone` (`undoneAfter` with `{{done}}` once something else was done) when the
   * question names an action this conversation neither did nor was asked to. A pending approval answers with `approvalPendingReply`'s "still waiting".
   */
  statusReplies: z
    .strictObject({
      done: z.string().min(1).default('Yes, it went through. {{done}}'),
      /** When another request of the same message still waits (it is offered after). */
      partly: z.string().min(1).default('Only part of it so far. {{done}}'),
      notDone: z.string().min(1).default('No. {{reason}}'),
      notYet: z.string().min(1).default('Not yet.'),
      /**
       * Asked about an action this conversation neither did nor was asked to ("did the cancellation
       * of NW-8318 go through?"): no "No", since it may have been done elsewhere (on the website).
       */
      undone: z
        .string()
        .min(1)
        .default("I haven't done that in this conversation, so I can't confirm it from here."),
      /** The same after another action was done here: `{{done}}`, what that was (after a refund). */
      undoneAfter: z
        .string()
        .min(1)
        .default("I haven't done that in this conversation. What I did here: {{done}}"),
      nothing: z
        .string()
        .min(1)
        .default('Nothing has been done in this conversation yet. What can I help you with?'),
    })
    .prefault({}),
  refusalReply: z.string().default("I'm sorry, I can't help with that."),
  /**
   * Said while a tool call waits for a human; `{{approver}}`, `{{tool}}`, `{{label}}` and the
   * call's `{{args.…}}` are filled (`{{args.amount | money}}` in the call's own currency).
   */
  approvalPendingReply: z.string().default('This needs approval from {{approver}} before I can continue.'),
  approvalRejectedReply: z.string().default("That action wasn't approved, so I haven't made any changes."),
  /**
   * Said when a request waited past its approval's timeout and its default action (reject) applied:
   * no one decided, so it is not said that someone declined.
   * @default "No one approved that in time, so I haven't made any changes."
   */
  approvalExpiredReply: z.string().min(1).optional(),
  /**
   * Said when the customer takes back a request that waits for approval ("forget it, don't cancel
   * it"): the call never runs and the approval is closed as withdrawn.
   */
  approvalWithdrawnReply: z
    .string()
    .min(1)
    .default("Okay, I've withdrawn that request before anyone decided, so nothing was changed."),
  /** Added to replies while an earlier request waits for approval; `{{approver}}`, `{{tool}}`. */
  approvalStillPendingNote: z
    .string()
    .default("(I'm still waiting for {{approver}} to decide on your earlier request.)"),
  /**
   * Follows "I'm still waiting for a decision on this: …" when the message asks for another call
   * that needs an approver: it waits in the queue and is offered once the first is decided;
   * `{{request}}` is the message.
   */
  approvalQueuedNote: z
    .string()
    .default('Your other request ("{{request}}") comes next, as soon as that one is decided.'),
  loopReply: z
    .string()
    .default("We seem to be going in circles. Could you tell me what you'd like to do next?"),
  /** The final alignment judge (seed 004 §3, §9). */
  finalizationGate: z
    .strictObject({
      enabled: z.boolean().default(false),
      maxRetries: z.number().int().min(0).max(5).default(2),
      strictness: z.enum(['low', 'medium', 'high']).default('medium'),
      /**
       * A model draft still failing after the bounded replan is never sent: `fallback` sends
       * `fallbackReply`, `refuse` sends `refusalReply`. @default 'fallback'
       */
      onFail: z.enum(['fallback', 'refuse']).default('fallback'),
      /**
       * Skill-specific reason codes beyond the built-in ones (seed 004 §5): `MISSING_ORDER_ID` or
       * `{ code, severity, description, missingPattern }`; the engine passes them to the judge. @default []
       */
      customReasonCodes: z.array(customReasonCodeSchema).default([]),
    })
    .prefault({}),
  /**
   * Model ids per use (seed 004 §4), e.g. a small fast judge beside a stronger generator. The host
   * turns ids into models with `createEngine({ provideModel })`; an explicit `model` option wins.
   * @default {}
   */
  models: z
    .strictObject({
      default: z.string().min(1).optional(),
      sensor: z.string().min(1).optional(),
      generation: z.string().min(1).optional(),
      judge: z.string().min(1).optional(),
      compiler: z.string().min(1).optional(),
    })
    .default({}),
  /** Most model regenerations after a Lane 1 violation before refusing. @default 2 */
  maxRegenerations: z.number().int().min(0).max(5).default(2),
  /**
   * How a model's reply reaches a streaming client. `live`: tokens as the model writes them,
   * through the Lane 1 stream guard (only a possible match's prefix is held back); Lane 2 and the
   * judge run when the draft is complete and a rejected draft is retracted (`text-retracted`).
   * A turn with a hard-safety rule that only Lane 2 can judge is still held until checked, so no
   * unchecked hard-safety text is ever shown. `checked`: every reply is held until every check ran.
   * @default 'live'
   */
  replyStreaming: z.enum(['live', 'checked']).default('live'),
  /** Phrases that signal a deliberate topic change ("instead", "something else"). */
  switchCues: z.array(z.string().min(1)).default([
    'instead',
    'something else',
    'different question',
    'another question',
    'actually',
    'forget',
    'never mind',
    'rather',
    'also',
    'one more thing',
    'another thing',
    'back to',
    'by the way',
    // "No, cancel it after all" goes back to an earlier request (outside review rv60 6).
    'after all',
  ]),
  /**
   * Human handoff: a message asking for a person (`cues`), or the loop guard when `onLoop`, puts the
   * session in an escalation state: the engine says `reply` once, records `handoff-requested`, and
   * stays quiet for that session until `engine.releaseHandoff` (HTTP: `POST /v1/sessions/:id/release`)
   * or the customer takes it back (`releaseCues`). Meanwhile the person reads the conversation and
   * writes to the customer through `engine.replyToHandoff` (HTTP: `GET /v1/sessions/:id/handoff`,
   * `POST /v1/sessions/:id/handoff/replies`).
   */
  handoff: z
    .strictObject({
      enabled: z.boolean().default(true),
      /** Where the host routes the conversation (a queue, a team); recorded and sent to the client. */
      target: z.string().min(1).optional(),
      reply: z
        .string()
        .default("I'm connecting you with a person from our team. They'll reply here shortly."),
      cues: z.array(z.string().min(1)).default([
        'human',
        'real person',
        'speak to a person',
        'talk to a person',
        'someone real',
        'representative',
        'live agent',
        'an agent',
        'agent please',
        'support agent',
        'operator',
        'speak to someone',
        'talk to someone',
        'your manager',
        'a manager',
        'the manager',
        'talk to customer service',
        'speak to customer service',
        'speak with customer service',
        'talk with customer service',
        'someone from support',
        'someone from your team',
        'someone from customer service',
        'connect me to someone',
        'connect me with someone',
        'transfer me to someone',
        'get me a person',
        'connect me to a person',
        'a person to talk to',
        'person i could talk to',
        'person i can talk to',
        'speak to your supervisor',
        'talk to your supervisor',
        'speak with your supervisor',
        'speak to a supervisor',
        'talk to a supervisor',
        'speak with a supervisor',
        'escalate this',
        'escalate it',
        'escalate my',
        'live person',
        'someone call me',
        'not a robot',
        'isn t a robot',
        // Outside review rv54 S6: each got the menu.
        'want a person',
        'need a person',
        'actual person',
        'chat with a person',
        'speak with a person',
        'talk with a person',
        'reach a person',
        'your boss',
        'anyone i can talk to',
        'anyone i could talk to',
        'transfer me',
        'put me through',
        'talk to billing',
        'speak to billing',
        'speak with billing',
        // A formal complaint is a person's to take (outside review rv54 S4: "I want to file a
        // complaint about NW-3003" read "file" as the card on file and asked for an email).
        'file a complaint',
        'make a complaint',
        'lodge a complaint',
        'submit a complaint',
        'raise a complaint',
        'register a complaint',
        'formal complaint',
        // Outside review rv55 S20: each was answered by the flow under way.
        'can a person do',
        'can a person help',
        'a person do it',
        'someone who can actually help',
        'customer service please',
        'customer support please',
        // Outside review rv58 11: each got the menu.
        'a rep',
        'real rep',
        'live support',
        'live help',
        'live chat',
        'speak with someone',
        'talk with someone',
        'needs a person',
        'needs a human',
      ]),
      /** The loop guard hands off instead of asking again. @default true */
      onLoop: z.boolean().default(true),
      /**
       * Phrases with which the customer takes the handoff back while it waits ("never mind, let the
       * bot help me", "I don't need a human anymore"), matched like `cues` (normalised, whole
       * words). The engine then answers again: `resumeReply` when the message asks nothing else,
       * else the rest of the message as any turn. `[]`: only `releaseHandoff` ends a handoff.
       */
      releaseCues: z.array(z.string().min(1)).default([
        'let the bot',
        'back to the bot',
        'back to the assistant',
        'back to the chatbot',
        'bot is fine',
        'bot can help',
        'use the bot',
        'talk to the bot',
        'stay with the bot',
        'continue with the bot',
        'try the bot',
        'cancel the handoff',
        'cancel the transfer',
        'stop the transfer',
        "don't need a human",
        "don't need a person",
        "don't need an agent",
        "don't need a rep",
        "don't need anyone",
        "don't want a human",
        "don't want a person",
        "don't want an agent",
        "don't want to talk to a human",
        "don't want to talk to a person",
        'no need for a human',
        'no need for a person',
        'no need for an agent',
        'never mind the human',
        'never mind the person',
        'never mind the agent',
        'nevermind the human',
        'nevermind the person',
        'nevermind the agent',
        'forget the human',
        'forget the person',
        'forget the agent',
        // Outside review rv61 5: each kept the person.
        'cancel the human',
        'cancel the person',
        'cancel the agent',
        'want the bot back',
        'no human needed',
        'no person needed',
        'let the assistant',
        'assistant can help',
        'use the assistant',
      ]),
      /** What the engine says when the customer takes the handoff back and asks nothing else. */
      resumeReply: z.string().min(1).default("Sure, I'm here again. What can I help you with?"),
    })
    .prefault({}),
  /** Built-in detectors Lane 1 redacts in every reply. @default ['credit-card', 'us-ssn', 'secret'] */
  detectors: z.array(detectorSchema).default(['credit-card', 'us-ssn', 'secret']),
  /**
   * Input rails (`@focal/edge`): every user text is scanned with `settings.detectors` plus
   * `detectors` here before the engine sees it, and each value becomes a typed placeholder
   * (`[EMAIL_ADDRESS_1]`). `restore` lists the detector types whose values a reply may show back to the
   * same session (LLM Guard's Deanonymize): only on the way out, after enforcement. A type a reply
   * check redacts or blocks (`settings.detectors`, a rule's `enforce.detectors`, a "never mention"
   * guardrail) cannot be restored. @default { detectors: [], restore: [] } (nothing restored)
   */
  inputRails: z
    .strictObject({
      detectors: z.array(builtInDetectorSchema).default([]),
      restore: z.array(builtInDetectorSchema).default([]),
    })
    .prefault({}),
  /**
   * Partial masking per finding type instead of a placeholder, e.g.
   * `{ credit-card: { mask: last4, replacement: '{brand} ending {last4}' } }` → "Visa ending 1111".
   * Only the last four digits of an item reach the reply (in the stream too); the replacement may
   * use `{brand}`, `{last4}` and `{type}` and may hold no digit. @default {}
   */
  redaction: z
    .record(
      z.string().min(1),
      z.strictObject({
        mask: z.literal('last4'),
        replacement: z
          .string()
          .min(1)
          .refine(
            (text) => !/\d/u.test(text.replaceAll(/\{(brand|last4|type)\}/gu, '')),
            "may hold no digit: only the item's last four digits are shown",
          )
          .refine(
            (text) =>
              [...text.matchAll(/\{([^}]*)\}/gu)].every((match) =>
                ['brand', 'last4', 'type'].includes(match[1]!),
              ),
            'placeholders are {brand}, {last4} and {type}',
          )
          .optional(),
      }),
    )
    .default({}),
})

/** A whole agent definition (YAML or JSON). */
export const definitionSchema = z.strictObject({
  version: z.literal(1).default(1),
  /**
   * `support`: a chat agent of intents, scenarios and rules. `task`: a research or coding agent
   * whose turns parse the goal, plan evidence and tool calls with the strategy tables, run them
   * through the tool gate and recover (seed 003). @default 'support'
   */
  kind: z.enum(['support', 'task']).default('support'),
  name: z.string().min(1).default('agent'),
  description: z.string().optional(),
  persona: z.string().optional(),
  settings: settingsSchema.default(settingsSchema.parse({})),
  intents: z.array(intentSchema).default([]),
  entities: z.array(entityPatternSchema).default([]),
  scenarios: z.array(scenarioSchema).default([]),
  rules: z.array(ruleSchema).default([]),
  tools: z.array(toolSchema).default([]),
  guardrails: z
    .strictObject({ never: z.array(z.string()).default([]), always: z.array(z.string()).default([]) })
    .default({ never: [], always: [] }),
  /** Output patterns scanned on every reply (seed 004 §2), as a global hard-safety rule. */
  safetyPatterns: z.array(scanPatternSchema).default([]),
  /** Profile fields the model may see (name, plan, ...). */
  profileFields: z.array(identifier).default([]),
})

/** A validated agent definition, defaults applied. */
export type FocalDefinition = z.output<typeof definitionSchema>
/** What an author writes: the definition before defaults. */
export type FocalDefinitionInput = z.input<typeof definitionSchema>
/** A definition's rule is the rules module's {@link Rule} (checked below). */
export type DefinitionRule = Rule
export type DefinitionRuleScope = z.output<typeof ruleScopeSchema>
export type DefinitionRuleTier = z.output<typeof ruleTierSchema>
/** A definition's scenario is the scenarios module's {@link Scenario} (checked below). */
export type DefinitionScenario = Scenario
export type DefinitionStep = Step
export type DefinitionTransition = z.output<typeof transitionSchema>
export type DefinitionTool = z.output<typeof toolSchema>
export type DefinitionIntent = z.output<typeof intentSchema>
export type DefinitionSettings = z.output<typeof settingsSchema>

/** True when two types are identical, optional members included (a compile-time check only). */
type SameType<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
/**
 * The file format maps onto the domain's own types: when a schema and its module's type drift,
 * these fail to compile and name the pair.
 */
const formatMatchesDomain: {
  rule: SameType<z.output<typeof ruleSchema>, Rule>
  scenario: SameType<z.output<typeof scenarioSchema>, Scenario>
  step: SameType<z.output<typeof stepSchema>, Step>
  transition: SameType<z.output<typeof transitionSchema>, Transition>
} = { rule: true, scenario: true, step: true, transition: true }
void formatMatchesDomain
