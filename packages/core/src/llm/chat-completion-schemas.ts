import { z } from 'zod'

/** The part of a Chat Completions response Focal reads. */
export const chatCompletionResponseSchema = z.object({
  model: z.string().optional(),
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional() }) }))
    .min(1, 'expected at least one choice'),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).nullish(),
})

/** The part of one streamed Chat Completions chunk Focal reads. */
export const chatCompletionChunkSchema = z.object({
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullable().optional() }).optional() })),
})
