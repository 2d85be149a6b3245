import type {
  Clock,
  Ledger,
  LedgerAnchorStore,
  LedgerStore,
  LedgerVerifier,
  PersonalValueKeyStore,
  SessionStore,
  TurnEvent,
} from '@focal/core'
import type { BoundedMap } from '@focal/core/ledger'
import type { FocalApproverCredential, FocalAuthorizeApproval } from '../auth/authorize-approver.ts'
import type { SessionTokens } from '../auth/session-tokens.ts'
import type { FocalRequestSchemas } from '../schemas/create-request-schemas.ts'
import type { FocalInputLimits } from '../schemas/limits.ts'
import type { FocalInputRail } from './create-input-rail.ts'
import type { MessageReplies } from './create-message-replies.ts'
import type { SessionQueue } from './create-session-queue.ts'
import type { FocalValueRestorer } from './create-value-restorer.ts'
import type { FocalSessionClaims } from './session-claims.ts'
import type { FocalAppEngine, FocalAppServices } from './types.ts'

/** Everything a route needs, resolved once per app. */
export interface FocalAppContext {
  engine: FocalAppEngine
  services: FocalAppServices
  ledgerStore: LedgerStore
  /** The ledger the app appends its own records to (sealed personal values). */
  ledger: Ledger
  /** The engine's session store, when known (`DELETE /v1/sessions/:id`). */
  sessionStore: SessionStore | undefined
  /** The ledger's key (`ledgerKey`), imported once; `/ledger` verifies with it. */
  ledgerKey: Promise<CryptoKey> | undefined
  /** Where the ledger's heads are kept; `/ledger` checks the records reach the session's head. */
  ledgerAnchorStore: LedgerAnchorStore | undefined
  /** Remembers how far each session's chain was verified, so `/ledger` verifies the page and the new records only. */
  ledgerVerifier: LedgerVerifier
  /** What the app's own in-memory stores hold for a session, in bytes (undefined: none of them is). */
  sessionBytes: ((sessionId: string) => number) | undefined
  /** `memory.maxSessionBytes`: a session holding this much takes no more turns. */
  maxSessionBytes: number
  /** How much provenance clients get (`FocalAppOptions.provenance`). */
  provenance: 'summary' | 'full'
  /** Whether the engine can use a request's abort signal (see `ResolvedAppParts.abortable`). */
  abortable: boolean
  schemas: FocalRequestSchemas
  limits: FocalInputLimits
  queue: SessionQueue
  /** Message ids as idempotency keys: the recorded reply of each session's last completed turns. */
  messageReplies: MessageReplies
  tokens: SessionTokens | undefined
  /**
   * Ids claimed in this process, most recent first (bounded): a retired id is never claimed again,
   * and a token of one whose claim is gone reads `session-expired`, or `session-token-revoked` once
   * `DELETE` removed it.
   */
  retiredIds: BoundedMap<'claimed' | 'deleted'>
  /** Who owns each session id (atomic claim, token epoch). */
  sessionClaims: FocalSessionClaims
  /** Lifetime of an issued session token, in ms. */
  sessionTokenTtl: number
  /** Approver credentials (`approvers`), checked when no `authorizeApproval` hook is given. */
  approvers: readonly FocalApproverCredential[]
  authorizeApproval: FocalAuthorizeApproval | undefined
  generateId: () => string
  /** `options.clock`: when a pending approval may have expired (the engine's clock decides). */
  clock: Clock
  /** Replaces personal values in user input by placeholders (undefined: rails off). */
  inputRail: FocalInputRail | undefined
  /** The per-session keys of the sealed values in the ledger; a session's key is erased with it. */
  personalValueKeys: PersonalValueKeyStore | undefined
  /**
   * The session's restorer for replies to its own client (`settings.inputRails.restore`);
   * undefined when nothing is restorable, the rail is off or session tokens are off.
   */
  createRestorer: ((sessionId: string) => FocalValueRestorer) | undefined
  onEvent:
    | ((event: TurnEvent, context: { sessionId: string; route: string }) => void | Promise<void>)
    | undefined
}
