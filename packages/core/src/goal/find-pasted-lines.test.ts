import { describe, expect, it } from 'vitest'
import { findPastedLines } from './find-pasted-lines.ts'

const lines = (text: string) => findPastedLines(text).map(([start, end]) => text.slice(start, end))

describe('findPastedLines', () => {
  it('never marks a one-line request as a pasted line, however symbol-heavy', () => {
    expect(lines('res = f{type(err)}: {err} prints <class>; make it print the name')).toEqual([])
  })

  it('marks double-quoted passages of two words or more, not a quoted single word', () => {
    expect(lines('rename "foo" to "bar"; it prints "Couldn\'t connect to server" instead')).toEqual([
      '"Couldn\'t connect to server"',
    ])
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
