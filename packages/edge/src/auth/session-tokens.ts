import { FocalError } from '@focal/core'
import { constantTimeEqual } from '@focal/core/ledger'

const encoder = new TextEncoder()

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** What a token grants, once its signature checked out. */
export type SessionTokenCheck =
  | { type: 'valid'; epoch: string; expiresAt: number }
  | { type: 'expired'; epoch: string; expiresAt: number }
  | { type: 'invalid' }

/** Signs and checks per-session tokens. */
export interface SessionTokens {
  /** The token that grants access to `sessionId` under the session's current `epoch` until `expiresAt`. */
  sign(sessionId: string, claim: { epoch: string; expiresAt: number }): Promise<string>
  /**
   * Checks the signature for exactly this `sessionId`, then the expiry against `now`; the caller
   * compares the returned epoch with the session's current one (a rotated epoch is a revoked token).
   */
  verify(sessionId: string, token: string, now?: number): Promise<SessionTokenCheck>
}

/** Options of {@link createSessionTokens}. */
export interface SessionTokensOptions {
  /** HMAC secret (at least 32 characters); rotating it revokes every token of every session. */
  secret: string
}

const tokenPattern = /^v2\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/

/**
 * Per-session tokens: `v2.<expiry>.<epoch>.<base64url HMAC-SHA-256>` over the session id, expiry
 * and epoch, signed with Web Crypto, so a client holding one session's token cannot read or write
 * another session, and a token stops working when it expires or the session's epoch is rotated.
 *
 * @example
 * const tokens = createSessionTokens({ secret: env.FOCAL_SESSION_SECRET })
 * const token = await tokens.sign('session-1', { epoch: 'e1', expiresAt: Date.now() + 3_600_000 })
 * await tokens.verify('session-1', token) // { type: 'valid', epoch: 'e1', expiresAt }
 */
export function createSessionTokens({ secret }: SessionTokensOptions): SessionTokens {
  if (secret.length < 32)
    throw new FocalError({
      code: 'invalid-argument',
      message: 'createSessionTokens: the secret needs at least 32 characters',
    })
  const key = crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const signature = async (sessionId: string, expiry: string, epoch: string): Promise<string> => {
    const bytes = await crypto.subtle.sign(
      'HMAC',
      await key,
      encoder.encode(`focal-session:v2:${expiry}:${epoch}:${sessionId}`),
    )
    return toBase64Url(new Uint8Array(bytes))
  }
  return {
    async sign(sessionId, { epoch, expiresAt }) {
      const expiry = Math.ceil(expiresAt / 1000).toString(36)
      return `v2.${expiry}.${epoch}.${await signature(sessionId, expiry, epoch)}`
    },
    async verify(sessionId, token, now = Date.now()) {
      const match = tokenPattern.exec(token)
      if (!match) return { type: 'invalid' }
      const [, expiry = '', epoch = '', mac = ''] = match
      if (!constantTimeEqual(await signature(sessionId, expiry, epoch), mac)) return { type: 'invalid' }
      const expiresAt = Number.parseInt(expiry, 36) * 1000
      return { type: expiresAt > now ? 'valid' : 'expired', epoch, expiresAt }
    },
  }
}
