import { describe, expect, it } from 'vitest'
import { findUnsupportedSpecifics } from './find-unsupported-specifics.ts'

describe('findUnsupportedSpecifics', () => {
  it('flags file paths and code symbols absent from the tool trace', () => {
    const draft = 'Login starts in src/auth/login.ts where `handleLogin()` calls `SessionStore.create`.'
    const check = findUnsupportedSpecifics(draft, 'read_file src/auth/login.ts\ngrep handleLogin')
    expect(check.specifics).toEqual(
      expect.arrayContaining(['src/auth/login.ts', 'handleLogin', 'SessionStore.create']),
    )
    expect(check.unsupported).toEqual(['SessionStore.create'])
  })

  it('accepts specifics the user named in the goal, and ignores fenced code and plain words', () => {
    const draft =
      'Edit config.yaml as below; the `retry` setting matters.\n```ts\nconst value = parseConfig(readFile("other.ts"))\n```'
    const check = findUnsupportedSpecifics(draft, '', 'Why does config.yaml fail to load?')
    expect(check.unsupported).toEqual([])
  })

  it('matches a path by its last segment when the trace abbreviates directories', () => {
    expect(
      findUnsupportedSpecifics('See packages/core/src/engine.ts', 'opened engine.ts').unsupported,
    ).toEqual([])
  })
})
