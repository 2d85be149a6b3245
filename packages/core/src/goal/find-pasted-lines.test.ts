import { describe, expect, it } from 'vitest'
import { findPastedLines } from './find-pasted-lines.ts'

const lines = (text: string) => findPastedLines(text).map(([start, end]) => text.slice(start, end))

describe('findPastedLines', () => {
  it('never marks a one-line request, however symbol-heavy', () => {
    expect(lines('res = f"{type(err)}: {err}" prints <class>; make it print the name')).toEqual([])
  })

  it('marks fenced, indented, prompt and symbol-heavy lines, not the prose around them', () => {
    const text = [
      'why does this fail?',
      '```',
      'const total = items.reduce((sum, item) => sum + item.price, 0)',
      '```',
      '$ npm run build',
      '    at Object.<anonymous> (src/index.ts:3:9)',
      'foo({ a: 1 }); bar[2] = "x";',
      'it used to work yesterday',
    ].join('\n')
    expect(lines(text)).toEqual([
      '```',
      'const total = items.reduce((sum, item) => sum + item.price, 0)',
      '```',
      '$ npm run build',
      '    at Object.<anonymous> (src/index.ts:3:9)',
      'foo({ a: 1 }); bar[2] = "x";',
    ])
  })
})
