import type { LanguageModelV3Prompt } from '@ai-sdk/provider'
import type { GuardChannels } from '../stream-formats/create-guard-channels.ts'

/**
 * The prompt with every user message's text parts through a whole-text guard (redacted items
 * replaced); `channels.blocked` tells whether a blocking item was found. Other roles pass as they
 * are: system text is the host's, assistant and tool turns were guarded on their way out.
 */
export function guardPrompt(prompt: LanguageModelV3Prompt, channels: GuardChannels): LanguageModelV3Prompt {
  return prompt.map((message) =>
    message.role !== 'user'
      ? message
      : {
          ...message,
          content: message.content.map((part) =>
            part.type === 'text' ? { ...part, text: channels.whole(part.text) } : part,
          ),
        },
  )
}
