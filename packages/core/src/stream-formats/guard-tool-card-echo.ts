import { spellsOutCard, toolCards } from '../enforcement/spelled-card-echo.ts'
import type { FocalStreamGuard } from '../enforcement/stream-guard.ts'
import type { CreateStreamGuard } from './types.ts'

/**
 * The tool results a model API request carries back to the model, in any format the stream
 * guard reads: Chat Completions `tool` (and legacy `function`) messages, Responses
 * `function_call_output` (and custom tool) items, Anthropic `tool_result` blocks and AI SDK UI
 * message tool parts' `output`. Anything else in the body is not a tool result.
 */
export function requestToolResults(body: unknown): unknown[] {
  if (typeof body !== 'object' || body === null) return []
  const { messages, input } = body as { messages?: unknown; input?: unknown }
  const results: unknown[] = []
  for (const message of Array.isArray(messages) ? messages : []) {
    if (typeof message !== 'object' || message === null) continue
    const { role, content, parts } = message as { role?: unknown; content?: unknown; parts?: unknown }
    // Chat Completions: the tool's answer is the message's content.
    if (role === 'tool' || role === 'function') results.push(content)
    // Anthropic Messages: `tool_result` blocks in a user message.
    if (Array.isArray(content))
      for (const block of content)
        if (isObject(block) && block.type === 'tool_result') results.push(block.content)
    // AI SDK UI messages: a tool part (`tool-<name>`, `dynamic-tool`) holds its output.
    if (Array.isArray(parts))
      for (const part of parts)
        if (
          isObject(part) &&
          typeof part.type === 'string' &&
          (part.type.startsWith('tool-') || part.type === 'dynamic-tool')
        )
          results.push(part.output)
  }
  // OpenAI Responses: output items of tool calls in the input list.
  for (const item of Array.isArray(input) ? input : [])
    if (isObject(item) && typeof item.type === 'string' && item.type.endsWith('_call_output'))
      results.push(item.output)
  return results
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * Guards a model's reply against echoing a card number its tool results hold, spelled out past
 * the detectors ("four one one one, …", or its groups split by other words): when the request
 * body (`requestBody`, parsed JSON) carries a tool result with a card, each channel's text is held
 * whole, released only when the whole does not spell one of those cards, and blocked when it does
 * (the engine holds such a turn the same way). Without a card in the tool results the guards are
 * `createGuard`'s, streamed live.
 *
 * @example
 * const createGuard = guardToolCardEcho(() => createStreamRedactor(), await request.clone().json())
 * const guarded = await guardModelResponse(await fetch(upstream, init), { createGuard })
 */
export function guardToolCardEcho(createGuard: CreateStreamGuard, requestBody: unknown): CreateStreamGuard {
  const cards = toolCards({ tool: requestToolResults(requestBody) })
  if (cards.length === 0) return createGuard
  return () => holdUnlessSpelled(createGuard(), cards)
}

/** `guard`, its released text held until the end and blocked when it spells out one of `cards`. */
function holdUnlessSpelled(guard: FocalStreamGuard, cards: readonly string[]): FocalStreamGuard {
  let held = ''
  let block: { type: 'blocked'; findings: Array<{ type: string; start: number; end: number }> } | undefined
  return {
    push(chunk) {
      if (block === undefined) held += guard.push(chunk)
      return ''
    },
    flush() {
      if (block !== undefined) return ''
      held += guard.flush()
      if (guard.blocked() !== undefined) return ''
      if (!spellsOutCard(held, cards)) return held
      block = { type: 'blocked', findings: [{ type: 'credit-card', start: 0, end: held.length }] }
      return ''
    },
    findings: () => [...guard.findings(), ...(block?.findings ?? [])],
    blocked: () => guard.blocked() ?? block,
  }
}
