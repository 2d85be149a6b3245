/**
 * The number rule. JS has one number type; CEL has `int` and `double` and refuses `double + int`.
 * So a JS number that holds an integer (`Number.isSafeInteger`) becomes a CEL `int` (bigint) and
 * any other number stays a `double`. `amount + 1 == 501` with `amount: 500` is therefore true,
 * and mixed `int`/`double` arithmetic is registered on the environment (`500 + 0.5 == 500.5`).
 * Arrays and plain objects are converted deeply; `undefined` fields are dropped (so they read as
 * missing, which fails a check). Results go the other way through `fromCelValue`.
 */
export function toCelValue(value: unknown): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(toCelValue)
  if (value instanceof Date || value instanceof Uint8Array || value instanceof Map) return value
  const converted: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key]
    if (field !== undefined) converted[key] = toCelValue(field)
  }
  return converted
}

/** Converts a CEL result back to plain JS: safe bigints become numbers, collections deeply. */
export function fromCelValue(value: unknown): unknown {
  if (typeof value === 'bigint') {
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value
  }
  if (Array.isArray(value)) return value.map(fromCelValue)
  if (value instanceof Map) {
    const plain: Record<string, unknown> = {}
    for (const [key, field] of value) plain[String(key)] = fromCelValue(field)
    return plain
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const plain: Record<string, unknown> = {}
    for (const [key, field] of Object.entries(value)) plain[key] = fromCelValue(field)
    return plain
  }
  return value
}
