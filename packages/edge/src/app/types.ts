import type {
  ApprovalDecisionInput,
  Clock,
  CompileCacheStore,
  CompleteGoalInput,
  CompleteGoalResult,
  EngineOptions,
  FocalStreamGuard,
  HandoffReply,
  LanguageModel,
  LedgerAnchorStore,
  LedgerKey,
  LedgerStore,
  PersonalValueKeyStore,
  ReplyEnforcer,
  RestoreGoalResult,
  SessionStore,
  ToolRunner,
  TurnEvent,
  TurnInput,
  TurnResult,
} from '@focal/core'
import type { LedgerDigestScheduler } from '@focal/core/ledger'
import type { FocalApproverCredential, FocalAuthorizeApproval } from '../auth/authorize-approver.ts'
import type { FocalAuthOptions } from '../auth/client-auth.ts'
import type { FocalInputLimits } from '../schemas/limits.ts'
import type { FocalSessionLock } from './create-polling-session-lock.ts'
import type { FocalSessionClaims } from './session-claims.ts'

/** What the app needs from an engine: `createEngine(...)` from `@focal/core` satisfies it. */
export interface FocalAppEngine {
  turn(input: TurnInput): Promise<TurnResult>
  turnStream(input: TurnInput): AsyncIterable<TurnEvent>
  /** Resumes a paused tool call; `decidedBy` is the authenticated approver, for the ledger. */
  resolveApproval(input: ApprovalDecisionInput): Promise<TurnResult>
  /** The session snapshot, or undefined/null for an unknown session. */
  getSession(sessionId: string): Promise<unknown>
  /** Ends a human handoff (`POST /v1/sessions/:id/release`); engines without handoff may omit it. */
  releaseHandoff?(input: { sessionId: string; releasedBy?: string }): Promise<boolean>
  /**
   * A person's message to the customer during a handoff (`POST /v1/sessions/:id/handoff/replies`);
   * engines without handoff may omit it.
   */
  replyToHandoff?(input: { sessionId: string; text: string; by: string }): Promise<HandoffReply | undefined>
  /** The completion step (`POST /v1/sessions/:id/complete`); engines without goal gates may omit it. */
  complete?(input: CompleteGoalInput): Promise<CompleteGoalResult>
  /** Undoes the last goal narrowing (`POST /v1/sessions/:id/goal/restore`). */
  restoreGoal?(input: { sessionId: string; turnId?: string; reason?: string }): Promise<RestoreGoalResult>
}

/** Outcome of `POST /v1/enforce`. */
export interface FocalEnforceOutcome {
  type: 'allowed' | 'redacted' | 'blocked'
  /** The text to show (redacted in `redact` mode). */
  text?: string
  findings: ReadonlyArray<{ type: string; start: number; end: number }>
  [key: string]: unknown
}

/** The definition-bound services behind `/v1/parse`, `/v1/enforce` and the chat stream guard. */
export interface FocalAppServices {
  /** `POST /v1/parse`: the structured reading of a user text (the definition's sensor). */
  parse(text: string): unknown | Promise<unknown>
  /** `POST /v1/enforce`: checks (or redacts) a text against the definition's global Lane 1 rules plus `ruleIds`. */
  enforce(input: {
    text: string
    mode: 'check' | 'redact'
    /** Scoped rules to check besides the global ones. */
    ruleIds: readonly string[]
  }): FocalEnforceOutcome | Promise<FocalEnforceOutcome>
  /** A fresh streaming guard for one response. */
  createStreamGuard(): FocalStreamGuard
  /**
   * Guards one whole text (the `TurnResult.text` of `/v1/turn`): what one fresh stream guard
   * releases for it, '' when it blocks. @default a fresh `createStreamGuard()` per text (the
   * definition's own guard checks clean text with its compiled scanners first)
   */
  guardText?(text: string): string
}

/** Where the engine comes from: a ready engine, or a definition the app builds one from. */
export type FocalAppEngineSource =
  | {
      /** A ready engine; pass the same `ledgerStore` it writes to so `/ledger` can read it. */
      engine: FocalAppEngine
      /** Parse/enforce/stream-guard services; built from `definition` when omitted. */
      services?: Partial<FocalAppServices>
      /** The agent definition (YAML text or object) the services are built from. @default engine.definition */
      definition?: string | object
      /** Lane 1 enforcer for `/v1/enforce` and the chat stream guard. @default the definition's scanners */
      enforcer?: ReplyEnforcer
    }
  | {
      /** The agent definition (YAML text or object). */
      definition: string | object
      /** The model; without one the engine answers from approved templates. */
      model?: LanguageModel
      /** Tool implementations by tool id. @default each declared tool's fixture */
      tools?: ToolRunner
      /** Lane 1 enforcer for replies, `/v1/enforce` and the chat stream guard. @default the definition's scanners */
      enforcer?: ReplyEnforcer
      services?: Partial<FocalAppServices>
      /**
       * Where the model's guardrail compilations are kept by content hash, so a cold start of a
       * definition compiled before makes no model call (`createKvCompileCache` on Workers).
       * @default in memory, per app
       */
      compileCache?: CompileCacheStore
      /**
       * Which sessions share the calls on the definition's `shared` entities (`createEngine`'s
       * `sharedScope`): sessions of one scope read each other's. @default every session in one scope
       */
      sharedScope?: EngineOptions['sharedScope']
    }

/** Options of `createFocalApp`. */
export type FocalAppOptions = FocalAppEngineSource & {
  /**
   * Name reported by `GET /health`.
   * @default 'focal'
   */
  name?: string
  /**
   * Bounds of the in-memory stores the app creates (session state, ledger, ledger heads, session
   * claims; not the stores you pass): each forgets a session `ttlMs` after its last use and keeps
   * at most `maxSessions`, least recently used dropped first. Memory is reclaimed on the next
   * request after an idle period. `maxSessionBytes` bounds what the in-memory session and ledger
   * stores hold for one session (the UTF-8 bytes of its state's and records' JSON): a turn on a
   * session at the bound is refused before anything runs, with 429 `session-full`. `maxBytes`
   * bounds what they hold for all sessions together (at least twice `maxSessionBytes`): past it
   * the least recently written sessions are forgotten by every in-memory store at once (state,
   * records, head, claim), as past `maxSessions`, so the defaults fit in a process's heap (10,000
   * full sessions would otherwise be 40 GiB).
   * @default { ttlMs: 86_400_000, maxSessions: 10_000, maxSessionBytes: 4_194_304, maxBytes: 67_108_864 }
   */
  memory?: { ttlMs?: number; maxSessions?: number; maxSessionBytes?: number; maxBytes?: number }
  /**
   * Input rails: the definition's detectors (`settings.detectors`, the ones Lane 1 runs on replies,
   * plus `settings.inputRails.detectors`) scan every user text of `/v1/turn` and `/v1/chat` before the engine sees it; each value becomes
   * a typed placeholder (`[CREDIT_CARD_1]`, `[US_SSN_1]`), so state, provenance and model prompts
   * never hold it. The value is sealed (AES-GCM, Web Crypto) with the session's key from `keyStore`
   * and appended to the session's ledger as a `personal-value-sealed` event; `DELETE
   * /v1/sessions/:id` deletes the key (crypto-shredding). Replies show the types of
   * `settings.inputRails.restore` back to the session's own client. `false` turns the rail off.
   * With a `sessionSecret` string and a `sessionStore` passed in, keys are derived from the secret
   * and a per-session salt kept in that store (`createDerivedPersonalValueKeyStore`): sealed values
   * survive restarts and open on every instance sharing the store and secret. Otherwise keys live
   * in this process's memory and a restart shreds them.
   * @default { keyStore: createDerivedPersonalValueKeyStore({ secret: sessionSecret, sessionStore }) }
   * with a secret and a session store, else { keyStore: createMemoryPersonalValueKeyStore(memory) }
   * (when the app has a definition)
   */
  inputRails?: false | { keyStore?: PersonalValueKeyStore }
  /**
   * Session state store (used when the app builds the engine).
   * @default createMemorySessionStore()
   */
  sessionStore?: SessionStore
  /**
   * Ledger store; `GET /v1/sessions/:id/ledger` reads it.
   * @default createMemoryLedgerStore()
   */
  ledgerStore?: LedgerStore
  /**
   * Host secret that keys the ledger chain (HMAC-SHA-256 through Web Crypto): at least 32 bytes,
   * or an HMAC SHA-256 `CryptoKey`. The app's ledger is then keyed, and `GET
   * /v1/sessions/:id/ledger` verifies with it, so records edited and re-chained by someone who can
   * write the ledger store but lacks the key fail verification. With a ready `engine`, give its
   * ledger the same key (`createLedger({ store, key })`).
   * @default undefined (plain SHA-256 chain)
   */
  ledgerKey?: LedgerKey | undefined
  /**
   * Where each session's ledger head is kept apart from the records, so `/ledger` reports a cut-off
   * tail (`truncated`); keep it out of reach of the ledger store's writers. With a ready `engine`,
   * pass the one its ledger writes to.
   * @default createMemoryLedgerAnchorStore() when the app builds the engine (per process, lost on
   * restart), none with a ready engine
   */
  ledgerAnchorStore?: LedgerAnchorStore
  /**
   * When the ledger's Web Crypto digests start (used when the app builds the engine): digests
   * requested before the scheduler runs its callback start together. `serveFocal` passes
   * `setImmediate`, so on Node one event-loop turn's digests share one thread-pool wake-up.
   * @default undefined (each digest starts at once)
   */
  scheduleLedgerDigests?: LedgerDigestScheduler
  /**
   * Serialises whole turns on one session across isolates/processes (`createFocalStores` of each
   * runtime returns one); without it turns are serialised per isolate and stores check versions.
   * @default undefined
   */
  sessionLock?: FocalSessionLock
  /**
   * Client authentication for every route except `/health` and `/openapi.json`.
   * @default undefined (no authentication)
   */
  auth?: FocalAuthOptions
  /**
   * HMAC secret for per-session tokens (`x-focal-session-token`); at least 32 characters. A session
   * can only be read or written with the token issued when it was created. Several instances (Workers
   * isolates, Deno Deploy, processes behind a load balancer) must share one secret; `false` turns
   * session tokens off (anyone who knows a session id can then read and act in it) and warns once.
   * @default a random secret per app (tokens end with the process and hold on this instance only)
   */
  sessionSecret?: string | false | undefined
  /**
   * Lifetime of a session token in ms; a token past half of it is renewed in the response header.
   * @default 86_400_000 (24 hours)
   */
  sessionTokenTtl?: number
  /**
   * Who owns each session id: the first request claims it atomically and gets the only token;
   * `POST /v1/sessions/:id/revoke` rotates its epoch. `createFocalStores` of each runtime returns one
   * on the shared store (Redis, Durable Objects, Deno KV).
   * @default createMemorySessionClaims() (this process only)
   */
  sessionClaims?: FocalSessionClaims
  /**
   * Who may decide approvals (`POST /v1/approvals/:id`), authenticated apart from the session:
   * each credential is sent in `x-focal-approver-token` and must hold the role an approval names
   * (`approver: supervisor`). The requesting session's token never approves.
   * @default [] (no approver: approvals are refused with 401 `approver-unauthorized`)
   */
  approvers?: readonly FocalApproverCredential[]
  /**
   * Decides who may approve instead of `approvers`: resolves `{ id, role? }` of the authenticated
   * approver for this request and approval (your SSO, a signed role claim), or null to refuse (403
   * `approver-forbidden`). Requests carrying a session token are refused before it runs.
   * @default undefined (the `approvers` credentials decide)
   */
  authorizeApproval?: FocalAuthorizeApproval
  /**
   * CORS: allowed origins (`'*'`, a list, or a predicate), or `false` to send no CORS headers.
   * @default false
   */
  cors?: false | { origin: string | readonly string[] | ((origin: string) => boolean); credentials?: boolean }
  /**
   * Largest request body in bytes; larger bodies get 413 `payload-too-large`.
   * @default 65536
   */
  bodyLimit?: number
  /**
   * Largest `POST /v1/chat` body in bytes. The AI SDK's `useChat` sends the whole conversation on
   * every turn (its data parts included, about 2 KB a turn), though only the last user message is
   * read, so `bodyLimit` would end a conversation after about 35 turns; a client that sends only
   * the last message (`prepareSendMessagesRequest`) never comes near either. Each request in
   * flight may hold this many bytes in memory until it is parsed: keep it bounded.
   * @default 1048576 (1 MiB)
   */
  chatBodyLimit?: number
  /**
   * How long reading a request body may take, in milliseconds; a body still incomplete then gets
   * 408 `request-timeout` (workerd and Deno have no request timeout of their own, so a client that
   * declares more bytes than it sends would otherwise hold the request open).
   * @default 30000
   */
  bodyTimeoutMs?: number
  /**
   * Per-field limits.
   * @default defaultInputLimits
   */
  limits?: Partial<FocalInputLimits>
  /**
   * The time source of approval expiry: the engine the app builds gets it (`createEngine`'s
   * `clock`), and the status reads (`GET /v1/sessions/:id/approval`, `.../approvals/:aid`) use it
   * to tell when a pending approval may have expired. With a ready `engine`, pass the clock you
   * gave it. Either way the engine's own clock has the last word: a read settles an approval only
   * if the engine finds it expired (`resolveApproval({ onlyIfExpired: true })`), so clocks that
   * disagree never record a decision nobody made. They still cost: with a ready `engine` whose
   * clock runs behind this one, every read of an approval expired by this clock and not by the
   * engine's takes the session's lock and asks the engine, poll after poll, until the engine's
   * clock reaches the expiry.
   * @default { now: () => Date.now() }
   */
  clock?: Clock
  /**
   * How much of each turn's provenance clients get (`/v1/turn`, `/v1/approvals/:id`, the
   * `data-provenance` part of `/v1/chat`, the records of `/v1/sessions/:id/ledger`). `summary`:
   * what was decided (route, rules fired, tools and their status, enforcement, gates), without how
   * the definition decides it: no rule conditions, router scores or reasons, no failed tool checks
   * (`summarizeProvenance` of `@focal/core`); a customer's client would otherwise read the exact
   * policy (which branch of a cap skips its check, the pattern that decides whether a typed card
   * counts). `full`: everything, for an operator's console or a demo. The ledger store and
   * `onEvent` always get the whole provenance; `/ledger`'s verification is computed on the stored
   * records.
   * @default 'summary'
   */
  provenance?: 'summary' | 'full'
  /** Called with every engine event of every turn (chat, turn, approvals), for logs and metrics. */
  onEvent?: (event: TurnEvent, context: { sessionId: string; route: string }) => void | Promise<void>
  /**
   * Session id generator for `POST /v1/turn` without a `sessionId`.
   * @default () => crypto.randomUUID()
   */
  generateId?: () => string
}
