import type { LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider'
import type { GuardChannels } from '../stream-formats/create-guard-channels.ts'
import { blockedFinishReason, focalMetadata, noUsage } from './blocked-result.ts'

type Part = LanguageModelV3StreamPart
type DeltaPart = Extract<Part, { type: 'text-delta' | 'reasoning-delta' | 'tool-input-delta' }>
const channelOf: Record<DeltaPart['type'], string> = {
  'text-delta': 'text',
  'reasoning-delta': 'reasoning',
  'tool-input-delta': 'tool',
}
const endOf: Partial<Record<Part['type'], string>> = {
  'text-end': 'text',
  'reasoning-end': 'reasoning',
  'tool-input-end': 'tool',
}

/**
 * A TransformStream over a language model's stream parts: text, reasoning and tool-input deltas
 * run live through one guard per part id (only a possible match's prefix is held back, released
 * before the part's end), a complete `tool-call` carries the guarded input. A block ends the open
 * parts and finishes with `content-filter` (`providerMetadata.focal.code: "stream-blocked"`).
 */
export function guardStreamParts(channels: GuardChannels): TransformStream<Part, Part> {
  const open = new Map<string, Part>()
  let usage: LanguageModelV3Usage = noUsage
  let stopped = false
  const emitRest = (controller: TransformStreamDefaultController<Part>) => (rest: Part) => {
    controller.enqueue(rest)
    return ''
  }
  const end = (controller: TransformStreamDefaultController<Part>) => {
    stopped = true
    for (const [key] of open) {
      const [channel, id = ''] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)]
      controller.enqueue({ type: `${channel === 'tool' ? 'tool-input' : channel}-end`, id } as Part)
    }
    controller.enqueue({
      type: 'finish',
      usage,
      finishReason: blockedFinishReason('stream-blocked'),
      providerMetadata: focalMetadata('stream-blocked'),
    })
    controller.terminate()
  }
  return new TransformStream<Part, Part>({
    transform(part, controller) {
      if (stopped) return
      const emit = emitRest(controller)
      if (part.type === 'text-start' || part.type === 'reasoning-start' || part.type === 'tool-input-start')
        open.set(`${part.type === 'tool-input-start' ? 'tool' : part.type.slice(0, -6)}:${part.id}`, part)
      if (part.type === 'text-delta' || part.type === 'reasoning-delta' || part.type === 'tool-input-delta') {
        const delta = channels.push(`${channelOf[part.type]}:${part.id}`, part.delta, (rest) =>
          emit({ ...part, delta: rest }),
        )
        if (delta) controller.enqueue({ ...part, delta })
        if (channels.blocked) end(controller)
        return
      }
      const ended = endOf[part.type]
      if (ended !== undefined && 'id' in part) {
        channels.closeEvent(`${ended}:${part.id}`)
        if (channels.blocked) return end(controller)
        open.delete(`${ended}:${part.id}`)
      }
      if (part.type === 'finish') {
        usage = part.usage
        channels.closeAll()
        if (channels.blocked) return end(controller)
      }
      if (part.type === 'tool-call') {
        channels.closeEvent(`tool:${part.toolCallId}`)
        const input = channels.released(`tool:${part.toolCallId}`) ?? channels.whole(part.input)
        if (channels.blocked) return end(controller)
        return controller.enqueue({ ...part, input })
      }
      controller.enqueue(part)
    },
    flush(controller) {
      if (stopped) return
      channels.closeAll()
      if (channels.blocked) end(controller)
    },
  })
}
