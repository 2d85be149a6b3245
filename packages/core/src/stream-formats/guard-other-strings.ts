import type { GuardChannels } from './create-guard-channels.ts'
import { guardJsonValue } from './guard-json-value.ts'

/**
 * Guards whole, in place, every string of `value` whose key is not in `keep`: the strings a
 * format filter does not read as a stream (an error's message, an annotation's title, metadata, a
 * field the API added after the filter was written). `keep` holds the keys that are structure
 * (ids, types, names, finish reasons, encrypted or binary data) and the keys whose text a channel
 * already guarded. What a filter does not know is guarded, never passed: a stream guard fails
 * closed. Returns `value` (a string given directly comes back guarded).
 */
export function guardOtherStrings(
  value: unknown,
  channels: GuardChannels,
  keep: ReadonlySet<string>,
): unknown {
  if (typeof value === 'string') return channels.whole(value)
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++)
      value[index] = guardOtherStrings(value[index], channels, keep)
    return value
  }
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>
    for (const key of Object.keys(record))
      if (!keep.has(key)) record[key] = guardOtherStrings(record[key], channels, keep)
  }
  return value
}

/** Keys of an event no filter reads that are structure, never model or user text. */
const looseKeep: ReadonlySet<string> = new Set([
  'type',
  'id',
  'object',
  'created',
  'model',
  'sequence_number',
])

/**
 * An event a format filter does not read (an `error` event, a chunk of an unknown shape, data
 * that is not JSON, a comment), guarded whole: every string of its JSON but its type and ids, or
 * its whole data text; an event with no data (a comment, an `id:`) passes only when it holds
 * nothing to guard, and is dropped otherwise. '' when the guard blocked (`channels.blocked`).
 */
export function guardLooseEvent(
  event: { raw: string; name: string | undefined; data: string | undefined },
  data: unknown,
  channels: GuardChannels,
): string {
  if (event.data === undefined) return channels.whole(event.raw) === event.raw ? `${event.raw}\n\n` : ''
  const name = event.name === undefined ? '' : `event: ${event.name}\n`
  if (data !== undefined) {
    const guarded = guardOtherStrings(data, channels, looseKeep)
    return channels.blocked ? '' : `${name}data: ${JSON.stringify(guarded)}\n\n`
  }
  const text = channels.whole(event.data)
  if (channels.blocked) return ''
  return `${name}${text
    .split('\n')
    .map((line) => `data: ${line}`)
    .join('\n')}\n\n`
}

/**
 * Guards whole every string inside the values of `keys` that are not strings: a field a filter
 * reads as text, sent in another shape (Chat Completions `content` as an array of parts,
 * `arguments` as an object). The filter keeps those keys from {@link guardOtherStrings} for their
 * string form; any other form is guarded here, never passed.
 */
export function guardNonStringFields(
  record: Record<string, unknown>,
  keys: readonly string[],
  channels: GuardChannels,
): void {
  for (const key of keys) {
    const value = record[key]
    if (value !== null && value !== undefined && typeof value !== 'string')
      record[key] = guardJsonValue(value, channels)
  }
}
