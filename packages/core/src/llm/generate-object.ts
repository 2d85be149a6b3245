import type { z } from 'zod'
import { FocalError } from '../errors/index.ts'
import { parseJsonOutput } from './parse-json-output.ts'
import type { GenerateOptions, LanguageModel, LanguageModelUsage } from './types.ts'

/** What {@link generateObject} resolves to: the validated object and the call's text and costs. */
export interface GeneratedObject<Value> {
  object: Value
  text: string
  usage: LanguageModelUsage
  latencyMs: number
  modelId: string
}

import { zodIssuesToFocalIssues } from './zod-issues.ts'

/**
 * Calls `model` for an object of `options.schema` and validates what comes back, whoever wrote
 * the port: the adapters of `defineLanguageModel` validate (and repair once) already, but a
 * hand-written `LanguageModel` may return no `object`, or one it never checked. Its `object` is
 * validated again, else its text is read as JSON; what fails is `FocalError('invalid-model-output')`
 * naming each path and problem, never a `TypeError` deeper in the caller.
 *
 * @example
 * const { object } = await generateObject(model, { messages, schema: z.object({ reply: z.string() }) })
 */
export async function generateObject<Schema extends z.ZodType>(
  model: LanguageModel,
  options: GenerateOptions<Schema> & { schema: Schema },
): Promise<GeneratedObject<z.infer<Schema>>> {
  const raw = await model.generate(options)
  const object: unknown = raw?.object
  const modelId = typeof model.modelId === 'string' ? model.modelId : 'unknown'
  // What callers read besides the object, whole even when a hand-written port left it out.
  const result = {
    text: typeof raw?.text === 'string' ? raw.text : '',
    usage: {
      inputTokens: finiteOrZero(raw?.usage?.inputTokens),
      outputTokens: finiteOrZero(raw?.usage?.outputTokens),
    },
    latencyMs: finiteOrZero(raw?.latencyMs),
    modelId: typeof raw?.modelId === 'string' ? raw.modelId : modelId,
  }
  if (object !== undefined && object !== null) {
    const checked = options.schema.safeParse(object)
    if (checked.success) return { ...result, object: checked.data }
    throw new FocalError({
      code: 'invalid-model-output',
      message: `model "${modelId}" returned an object that does not match the requested schema`,
      issues: zodIssuesToFocalIssues(checked.error.issues),
    })
  }
  const parsed = parseJsonOutput(result.text, options.schema)
  if (parsed.type === 'valid') return { ...result, object: parsed.value }
  throw new FocalError({
    code: 'invalid-model-output',
    message: `model "${modelId}" returned no object for the requested schema, and its text is not one`,
    issues: parsed.issues,
  })
}

const finiteOrZero = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0
