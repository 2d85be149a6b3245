import { base64UrlToBytes } from './base64-url.ts'
import { personalValueContext, type SealedPersonalValue } from './seal-personal-value.ts'

/** Options of {@link openPersonalValue}. */
export interface OpenPersonalValueOptions {
  /** The session's key, or undefined once it was erased. */
  key: CryptoKey | undefined
  sessionId: string
  sealed: SealedPersonalValue
}

/**
 * Decrypts a sealed personal value. Resolves undefined, never throws, when the key is gone, is
 * another key (a session id claimed again after erasure gets a new one), or the stored bytes were
 * edited: a shredded value reads as absent.
 */
export async function openPersonalValue({
  key,
  sessionId,
  sealed,
}: OpenPersonalValueOptions): Promise<string | undefined> {
  if (key === undefined) return undefined
  try {
    const { placeholder, detector } = sealed
    const plain = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: base64UrlToBytes(sealed.iv),
        additionalData: personalValueContext(sessionId, placeholder, detector),
      },
      key,
      base64UrlToBytes(sealed.ciphertext),
    )
    return new TextDecoder().decode(plain)
  } catch {
    // OperationError (wrong key, edited bytes) or InvalidCharacterError (not base64url).
    return undefined
  }
}
