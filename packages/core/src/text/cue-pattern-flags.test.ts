import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cuedTotal } from '../sensor/extract-money.ts'

/**
 * In V8 a `\b` under both the `i` and `u` flags runs on a slow path: `/\bcancel/iu` costs about
 * 25 times `/\bcancel/i` on the same message (0.46 µs against 0.018 µs a test on the SGD turns),
 * and a turn tests dozens of such cues, which was a fifth of its cost. The English cue patterns of
 * the turn path are written without `u`: none of them needs it (no `\p{…}`, no `\u{…}`), and all it
 * changed was that `ſ` and `K` (U+017F, U+212A) folded to `s` and `k`. A pattern that needs `u`
 * keeps it and writes a word start as `(?<!\w)`, which runs fast and means the same.
 */
const root = join(import.meta.dirname, '..')
/**
 * The turn path's one pattern each file compiles with `new RegExp(…, 'iu')` from parts written
 * elsewhere (the amount vocabulary's scales): its compiled source is read for `\b` instead.
 */
const compiledIn: Readonly<Record<string, RegExp>> = { 'sensor/extract-money.ts': cuedTotal }
const turnPath = ['engine', 'sensor', 'goal']

/** Regex literals (body, flags) of a source text. */
function regexLiterals(source: string): Array<{ body: string; flags: string; line: number }> {
  const literal =
    /(?<=[=(,:[!&|?{};]\s*|return\s+|^\s*)\/((?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n[])+)\/([dgimsuy]*)/gm
  return [...source.matchAll(literal)].map((match) => ({
    body: match[1]!,
    flags: match[2]!,
    line: source.slice(0, match.index).split('\n').length,
  }))
}

function* sourceFiles(directory: string): Generator<string> {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) yield* sourceFiles(path)
    else if (/\.ts$/.test(entry.name) && !/\.(test|bench|property\.test)\.ts$/.test(entry.name)) yield path
  }
}

describe('cue patterns of the turn path', () => {
  it('never put \\b under both the i and u flags', () => {
    const slow: string[] = []
    for (const folder of turnPath)
      for (const file of sourceFiles(join(root, folder))) {
        const source = readFileSync(file, 'utf8')
        for (const { body, flags, line } of regexLiterals(source))
          if (flags.includes('i') && flags.includes('u') && /\\b/.test(body))
            slow.push(`${file.slice(root.length + 1)}:${line} /${body.slice(0, 40)}…/${flags}`)
        // `new RegExp(…, 'iu')` over a pattern written here (a definition's own entity pattern is
        // the author's, compiled as written).
        const name = file.slice(root.length + 1)
        // The file's first such pattern is the one compiled from parts (`compiledIn`), read as built.
        let compiled = 0
        source.split('\n').forEach((text, index) => {
          const flags = /^\s*'([dgimsuvy]{2,8})',?$|,\s*'([dgimsuvy]{2,8})'\)/.exec(text)
          const given = flags?.[1] ?? flags?.[2] ?? ''
          if (!given.includes('i') || !given.includes('u') || text.includes('entity.pattern')) return
          const pattern = compiledIn[name]
          if (pattern !== undefined && compiled++ === 0 && !/\\b/.test(pattern.source)) return
          slow.push(`${name}:${index + 1} ${text.trim()}`)
        })
      }
    expect(slow).toEqual([])
  })

  it('finds a slow pattern when there is one (the check itself can fail)', () => {
    const found = regexLiterals('const cue = /\\bcancel\\b/iu\nconst fine = /\\bcancel\\b/i\n').filter(
      ({ body, flags }) => flags.includes('i') && flags.includes('u') && /\\b/.test(body),
    )
    expect(found.map(({ line }) => line)).toEqual([1])
  })

  it('the word start a u pattern uses instead of \\b matches where \\b does', () => {
    const texts = [
      'total 45',
      'the total was 45',
      'subtotal 45',
      '_total 45',
      '7total 45',
      'ſtotal 45',
      'Ktotal 45',
    ]
    const withBoundary = /\btotal\s+\d+/iu
    const withLookbehind = /(?<!\w)total\s+\d+/iu
    expect(texts.map((text) => withLookbehind.test(text))).toEqual(
      texts.map((text) => withBoundary.test(text)),
    )
  })
})
