/**
 * Serialises a JSON value canonically: object keys sorted by UTF-16 code units, no whitespace,
 * numbers and strings exactly as `JSON.stringify` writes them, `undefined` object members dropped
 * and `undefined` array items written as `null` (as `JSON.stringify` does). For JSON data this is
 * the JSON Canonicalization Scheme (RFC 8785), so a record hashed before a JSON round trip through
 * any store hashes the same after it.
 *
 * @example
 * canonicalJson({ b: 1, a: [true, 'x'] }) // '{"a":[true,"x"],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return serialise(value) ?? 'null'
}

function serialise(value: unknown): string | undefined {
  if (value === null) return 'null'
  if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return serialise((value as { toJSON: () => unknown }).toJSON())
  }
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value)
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null'
    case 'boolean':
      return value ? 'true' : 'false'
    case 'bigint':
      return JSON.stringify(value.toString())
    case 'object':
      return Array.isArray(value) ? serialiseArray(value) : serialiseObject(value as Record<string, unknown>)
    default:
      // undefined, functions and symbols have no JSON form (JSON.stringify drops them too).
      return undefined
  }
}

function serialiseArray(items: readonly unknown[]): string {
  return `[${items.map((item) => serialise(item) ?? 'null').join(',')}]`
}

function serialiseObject(object: Record<string, unknown>): string {
  const members: string[] = []
  for (const key of Object.keys(object).sort()) {
    const member = serialise(object[key])
    if (member !== undefined) members.push(`${JSON.stringify(key)}:${member}`)
  }
  return `{${members.join(',')}}`
}
