import { bytesToBase64Url } from './base64-url.ts'
import type { LedgerEventPayload } from './ledger-event-schema.ts'

/** The payload of a `personal-value-sealed` ledger event: everything but the key. */
export type SealedPersonalValue = LedgerEventPayload<'personal-value-sealed'>

/** Options of {@link sealPersonalValue}. */
export interface SealPersonalValueOptions {
  /** The session's AES-GCM 256 key (see `PersonalValueKeyStore`). */
  key: CryptoKey
  sessionId: string
  /** What stands for the value in the text, e.g. `[CREDIT_CARD_1]`. */
  placeholder: string
  /** The detector that found it, e.g. `credit-card`. */
  detector: string
  /** The personal value itself. */
  value: string
}

const encoder = new TextEncoder()

/**
 * The additional data AES-GCM authenticates: a ciphertext opens only for the session, placeholder
 * and detector it was sealed for, so a writer of the ledger store cannot move it to another one.
 */
export function personalValueContext(sessionId: string, placeholder: string, detector: string) {
  return encoder.encode(JSON.stringify([sessionId, placeholder, detector]))
}

/**
 * Encrypts a personal value for the ledger (AES-GCM, a fresh 96-bit nonce, Web Crypto). The
 * ledger hashes the ciphertext; deleting the key is crypto-shredding.
 *
 * @example
 * const payload = await sealPersonalValue({ key, sessionId, placeholder: '[US_SSN_1]', detector: 'us-ssn', value })
 * await ledger.append(sessionId, { type: 'personal-value-sealed', payload })
 */
export async function sealPersonalValue({
  key,
  sessionId,
  placeholder,
  detector,
  value,
}: SealPersonalValueOptions): Promise<SealedPersonalValue> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: personalValueContext(sessionId, placeholder, detector) },
    key,
    encoder.encode(value),
  )
  return {
    placeholder,
    detector,
    algorithm: 'AES-GCM-256',
    iv: bytesToBase64Url(iv),
    ciphertext: bytesToBase64Url(new Uint8Array(ciphertext)),
  }
}
