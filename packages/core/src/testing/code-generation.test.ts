import { describe, expect, it } from 'vitest'

// Runs only in the `core-no-codegen` project (excluded from `core`), where Vitest starts workers
// with --disallow-code-generation-from-strings, the ban Cloudflare Workers apply.
describe('string code generation under core-no-codegen', () => {
  it('rejects new Function and eval, so any use in core fails its tests there', () => {
    expect(() => new Function('return 1')).toThrow(EvalError)
    // biome-ignore lint/security/noGlobalEval: proving the ban is active
    expect(() => eval('1')).toThrow(EvalError)
  })
})
