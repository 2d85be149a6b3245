/** Share of a line's visible characters that are neither letters, digits nor white space. */
const symbolShare = 0.25

function looksPasted(line: string): boolean {
  if (/^(?:\t| {4,})\S/.test(line)) return true
  const visible = line.replace(/\s+/g, '')
  if (visible.length === 0) return false
  if (/^\$ \S/.test(line)) return true
  let symbols = 0
  for (const character of visible) if (!/[\p{L}\p{N}]/u.test(character)) symbols++
  return symbols >= 3 && symbols / visible.length >= symbolShare
}

/** Double-quoted text of two words or more: output, a message or an example the request quotes. */
const quotedSpan = /["\u201c][^"\u201c\u201d\n]*["\u201d]/g

function addQuotedSpans(line: string, offset: number, ranges: Array<readonly [number, number]>): void {
  quotedSpan.lastIndex = 0
  for (let match = quotedSpan.exec(line); match !== null; match = quotedSpan.exec(line)) {
    if (/\S\s+\S/.test(match[0])) ranges.push([offset + match.index, offset + match.index + match[0].length])
  }
}

/**
 * Character ranges `[start, end)` of the lines of `text` that look pasted rather than written to
 * the agent: code, logs and terminal output (inside a ``` fence, indented, a `$ ` prompt line, or
 * mostly symbols), and double-quoted passages of two words or more. Cue words there describe the
 * paste, not the request. A one-line request is never a pasted line (it is the request, however
 * symbol-heavy), though it may quote.
 */
export function findPastedLines(text: string): Array<readonly [number, number]> {
  const ranges: Array<readonly [number, number]> = []
  if (!text.includes('\n')) {
    addQuotedSpans(text, 0, ranges)
    return ranges
  }
  let fenced = false
  let start = 0
  while (start <= text.length) {
    const newline = text.indexOf('\n', start)
    const end = newline < 0 ? text.length : newline
    const line = text.slice(start, end)
    const fence = /^\s*(?:```|~~~)/.test(line)
    if (fence || fenced || looksPasted(line)) ranges.push([start, end])
    else addQuotedSpans(line, start, ranges)
    if (fence) fenced = !fenced
    if (newline < 0) break
    start = newline + 1
  }
  return ranges
}
