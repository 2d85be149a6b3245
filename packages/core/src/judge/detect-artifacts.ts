import type { ArtifactType } from './types.ts'

const fencePattern = /```([\w+-]*)[^\n]*\n([\s\S]*?)```/g
const diagramFenceLanguages = new Set(['mermaid', 'plantuml', 'puml', 'dot', 'graphviz', 'ascii', 'd2'])
const diagramKeywords =
  /^\s*(sequenceDiagram|graph (TD|TB|LR|RL|BT)|flowchart|stateDiagram|classDiagram|digraph|@startuml)\b/m
const asciiBox = /^\s*[+|][-=+|]{3,}[+|]\s*$/m
const diffMarkers = /^(@@ .* @@|--- a\/|\+\+\+ b\/|diff --git)/m
const listItem = /^\s*(?:[-*•]|\d+[.)])\s+\S/
const arrows = ['->', '=>', '→', '⇒', '<-']

/**
 * Which artifacts a draft delivers: `diagram` (Mermaid/PlantUML fences, diagram keywords, lines of
 * arrow chains, ASCII boxes), `patch` (diff fences or unified-diff markers), `list` (two or more
 * items), `code` (any other fenced block), `explanation` (a prose sentence of eight or more words).
 * Line-based with literal searches: no regex here can backtrack badly on a long draft.
 */
export function detectArtifacts(draft: string): ArtifactType[] {
  const found = new Set<ArtifactType>()
  let prose = draft
  if (draft.includes('```')) {
    const outside: string[] = []
    let last = 0
    for (const match of draft.matchAll(fencePattern)) {
      found.add(classifyFence((match[1] ?? '').toLowerCase(), match[2] ?? ''))
      outside.push(draft.slice(last, match.index))
      last = match.index + match[0].length
    }
    outside.push(draft.slice(last))
    prose = outside.join('\n')
  }
  if (diffMarkers.test(prose)) found.add('patch')
  const lines = prose.split('\n')
  if (diagramKeywords.test(prose) || asciiBox.test(prose) || countArrowLines(lines) >= 3) found.add('diagram')
  if (lines.filter((line) => listItem.test(line)).length >= 2) found.add('list')
  if (hasLongSentence(prose)) found.add('explanation')
  return [...found]
}

function classifyFence(language: string, body: string): ArtifactType {
  if (diagramFenceLanguages.has(language) || diagramKeywords.test(body)) return 'diagram'
  if (language === 'diff' || language === 'patch' || diffMarkers.test(body)) return 'patch'
  if (countArrowLines(body.split('\n')) >= 2 && !/[;{}]/.test(body)) return 'diagram'
  return 'code'
}

/** Lines where an arrow joins two non-blank sides (`A -> B`). */
function countArrowLines(lines: readonly string[]): number {
  let count = 0
  for (const line of lines) {
    for (const arrow of arrows) {
      const at = line.indexOf(arrow)
      if (at > 0 && line.slice(0, at).trim() !== '' && line.slice(at + arrow.length).trim() !== '') {
        count++
        break
      }
    }
  }
  return count
}

/** A sentence of at least eight words starting with a letter. */
function hasLongSentence(prose: string): boolean {
  for (const sentence of prose.split(/[.!?:\n]/)) {
    const trimmed = sentence.trim()
    if (/^[A-Za-z]/.test(trimmed) && trimmed.split(/\s+/).length >= 8) return true
  }
  return false
}
