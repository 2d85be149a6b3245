import { z } from 'zod'
import type { FocalRequestSchemas } from '../schemas/create-request-schemas.ts'
import {
  completeResponseSchema,
  deleteSessionResponseSchema,
  enforceResponseSchema,
  errorBodySchema,
  healthResponseSchema,
  ledgerResponseSchema,
  parseResponseSchema,
  pendingApprovalResponseSchema,
  releaseResponseSchema,
  restoreGoalResponseSchema,
  revokeResponseSchema,
  sessionResponseSchema,
  turnResultSchema,
} from '../schemas/response-schemas.ts'

interface RouteDocument {
  method: 'get' | 'post' | 'delete'
  path: string
  summary: string
  body?: z.ZodType
  response: z.ZodType | 'sse'
  session?: boolean
  /** Authenticated by an approver credential (`x-focal-approver-token`), never a session token. */
  approver?: boolean
}

function routes(schemas: FocalRequestSchemas): RouteDocument[] {
  return [
    {
      method: 'post',
      path: '/v1/chat',
      summary: 'One chat turn as an AI SDK UI message stream (SSE).',
      body: schemas.chat,
      response: 'sse',
    },
    {
      method: 'post',
      path: '/v1/turn',
      summary: 'One turn; the whole TurnResult as JSON.',
      body: schemas.turn,
      response: turnResultSchema,
    },
    {
      method: 'post',
      path: '/v1/parse',
      summary: 'The structured reading of a text (goal, intent, ambiguity).',
      body: schemas.parse,
      response: parseResponseSchema,
    },
    {
      method: 'post',
      path: '/v1/enforce',
      summary: "Check or redact a text against the definition's Lane 1 rules.",
      body: schemas.enforce,
      response: enforceResponseSchema,
    },
    {
      method: 'post',
      path: '/v1/approvals/{id}',
      summary:
        'An approver (x-focal-approver-token or the authorizeApproval hook, holding the role the approval names) approves or rejects a paused tool call; a session token is refused (403 self-approval-forbidden); past its expiry the default action is taken instead and the approver gets 410 approval-expired; the ledger records who decided.',
      body: schemas.approval,
      response: turnResultSchema,
      approver: true,
    },
    {
      method: 'get',
      path: '/v1/sessions/{id}/approval',
      summary: "The session's pending approval, for an approver (same authentication as /v1/approvals/{id}).",
      response: pendingApprovalResponseSchema,
      approver: true,
    },
    {
      method: 'get',
      path: '/v1/sessions/{id}',
      summary: 'Session snapshot.',
      response: sessionResponseSchema,
      session: true,
    },
    {
      method: 'delete',
      path: '/v1/sessions/{id}',
      summary: "Delete the session's state and its claim: every token of the session stops working.",
      response: deleteSessionResponseSchema,
      session: true,
    },
    {
      method: 'post',
      path: '/v1/sessions/{id}/revoke',
      summary:
        "Revoke every token of the session (its epoch is rotated); the response's x-focal-session-token is the only valid one.",
      response: revokeResponseSchema,
      session: true,
    },
    {
      method: 'post',
      path: '/v1/sessions/{id}/release',
      summary:
        "An approver ends a human handoff: the engine answers the session again and the ledger names who released it; the customer's session token is refused (403 self-approval-forbidden).",
      response: releaseResponseSchema,
      approver: true,
    },
    {
      method: 'post',
      path: '/v1/sessions/{id}/complete',
      summary:
        'The completion step: goal contract, trust gate and decision matrix; attempts persist in the session.',
      body: schemas.complete,
      response: completeResponseSchema,
      session: true,
    },
    {
      method: 'post',
      path: '/v1/sessions/{id}/goal/restore',
      summary: 'Undo the last goal narrowing (recorded as GOAL_RESTORED).',
      body: schemas.restoreGoal,
      response: restoreGoalResponseSchema,
      session: true,
    },
    {
      method: 'get',
      path: '/v1/sessions/{id}/ledger',
      summary:
        "One page of the ledger (?from=, default 0; ?limit=, 1 to 1000, default 1000), the total, the next page's from, and the verification of the whole chain.",
      response: ledgerResponseSchema,
      session: true,
    },
    { method: 'get', path: '/health', summary: 'Liveness.', response: healthResponseSchema },
  ]
}

/** Named schemas land in `components.schemas`; routes reference them. */
type Components = Record<string, unknown>

function jsonSchema(
  components: Components,
  schema: z.ZodType,
  io: 'input' | 'output',
): Record<string, unknown> {
  const generated = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' })
  const rewritten = JSON.parse(JSON.stringify(generated).replaceAll('#/$defs/', '#/components/schemas/')) as {
    $defs?: Record<string, unknown>
    $schema?: string
  }
  const { $defs = {}, $schema: _, ...rest } = rewritten
  Object.assign(components, $defs)
  return rest
}

const errorResponse = (components: Components, description: string) => ({
  description,
  content: { 'application/json': { schema: jsonSchema(components, errorBodySchema, 'output') } },
})

function operation(components: Components, route: RouteDocument) {
  const okContent =
    route.response === 'sse'
      ? {
          'text/event-stream': {
            schema: { type: 'string', description: 'data: {UIMessageChunk}\\n\\n … data: [DONE]' },
          },
        }
      : { 'application/json': { schema: jsonSchema(components, route.response, 'output') } }
  return {
    summary: route.summary,
    ...(route.path.includes('{id}')
      ? {
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 128 } },
            ...(route.path.endsWith('/ledger')
              ? [
                  { name: 'from', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } },
                  {
                    name: 'limit',
                    in: 'query',
                    required: false,
                    schema: { type: 'integer', minimum: 1, maximum: 1000 },
                  },
                ]
              : []),
          ],
        }
      : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(components, route.body, 'input') } },
          },
        }
      : {}),
    ...(route.approver ? { security: [{ bearer: [], approverToken: [] }] } : {}),
    responses: {
      200: { description: 'OK', content: okContent },
      400: errorResponse(components, 'invalid-json or invalid-request'),
      401: errorResponse(
        components,
        route.approver
          ? 'unauthorized or approver-unauthorized'
          : 'unauthorized, session-token-expired or session-token-revoked',
      ),
      403: errorResponse(
        components,
        route.approver
          ? 'forbidden, approver-forbidden (lacks the role) or self-approval-forbidden (a session token)'
          : 'forbidden (another session)',
      ),
      404: errorResponse(components, 'session-not-found or approval-not-found'),
      ...(route.path === '/v1/turn' || route.path === '/v1/chat'
        ? { 409: errorResponse(components, 'session-claimed (the id belongs to another client)') }
        : {}),
      ...(route.path === '/v1/turn'
        ? {
            429: errorResponse(
              components,
              'session-turn-limit (the session has taken settings.maxTurns turns: start a new one)',
            ),
          }
        : {}),
      408: errorResponse(components, 'request-timeout (the body did not arrive within bodyTimeoutMs)'),
      413: errorResponse(components, 'payload-too-large'),
    },
  }
}

/**
 * The OpenAPI 3.1 document of the app, generated from the same zod schemas that validate requests,
 * so the document cannot drift from what the server accepts.
 */
export function createOpenApiDocument(schemas: FocalRequestSchemas, title: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  const components: Components = {}
  for (const route of routes(schemas)) {
    paths[route.path] = { ...paths[route.path], [route.method]: operation(components, route) }
  }
  return {
    openapi: '3.1.0',
    info: { title, version: '1' },
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        sessionToken: { type: 'apiKey', in: 'header', name: 'x-focal-session-token' },
        approverToken: { type: 'apiKey', in: 'header', name: 'x-focal-approver-token' },
      },
    },
    paths,
  }
}
