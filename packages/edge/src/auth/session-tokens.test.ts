import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSessionTokens } from './session-tokens.ts'

const secret = 'a-very-long-secret-for-session-tokens-0001'

describe('createSessionTokens', () => {
  it('verifies a token only for the session it was signed for', async () => {
    const tokens = createSessionTokens({ secret })
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), async (one, two) => {
        const token = await tokens.sign(one)
        expect(await tokens.verify(one, token)).toBe(true)
        if (one !== two) expect(await tokens.verify(two, token)).toBe(false)
      }),
      { numRuns: 50 },
    )
  })

  it('rejects tokens signed with another secret', async () => {
    const token = await createSessionTokens({ secret: `${secret}-other` }).sign('s1')
    expect(await createSessionTokens({ secret }).verify('s1', token)).toBe(false)
  })

  it('refuses a secret shorter than 32 characters', () => {
    expect(() => createSessionTokens({ secret: 'short' })).toThrow(/32 characters/)
  })
})
