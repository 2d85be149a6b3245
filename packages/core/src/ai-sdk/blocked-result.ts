import type {
  LanguageModelV3FinishReason,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
  SharedV3ProviderMetadata,
} from '@ai-sdk/provider'

/** Why the middleware stopped a call: the user's message, or the model's output. */
export type FocalBlockCode = 'input-blocked' | 'stream-blocked'

/** `content-filter`, with Focal's code as the raw reason. */
export function blockedFinishReason(code: FocalBlockCode): LanguageModelV3FinishReason {
  return { unified: 'content-filter', raw: code }
}

/** `providerMetadata.focal.code`: how a host tells Focal's block from a provider's content filter. */
export function focalMetadata(code: FocalBlockCode): SharedV3ProviderMetadata {
  return { focal: { code } }
}

const noUsage: LanguageModelV3Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
}

/** The result of a call whose input was blocked: the model is never called. */
export function blockedGenerateResult(): LanguageModelV3GenerateResult {
  return {
    content: [],
    finishReason: blockedFinishReason('input-blocked'),
    usage: noUsage,
    warnings: [],
    providerMetadata: focalMetadata('input-blocked'),
  }
}

/** The stream of a call whose input was blocked: `stream-start`, then a `content-filter` finish. */
export function blockedStreamResult(): LanguageModelV3StreamResult {
  return {
    stream: new ReadableStream({
      start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] })
        controller.enqueue({
          type: 'finish',
          usage: noUsage,
          finishReason: blockedFinishReason('input-blocked'),
          providerMetadata: focalMetadata('input-blocked'),
        })
        controller.close()
      },
    }),
  }
}

export { noUsage }
