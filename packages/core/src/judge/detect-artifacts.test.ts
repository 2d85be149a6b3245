import { describe, expect, it } from 'vitest'
import { detectArtifacts } from './detect-artifacts.ts'

describe('detectArtifacts', () => {
  it('recognises diagrams: mermaid fences, arrow chains and ASCII boxes', () => {
    expect(detectArtifacts('```mermaid\nsequenceDiagram\nA->>B: hi\n```')).toContain('diagram')
    expect(detectArtifacts('Client -> Gateway\nGateway -> Auth\nAuth -> Store\n')).toContain('diagram')
    expect(detectArtifacts('+--------+\n| client |\n+--------+')).toContain('diagram')
  })

  it('recognises patches by diff fences or unified-diff markers', () => {
    expect(detectArtifacts('```diff\n- old\n+ new\n```')).toEqual(['patch'])
    expect(detectArtifacts('--- a/src/x.ts\n+++ b/src/x.ts\n@@ -1,2 +1,2 @@\n-a\n+b')).toContain('patch')
  })

  it('tells code from lists and prose', () => {
    expect(detectArtifacts('```ts\nexport const x = 1;\n```')).toEqual(['code'])
    expect(detectArtifacts('- one\n- two\n- three')).toEqual(['list'])
    expect(detectArtifacts('The session store keeps every session in memory until it expires.')).toEqual([
      'explanation',
    ])
  })

  it('does not call a prose explanation with one arrow a diagram', () => {
    expect(
      detectArtifacts('The request goes client -> server and the server stores the result in the cache.'),
    ).not.toContain('diagram')
  })
})
