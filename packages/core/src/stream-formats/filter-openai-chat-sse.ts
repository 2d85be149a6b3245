import { createGuardChannels } from './create-guard-channels.ts'
import { asRecord, encodeSseEvent } from './encode-sse-event.ts'
import { guardJsonValue } from './guard-json-value.ts'
import { guardLooseEvent, guardNonStringFields, guardOtherStrings } from './guard-other-strings.ts'
import type { CreateStreamGuard, SseEvent, SseFormatFilter } from './types.ts'

/** Text fields of a Chat Completions delta (`reasoning_content`: OpenAI-compatible reasoning models). */
const textFields = ['content', 'reasoning_content', 'reasoning', 'refusal'] as const
/** The text fields of a Chat Completions message or delta. */
export const chatTextFields: readonly string[] = textFields

/** A Mistral `thinking` content part holding `text`. */
const thinkingPart = (text: string) => ({ type: 'thinking', thinking: [{ type: 'text', text }] })

type Choice = Record<string, unknown> & { index?: number; delta?: Record<string, unknown> }

/**
 * Keys of a completion or a chunk that are structure (ids, model, finish reasons, a function's
 * name, base64 audio), or whose text is guarded on its own: every other string (an annotation's title and URL, a
 * field added later) is guarded whole.
 */
export const chatKeep: ReadonlySet<string> = new Set([
  'id',
  'object',
  'created',
  'model',
  'index',
  'role',
  'type',
  'name',
  'finish_reason',
  'logprobs',
  'data',
  'expires_at',
  ...textFields,
  'arguments',
  'text',
])
/** {@link chatKeep} and an audio reply's transcript, which a stream guards as a channel. */
const chunkKeep: ReadonlySet<string> = new Set([...chatKeep, 'transcript'])

/**
 * Guards OpenAI Chat Completions SSE: per choice, `delta.content` (and reasoning, refusal), each
 * tool call's `function.arguments` deltas (and the functions API's `function_call.arguments`) and
 * a legacy completion's `text` run through their own guard; `logprobs` are removed (they repeat
 * the reply token by token, where no guard reads it whole). Held text is released in
 * the choice's `finish_reason` chunk, or in chunks of its own before `[DONE]`; a block ends the
 * stream with a `finish_reason: "content_filter"` chunk per choice and `[DONE]`.
 */
export function filterOpenAiChatSse(createGuard: CreateStreamGuard): SseFormatFilter {
  const channels = createGuardChannels(createGuard)
  const choiceIndexes = new Set<number>()
  // Choices whose finish chunk released their held text: text sent for them later could complete
  // an item across that release (a client joins it), so it is not sent.
  const finished = new Set<number>()
  let template: Record<string, unknown> = {}
  let stopped = false
  const chunk = (index: number, delta: Record<string, unknown>, finishReason: string | null) =>
    encodeSseEvent(undefined, { ...template, choices: [{ index, delta, finish_reason: finishReason }] })
  const toolDelta = (toolIndex: number, rest: string) => ({
    tool_calls: [{ index: toolIndex, function: { arguments: rest } }],
  })
  /**
   * Text streamed as an array of content parts (Mistral's reasoning models: `text` parts and
   * `thinking` parts of `text` parts, which its clients join across chunks): each kind of part
   * through its own channel, as a string field would be; any other part's strings whole.
   */
  const guardPartsDelta = (index: number, field: string, parts: unknown[]) =>
    parts.map((part) => {
      const record = asRecord(part)
      if (record?.type === 'text' && typeof record.text === 'string')
        return {
          ...record,
          text: channels.push(`${index}:${field}`, record.text, (rest) =>
            chunk(index, { [field]: rest }, null),
          ),
        }
      if (record?.type === 'thinking' && Array.isArray(record.thinking))
        return {
          ...record,
          thinking: record.thinking.map((inner) => {
            const text = asRecord(inner)
            if (text?.type !== 'text' || typeof text.text !== 'string') return guardJsonValue(inner, channels)
            return {
              ...text,
              text: channels.push(`${index}:${field}:thinking`, text.text, (rest) =>
                chunk(index, { [field]: [thinkingPart(rest)] }, null),
              ),
            }
          }),
        }
      return guardJsonValue(part, channels)
    })
  const guardDelta = (index: number, delta: Record<string, unknown>) => {
    for (const field of textFields) {
      const parts = delta[field]
      if (Array.isArray(parts)) delta[field] = guardPartsDelta(index, field, parts)
    }
    // Text sent in another shape than a string or parts: every string in it, whole.
    guardNonStringFields(delta, textFields, channels)
    for (const field of textFields) {
      const text = delta[field]
      if (typeof text === 'string')
        delta[field] = channels.push(`${index}:${field}`, text, (rest) =>
          chunk(index, { [field]: rest }, null),
        )
    }
    // An audio reply's transcript streams like its text (GPT-4o audio).
    const audio = asRecord(delta.audio)
    if (audio && typeof audio.transcript === 'string')
      audio.transcript = channels.push(`${index}:audio`, audio.transcript, (rest) =>
        chunk(index, { audio: { transcript: rest } }, null),
      )
    // The functions API's one call (`function_call`, before `tool_calls`): its arguments too.
    const legacy = asRecord(delta.function_call)
    if (legacy) guardNonStringFields(legacy, ['arguments'], channels)
    if (legacy && typeof legacy.arguments === 'string')
      legacy.arguments = channels.push(
        `${index}:function_call`,
        legacy.arguments,
        (rest) => chunk(index, { function_call: { arguments: rest } }, null),
        { json: true },
      )
    if (!Array.isArray(delta.tool_calls)) return
    for (const call of delta.tool_calls as Array<Record<string, unknown>>) {
      const toolIndex = typeof call.index === 'number' ? call.index : 0
      const fn = asRecord(call.function)
      if (fn) guardNonStringFields(fn, ['arguments'], channels)
      if (fn && typeof fn.arguments === 'string')
        fn.arguments = channels.push(
          `${index}:tool:${toolIndex}`,
          fn.arguments,
          (rest) => chunk(index, toolDelta(toolIndex, rest), null),
          { json: true },
        )
    }
  }
  /** Held text of a finishing choice goes into its finish chunk, after the text it already carries. */
  const releaseInto = (index: number, choice: Choice, delta: Record<string, unknown>) => {
    for (const key of channels.openKeys()) {
      if (!key.startsWith(`${index}:`)) continue
      const rest = channels.close(key)
      if (!rest) continue
      const [, kind, toolIndex] = key.split(':')
      if (kind === 'text') choice.text = `${(choice.text as string | undefined) ?? ''}${rest}`
      else if (kind !== 'tool' && (toolIndex === 'thinking' || Array.isArray(delta[kind!]))) {
        // Content parts (or a thinking part's held rest): one more part, in the parts' own shape.
        const before = delta[kind!]
        const parts = Array.isArray(before)
          ? before
          : typeof before === 'string' && before !== ''
            ? [{ type: 'text', text: before }]
            : []
        parts.push(toolIndex === 'thinking' ? thinkingPart(rest) : { type: 'text', text: rest })
        delta[kind!] = parts
      } else if (kind === 'audio') {
        const audio = asRecord(delta.audio) ?? {}
        audio.transcript = `${(audio.transcript as string | undefined) ?? ''}${rest}`
        delta.audio = audio
      } else if (kind === 'function_call') {
        const legacy = asRecord(delta.function_call) ?? {}
        legacy.arguments = `${(legacy.arguments as string | undefined) ?? ''}${rest}`
        delta.function_call = legacy
      } else if (kind !== 'tool') delta[kind!] = `${(delta[kind!] as string | undefined) ?? ''}${rest}`
      else {
        if (!Array.isArray(delta.tool_calls)) delta.tool_calls = []
        const calls = delta.tool_calls as Array<Record<string, unknown>>
        const call = calls.find((entry) => entry.index === Number(toolIndex))
        const fn = asRecord(call?.function)
        if (fn) fn.arguments = `${(fn.arguments as string | undefined) ?? ''}${rest}`
        else calls.push(toolDelta(Number(toolIndex), rest).tool_calls[0]!)
      }
    }
  }
  const blockedEnd = () =>
    `${[...choiceIndexes].map((index) => chunk(index, {}, 'content_filter')).join('')}data: [DONE]\n\n`
  return {
    get stopped() {
      return stopped
    },
    event(event: SseEvent, data: unknown) {
      if (stopped) return ''
      if (event.data === '[DONE]') {
        const output = channels.closeAll()
        stopped = channels.blocked
        return stopped ? `${output}${blockedEnd()}` : `${output}data: [DONE]\n\n`
      }
      const parsed = asRecord(data)
      if (!parsed || !Array.isArray(parsed.choices)) {
        // A mid-stream error (`{"error":{"message":…}}`, which often repeats the user's input),
        // a chunk of another shape, data that is not JSON: guarded whole, never passed.
        const guarded = guardLooseEvent(event, data, channels)
        if (!channels.blocked) return guarded
        stopped = true
        return `${channels.closeAll()}${blockedEnd()}`
      }
      // Before the template is taken: a string the chunk carries beside its text is guarded in
      // every chunk built from it.
      guardOtherStrings(parsed, channels, chunkKeep)
      const { choices: _choices, usage: _usage, ...rest } = parsed
      template = rest
      for (const choice of parsed.choices as Choice[]) {
        const index = typeof choice.index === 'number' ? choice.index : 0
        choiceIndexes.add(index)
        if (finished.has(index)) {
          choice.delta = {}
          if (typeof choice.text === 'string') choice.text = ''
        }
        // Log probabilities repeat the reply token by token, where no guard reads it whole: the
        // guarded stream has none (a card's digits were readable in them beside [CREDIT_CARD]).
        if (choice.logprobs != null) choice.logprobs = null
        // A legacy completion (`/v1/completions`) streams `text` per choice, not a delta.
        guardNonStringFields(choice, ['text'], channels)
        if (typeof choice.text === 'string')
          choice.text = channels.push(`${index}:text`, choice.text, (rest) =>
            encodeSseEvent(undefined, { ...template, choices: [{ index, text: rest, finish_reason: null }] }),
          )
        else if (!asRecord(choice.delta)) choice.delta = {}
        const delta = (asRecord(choice.delta) ?? {}) as Record<string, unknown>
        guardDelta(index, delta)
        if (choice.finish_reason != null && !channels.blocked) {
          releaseInto(index, choice, delta)
          finished.add(index)
        }
      }
      if (channels.blocked) {
        stopped = true
        for (const choice of parsed.choices as Choice[]) choice.finish_reason = null
        return `${encodeSseEvent(undefined, parsed)}${blockedEnd()}`
      }
      return encodeSseEvent(undefined, parsed)
    },
    end() {
      if (stopped) return ''
      const output = channels.closeAll()
      if (channels.blocked) {
        stopped = true
        return blockedEnd()
      }
      return output
    },
  }
}
