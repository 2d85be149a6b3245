import { parseYamlText } from '../definition/parse-yaml-text.ts'
import { FocalError, type FocalIssue } from '../errors/focal-error.ts'
import { type ConversationSuite, conversationSuiteSchema } from './conversation-test-schema.ts'

/**
 * Parses and validates a conversation test file (YAML or JSON text, or an object). Throws a
 * `FocalError` `invalid-conversation-test` listing every problem with its path
 * (`conversations[2].turns[0].expect.tpye: unrecognized key`).
 */
export function loadConversationSuite(source: string | object): ConversationSuite {
  let data: unknown = source
  if (typeof source === 'string') {
    try {
      data = parseYamlText(source)
    } catch (error) {
      const message = (error as Error).message
      throw new FocalError({
        code: 'invalid-conversation-test',
        message,
        issues: [{ path: '', message }],
        cause: error,
      })
    }
  }
  const parsed = conversationSuiteSchema.safeParse(data)
  if (parsed.success) return parsed.data
  const issues: FocalIssue[] = parsed.error.issues.map((issue) => ({
    path: issue.path.reduce<string>(
      (text, segment) =>
        typeof segment === 'number'
          ? `${text}[${segment}]`
          : text === ''
            ? String(segment)
            : `${text}.${String(segment)}`,
      '',
    ),
    message: issue.message,
  }))
  const listing = issues.map((issue) => `${issue.path || '(root)'}: ${issue.message}`).join('; ')
  throw new FocalError({
    code: 'invalid-conversation-test',
    message: `invalid conversation test (${issues.length} problem${issues.length === 1 ? '' : 's'}): ${listing}`,
    issues,
  })
}
