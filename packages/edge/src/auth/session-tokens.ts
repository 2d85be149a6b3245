import { FocalError } from '@focal/core'

const encoder = new TextEncoder()

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** Compares two strings without an early exit, so timing does not reveal the matching prefix. */
export function constantTimeEqual(left: string, right: string): boolean {
  const length = Math.max(left.length, right.length)
  let difference = left.length ^ right.length
  for (let index = 0; index < length; index++) {
    difference |= (left.charCodeAt(index) || 0) ^ (right.charCodeAt(index) || 0)
  }
  return difference === 0
}

/** Signs and checks per-session tokens. */
export interface SessionTokens {
  /** The token that grants access to `sessionId`. */
  sign(sessionId: string): Promise<string>
  /** True when `token` was signed for exactly this `sessionId`. */
  verify(sessionId: string, token: string): Promise<boolean>
}

/** Options of {@link createSessionTokens}. */
export interface SessionTokensOptions {
  /** HMAC secret (at least 32 characters); rotate it to revoke every token. */
  secret: string
}

/**
 * Per-session tokens: `v1.<base64url HMAC-SHA-256(sessionId)>`, signed with Web Crypto, so a
 * client holding one session's token cannot read or write another session.
 *
 * @example
 * const tokens = createSessionTokens({ secret: env.FOCAL_SESSION_SECRET })
 * const token = await tokens.sign('session-1')
 * await tokens.verify('session-1', token) // true
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
  const sign = async (sessionId: string): Promise<string> => {
    const signature = await crypto.subtle.sign(
      'HMAC',
      await key,
      encoder.encode(`focal-session:${sessionId}`),
    )
    return `v1.${toBase64Url(new Uint8Array(signature))}`
  }
  return {
    sign,
    verify: async (sessionId, token) => constantTimeEqual(await sign(sessionId), token),
  }
}
