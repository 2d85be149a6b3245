import { z } from 'zod'
import { FocalError } from '../errors/index.ts'
import { joinFrontmatter, splitFrontmatter } from './frontmatter-block.ts'
import { readFrontmatterYaml, updateFrontmatterYaml } from './frontmatter-document.ts'
import type { FrontmatterReadResult, ResearchFrontmatterChanges } from './research-frontmatter-schema.ts'

/** A Jupyter notebook cell (nbformat 4); unknown fields are kept. */
export interface JupyterCell {
  cell_type: string
  source: string | string[]
  metadata?: Record<string, unknown>
  id?: string
  [key: string]: unknown
}

/** A Jupyter notebook document (nbformat 4); unknown fields are kept. */
export interface JupyterNotebook {
  cells: JupyterCell[]
  metadata?: Record<string, unknown>
  nbformat?: number
  nbformat_minor?: number
  [key: string]: unknown
}

/** Options of {@link writeNotebookFrontmatter} and `writeMarkdownFrontmatter`. */
export interface FrontmatterWriteOptions {
  /** Fields to set under `gyoshu:`; `undefined` removes one. A `goal_contract` must be valid. */
  changes: ResearchFrontmatterChanges
  /**
   * Timestamp source for `updated` (and `created` of a new block).
   * @default () => new Date().toISOString()
   */
  now?: () => string
}

const notebookShape = z.looseObject({
  cells: z.array(
    z.looseObject({ cell_type: z.string(), source: z.union([z.string(), z.array(z.string())]) }),
  ),
})

/**
 * Reads `gyoshu:` frontmatter (and its goal contract) from the notebook's first cell when it is a
 * raw cell holding YAML between `---` lines. Notebooks without frontmatter or contract still load.
 */
export function readNotebookFrontmatter(notebook: unknown): FrontmatterReadResult {
  const shape = notebookShape.safeParse(notebook)
  if (!shape.success)
    return {
      type: 'invalid',
      errors: shape.error.issues.map((issue) => `notebook.${issue.path.join('.')}: ${issue.message}`),
    }
  const first = shape.data.cells[0]
  if (first === undefined) return { type: 'absent', reason: 'notebook has no cells' }
  if (first.cell_type !== 'raw') return { type: 'absent', reason: 'first cell is not a raw cell' }
  const block = splitFrontmatter(cellText(first.source))
  if (block === undefined) return { type: 'absent', reason: 'first raw cell has no --- frontmatter block' }
  return readFrontmatterYaml(block.yaml)
}

/**
 * Returns a copy of the notebook with the `gyoshu:` frontmatter changed, keeping unknown fields,
 * comments, other cells and notebook metadata. Inserts a raw frontmatter cell when there is none.
 * @example
 * const next = writeNotebookFrontmatter(notebook, { changes: { goal_contract: contract } })
 */
export function writeNotebookFrontmatter(
  notebook: JupyterNotebook,
  options: FrontmatterWriteOptions,
): JupyterNotebook {
  const { changes, now = () => new Date().toISOString() } = options
  if (!notebookShape.safeParse(notebook).success) {
    throw new FocalError({
      code: 'invalid-argument',
      message: 'writeNotebookFrontmatter needs a notebook with a cells array',
    })
  }
  const copy = structuredClone(notebook)
  const timestamp = now()
  const first = copy.cells[0]
  const block = first?.cell_type === 'raw' ? splitFrontmatter(cellText(first.source)) : undefined
  if (first !== undefined && block !== undefined) {
    const text = joinFrontmatter(
      updateFrontmatterYaml(block.yaml, changes, timestamp),
      block.body,
      block.lineEnding,
    )
    first.source = Array.isArray(first.source) ? toSourceLines(text) : text
    return copy
  }
  const text = joinFrontmatter(updateFrontmatterYaml(undefined, changes, timestamp), '')
  copy.cells.unshift(newFrontmatterCell(text, copy))
  return copy
}

function newFrontmatterCell(text: string, notebook: JupyterNotebook): JupyterCell {
  const cell: JupyterCell = {
    cell_type: 'raw',
    metadata: { gyoshu: { type: 'frontmatter' } },
    source: toSourceLines(text),
  }
  // nbformat 4.5 requires cell ids; older notebooks must not get them.
  const wantsIds =
    (notebook.nbformat_minor ?? 0) >= 5 || notebook.cells.some((existing) => typeof existing.id === 'string')
  if (!wantsIds) return cell
  const taken = new Set(notebook.cells.map((existing) => existing.id))
  let id = 'frontmatter'
  for (let suffix = 2; taken.has(id); suffix++) id = `frontmatter-${suffix}`
  return { id, ...cell }
}

/** A cell's source as one string (Jupyter stores it as a string or as lines). */
function cellText(source: string | readonly string[]): string {
  return typeof source === 'string' ? source : source.join('')
}

/** Jupyter's line form: every line keeps its `\n` except the last. */
function toSourceLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/)
  return lines.filter((line) => line !== '')
}
