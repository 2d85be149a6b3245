import { describe, expect, it } from 'vitest'
import { findNamedSpans, isNamedRun } from './find-named-spans.ts'

const namesIn = (text: string) => findNamedSpans(text).map(([start, end]) => text.slice(start, end))

describe('findNamedSpans', () => {
  it('finds mentions, paths, URLs, hidden files and file names, without the punctuation around them', () => {
    expect(namesIn('read @docs/design.md and (src/fix-dates.ts), then open .env.local.')).toEqual([
      '@docs/design.md',
      'src/fix-dates.ts',
      '.env.local',
    ])
    expect(namesIn('@Planning/ summarize it, see https://example.com/a/b')).toEqual([
      '@Planning/',
      'https://example.com/a/b',
    ])
    expect(namesIn('why is Node.js slow in C:\\work\\app?')).toEqual(['Node.js', 'C:\\work\\app'])
    expect(namesIn('see NOTES.MD first')).toEqual(['NOTES.MD'])
  })

  it('leaves words joined by a slash, chat commands, abbreviations and numbers as words', () => {
    for (const run of ['and/or', 'read/write', '/ask', '/run', 'e.g', 'etc', '3.5', 'v2.0', '...', '@'])
      expect(isNamedRun(run), run).toBe(false)
    expect(namesIn('/ask explain the read/write path, e.g. the cache... v2.0 too')).toEqual([])
  })
})
