import type { GuardChannels } from './create-guard-channels.ts'

/**
 * Every string inside a JSON value (object keys excluded) through its own whole-text guard: for
 * parsed tool inputs and outputs, data parts and JSON bodies of an unknown shape.
 */
export function guardJsonValue(value: unknown, channels: GuardChannels): unknown {
  if (typeof value === 'string') return channels.whole(value)
  if (Array.isArray(value)) return value.map((item) => guardJsonValue(item, channels))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, guardJsonValue(item, channels)]),
    )
  }
  return value
}
