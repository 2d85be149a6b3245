/** Options of {@link notebookOutputText}. */
export interface NotebookOutputTextOptions {
  /**
   * Also include `stderr` streams (markers are normally printed to stdout).
   * @default false
   */
  includeStderr?: boolean
  /**
   * `execution`: cells in the order they ran (`execution_count`), so the last reported metric is
   * the one the kernel ended with even after re-running an earlier cell; falls back to cell order
   * when a cell with output has no count. `cell`: document order.
   * @default 'execution'
   */
  order?: 'execution' | 'cell'
}

/**
 * Joins a notebook's code-cell outputs (stdout streams, then `text/plain` of results and displays)
 * in execution order, one output per line block: the text the marker parser and gates read.
 */
export function notebookOutputText(notebook: unknown, options: NotebookOutputTextOptions = {}): string {
  const { includeStderr = false, order = 'execution' } = options
  const cells = readArray(notebook, 'cells').filter((cell) => readField(cell, 'cell_type') === 'code')
  const texts: string[] = []
  for (const cell of order === 'execution' ? executionOrder(cells) : cells) {
    for (const output of readArray(cell, 'outputs')) {
      const text = outputText(output, includeStderr)
      if (text !== undefined && text !== '') texts.push(text.endsWith('\n') ? text : `${text}\n`)
    }
  }
  return texts.join('')
}

// Sorting is stable: cells with the same count keep document order.
function executionOrder(cells: readonly unknown[]): readonly unknown[] {
  const ran = cells.filter((cell) => readArray(cell, 'outputs').length > 0)
  if (!ran.every((cell) => Number.isInteger(readField(cell, 'execution_count')))) return cells
  const count = (cell: unknown) => (readField(cell, 'execution_count') as number | undefined) ?? 0
  return [...ran].sort((a, b) => count(a) - count(b))
}

function outputText(output: unknown, includeStderr: boolean): string | undefined {
  const type = readField(output, 'output_type')
  if (type === 'stream') {
    const name = readField(output, 'name')
    return name === 'stdout' || (includeStderr && name === 'stderr')
      ? joinText(readField(output, 'text'))
      : undefined
  }
  if (type === 'execute_result' || type === 'display_data')
    return joinText(readField(readField(output, 'data'), 'text/plain'))
  return undefined
}

function joinText(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (Array.isArray(value) && value.every((part) => typeof part === 'string')) return value.join('')
  return undefined
}

function readArray(value: unknown, key: string): unknown[] {
  const field = readField(value, key)
  return Array.isArray(field) ? field : []
}

function readField(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
}
