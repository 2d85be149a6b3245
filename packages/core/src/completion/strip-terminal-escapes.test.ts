import { describe, expect, it } from 'vitest'
import { stripTerminalEscapes } from './strip-terminal-escapes.ts'

describe('stripTerminalEscapes', () => {
  it('drops colours, erases, cursor moves, titles and hyperlinks, and keeps the text and its lines', () => {
    expect(stripTerminalEscapes('\u001b[31m[METRIC:acc] 0.75\u001b[0m')).toBe('[METRIC:acc] 0.75')
    expect(stripTerminalEscapes('\u001b[2K\u001b[1Gdone\n\u001b[1;32mok\u001b[m')).toBe('done\nok')
    expect(
      stripTerminalEscapes('\u001b]0;title\u0007a\u001b]8;;https://x.test\u001b\\link\u001b]8;;\u001b\\'),
    ).toBe('alink')
    expect(stripTerminalEscapes('\u009b31mred\u001b(Bplain\u001b7\u001b8')).toBe('redplain')
    // An unterminated title hides nothing: only its introducer goes.
    expect(stripTerminalEscapes('\u001b]0;no end\nnext')).toBe('0;no end\nnext')
    expect(stripTerminalEscapes('\u0090[METRIC:acc] 0.75')).toBe('\u0090[METRIC:acc] 0.75')
    expect(stripTerminalEscapes('no escape [METRIC:acc] 1')).toBe('no escape [METRIC:acc] 1')
  })
})
