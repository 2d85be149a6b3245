import { createScanner, type DetectorId } from '@focal/core'
import { createBoundedMap } from '@focal/core/ledger'

/** One session's personal values, encrypted under that session's own key. */
export interface FocalInputVault {
  /** Encrypts and keeps `value` for `placeholder` in the session. */
  put(sessionId: string, placeholder: string, value: string): Promise<void>
  /** The original value, or undefined once the session's key was erased. */
  get(sessionId: string, placeholder: string): Promise<string | undefined>
  /** Crypto-shredding: deletes the session's key, so every ciphertext of it is unreadable for good. */
  erase(sessionId: string): Promise<void>
}

/**
 * The in-memory vault: a random AES-GCM key per session (Web Crypto) and the ciphertexts. Erasing
 * drops the key first; what remains cannot be decrypted by anyone.
 *
 * @example
 * const vault = createMemoryInputVault()
 */
export function createMemoryInputVault(): FocalInputVault {
  const keys = new Map<string, Promise<CryptoKey>>()
  const values = new Map<string, Map<string, { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer }>>()
  const keyOf = (sessionId: string) => {
    let key = keys.get(sessionId)
    if (key === undefined) {
      key = crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
      keys.set(sessionId, key)
    }
    return key
  }
  return {
    async put(sessionId, placeholder, value) {
      const iv = crypto.getRandomValues(new Uint8Array(12))
      const data = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv },
        await keyOf(sessionId),
        new TextEncoder().encode(value),
      )
      const session = values.get(sessionId) ?? new Map()
      session.set(placeholder, { iv, data })
      values.set(sessionId, session)
    },
    async get(sessionId, placeholder) {
      const key = keys.get(sessionId)
      const stored = values.get(sessionId)?.get(placeholder)
      if (key === undefined || stored === undefined) return undefined
      const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: stored.iv }, await key, stored.data)
      return new TextDecoder().decode(plain)
    },
    async erase(sessionId) {
      keys.delete(sessionId)
      values.delete(sessionId)
    },
  }
}

/** Replaces personal values in user input by typed placeholders before the engine sees the text. */
export type FocalInputRail = (sessionId: string, text: string) => Promise<string>

/**
 * The input rail: the definition's detectors (the same ones Lane 1 runs on replies) scan each user
 * text before it reaches the engine, so state, ledger, provenance and the model prompt only ever
 * hold `[CREDIT_CARD_1]`-style placeholders; the values go to the session's vault, encrypted.
 */
export function createInputRail({
  detectors,
  vault,
}: {
  detectors: readonly DetectorId[]
  vault: FocalInputVault
}): FocalInputRail {
  const scanner = createScanner({ detectors })
  // Per-session placeholder numbers, bounded like the app's memory stores.
  const counters = createBoundedMap<number>({ ttlMs: 86_400_000, maxEntries: 100_000 })
  return async (sessionId, text) => {
    const findings = scanner.scan(text).findings
    if (findings.length === 0) return text
    let result = ''
    let from = 0
    for (const finding of [...findings].sort((left, right) => left.start - right.start)) {
      if (finding.start < from) continue
      const counterKey = `${sessionId}\u0000${finding.type}`
      const index = (counters.get(counterKey) ?? 0) + 1
      counters.set(counterKey, index)
      const placeholder = `[${finding.type.toUpperCase().replaceAll('-', '_')}_${index}]`
      await vault.put(sessionId, placeholder, finding.value)
      result += text.slice(from, finding.start) + placeholder
      from = finding.end
    }
    return result + text.slice(from)
  }
}
