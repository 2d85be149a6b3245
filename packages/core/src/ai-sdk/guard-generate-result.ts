import type { LanguageModelV3Content, LanguageModelV3GenerateResult } from '@ai-sdk/provider'
import type { GuardChannels } from '../stream-formats/create-guard-channels.ts'
import { blockedFinishReason, focalMetadata } from './blocked-result.ts'

/**
 * A `doGenerate` result with its text, reasoning and tool-call inputs guarded whole; once blocked,
 * no content is left and the finish reason is `content-filter`.
 */
export function guardGenerateResult(
  result: LanguageModelV3GenerateResult,
  channels: GuardChannels,
): LanguageModelV3GenerateResult {
  const content = result.content.map((part): LanguageModelV3Content => {
    if (part.type === 'text' || part.type === 'reasoning') return { ...part, text: channels.whole(part.text) }
    if (part.type === 'tool-call') return { ...part, input: channels.whole(part.input) }
    return part
  })
  if (!channels.blocked) return { ...result, content }
  return {
    ...result,
    content: [],
    finishReason: blockedFinishReason('stream-blocked'),
    providerMetadata: { ...result.providerMetadata, ...focalMetadata('stream-blocked') },
  }
}
