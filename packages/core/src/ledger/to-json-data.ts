import { FocalError } from '../errors/focal-error.ts'

/**
 * The value exactly as `JSON.parse(JSON.stringify(value))` would return it (undefined members
 * dropped, undefined array items and non-finite numbers as null, -0 as 0, `toJSON` applied, boxed
 * primitives unwrapped), built in one walk instead of a text round trip. Throws a `TypeError`
 * where `JSON.stringify` does (cycles, bigint) and returns undefined for a value with no JSON form.
 */
export function toJsonData(value: unknown): unknown {
  return convert(value, '', [])
}

/** `key` is the member name or array index; turned into the string `toJSON` receives only when called. */
function convert(value: unknown, key: string | number, ancestors: object[]): unknown {
  let current = value
  if (typeof current === 'object' && current !== null) {
    const toJson = (current as { toJSON?: unknown }).toJSON
    if (typeof toJson === 'function')
      current = (toJson as (key: string) => unknown).call(current, String(key))
  }
  switch (typeof current) {
    case 'string':
    case 'boolean':
      return current
    case 'number':
      // JSON has no -0: the text round trip reads it back as 0.
      return Number.isFinite(current) ? (current === 0 ? 0 : current) : null
    case 'bigint':
      throw new FocalError({ code: 'invalid-argument', message: 'a BigInt has no JSON form' })
    case 'object':
      return current === null ? null : convertObject(current, ancestors)
    default:
      return undefined
  }
}

function convertObject(object: object, ancestors: object[]): unknown {
  if (object instanceof Number || object instanceof String || object instanceof Boolean)
    return convert(object.valueOf(), '', ancestors)
  if (ancestors.includes(object))
    throw new FocalError({ code: 'invalid-argument', message: 'a circular structure has no JSON form' })
  ancestors.push(object)
  let result: unknown
  if (Array.isArray(object)) {
    const items = new Array<unknown>(object.length)
    for (let index = 0; index < object.length; index++)
      items[index] = convert(object[index], index, ancestors) ?? null
    result = items
  } else {
    const members: Record<string, unknown> = {}
    for (const key of Object.keys(object)) {
      const member = convert((object as Record<string, unknown>)[key], key, ancestors)
      if (member === undefined) continue
      if (key === '__proto__')
        Object.defineProperty(members, key, {
          value: member,
          enumerable: true,
          writable: true,
          configurable: true,
        })
      else members[key] = member
    }
    result = members
  }
  ancestors.pop()
  return result
}
