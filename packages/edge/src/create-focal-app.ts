import {
  createDerivedPersonalValueKeyStore,
  createLedgerVerifier,
  createMemoryPersonalValueKeyStore,
  FocalError,
  type MemoryPersonalValueKeyStoreOptions,
  type PersonalValueKeyStore,
} from '@focal/core'
import { guardWholeText } from '@focal/core/enforcement'
import { createBoundedMap } from '@focal/core/ledger'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { FocalAppContext } from './app/app-context.ts'
import { createInputRail } from './app/create-input-rail.ts'
import { createMessageReplies } from './app/create-message-replies.ts'
import { createSessionQueue } from './app/create-session-queue.ts'
import { createValueRestorer, type FocalValueRestorer } from './app/create-value-restorer.ts'
import { limitBody } from './app/limit-body.ts'
import { defaultMemoryBounds, type ResolvedAppParts, resolveAppParts } from './app/resolve-app-parts.ts'
import { createEpoch, createMemorySessionClaims } from './app/session-claims.ts'
import type { FocalAppOptions } from './app/types.ts'
import { approverTokenHeader, checkApproverCredentials } from './auth/authorize-approver.ts'
import { claimKeyHeader, sessionTokenHeader } from './auth/authorize-session.ts'
import { clientAuth } from './auth/client-auth.ts'
import { createSessionTokens, type SessionTokens } from './auth/session-tokens.ts'
import { toErrorResponse } from './errors/to-error-response.ts'
import { createOpenApiDocument } from './openapi/create-openapi-document.ts'
import { registerChatRoute } from './routes/chat-route.ts'
import { registerHandoffRoutes } from './routes/handoff-routes.ts'
import { registerSessionRoutes } from './routes/session-routes.ts'
import { registerTextRoutes } from './routes/text-routes.ts'
import { registerTurnRoutes } from './routes/turn-routes.ts'
import { createRequestSchemas } from './schemas/create-request-schemas.ts'
import { defaultInputLimits } from './schemas/limits.ts'

const publicPaths = new Set(['/health', '/openapi.json'])

/** The methods registered for `path` (a 404 on a known path with another method is a 405). */
function allowedMethods(app: Hono, path: string): string[] {
  const methods = new Set<string>()
  for (const route of app.routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue
    const pattern = route.path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')
    if (new RegExp(`^${pattern}$`).test(path)) methods.add(route.method)
  }
  return [...methods].sort()
}

/** Session tokens are on unless `sessionSecret: false`; with no secret, a random one per app. */
function resolveSessionTokens(secret: string | false | undefined): SessionTokens | undefined {
  if (secret === false) {
    console.warn(
      'createFocalApp: sessionSecret is false, so session tokens are OFF: anyone who knows a session id can read its state and ledger and act in it. Pass a secret of 32+ characters in production.',
    )
    return undefined
  }
  if (typeof secret === 'string' && secret.length < 32) {
    throw new FocalError({
      code: 'invalid-argument',
      message:
        'createFocalApp: option "sessionSecret" needs at least 32 characters (or false to disable tokens)',
    })
  }
  // Two epochs are 256 random bits: a secret nobody else knows, for this app only.
  return createSessionTokens({ secret: secret ?? `${createEpoch()}${createEpoch()}` })
}

/**
 * The restorer of `settings.inputRails.restore`, or undefined: a value goes back only to the
 * session's own client, so with session tokens off (anyone who knows the id is "the session")
 * nothing is restored, and a value goes back only if the reply checks would release it alone.
 */
function resolveRestorer(
  parts: ResolvedAppParts,
  keyStore: PersonalValueKeyStore | undefined,
  tokens: SessionTokens | undefined,
): ((sessionId: string) => FocalValueRestorer) | undefined {
  if (keyStore === undefined || parts.restorable.length === 0) return undefined
  if (tokens === undefined) {
    console.warn(
      'createFocalApp: settings.inputRails.restore is ignored because session tokens are off (sessionSecret: false): values would go to anyone who knows a session id.',
    )
    return undefined
  }
  const { services, ledgerStore, restorable } = parts
  const isReleasable = async (value: string) =>
    (await services.enforce({ text: value, mode: 'check', ruleIds: [] })).type === 'allowed' &&
    (services.guardText?.(value) ?? guardWholeText(services.createStreamGuard(), value)) === value
  return (sessionId) => createValueRestorer({ sessionId, ledgerStore, keyStore, restorable, isReleasable })
}

/**
 * The input rail's key store: the host's, else keys derived from `sessionSecret` with salts in the
 * session store the host passed (they survive restarts and are shared by every instance on that
 * store), else keys in this process's memory (no shared secret, or only the app's own memory
 * session store: nothing would survive a restart anyway).
 */
function resolveKeyStore(
  options: FocalAppOptions,
  parts: ResolvedAppParts,
  memory: MemoryPersonalValueKeyStoreOptions,
): PersonalValueKeyStore | undefined {
  if (options.inputRails === false || parts.detectors === undefined) return undefined
  if (options.inputRails?.keyStore !== undefined) return options.inputRails.keyStore
  const { sessionSecret: secret, sessionStore } = options
  if (typeof secret === 'string' && sessionStore !== undefined)
    return createDerivedPersonalValueKeyStore({ secret, sessionStore })
  return createMemoryPersonalValueKeyStore(memory)
}

function checkTokenTtl(ttl: number): number {
  if (!Number.isFinite(ttl) || ttl < 1000) {
    throw new FocalError({
      code: 'invalid-argument',
      message: 'createFocalApp: option "sessionTokenTtl" must be a number of milliseconds, at least 1000',
    })
  }
  return ttl
}

/**
 * Creates the Focal HTTP app: chat (AI SDK UI message stream), turn, parse, enforce, approvals,
 * sessions and ledgers, with one error table, auth, per-session tokens, CORS and a body limit.
 *
 * @example
 * const app = createFocalApp({ definition: yaml, sessionSecret: env.FOCAL_SESSION_SECRET })
 * export default app
 */
export function createFocalApp(options: FocalAppOptions): Hono {
  const {
    name = 'focal',
    bodyLimit: maxSize = 65_536,
    chatBodyLimit = 1_048_576,
    bodyTimeoutMs = 30_000,
  } = options
  for (const [option, value] of [
    ['bodyLimit', maxSize],
    ['chatBodyLimit', chatBodyLimit],
    ['bodyTimeoutMs', bodyTimeoutMs],
  ] as const)
    if (!Number.isInteger(value) || value <= 0)
      throw new FocalError({
        code: 'invalid-argument',
        message: `${option}: expected a positive whole number, got ${String(value)}`,
      })
  const memory = { ...defaultMemoryBounds, ...options.memory }
  // A zero or NaN bound would refuse every turn with 429 session-full (maxSessionBytes) or forget
  // every session but the last (maxBytes: all sessions' state and records together).
  for (const option of ['maxSessionBytes', 'maxBytes'] as const)
    if (!Number.isInteger(memory[option]) || memory[option] <= 0)
      throw new FocalError({
        code: 'invalid-argument',
        message: `memory.${option}: expected a positive whole number, got ${String(memory[option])}`,
      })
  if (memory.maxBytes < 2 * memory.maxSessionBytes)
    throw new FocalError({
      code: 'invalid-argument',
      message: `memory.maxBytes (${memory.maxBytes}) must be at least twice memory.maxSessionBytes (${memory.maxSessionBytes}): a full session would push every other one out`,
    })
  const limits = { ...defaultInputLimits, ...options.limits }
  const schemas = createRequestSchemas(limits)
  const parts = resolveAppParts(options)
  const tokens = resolveSessionTokens(options.sessionSecret)
  const personalValueKeys = resolveKeyStore(options, parts, memory)
  const context: FocalAppContext = {
    ...parts,
    personalValueKeys,
    maxSessionBytes: memory.maxSessionBytes,
    ledgerVerifier: createLedgerVerifier({ store: parts.ledgerStore, ...memory }),
    createRestorer: resolveRestorer(parts, personalValueKeys, tokens),
    inputRail:
      personalValueKeys === undefined || parts.detectors === undefined
        ? undefined
        : createInputRail({ detectors: parts.detectors, ledger: parts.ledger, keyStore: personalValueKeys }),
    schemas,
    limits,
    queue: createSessionQueue(options.sessionLock),
    // In the store the host passed (they survive like the session); else in memory of their own,
    // so they take no room from the sessions' own LRU bound, but charged to their session in the
    // byte budget: a recorded `/v1/turn` result holds the goal's text (about 2× the message).
    messageReplies: createMessageReplies({
      store: options.sessionStore,
      memory: { ...memory, budget: parts.memoryBudget },
    }),
    tokens,
    sessionClaims:
      options.sessionClaims ?? createMemorySessionClaims({ ...memory, budget: parts.memoryBudget }),
    // Ten times the live sessions: an id stays retired well after its claim and ledger were evicted.
    retiredIds: createBoundedMap({ maxEntries: 10 * memory.maxSessions }),
    sessionTokenTtl: checkTokenTtl(options.sessionTokenTtl ?? 86_400_000),
    approvers: checkApproverCredentials(options.approvers ?? []),
    authorizeApproval: options.authorizeApproval,
    generateId: options.generateId ?? (() => crypto.randomUUID()),
    clock: options.clock ?? { now: () => Date.now() },
    onEvent: options.onEvent,
    provenance: checkProvenance(options.provenance ?? 'summary'),
  }
  const app = new Hono()
  app.onError((error, hono) => {
    const { status, body } = toErrorResponse(error)
    return hono.json(body, status as ContentfulStatusCode)
  })
  app.notFound((hono) => {
    // Mounted under a prefix (`app.route('/task', focal)`), a request reaches this app with the
    // prefix still on its path: its routes are matched from `/v1/` on.
    // Only a prefix of whole, non-empty segments: `//v1/turn` is no mounted `/v1/turn`, so it gets
    // 404, not a 405 whose `Allow` a client would follow in a loop.
    const path = hono.req.path
    const mounted = path.indexOf('/v1/')
    const prefixed = mounted > 0 && /^(?:\/[^/]+)+$/u.test(path.slice(0, mounted))
    const allowed = allowedMethods(app, prefixed ? path.slice(mounted) : path)
    if (allowed.length > 0) {
      const { status, body } = toErrorResponse(
        new FocalError({
          code: 'method-not-allowed',
          message: `${hono.req.method} is not allowed on ${hono.req.path}; use ${allowed.join(', ')}.`,
        }),
      )
      hono.header('allow', allowed.join(', '))
      return hono.json(body, status as ContentfulStatusCode)
    }
    const { status, body } = toErrorResponse(
      new FocalError({ code: 'route-not-found', message: `No route ${hono.req.method} ${hono.req.path}.` }),
    )
    return hono.json(body, status as ContentfulStatusCode)
  })
  // Every response may carry a session's token or its conversation (in custom headers a shared
  // cache does not treat as credentials): none may be stored by any cache, and no body may be read
  // as another type than it says (outside review rv59 7: no response said either).
  app.use('*', async (hono, next) => {
    await next()
    hono.res.headers.set('cache-control', 'no-store')
    hono.res.headers.set('x-content-type-options', 'nosniff')
  })
  if (options.cors) {
    const { origin, credentials = false } = options.cors
    app.use(
      '*',
      cors({
        origin:
          typeof origin === 'function'
            ? (value) => (origin(value) ? value : null)
            : (origin as string | string[]),
        credentials,
        allowHeaders: [
          'content-type',
          'authorization',
          'x-api-key',
          sessionTokenHeader,
          claimKeyHeader,
          approverTokenHeader,
        ],
        exposeHeaders: [sessionTokenHeader, 'x-vercel-ai-ui-message-stream'],
      }),
    )
  }
  const auth = options.auth
  if (auth) {
    const check = clientAuth(auth)
    app.use('*', (hono, next) => (publicPaths.has(hono.req.path) ? next() : check(hono, next)))
  }
  // A `/v1/chat` body carries the conversation so far (the AI SDK's useChat sends every message
  // each turn), though only its last user message is read: its own, larger bound.
  const limitChatBody = limitBody({ maxSize: chatBodyLimit, timeoutMs: bodyTimeoutMs })
  const limitOtherBody = limitBody({ maxSize, timeoutMs: bodyTimeoutMs })
  app.use('*', (hono, next) =>
    hono.req.path.endsWith('/v1/chat') ? limitChatBody(hono, next) : limitOtherBody(hono, next),
  )
  app.get('/health', (hono) => hono.json({ status: 'ok' as const, name }))
  const openApi = createOpenApiDocument(schemas, name, {
    ...(auth === undefined ? {} : { auth }),
    sessionTokens: tokens !== undefined,
  })
  app.get('/openapi.json', (hono) => hono.json(openApi))
  registerChatRoute(app, context)
  registerTurnRoutes(app, context)
  registerTextRoutes(app, context)
  registerSessionRoutes(app, context)
  registerHandoffRoutes(app, context)
  return app
}

/** `provenance`: one of the two levels (a JavaScript caller may pass anything). */
function checkProvenance(level: unknown): 'summary' | 'full' {
  if (level === 'summary' || level === 'full') return level
  throw new FocalError({
    code: 'invalid-argument',
    message: `provenance: expected 'summary' or 'full', got ${JSON.stringify(level)}`,
  })
}
