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
  try {
    // Fast path: a key-sorted copy written by the native JSON.stringify.
    return JSON.stringify(sortedCopy(value)) ?? 'null'
  } catch (error) {
    if (error !== digitKey) throw error
    return serialise(value) ?? 'null'
  }
}

/** Thrown by {@link sortedCopy} on a key starting with a digit: engines order integer-like keys first, not by code unit. */
const digitKey = Symbol('digit key')

/**
 * The value with every object's keys in sorted order, `toJSON` applied and bigints as strings.
 * Copy on write: an object whose keys are already in order and whose members need no change is
 * returned as it is (zod's output of the ledger schemas, declared with `sortedObject`, always is),
 * so only what must change is copied.
 */
function sortedCopy(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (typeof value !== 'object' || value === null) return value
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return sortedCopy((value as { toJSON: () => unknown }).toJSON())
  return Array.isArray(value) ? sortedItems(value) : sortedMembers(value as Record<string, unknown>)
}

function sortedItems(items: readonly unknown[]): readonly unknown[] {
  let copy: unknown[] | undefined
  for (let index = 0; index < items.length; index++) {
    const item = items[index]
    const sorted = sortedCopy(item)
    if (sorted === item) continue
    copy ??= Array.from(items)
    copy[index] = sorted
  }
  return copy ?? items
}

function sortedMembers(object: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(object)
  let inOrder = true
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!
    const first = key.charCodeAt(0)
    if ((first >= 48 && first <= 57) || key === '__proto__') throw digitKey
    if (index > 0 && keys[index - 1]! > key) inOrder = false
  }
  if (!inOrder) keys.sort()
  let copy: Record<string, unknown> | undefined = inOrder ? undefined : {}
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!
    const member = object[key]
    const sorted = sortedCopy(member)
    if (copy === undefined && sorted !== member) {
      copy = {}
      for (let before = 0; before < index; before++) copy[keys[before]!] = object[keys[before]!]
    }
    if (copy !== undefined) copy[key] = sorted
  }
  return copy ?? object
}

function serialise(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value)
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null'
    case 'boolean':
      return value ? 'true' : 'false'
    case 'bigint':
      return JSON.stringify(value.toString())
    case 'object': {
      if (value === null) return 'null'
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
        return serialise((value as { toJSON: () => unknown }).toJSON())
      return Array.isArray(value) ? serialiseArray(value) : serialiseObject(value as Record<string, unknown>)
    }
    default:
      // undefined, functions and symbols have no JSON form (JSON.stringify drops them too).
      return undefined
  }
}

// Both serialisers build the text by concatenation: no intermediate arrays per object.
function serialiseArray(items: readonly unknown[]): string {
  let text = '['
  for (let index = 0; index < items.length; index++) {
    if (index > 0) text += ','
    text += serialise(items[index]) ?? 'null'
  }
  return `${text}]`
}

function serialiseObject(object: Record<string, unknown>): string {
  const keys = Object.keys(object)
  if (keys.length > 1) keys.sort()
  let text = '{'
  for (const key of keys) {
    const member = serialise(object[key])
    if (member === undefined) continue
    if (text.length > 1) text += ','
    text += `${JSON.stringify(key)}:${member}`
  }
  return `${text}}`
}
