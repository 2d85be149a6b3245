/** Thrown inside {@link cloneStoredValue}'s walk when the value is not plain JSON-like data. */
const notPlain = Symbol('not plain data')

/** Beyond this depth the walk assumes a cycle and hands the value to `structuredClone`. */
const maxPlainDepth = 64

/**
 * A deep copy for the in-memory stores: plain objects, arrays and primitives are copied by a
 * direct walk (several times faster than `structuredClone` on small records); anything else
 * (dates, maps, class instances, cycles, `__proto__` keys) goes through `structuredClone`, so
 * the result is always a copy the caller cannot use to edit what is stored.
 */
export function cloneStoredValue<Value>(value: Value): Value {
  try {
    return copyPlain(value, 0) as Value
  } catch (error) {
    if (error === notPlain) return structuredClone(value)
    throw error
  }
}

function copyPlain(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'function' || typeof value === 'symbol') throw notPlain
    return value
  }
  if (depth > maxPlainDepth) throw notPlain
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) throw notPlain
    const copy = new Array<unknown>(value.length)
    for (let index = 0; index < value.length; index++) {
      if (!(index in value)) throw notPlain
      copy[index] = copyPlain(value[index], depth + 1)
    }
    return copy
  }
  const prototype = Object.getPrototypeOf(value) as unknown
  if (prototype !== Object.prototype && prototype !== null) throw notPlain
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    if (key === '__proto__') throw notPlain
    copy[key] = copyPlain((value as Record<string, unknown>)[key], depth + 1)
  }
  return copy
}
