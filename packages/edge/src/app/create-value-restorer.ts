import {
  type LedgerStore,
  openPersonalValue,
  type PersonalValueKeyStore,
  type SealedPersonalValue,
} from '@focal/core'
import { sealedValuesOf } from './create-input-rail.ts'

/** A whole placeholder, `[CREDIT_CARD_1]` (`hasPlaceholder` is the stateless test). */
const placeholderPattern = /\[[A-Z][A-Z0-9_]*_[1-9][0-9]*\]/gu
const hasPlaceholder = /\[[A-Z][A-Z0-9_]*_[1-9][0-9]*\]/u
/** What may still become a placeholder at the end of a delta: `[`, `[EMA`, `[EMAIL_ADDRESS_1`. */
const openTail = /\[[A-Z0-9_]*$/u
/** The longest tail held back; a longer `[…` run is no placeholder of ours and is released. */
export const maxHeldPlaceholderLength = 48

/** Restores one text part as it streams: holds back only a possible placeholder prefix. */
export interface FocalRestoringStream {
  /** Feed a delta; resolves the text that can go out now (maybe ''). */
  push(delta: string): Promise<string>
  /** End of the part: what was held back, restored where it is whole. */
  flush(): Promise<string>
}

/** Restores one session's allowed placeholders in reply text on its way to that session's client. */
export interface FocalValueRestorer {
  /** A whole text. */
  restore(text: string): Promise<string>
  /** A new stream for one text part. */
  createStream(): FocalRestoringStream
}

/** Options of {@link createValueRestorer}. */
export interface CreateValueRestorerOptions {
  sessionId: string
  /** Where the session's sealed values are. */
  ledgerStore: LedgerStore
  keyStore: PersonalValueKeyStore
  /** Detector types the definition allows back (`settings.inputRails.restore`). */
  restorable: readonly string[]
  /**
   * Whether the reply checks let this value through on its own (the app's global Lane 1 check and
   * stream guard): a value they would redact or block is never restored.
   */
  isReleasable(value: string): boolean | Promise<boolean>
}

/**
 * The Deanonymize step (LLM Guard): a reply's placeholder of this session whose detector the
 * definition allows is replaced by the value, opened with the session's key from its sealed
 * ledger record. Runs only on the way out, after enforcement; unknown, other sessions', shredded,
 * ambiguous (sealed twice) or unreleasable placeholders stay as they are. The ledger is read once,
 * on the first whole placeholder.
 *
 * @example
 * const restorer = createValueRestorer({ sessionId, ledgerStore, keyStore, restorable: ['email'], isReleasable })
 * await restorer.restore('Sent to [EMAIL_ADDRESS_1].') // 'Sent to jane@example.com.'
 */
export function createValueRestorer(options: CreateValueRestorerOptions): FocalValueRestorer {
  let values: Promise<Map<string, string>> | undefined
  const load = async () => {
    const { sessionId, keyStore, restorable } = options
    const sealed = sealedValuesOf(await options.ledgerStore.list(sessionId))
    const seen = new Map<string, SealedPersonalValue[]>()
    for (const value of sealed) seen.set(value.placeholder, [...(seen.get(value.placeholder) ?? []), value])
    const key = await keyStore.get(sessionId)
    const result = new Map<string, string>()
    if (key === undefined) return result
    for (const [placeholder, [only, ...others]] of seen) {
      // Sealed twice (racing writers without a session lock): which value is meant is unknown.
      if (only === undefined || others.length > 0 || !restorable.includes(only.detector)) continue
      const value = await openPersonalValue({ key, sessionId, sealed: only })
      if (value !== undefined && (await options.isReleasable(value))) result.set(placeholder, value)
    }
    return result
  }
  const restore = async (text: string) => {
    if (!hasPlaceholder.test(text)) return text
    values ??= load()
    const known = await values
    return text.replaceAll(placeholderPattern, (placeholder) => known.get(placeholder) ?? placeholder)
  }
  return {
    restore,
    createStream() {
      let held = ''
      return {
        async push(delta) {
          const text = held + delta
          const tail = openTail.exec(text)
          const cut = tail !== null && tail[0].length < maxHeldPlaceholderLength ? tail.index : text.length
          held = text.slice(cut)
          return restore(text.slice(0, cut))
        },
        async flush() {
          const rest = held
          held = ''
          return restore(rest)
        },
      }
    },
  }
}
