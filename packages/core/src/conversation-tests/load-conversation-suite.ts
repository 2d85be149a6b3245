import { parseYamlText } from '../definition/parse-yaml-text.ts'
import { FocalError, type FocalIssue } from '../errors/focal-error.ts'
import { formatFocalIssue } from '../errors/format-focal-issue.ts'
import { type ConversationSuite, conversationSuiteSchema } from './conversation-test-schema.ts'
import { locateSuiteIssues } from './locate-suite-issues.ts'

/** The text each suite loaded from text came from, so later problems (unknown ids) get lines. */
const suiteTexts = new WeakMap<object, string>()

/** The YAML or JSON text a suite was loaded from, if it was loaded from text. */
export function conversationSuiteText(suite: unknown): string | undefined {
  return typeof suite === 'string'
    ? suite
    : typeof suite === 'object' && suite !== null
      ? suiteTexts.get(suite)
      : undefined
}

/**
 * The error of a suite's problems: each located by line (when the suite was text) and by the
 * conversation's name, listed one a line in the message and in `issues`.
 */
export function conversationSuiteError(
  headline: string,
  issues: FocalIssue[],
  data: unknown,
  text: string | undefined,
): FocalError {
  const located = locateSuiteIssues(issues, data, text)
  return new FocalError({
    code: 'invalid-conversation-test',
    message: `${headline}:\n${located.map((issue) => `  ${formatFocalIssue(issue)}`).join('\n')}`,
    issues: located,
  })
}

/**
 * Parses and validates a conversation test file (YAML or JSON text, or an object). Throws a
 * `FocalError` `invalid-conversation-test` listing every problem with its path, and, from text,
 * its line and the conversation's name (`line 8, conversation "refund cap":
 * conversations[2].turns[0].expect: Unrecognized key: "tpye"`).
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
  const text = conversationSuiteText(source)
  const parsed = conversationSuiteSchema.safeParse(data)
  if (parsed.success) {
    if (text !== undefined) suiteTexts.set(parsed.data, text)
    return parsed.data
  }
  const issues: FocalIssue[] = parsed.error.issues.map((issue) => ({
    path: issue.path.reduce<string>(
      (path, segment) =>
        typeof segment === 'number'
          ? `${path}[${segment}]`
          : path === ''
            ? String(segment)
            : `${path}.${String(segment)}`,
      '',
    ),
    message: issue.message,
  }))
  throw conversationSuiteError(
    `invalid conversation test (${issues.length} problem${issues.length === 1 ? '' : 's'})`,
    issues,
    data,
    text,
  )
}
