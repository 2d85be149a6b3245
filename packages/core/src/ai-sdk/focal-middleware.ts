import type { LanguageModelV3CallOptions, LanguageModelV3Middleware } from '@ai-sdk/provider'
import { createDefinitionStreamGuard } from '../enforcement/create-definition-stream-guard.ts'
import { createStreamRedactor } from '../enforcement/create-stream-redactor.ts'
import type { FocalStreamGuard } from '../enforcement/stream-guard.ts'
import type { StreamRedactorOptions } from '../enforcement/types.ts'
import { createGuardChannels } from '../stream-formats/create-guard-channels.ts'
import { blockedGenerateResult, blockedStreamResult } from './blocked-result.ts'
import { guardGenerateResult } from './guard-generate-result.ts'
import { guardPrompt } from './guard-prompt.ts'
import { guardStreamParts } from './guard-stream-parts.ts'

/** Where the middleware's Lane 1 guard comes from. */
export type FocalGuardSource =
  /** An agent definition: items of `redact` rules are replaced, any other Lane 1 item blocks. */
  | { definition: string | object }
  /** Scanners: `redact` replaces each item, `block` stops at the first one. */
  | { scan?: Omit<StreamRedactorOptions, 'mode'>; mode?: 'redact' | 'block' }
  /** Your own guard per content channel (e.g. an enforcer's `createStream`). */
  | { createGuard: () => FocalStreamGuard }

/** Options of {@link focalMiddleware}: the guard's source, and which side it guards. */
export type FocalMiddlewareOptions = FocalGuardSource & {
  /**
   * Guard the user's messages before the model sees them (redacted, or the call blocked without
   * calling the model).
   * @default true
   */
  guardInput?: boolean
  /**
   * Guard the model's text, reasoning and tool-call inputs (`generateText` whole, `streamText` live).
   * @default true
   */
  guardOutput?: boolean
}

function toCreateGuard(source: FocalGuardSource): () => FocalStreamGuard {
  if ('definition' in source) return createDefinitionStreamGuard(source.definition)
  if ('createGuard' in source) return source.createGuard
  const { scan = {}, mode = 'redact' } = source
  return () => createStreamRedactor({ ...scan, mode })
}

/**
 * Focal's Lane 1 for the AI SDK: a language-model middleware for `wrapLanguageModel` that
 * redacts or blocks items in user messages before the model sees them, and in the model's text,
 * reasoning and tool-call inputs on the way out (`generateText`: whole; `streamText`: live, holding
 * back only a possible match's prefix). A block ends in the AI SDK's own way: finish reason
 * `content-filter`, `providerMetadata.focal.code` `input-blocked` or `stream-blocked`.
 * Pass an agent definition (YAML text, or `{ definition }`), `{ scan, mode }` or `{ createGuard }`.
 *
 * @example
 * const model = wrapLanguageModel({ model: openai('gpt-4.1'), middleware: focalMiddleware(definitionYaml) })
 * const { text } = await generateText({ model, prompt: 'Which card is on file?' })
 */
export function focalMiddleware(options: string | FocalMiddlewareOptions = {}): LanguageModelV3Middleware {
  const resolved: FocalMiddlewareOptions = typeof options === 'string' ? { definition: options } : options
  const { guardInput = true, guardOutput = true } = resolved
  const createGuard = toCreateGuard(resolved)
  // transformParams hands wrapGenerate/wrapStream the very object it returned.
  const blockedCalls = new WeakSet<LanguageModelV3CallOptions>()
  return {
    specificationVersion: 'v3',
    async transformParams({ params }) {
      if (!guardInput) return params
      const channels = createGuardChannels(createGuard)
      const guarded = { ...params, prompt: guardPrompt(params.prompt, channels) }
      if (channels.blocked) blockedCalls.add(guarded)
      return guarded
    },
    async wrapGenerate({ doGenerate, params }) {
      if (blockedCalls.has(params)) return blockedGenerateResult()
      const result = await doGenerate()
      return guardOutput ? guardGenerateResult(result, createGuardChannels(createGuard)) : result
    },
    async wrapStream({ doStream, params }) {
      if (blockedCalls.has(params)) return blockedStreamResult()
      const result = await doStream()
      if (!guardOutput) return result
      return {
        ...result,
        stream: result.stream.pipeThrough(guardStreamParts(createGuardChannels(createGuard))),
      }
    },
  }
}
