import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSessionTokens } from './session-tokens.ts'

const secret = 'a-very-long-secret-for-session-tokens-0001'
const claim = { epoch: 'epoch-1', expiresAt: Date.now() + 60_000 }

describe('createSessionTokens', () => {
  it('verifies a token only for the session it was signed for', async () => {
    const tokens = createSessionTokens({ secret })
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), async (one, two) => {
        const token = await tokens.sign(one, claim)
        expect(await tokens.verify(one, token)).toMatchObject({ type: 'valid', epoch: 'epoch-1' })
        if (one !== two) expect(await tokens.verify(two, token)).toEqual({ type: 'invalid' })
      }),
      { numRuns: 50 },
    )
  })

  it('rejects tokens signed with another secret', async () => {
    const token = await createSessionTokens({ secret: `${secret}-other` }).sign('s1', claim)
    expect(await createSessionTokens({ secret }).verify('s1', token)).toEqual({ type: 'invalid' })
  })

  it('reports a token past its expiry as expired, and one with an edited expiry or epoch as invalid', async () => {
    const tokens = createSessionTokens({ secret })
    const token = await tokens.sign('s1', claim)
    expect((await tokens.verify('s1', token, claim.expiresAt + 1000)).type).toBe('expired')
    const [version, expiry, epoch, mac] = token.split('.')
    const later = (Number.parseInt(expiry ?? '', 36) + 3600).toString(36)
    expect(await tokens.verify('s1', [version, later, epoch, mac].join('.'))).toEqual({ type: 'invalid' })
    expect(await tokens.verify('s1', [version, expiry, 'epoch-2', mac].join('.'))).toEqual({
      type: 'invalid',
    })
    expect(await tokens.verify('s1', 'v1.garbage')).toEqual({ type: 'invalid' })
  })

  it('refuses a secret shorter than 32 characters', () => {
    expect(() => createSessionTokens({ secret: 'short' })).toThrow(/32 characters/)
  })
})
