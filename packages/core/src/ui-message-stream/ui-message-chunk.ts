import { z } from 'zod'
import type { GoalSnapshot } from '../completion/goal-snapshot.ts'
import type { ApprovalRequest, Clarification, Handoff, TextRetractionCode } from '../engine/types.ts'
import type { Provenance, ProvenanceEnforcement, ProvenanceGate } from '../ledger/provenance-types.ts'

/** What the reply's enforcement did, as the `data-enforcement` part carries it. */
export interface EnforcementData {
  outcome: ProvenanceEnforcement['outcome']
  /** Ids of the rules the reply violated. */
  ruleIds: string[]
  violations: ProvenanceEnforcement['violations']
  /** Values the engine's Lane 1 replaced, by detector. */
  redactions: ProvenanceEnforcement['redactions']
  lane2?: ProvenanceEnforcement['lane2']
  /** What a transport's own stream guard (a second line of defence) redacted or blocked. */
  stream?: { redactions: Array<{ type: string; count: number }>; blocked: boolean }
}

/** Why streamed text was taken back (the `data-retraction` part). */
export type RetractionCode = TextRetractionCode

/** A retraction: the text part `textId` is void; a new text part follows with the replacement. */
export interface RetractionData {
  textId: string
  code: RetractionCode
  /** A sentence for the person reading the chat. */
  reason: string
  /** The rules whose verdict rejected the draft, for an inspector. */
  ruleIds: string[]
}

/** The session a browser client talks to (`data-session`, transient: not kept in the message). */
export interface SessionData {
  sessionId: string
  /** The session token, issued on the request that created the session. */
  token?: string
}

/** The goal gate's state: a progress snapshot each turn, or the gate's verdict in the provenance. */
export type GoalGateData = GoalSnapshot | ProvenanceGate

/** Every `data-*` part Focal sends, by type. Adding one here makes the compiler list every consumer. */
export interface FocalDataParts {
  'data-clarification': Clarification
  'data-approval': ApprovalRequest
  'data-provenance': Provenance
  'data-enforcement': EnforcementData
  'data-goal-gate': GoalGateData
  'data-handoff': Handoff
  'data-session': SessionData
  'data-retraction': RetractionData
}

/** A Focal `data-*` part type. */
export type FocalDataPartType = keyof FocalDataParts

/** One data chunk of the stream. */
export type FocalDataChunk = {
  [Type in FocalDataPartType]: { type: Type; id?: string; data: FocalDataParts[Type]; transient?: boolean }
}[FocalDataPartType]

/** Why a reply ended (the AI SDK's finish reasons Focal uses). */
export type FocalFinishReason = 'stop' | 'content-filter' | 'error' | 'other'

/**
 * One chunk of the AI SDK UI message stream (protocol v1) as Focal sends it: the subset of `ai`'s
 * `uiMessageChunkSchema` it uses, with the same field names, and its own typed `data-*` parts.
 */
export type UiMessageChunk =
  | { type: 'start'; messageId?: string }
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: 'error'; errorText: string }
  | { type: 'finish'; finishReason?: FocalFinishReason }
  | { type: 'abort'; reason?: string }
  | FocalDataChunk

/** A chunk a reader does not know (tool parts, reasoning, later additions): carried, not rendered. */
export interface UnknownUiMessageChunk {
  type: `unknown:${string}`
  chunk: Record<string, unknown>
}

/** What {@link readUiMessageStream} yields. */
export type ReadUiMessageChunk = UiMessageChunk | UnknownUiMessageChunk

const record = z.record(z.string(), z.unknown())
const dataEnvelope = <Type extends FocalDataPartType>(type: Type, data: z.ZodType) =>
  z.object({
    type: z.literal(type),
    id: z.string().optional(),
    data,
    transient: z.boolean().optional(),
  })

const loose = <Shape extends z.ZodRawShape>(shape: Shape) => z.looseObject(shape)
const counts = z.array(loose({ type: z.string(), count: z.number() }))

/**
 * Each data part's payload schema: the fields a client relies on are checked, further fields are
 * kept (a newer server may add some).
 */
export const focalDataPartSchemas = {
  'data-clarification': loose({
    question: z.string(),
    reason: z.string(),
    options: z.array(loose({ id: z.string(), label: z.string(), value: z.string() })),
  }),
  'data-approval': loose({
    id: z.string(),
    sessionId: z.string(),
    toolId: z.string(),
    args: record,
    reason: z.string(),
    defaultAction: z.enum(['approve', 'reject']),
  }),
  'data-provenance': loose({
    mode: z.string(),
    timestamp: z.string(),
    rules: z.array(z.unknown()),
    tools: z.array(z.unknown()),
    gates: z.array(z.unknown()),
  }),
  'data-enforcement': loose({
    outcome: z.string(),
    ruleIds: z.array(z.string()),
    violations: z.array(z.unknown()),
    redactions: counts,
    stream: loose({ redactions: counts, blocked: z.boolean() }).optional(),
  }),
  'data-goal-gate': record,
  'data-handoff': loose({ reason: z.string(), since: z.string() }),
  'data-session': loose({ sessionId: z.string(), token: z.string().optional() }),
  'data-retraction': loose({
    textId: z.string(),
    code: z.enum(['draft-regenerated', 'draft-withheld', 'draft-replaced', 'turn-retried']),
    reason: z.string(),
    ruleIds: z.array(z.string()),
  }),
} satisfies { [Type in FocalDataPartType]: z.ZodType }

/** The zod schema of every chunk Focal sends (a discriminated union on `type`). */
export const uiMessageChunkSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start'), messageId: z.string().optional() }),
  z.object({ type: z.literal('text-start'), id: z.string() }),
  z.object({ type: z.literal('text-delta'), id: z.string(), delta: z.string() }),
  z.object({ type: z.literal('text-end'), id: z.string() }),
  z.object({ type: z.literal('error'), errorText: z.string() }),
  z.object({
    type: z.literal('finish'),
    finishReason: z.enum(['stop', 'content-filter', 'error', 'other']).optional(),
  }),
  z.object({ type: z.literal('abort'), reason: z.string().optional() }),
  ...(Object.entries(focalDataPartSchemas) as Array<[FocalDataPartType, z.ZodType]>).map(([type, data]) =>
    dataEnvelope(type, data),
  ),
])

/** Response headers of a UI message stream (`x-vercel-ai-ui-message-stream: v1`). */
export const uiMessageStreamHeaders = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-vercel-ai-ui-message-stream': 'v1',
  'x-accel-buffering': 'no',
} as const
