import type { GuardChannels } from './create-guard-channels.ts'
import { asRecord } from './encode-sse-event.ts'
import { guardJsonValue } from './guard-json-value.ts'

/** True for a channel key (`<delta kind>|…`) whose text is raw JSON: function and MCP call arguments. */
export const isJsonKey = (key: string): boolean => /^(?:function|mcp)_call_arguments\|/u.test(key)

/** Guards one text of an item: `key` names its channel (`<delta kind>|<item id>|<index>`). */
export type SettleText = (key: string, original: string) => string

/** The single text field of each OpenAI Responses tool-like item, and the delta kind that streams it. */
const itemTextFields: Record<string, { field: string; kind: string }> = {
  function_call: { field: 'arguments', kind: 'function_call_arguments' },
  mcp_call: { field: 'arguments', kind: 'mcp_call_arguments' },
  custom_tool_call: { field: 'input', kind: 'custom_tool_call_input' },
  code_interpreter_call: { field: 'code', kind: 'code_interpreter_call_code' },
}

function guardParts(parts: unknown, id: string, settle: SettleText, kindOf: (type: unknown) => string) {
  if (!Array.isArray(parts)) return
  parts.forEach((part: Record<string, unknown>, index) => {
    const field = part.type === 'refusal' ? 'refusal' : 'text'
    const text = part[field]
    if (typeof text === 'string') part[field] = settle(`${kindOf(part.type)}|${id}|${index}`, text)
  })
}

/**
 * Guards the model text of one OpenAI Responses output item in place (message text and refusals,
 * tool-call arguments and inputs, reasoning text and summaries); an item of another type has every
 * string but its identity guarded. Returns the item.
 */
export function guardResponsesItem(
  value: unknown,
  settle: SettleText,
  channels: GuardChannels,
): Record<string, unknown> {
  const item = asRecord(value) ?? {}
  const id = String(item.id ?? '')
  const toolField = itemTextFields[String(item.type)]
  if (item.type === 'message')
    guardParts(item.content, id, settle, (type) => (type === 'refusal' ? 'refusal' : 'output_text'))
  else if (item.type === 'reasoning') {
    guardParts(item.summary, id, settle, () => 'reasoning_summary_text')
    guardParts(item.content, id, settle, () => 'reasoning_text')
  } else if (toolField) {
    const text = item[toolField.field]
    if (typeof text === 'string') item[toolField.field] = settle(`${toolField.kind}|${id}|0`, text)
  } else {
    for (const [key, field] of Object.entries(item))
      if (key !== 'id' && key !== 'type' && key !== 'status') item[key] = guardJsonValue(field, channels)
  }
  return item
}
