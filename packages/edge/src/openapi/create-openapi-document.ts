import { z } from 'zod'
import type { FocalAuthOptions } from '../auth/client-auth.ts'
import type { FocalRequestSchemas } from '../schemas/create-request-schemas.ts'
import { errorBodySchema } from '../schemas/response-schemas.ts'
import { type RouteDocument, routeDocuments } from './route-documents.ts'

/** What the document says about the app's credentials. */
export interface OpenApiDocumentOptions {
  /**
   * The app's client authentication: its scheme is required by every operation but `/health`,
   * which then lists 401 `unauthorized`.
   * @default undefined (none)
   */
  auth?: FocalAuthOptions
  /**
   * Whether session tokens are on (`sessionSecret` is not false): the session routes require
   * `x-focal-session-token`.
   * @default true
   */
  sessionTokens?: boolean
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

/** The security scheme of the app's client `auth`, when the document can name one. */
function clientScheme(auth: FocalAuthOptions | undefined): Record<string, unknown> | undefined {
  if (auth?.type === 'bearer') return { type: 'http', scheme: 'bearer' }
  if (auth?.type === 'api-key') return { type: 'apiKey', in: 'header', name: auth.header ?? 'x-api-key' }
  return undefined
}

/** Every error status the operation answers, with its codes (the route's own and those of its access). */
function errorsOf(route: RouteDocument, options: OpenApiDocumentOptions & { sessionTokens: boolean }) {
  const errors = new Map<number, string[]>()
  const add = (status: number, codes: string) => errors.set(status, [...(errors.get(status) ?? []), codes])
  if (route.body) {
    add(400, 'invalid-json or invalid-request (with the located path)')
    add(415, 'unsupported-media-type (send application/json)')
  }
  if (route.method === 'post') {
    add(408, 'request-timeout (the body did not arrive within bodyTimeoutMs)')
    add(413, 'payload-too-large')
  }
  if (route.access !== 'public' && options.auth !== undefined)
    add(401, 'unauthorized (the client credential)')
  if (route.access === 'session' && options.sessionTokens) {
    add(401, 'unauthorized (no session token), session-token-expired or session-token-revoked')
    add(403, 'forbidden (a token of another session, or not a token)')
  }
  if ((route.access === 'session' || route.access === 'session-create') && options.sessionTokens)
    add(410, 'session-expired (the session expired or was evicted: start a new one)')
  if (route.access === 'session') add(404, 'session-not-found')
  if (route.access === 'session-create' && options.sessionTokens) {
    add(401, 'session-token-expired or session-token-revoked')
    add(403, 'forbidden (a token of another session, or not a token)')
  }
  if (route.access === 'approver') {
    add(401, 'approver-unauthorized (no approver credential, or an unknown one)')
    add(403, 'approver-forbidden (lacks the role) or self-approval-forbidden (a session token)')
  }
  for (const [status, codes] of Object.entries(route.errors ?? {})) add(Number(status), codes)
  if (route.access !== 'public' && !errors.has(500)) add(500, 'internal-error')
  return [...errors].sort(([a], [b]) => a - b)
}

/** The operation's security requirements: each alternative lists every scheme it needs. */
function securityOf(route: RouteDocument, options: OpenApiDocumentOptions & { sessionTokens: boolean }) {
  if (route.access === 'public') return []
  const client = clientScheme(options.auth) === undefined ? {} : { client: [] as string[] }
  if (route.access === 'approver') return [{ ...client, approverToken: [] }]
  if (!options.sessionTokens || route.access === 'client') return [client]
  if (route.access === 'session') return [{ ...client, sessionToken: [] }]
  // Creating a session needs no token; continuing one needs its token.
  return [client, { ...client, sessionToken: [] }]
}

function parametersOf(route: RouteDocument) {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)
  return [
    ...names.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string', maxLength: 128 },
    })),
    ...(route.access === 'session-create'
      ? [
          {
            name: 'x-focal-claim-key',
            in: 'header',
            required: false,
            description:
              "The client's own secret for the request that creates its session; its retry with no token gets the reply and a token.",
            schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{32,256}$' },
          },
        ]
      : []),
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
  ]
}

function operation(
  components: Components,
  route: RouteDocument,
  options: OpenApiDocumentOptions & { sessionTokens: boolean },
) {
  const okContent =
    route.response === 'sse'
      ? {
          'text/event-stream': {
            schema: { type: 'string', description: 'data: {UIMessageChunk}\\n\\n … data: [DONE]' },
          },
        }
      : { 'application/json': { schema: jsonSchema(components, route.response, 'output') } }
  const parameters = parametersOf(route)
  return {
    summary: route.summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(components, route.body, 'input') } },
          },
        }
      : {}),
    security: securityOf(route, options),
    responses: {
      200: { description: 'OK', content: okContent },
      ...Object.fromEntries(
        errorsOf(route, options).map(([status, codes]) => [
          status,
          errorResponse(components, codes.join('; ')),
        ]),
      ),
    },
  }
}

/**
 * The OpenAPI 3.1 document of the app, generated from the same zod schemas that validate requests,
 * so the document cannot drift from what the server accepts. Each operation lists the error
 * statuses it answers and the credentials it needs.
 */
export function createOpenApiDocument(
  schemas: FocalRequestSchemas,
  title: string,
  options: OpenApiDocumentOptions = {},
): Record<string, unknown> {
  const resolved = { ...options, sessionTokens: options.sessionTokens ?? true }
  const paths: Record<string, Record<string, unknown>> = {}
  const components: Components = {}
  for (const route of routeDocuments(schemas)) {
    paths[route.path] = { ...paths[route.path], [route.method]: operation(components, route, resolved) }
  }
  const client = clientScheme(options.auth)
  return {
    openapi: '3.1.0',
    info: { title, version: '1' },
    components: {
      schemas: components,
      securitySchemes: {
        ...(client === undefined ? {} : { client }),
        sessionToken: { type: 'apiKey', in: 'header', name: 'x-focal-session-token' },
        approverToken: { type: 'apiKey', in: 'header', name: 'x-focal-approver-token' },
      },
    },
    paths,
  }
}
