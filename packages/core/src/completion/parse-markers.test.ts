import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { getMarkerDefinition, markerTaxonomy } from './marker-taxonomy.ts'
import { parseMarkers } from './parse-markers.ts'
import { getMarkersByCategory, getMarkersByType } from './select-markers.ts'

describe('parseMarkers', () => {
  it('reads a bare marker with its content and line number', () => {
    const { markers } = parseMarkers('intro text\n[OBJECTIVE] Analyze customer churn')
    expect(markers).toEqual([
      {
        type: 'OBJECTIVE',
        attributes: {},
        content: 'Analyze customer churn',
        lineNumber: 2,
        known: true,
        valid: true,
      },
    ])
  })

  it('reads markers after carriage returns (progress bars) on the line they were printed on', () => {
    const { markers } = parseMarkers(
      'start\nEpoch 1/1 ━━ 100%\r[METRIC:acc] 0.7\r[INFO] done\r\n[CONCLUSION] ok',
    )
    expect(markers.map((marker) => [marker.type, marker.content, marker.lineNumber])).toEqual([
      ['METRIC', '0.7', 2],
      ['INFO', 'done', 2],
      ['CONCLUSION', 'ok', 3],
    ])
  })

  it('reads a subtype and keeps free text after the bracket', () => {
    const [marker] = parseMarkers('[STAT:ci] 95% CI [0.82, 0.94]').markers
    expect(marker?.type).toBe('STAT')
    expect(marker?.subtype).toBe('ci')
    expect(marker?.content).toBe('95% CI [0.82, 0.94]')
  })

  it('reads key=value attributes after the subtype', () => {
    const [marker] = parseMarkers(
      '[CHECKPOINT:saved:id=ckpt-001:stage=S02_eda:runId=run-001] Checkpoint saved',
    ).markers
    expect(marker?.subtype).toBe('saved')
    expect(marker?.attributes).toEqual({ id: 'ckpt-001', stage: 'S02_eda', runId: 'run-001' })
    expect(marker?.content).toBe('Checkpoint saved')
  })

  it('reads an attribute-only marker without a subtype', () => {
    const [marker] = parseMarkers('[REHYDRATED:from=ckpt-001] Session restored').markers
    expect(marker?.subtype).toBeUndefined()
    expect(marker?.attributes).toEqual({ from: 'ckpt-001' })
  })

  it('accepts leading spaces and tabs', () => {
    const { markers } = parseMarkers('  [FINDING] spaced\n\t[STAT:ci] tabbed')
    expect(markers.map((marker) => [marker.type, marker.content])).toEqual([
      ['FINDING', 'spaced'],
      ['STAT', 'tabbed'],
    ])
  })

  it('reads hyphens in types and subtypes as underscores', () => {
    const { markers } = parseMarkers(
      '[CHALLENGE-RESPONSE:1] redone\n[STAT:effect-size] d = 0.75\n[STAT:p-value] p = 0.003',
    )
    expect(markers.map((marker) => [marker.type, marker.subtype, marker.known])).toEqual([
      ['CHALLENGE_RESPONSE', '1', true],
      ['STAT', 'effect_size', true],
      ['STAT', 'p_value', true],
    ])
  })

  it('keeps colons of citation identifiers in the subtype', () => {
    const [marker] = parseMarkers('[CITATION:arXiv:2301.12345] Transformer paper').markers
    expect(marker?.subtype).toBe('arXiv:2301.12345')
    expect(marker?.attributes).toEqual({})
    expect(marker?.content).toBe('Transformer paper')
  })

  it('flags unknown types and lists each once', () => {
    const result = parseMarkers('[MADE_UP] a\n[OBJECTIVE] b\n[MADE_UP] c')
    expect(result.validCount).toBe(1)
    expect(result.unknownCount).toBe(2)
    expect(result.unknownTypes).toEqual(['MADE_UP'])
    expect(result.markers[0]?.known).toBe(false)
  })

  it('ignores lower-case types unless asked, then reads them upper-cased', () => {
    expect(parseMarkers('[stat:CI] 95% CI').markers).toHaveLength(0)
    const [marker] = parseMarkers('[stat:CI] 95% CI', { anyCaseTypes: true }).markers
    expect(marker?.type).toBe('STAT')
    expect(marker?.subtype).toBe('CI')
  })

  it('ignores brackets that do not open the line', () => {
    expect(parseMarkers('see [FINDING] inline\nx = [1, 2]\n[123] numeric').markers).toHaveLength(0)
  })

  it('handles Windows line endings', () => {
    const { markers } = parseMarkers('[OBJECTIVE] a\r\n[FINDING] b\r\n')
    expect(markers.map((marker) => [marker.content, marker.lineNumber])).toEqual([
      ['a', 1],
      ['b', 2],
    ])
  })

  it('keeps a __proto__ attribute as plain data', () => {
    const [marker] = parseMarkers('[STAGE:begin:__proto__=x] start').markers
    expect(Object.getPrototypeOf(marker?.attributes)).toBe(Object.prototype)
    expect(Object.keys(marker?.attributes ?? {})).toEqual(['__proto__'])
  })

  it('parses a full research workflow and groups markers by category', () => {
    const text = `
[HYPOTHESIS] H0: no difference; H1: treatment > control
[DECISION] Using Welch's t-test for independent samples
[CHECK:normality] Shapiro-Wilk p=0.23
[STAT:ci] 95% CI [0.20, 0.70]
[STAT:effect_size] Cohen's d = 0.75
[INDEPENDENT_CHECK] Mann-Whitney U confirms (p=0.004)
[FINDING] Treatment shows a medium effect
[SO_WHAT] 15% better retention
[LIMITATION] Single region`
    const { markers, validCount } = parseMarkers(text)
    expect(validCount).toBe(9)
    expect(getMarkersByType(markers, 'STAT')).toHaveLength(2)
    expect(getMarkersByCategory(markers, 'SCIENTIFIC').map((marker) => marker.type)).toEqual([
      'DECISION',
      'INDEPENDENT_CHECK',
      'SO_WHAT',
      'LIMITATION',
    ])
  })

  it('finds every well-formed marker line among arbitrary text (property)', () => {
    const type = fc.constantFrom(...Object.keys(markerTaxonomy))
    const subtype = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/)
    const content = fc.stringMatching(/^[a-z0-9 .,=]{0,20}$/)
    const noise = fc.stringMatching(/^[a-z0-9 .,=]{0,20}$/)
    fc.assert(
      fc.property(fc.array(fc.tuple(type, fc.option(subtype), content, noise), { maxLength: 20 }), (rows) => {
        const lines = rows.flatMap(([t, s, c, n]) => [n, `[${t}${s === null ? '' : `:${s}`}] ${c}`])
        const { markers } = parseMarkers(lines.join('\n'))
        expect(markers.map((marker) => marker.type)).toEqual(rows.map(([t]) => t))
        expect(markers.map((marker) => marker.lineNumber)).toEqual(rows.map((_, index) => index * 2 + 2))
        expect(markers.map((marker) => marker.content)).toEqual(rows.map(([, , c]) => c.trim()))
      }),
    )
  })
})

describe('getMarkerDefinition', () => {
  it('describes known types and returns undefined for unknown ones', () => {
    expect(getMarkerDefinition('STAT')?.category).toBe('CALCULATIONS')
    expect(getMarkerDefinition('STAT')?.description).toMatch(/ci.*effect_size.*p_value.*estimate/)
    expect(getMarkerDefinition('NOPE')).toBeUndefined()
    expect(getMarkerDefinition('constructor')).toBeUndefined()
  })
})
