import { z } from 'zod'
import { FocalError } from '../errors/focal-error.ts'
import type { SessionStore } from '../ports/ports.ts'
import { base64UrlToBytes, bytesToBase64Url } from './base64-url.ts'
import type { PersonalValueKeyStore } from './types.ts'

/** Options of {@link createDerivedPersonalValueKeyStore}. */
export interface DerivedPersonalValueKeyStoreOptions {
  /**
   * The host secret every session key is derived from (at least 32 characters): the app's
   * `sessionSecret`. Every instance serving the sessions needs the same one; changing it shreds
   * every sealed value of every session.
   */
  secret: string
  /**
   * Where each session's salt is kept, next to its state: the session store the engine writes to
   * (memory, Redis, Durable Objects, Deno KV). The salt is a record of its own
   * ({@link personalValueSaltId}), created with the store's version check (`put(id, salt, 0)`), so
   * racing first uses on any number of instances agree on one salt, and expiring with the store's TTL.
   */
  sessionStore: SessionStore
}

/**
 * The id of a session's salt record in the session store: the session id and `#personal-value-salt`.
 * `#` is outside the HTTP session id alphabet (`[A-Za-z0-9._:-]`), so no client can name it.
 */
export function personalValueSaltId(sessionId: string): string {
  return `${sessionId}#personal-value-salt`
}

const saltRecordSchema = z.strictObject({ personalValueSalt: z.string().regex(/^[A-Za-z0-9_-]{43}$/u) })
type SaltRecord = z.infer<typeof saltRecordSchema>

const encoder = new TextEncoder()

/**
 * Per-session AES-GCM 256 keys that survive restarts and are the same on every instance: each is
 * derived with HKDF-SHA-256 (Web Crypto, non-extractable) from the host `secret`, a random 32-byte
 * salt of the session and the session id. The salt is the only per-session secret material and
 * lives in the session store beside the session, so it expires with it; `delete` removes it, which
 * shreds every value sealed for the session as long as the store really forgets it (a backup that
 * kept the salt plus the secret would reopen them). Each use rewrites the salt record with its own
 * version, so its TTL slides like the session's and a salt deleted meanwhile is never brought back.
 *
 * @example
 * const keyStore = createDerivedPersonalValueKeyStore({ secret: env.FOCAL_SESSION_SECRET, sessionStore })
 */
export function createDerivedPersonalValueKeyStore({
  secret,
  sessionStore,
}: DerivedPersonalValueKeyStoreOptions): PersonalValueKeyStore {
  if (typeof secret !== 'string' || secret.length < 32) {
    throw new FocalError({
      code: 'invalid-argument',
      message: 'createDerivedPersonalValueKeyStore: the secret needs at least 32 characters',
    })
  }
  let secretKey: Promise<CryptoKey> | undefined
  const deriveKey = async (sessionId: string, salt: string): Promise<CryptoKey> => {
    secretKey ??= crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
    return crypto.subtle.deriveKey(
      {
        name: 'HKDF',
        hash: 'SHA-256',
        salt: base64UrlToBytes(salt),
        // The label keeps these keys apart from anything else made from the same secret (tokens).
        info: encoder.encode(`focal:personal-value-key:v1:${sessionId}`),
      },
      await secretKey,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    )
  }
  /** The session's salt, renewed in place (a version check: never recreated after a delete). */
  const readSalt = async (sessionId: string): Promise<string | undefined> => {
    const id = personalValueSaltId(sessionId)
    const stored = await sessionStore.get(id)
    if (stored === undefined) return undefined
    const parsed = saltRecordSchema.safeParse(stored.state)
    if (!parsed.success) {
      throw new FocalError({
        code: 'invalid-stored-value',
        message: `The personal-value salt record "${id}" in the session store is malformed.`,
        cause: parsed.error,
      })
    }
    await sessionStore.put(id, parsed.data, stored.version)
    return parsed.data.personalValueSalt
  }
  return {
    async getOrCreate(sessionId) {
      // Two rounds: a racing creator wins the version check, then its salt is read back.
      for (let attempt = 0; attempt < 3; attempt++) {
        const existing = await readSalt(sessionId)
        if (existing !== undefined) return deriveKey(sessionId, existing)
        const salt = bytesToBase64Url(crypto.getRandomValues(new Uint8Array(32)))
        const record: SaltRecord = { personalValueSalt: salt }
        if ((await sessionStore.put(personalValueSaltId(sessionId), record, 0)) !== false) {
          return deriveKey(sessionId, salt)
        }
      }
      throw new FocalError({
        code: 'version-conflict',
        message: `The personal-value salt of session "${sessionId}" kept changing while it was created.`,
      })
    },
    async get(sessionId) {
      const salt = await readSalt(sessionId)
      return salt === undefined ? undefined : deriveKey(sessionId, salt)
    },
    async delete(sessionId) {
      await sessionStore.delete(personalValueSaltId(sessionId))
    },
  }
}
