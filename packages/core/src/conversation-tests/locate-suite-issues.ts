import { isNode, LineCounter, parseDocument } from 'yaml'
import type { FocalIssue } from '../errors/focal-error.ts'

/** `conversations[3].turns[0].expect` as `['conversations', 3, 'turns', 0, 'expect']`. */
function pathSegments(path: string): Array<string | number> {
  return [...path.matchAll(/\[(\d+)\]|([^.[\]]+)/gu)].map((match) =>
    match[1] === undefined ? (match[2] ?? '') : Number(match[1]),
  )
}

/**
 * Adds to each issue of a conversation suite what a person looks for in a long file: the line
 * of the offending value (when the suite was text; else of its nearest parent that is there)
 * and the conversation it is in, by name (`conversation "refund cap"`), not only its index.
 */
export function locateSuiteIssues(issues: FocalIssue[], data: unknown, text?: string): FocalIssue[] {
  const lineCounter = new LineCounter()
  const document = text === undefined ? undefined : parseDocument(text, { lineCounter })
  const lineOf = (segments: Array<string | number>): number | undefined => {
    if (document === undefined) return undefined
    for (let length = segments.length; length >= 0; length -= 1) {
      const node = document.getIn(segments.slice(0, length), true)
      if (isNode(node) && node.range !== undefined && node.range !== null)
        return lineCounter.linePos(node.range[0]).line
    }
    return undefined
  }
  const conversations = (data as { conversations?: unknown } | null)?.conversations
  return issues.map((issue) => {
    const segments = pathSegments(issue.path)
    const line = lineOf(segments)
    const index = segments[0] === 'conversations' ? segments[1] : undefined
    const name =
      typeof index === 'number' && Array.isArray(conversations)
        ? (conversations[index] as { name?: unknown } | undefined)?.name
        : undefined
    return {
      ...issue,
      ...(line === undefined ? {} : { line }),
      ...(typeof name === 'string' && name !== '' ? { label: `conversation ${JSON.stringify(name)}` } : {}),
    }
  })
}
