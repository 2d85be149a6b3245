import { describe, expect, it } from 'vitest'
import { namedPaths } from './extract-goal-target.ts'

describe('namedPaths', () => {
  // An outside review: "run the tests in ../", "~root", "\\server\share" named no place, so the
  // whole suite was put to the maintainer, and "C:\Windows" left the stray target "c".
  it('keeps a parent, home, network-share or drive path whole, so a tool policy sees where it points', () => {
    for (const [text, path] of [
      ['run the tests in ../', '../'],
      ['run the tests in ..', '..'],
      ['run the tests in ../..', '../..'],
      ['run the tests in ..\\..\\', '..\\..\\'],
      ['run the tests in ~root', '~root'],
      ['run the tests in ~', '~'],
      ['run the tests in \\\\server\\share', '\\\\server\\share'],
      ['run the tests in C:\\Windows', 'C:\\Windows'],
      ['run the tests in C:/Windows/System32', 'C:/Windows/System32'],
      ['run the tests in /tmp', '/tmp'],
    ]) {
      expect(namedPaths(text!), text).toEqual([path])
    }
  })

  it('reads no place into an ellipsis, an approximate number or a plain word', () => {
    for (const text of [
      'hmm ... explain the router',
      'wait... what does it do',
      'the run takes ~5 seconds',
      'note: the router',
    ]) {
      expect(namedPaths(text), text).toEqual([])
    }
  })
})
