import { assertSafePattern } from './assert-safe-pattern.ts'
import type { Finding, ScanOptions } from './types.ts'

/**
 * Blocklist and user-pattern matching for one scanner: pushes the findings from `from` on and
 * returns where a blocklist term may have begun that the text's end cuts short (`Best Bu`, or a
 * whole term the next character could still join to a word: `Target` | `ed`), else `text.length`;
 * `holdBack` is the tail a stream must hold for the user patterns.
 */
export type Extras = ((text: string, from: number, findings: Finding[]) => number) & { holdBack: number }

/** Most whitespace characters a blank inside a blocklist term matches. */
const blankRun = 32

/** Blocklist keywords and user patterns: regexes compiled (and checked) once. */
export function compileExtras(options: ScanOptions, path: string): Extras {
  const regexes: Array<{ type: string; detector: string; regex: RegExp; confidence: number }> = []
  let holdBack = 0
  let partial: RegExp | undefined
  let partialSpan = 0
  const keywords = (options.blocklist ?? [])
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword.length > 0)
  if (keywords.length > 0) {
    // A blank inside a term matches 1 to `blankRun` whitespace characters (a line break and an
    // indent too): bounded, so a term cut short at a text's end is recognised as one and held
    // (`Acme` + 20 spaces + `Corp` split after the spaces was let through).
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
    // Where a term the text's end cuts short may begin: its prefixes, anchored at the end, read
    // only in the last `partialSpan` characters. A stream holds from there, and only there.
    partial = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${keywords.map(prefixesSource).join('|')})$`, 'giu')
    partialSpan = Math.max(
      ...keywords.map((keyword) => keyword.length + (keyword.match(/\s+/g)?.length ?? 0) * blankRun),
    )
  }
  for (const [index, pattern] of (options.patterns ?? []).entries()) {
    const flags = `${(pattern.flags ?? 'u').replace(/[gy]/g, '')}g`
    const regex = assertSafePattern(pattern.pattern, { path: `${path}.patterns[${index}].pattern`, flags })
    regexes.push({ type: pattern.type, detector: 'pattern', regex, confidence: pattern.confidence ?? 0.9 })
    holdBack = Math.max(holdBack, (pattern.maxLength ?? 256) + 1)
  }
  const run = (text: string, from: number, findings: Finding[]): number => {
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
    if (partial === undefined) return text.length
    partial.lastIndex = Math.max(from, text.length - partialSpan)
    const cutShort = partial.exec(text)
    return cutShort === null ? text.length : cutShort.index
  }
  return Object.assign(run, { holdBack })
}

/**
 * Regex source of every non-empty prefix of a blocklist term, nested (`B(?:e(?:s(?:t)?)?)?`: its
 * length grows with the term's, not with its square), a blank as 1 to `blankRun` whitespace.
 */
function prefixesSource(keyword: string): string {
  const units = (keyword.match(/\s+|[\s\S]/gu) ?? []).map((unit) =>
    /^\s+$/u.test(unit) ? `\\s{1,${blankRun}}` : unit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  )
  let source = ''
  for (let index = units.length - 1; index >= 0; index--)
    source = index === 0 ? `${units[index]}${source}` : `(?:${units[index]}${source})?`
  return source
}
