import { describe, expect, it } from 'vitest'
import { excludedPaths, namedPaths } from './extract-goal-target.ts'

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

  // A drive path's parts were `(?:part+ separator?)*`: a long name after `C:\` that the path's end
  // refused was split every way before failing (24 letters took 1.2 s, a pasted Windows path in a
  // real request hung the parser). Each part after the first now starts at a separator.
  it('reads a long drive path that ends in a character no path ends with in linear time', () => {
    for (const length of [24, 2000]) {
      const text = `open C:\\${'a'.repeat(length)}#`
      const started = performance.now()
      expect(namedPaths(text), text).toEqual([])
      expect(performance.now() - started).toBeLessThan(250)
    }
    expect(namedPaths('open C:\\Users\\dev\\app\\ now')).toEqual(['C:\\Users\\dev\\app\\'])
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

describe('excludedPaths', () => {
  // Session 65's review: "avoid" and "ignoring" left the file in, and it was the one read.
  it('leaves out a path after avoid, avoiding, ignoring, skip, except or a denied reading', () => {
    for (const text of [
      'explain how the auth works but avoid src/auth.ts',
      'explain how the auth works, avoiding src/auth.ts',
      'explain how the auth works, ignoring src/auth.ts',
      'explain how the auth works, skip src/auth.ts',
      'explain the auth except src/auth.ts',
      "explain how the auth works but don't read src/auth.ts",
    ]) {
      expect(excludedPaths(text), text).toEqual(['src/auth.ts'])
      expect(namedPaths(text), text).toEqual([])
    }
    expect(excludedPaths('explain src/auth.ts')).toEqual([])
  })
})
