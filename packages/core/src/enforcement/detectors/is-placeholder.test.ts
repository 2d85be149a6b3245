import { describe, expect, it } from 'vitest'
import { isPlaceholder } from './is-placeholder.ts'

const body = (value: string, minimumEntropy?: number): boolean =>
  isPlaceholder(value, 0, value.length, minimumEntropy)

describe('isPlaceholder', () => {
  it.each([
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    'XXXXXXXXXXXXXXXX',
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    '000000000000000000000000000000000000',
    'your_api_key_here',
    'IOSFODNN7EXAMPLE',
    'abcdefghijklmnopqrstuvwxyz1234567',
    '<your-token>',
    '${API_KEY}',
    'sk-...',
    'changeme',
    'abababababababababab',
  ])('takes %s for a placeholder', (value) => {
    expect(body(value)).toBe(true)
  })

  it.each([
    'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx',
    'LALEMEL33243OLIB',
    'JMN4Q~Nwr~cPITojMJHsXI.n_utg8NlKdqjf4MMT',
    '12345678-ABCD-ABCD-ABCD-1234567890AB',
    'Nsv9U8zvZrkyp3V5',
  ])('takes %s for a random body', (value) => {
    expect(body(value)).toBe(false)
  })

  it('applies an entropy floor, and none when given 0', () => {
    expect(body('a1b2a1b2c3c3a1b2c3d4', 3.5)).toBe(true)
    expect(body('a1b2a1b2c3c3a1b2c3d4', 0)).toBe(false)
  })
})
