import { describe, expect, it } from 'vitest'
import { nearestNames } from './nearest-names.ts'

const files = [
  'src/auth.ts',
  'src/router.ts',
  'src/orders.ts',
  'src/text.ts',
  'src/use.ts',
  'tests/orders.test.mjs',
]

describe('nearestNames', () => {
  it('suggests identifiers one or two edits away and files named by a word, its stem or a typo of it', () => {
    const lines = ['src/router.ts:5: export class CommandRouter {']
    expect(nearestNames({ target: 'comandRouter', files, lines })).toEqual(['CommandRouter', 'src/router.ts'])
    expect(nearestNames({ target: 'authentication', files })).toEqual(['src/auth.ts'])
    expect(nearestNames({ target: 'ordrs', files })).toEqual(['src/orders.ts', 'tests/orders.test.mjs'])
  })

  it('makes up nothing for a short word with many neighbours or a name far from every one', () => {
    expect(nearestNames({ target: 'test', files })).toEqual([])
    expect(nearestNames({ target: 'user', files })).toEqual([])
    expect(nearestNames({ target: 'payment gateway', files })).toEqual([])
  })
})
