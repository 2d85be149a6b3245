/** A `---` delimited frontmatter block split from the text after it. */
export interface FrontmatterBlock {
  yaml: string
  body: string
  lineEnding: '\n' | '\r\n'
}

/**
 * Splits `---\n<yaml>\n---\n<body>`: the first line must be `---`; the block closes at the next
 * `---` or `...` line. Returns undefined when the text does not start with a frontmatter block.
 */
export function splitFrontmatter(text: string): FrontmatterBlock | undefined {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text
  const lineEnding = source.includes('\r\n') ? '\r\n' : '\n'
  const firstEnd = source.indexOf('\n')
  if (firstEnd < 0 || source.slice(0, firstEnd).trimEnd() !== '---') return undefined
  let start = firstEnd + 1
  while (start <= source.length) {
    const end = source.indexOf('\n', start)
    const line = (end < 0 ? source.slice(start) : source.slice(start, end)).trimEnd()
    if (line === '---' || line === '...') {
      return {
        yaml: source.slice(firstEnd + 1, start).replace(/\r?\n$/, ''),
        body: end < 0 ? '' : source.slice(end + 1),
        lineEnding,
      }
    }
    if (end < 0) return undefined
    start = end + 1
  }
  return undefined
}

/** Joins YAML and body back into `---\n<yaml>\n---\n<body>`, in the given line ending. */
export function joinFrontmatter(yaml: string, body: string, lineEnding: '\n' | '\r\n' = '\n'): string {
  const block = ['---', ...yaml.replace(/\r?\n$/, '').split(/\r?\n/), '---'].join(lineEnding)
  return body === '' ? block : `${block}${lineEnding}${body}`
}
