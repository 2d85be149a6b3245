import { joinFrontmatter, splitFrontmatter } from './frontmatter-block.ts'
import { readFrontmatterYaml, updateFrontmatterYaml } from './frontmatter-document.ts'
import type { FrontmatterWriteOptions } from './notebook-frontmatter.ts'
import type { FrontmatterReadResult } from './research-frontmatter-schema.ts'

/** Reads `gyoshu:` frontmatter (and its goal contract) from a Markdown document's `---` block. */
export function readMarkdownFrontmatter(markdown: string): FrontmatterReadResult {
  const block = splitFrontmatter(markdown)
  if (block === undefined) return { type: 'absent', reason: 'document has no --- frontmatter block' }
  return readFrontmatterYaml(block.yaml)
}

/**
 * Returns the Markdown with its `gyoshu:` frontmatter changed (body, unknown fields and comments
 * kept); adds a frontmatter block when there is none.
 * @example
 * const next = writeMarkdownFrontmatter(readme, { changes: { status: 'completed' } })
 */
export function writeMarkdownFrontmatter(markdown: string, options: FrontmatterWriteOptions): string {
  const { changes, now = () => new Date().toISOString() } = options
  const block = splitFrontmatter(markdown)
  if (block === undefined) return joinFrontmatter(updateFrontmatterYaml(undefined, changes, now()), markdown)
  return joinFrontmatter(updateFrontmatterYaml(block.yaml, changes, now()), block.body, block.lineEnding)
}
