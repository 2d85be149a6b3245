import { assertSafePattern } from './assert-safe-pattern.ts'
import type { Finding, ScanOptions } from './types.ts'

/** Blocklist and user-pattern matching for one scanner, with the tail a stream must hold back. */
export type Extras = ((text: string, from: number, findings: Finding[]) => void) & { holdBack: number }

/** Most whitespace characters a blank inside a blocklist term matches. */
const blankRun = 32

/** Blocklist keywords and user patterns: regexes compiled (and checked) once. */
export function compileExtras(options: ScanOptions, path: string): Extras {
  const regexes: Array<{ type: string; detector: string; regex: RegExp; confidence: number }> = []
  let holdBack = 0
  const keywords = (options.blocklist ?? [])
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword.length > 0)
  if (keywords.length > 0) {
    // A blank inside a term matches 1 to `blankRun` whitespace characters (a line break and an
    // indent too): bounded, so a stream holds back the longest match and no term is released
    // before it could end (`Acme` + 20 spaces + `Corp` split after the spaces was let through).
    const escaped = keywords.map((keyword) =>
      keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, `\\s{1,${blankRun}}`),
    )
    const source = `(?<![\\p{L}\\p{N}_])(?:${escaped.join('|')})(?![\\p{L}\\p{N}_])`
    regexes.push({
      type: 'blocklist',
      detector: 'blocklist',
      regex: new RegExp(source, 'giu'),
      confidence: 1,
    })
    holdBack = Math.max(
      holdBack,
      ...keywords.map((keyword) => keyword.length * 2 + 1 + (keyword.match(/\s+/g)?.length ?? 0) * blankRun),
    )
  }
  for (const [index, pattern] of (options.patterns ?? []).entries()) {
    const flags = `${(pattern.flags ?? 'u').replace(/[gy]/g, '')}g`
    const regex = assertSafePattern(pattern.pattern, { path: `${path}.patterns[${index}].pattern`, flags })
    regexes.push({ type: pattern.type, detector: 'pattern', regex, confidence: pattern.confidence ?? 0.9 })
    holdBack = Math.max(holdBack, (pattern.maxLength ?? 256) + 1)
  }
  const run = (text: string, from: number, findings: Finding[]): void => {
    for (const { type, detector, regex, confidence } of regexes) {
      regex.lastIndex = from
      for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
        if (match[0].length === 0) {
          regex.lastIndex++
          continue
        }
        findings.push({
          type,
          start: match.index,
          end: match.index + match[0].length,
          value: match[0],
          confidence,
          detector,
        })
      }
    }
  }
  return Object.assign(run, { holdBack })
}
