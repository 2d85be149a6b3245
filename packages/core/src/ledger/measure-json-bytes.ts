const encoder = new TextEncoder()

/**
 * The UTF-8 bytes of a value's JSON text: what a memory store holds for it, near enough to bound a
 * session by. A value JSON cannot write (a cycle) counts as 0.
 */
export function measureJsonBytes(value: unknown): number {
  try {
    return encoder.encode(JSON.stringify(value) ?? '').length
  } catch {
    return 0
  }
}
