import { createIdentifierAllocator, deriveIdentifier } from './derive-identifier.ts'
import type { SkillImportReport } from './skill-import-report.ts'
import type { SkillDocument } from './skill-schema.ts'

/** The definition ids of a skill's tools and a lookup from what authors write to them. */
export interface SkillToolIndex {
  /** The definition id of `tools[i]`. */
  ids: string[]
  /** The tool a text names: its id, its name, a sentence deriving to either, or a tool id among its words. */
  toolIdFor(text: string): string | undefined
}

/**
 * Gives every skill tool a definition id: its `id`, else (Skill Builder export) one derived from
 * its `name`, unique among the tools. Steps, approvals and guardrails find tools through it.
 */
export function indexSkillTools(skill: SkillDocument, report: SkillImportReport): SkillToolIndex {
  const tools = skill.tools ?? []
  const allocator = createIdentifierAllocator(tools.flatMap((tool) => tool.id ?? []))
  const byText = new Map<string, string>()
  const ids = tools.map((tool, index) => {
    let id = tool.id
    if (id === undefined) {
      id = allocator.take(deriveIdentifier(tool.name ?? '', 'tool'))
      if (id !== tool.name) report.derivedIds.push({ path: `tools[${index}]`, id })
    } else if (tool.name !== undefined && tool.name !== id) {
      report.unmapped.push({
        path: `tools[${index}].name`,
        message: `a definition tool has an id only; "${tool.name}" is known as "${id}"`,
      })
    }
    for (const key of [id, tool.name, tool.name === undefined ? undefined : deriveIdentifier(tool.name)])
      if (key !== undefined && !byText.has(key)) byText.set(key, id)
    return id
  })
  return {
    ids,
    toolIdFor(text) {
      const trimmed = text.trim()
      const direct = byText.get(trimmed) ?? byText.get(deriveIdentifier(trimmed))
      if (direct !== undefined) return direct
      for (const word of trimmed.split(/[^A-Za-z0-9_]+/u)) {
        const found = ids.includes(word) ? word : undefined
        if (found !== undefined) return found
      }
      return undefined
    },
  }
}
