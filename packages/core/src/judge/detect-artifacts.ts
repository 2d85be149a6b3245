import type { ArtifactType } from './types.ts'

const fencePattern = /```([\w+-]*)[^\n]*\n([\s\S]*?)```/g
const diagramFenceLanguages = new Set(['mermaid', 'plantuml', 'puml', 'dot', 'graphviz', 'ascii', 'd2'])
const diagramKeywords =
  /^\s*(sequenceDiagram|graph (TD|TB|LR|RL|BT)|flowchart|stateDiagram|classDiagram|digraph|@startuml)\b/m
const arrowLine = /^.*(\S\s*(-+>|=+>|→|⇒|<-+|--)\s*\S).*$/gm
const asciiBox = /^\s*[+|][-=+|]{3,}[+|]\s*$/m
const diffMarkers = /^(@@ .* @@|--- a\/|\+\+\+ b\/|diff --git)/m
const listItem = /^\s*(?:[-*•]|\d+[.)])\s+\S/gm

/**
 * Which artifacts a draft delivers: `diagram` (Mermaid/PlantUML fences, diagram keywords, arrow
 * chains, ASCII boxes), `patch` (diff fences or unified-diff markers), `list` (two or more items),
 * `code` (any other fenced block), `explanation` (a prose sentence of eight or more words).
 */
export function detectArtifacts(draft: string): ArtifactType[] {
  const found = new Set<ArtifactType>()
  let prose = draft
  for (const match of draft.matchAll(fencePattern)) {
    const language = (match[1] ?? '').toLowerCase()
    const body = match[2] ?? ''
    if (diagramFenceLanguages.has(language) || diagramKeywords.test(body)) found.add('diagram')
    else if (language === 'diff' || language === 'patch' || diffMarkers.test(body)) found.add('patch')
    else if (countMatches(body, arrowLine) >= 2 && !/[;{}]/.test(body)) found.add('diagram')
    else found.add('code')
    prose = prose.replace(match[0], '\n')
  }
  if (diffMarkers.test(prose)) found.add('patch')
  if (diagramKeywords.test(prose) || asciiBox.test(prose) || countMatches(prose, arrowLine) >= 3)
    found.add('diagram')
  if (countMatches(prose, listItem) >= 2) found.add('list')
  if (/[A-Za-z][^.!?\n]*(?:\s+\S+){7,}[.!?:]/.test(prose)) found.add('explanation')
  return [...found]
}

function countMatches(text: string, pattern: RegExp): number {
  pattern.lastIndex = 0
  let count = 0
  while (pattern.exec(text) !== null) count++
  pattern.lastIndex = 0
  return count
}
