import { assertSafePattern } from './assert-safe-pattern.ts'
import { compileBlocklist } from './compile-blocklist.ts'
import type { Finding, ScanOptions } from './types.ts'

/**
 * Blocklist and user-pattern matching for one scanner: pushes the findings from `from` on and
 * returns where a blocklist term may have begun that the text's end cuts short (`Best Bu`,
 * `A m a z`, or a whole term the next character could still join to a word: `Target` | `ed`), else
 * `text.length`;
 * `holdBack` is the tail a stream must hold for the user patterns.
 */
export type Extras = ((text: string, from: number, findings: Finding[]) => number) & { holdBack: number }

/** Blocklist terms (see `compileBlocklist`) and user patterns: regexes compiled (and checked) once. */
export function compileExtras(options: ScanOptions, path: string): Extras {
  const regexes: Array<{ type: string; detector: string; regex: RegExp; confidence: number }> = []
  let holdBack = 0
  const blocklist = compileBlocklist(options.blocklist ?? [])
  for (const [index, pattern] of (options.patterns ?? []).entries()) {
    const flags = `${(pattern.flags ?? 'u').replace(/[gy]/g, '')}g`
    const regex = assertSafePattern(pattern.pattern, { path: `${path}.patterns[${index}].pattern`, flags })
    regexes.push({ type: pattern.type, detector: 'pattern', regex, confidence: pattern.confidence ?? 0.9 })
    holdBack = Math.max(holdBack, (pattern.maxLength ?? 256) + 1)
  }
  const run = (text: string, from: number, findings: Finding[]): number => {
    // Blocklist findings first, as before the blocklist had a matcher of its own.
    const cutShort = blocklist === undefined ? text.length : blocklist(text, from, findings)
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
    return cutShort
  }
  return Object.assign(run, { holdBack })
}
