/** Options of {@link createBoundedMap}: how long an untouched entry lives and how many are kept. */
export interface BoundedMapOptions {
  /**
   * Milliseconds an entry lives after it was last read or written.
   * @default Number.POSITIVE_INFINITY
   */
  ttlMs?: number
  /**
   * Most entries kept; the least recently used goes first.
   * @default Number.POSITIVE_INFINITY
   */
  maxEntries?: number
  /** Called with the key of each entry the map drops on its own (expired or least recently used). */
  onEvict?: (key: string) => void
  /** Current time in ms. @default Date.now */
  now?: () => number
}

/** A Map bounded by a sliding TTL and an LRU size cap (see {@link createBoundedMap}). */
export interface BoundedMap<Value> {
  get(key: string): Value | undefined
  set(key: string, value: Value): void
  delete(key: string): void
  readonly size: number
}

/**
 * A Map whose entries expire `ttlMs` after their last use and whose size stays under `maxEntries`
 * (least recently used evicted first). Map order is use order, so expired entries are always at
 * the front: every call sweeps them there, in amortised O(1), and memory comes back on the next
 * use after an idle period with no timer (timers do not survive Workers isolates).
 *
 * @example
 * const sessions = createBoundedMap<string>({ ttlMs: 3_600_000, maxEntries: 10_000 })
 */
export function createBoundedMap<Value>({
  ttlMs = Number.POSITIVE_INFINITY,
  maxEntries = Number.POSITIVE_INFINITY,
  onEvict,
  now = Date.now,
}: BoundedMapOptions = {}): BoundedMap<Value> {
  const entries = new Map<string, { value: Value; expiresAt: number }>()
  // With neither bound (the default), no entry expires or is evicted, so the time and the order
  // of use are never read: a read touches nothing and a write only sets.
  const unbounded = ttlMs === Number.POSITIVE_INFINITY && maxEntries === Number.POSITIVE_INFINITY
  const sweep = (time: number) => {
    for (const [key, entry] of entries) {
      if (entry.expiresAt > time) break
      entries.delete(key)
      onEvict?.(key)
    }
  }
  return {
    get(key) {
      if (unbounded) return entries.get(key)?.value
      const time = now()
      sweep(time)
      const entry = entries.get(key)
      if (entry === undefined) return undefined
      // Touch: move to the back (most recently used) with a new expiry.
      entries.delete(key)
      entries.set(key, { value: entry.value, expiresAt: time + ttlMs })
      return entry.value
    },
    set(key, value) {
      if (unbounded) {
        entries.set(key, { value, expiresAt: Number.POSITIVE_INFINITY })
        return
      }
      const time = now()
      sweep(time)
      entries.delete(key)
      entries.set(key, { value, expiresAt: time + ttlMs })
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string
        entries.delete(oldest)
        onEvict?.(oldest)
      }
    },
    delete(key) {
      entries.delete(key)
    },
    get size() {
      sweep(now())
      return entries.size
    },
  }
}
