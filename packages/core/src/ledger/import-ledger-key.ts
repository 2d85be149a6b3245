import { FocalError } from '../errors/focal-error.ts'

/**
 * The host secret of a keyed ledger: an HMAC SHA-256 `CryptoKey` with the `sign` usage (it may be
 * non-extractable), or the secret itself as a string (UTF-8) or bytes, at least 32 bytes long.
 */
export type LedgerKey = CryptoKey | string | Uint8Array

/** Shortest secret accepted: HMAC-SHA-256 is only as strong as a key of its 32-byte output. */
const minimumKeyBytes = 32

function isCryptoKey(key: LedgerKey): key is CryptoKey {
  return typeof key === 'object' && !ArrayBuffer.isView(key) && 'algorithm' in key && 'usages' in key
}

function invalidKey(option: string, problem: string): FocalError {
  return new FocalError({ code: 'invalid-argument', message: `${option} ${problem}` })
}

function checkCryptoKey(key: CryptoKey, option: string): void {
  const algorithm = key.algorithm as Partial<HmacKeyAlgorithm>
  if (algorithm.name !== 'HMAC' || algorithm.hash?.name !== 'SHA-256') {
    const actual = [algorithm.name, algorithm.hash?.name].filter(Boolean).join(' ') || 'an unknown algorithm'
    throw invalidKey(option, `must be an HMAC SHA-256 CryptoKey, not ${actual}`)
  }
  if (!key.usages.includes('sign')) throw invalidKey(option, 'must be a CryptoKey with the "sign" usage')
  if ((algorithm.length ?? 0) < minimumKeyBytes * 8)
    throw invalidKey(option, `needs at least ${minimumKeyBytes} bytes (got ${(algorithm.length ?? 0) / 8})`)
}

/**
 * Checks a {@link LedgerKey} at once (throwing `FocalError` `invalid-argument` that names
 * `option`) and imports it for HMAC-SHA-256 signing through Web Crypto.
 *
 * @example
 * const key = await importLedgerKey(env.FOCAL_LEDGER_KEY, 'createLedger: option "key"')
 */
export function importLedgerKey(key: LedgerKey, option: string): Promise<CryptoKey> {
  if (isCryptoKey(key)) {
    checkCryptoKey(key, option)
    return Promise.resolve(key)
  }
  if (typeof key !== 'string' && !(key instanceof Uint8Array))
    throw invalidKey(option, 'must be a CryptoKey, a string or a Uint8Array')
  const bytes = typeof key === 'string' ? new TextEncoder().encode(key) : new Uint8Array(key)
  if (bytes.byteLength < minimumKeyBytes)
    throw invalidKey(option, `needs at least ${minimumKeyBytes} bytes (got ${bytes.byteLength})`)
  const imported = crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  // Callers await it later; a rejection meanwhile must not surface as unhandled.
  imported.catch(() => undefined)
  return imported
}
