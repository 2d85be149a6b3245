import { describe, expect, it } from 'vitest'
import { typedOption } from './typed-option.ts'

const options = [
  { id: 'cancel_order', label: 'Cancel an order', value: 'cancel NW-2002 ($40)' },
  { id: 'refund', label: 'I want a refund', value: 'refund $20 on NW-1001' },
]

describe('typedOption', () => {
  it('reads an option typed as its id, label or value', () => {
    expect(typedOption(options, 'I want a refund!')?.id).toBe('refund')
    expect(typedOption(options, 'cancel_order')?.id).toBe('cancel_order')
    expect(typedOption(options, 'cancel NW-2002 ($40)')?.id).toBe('cancel_order')
  })

  it('reads an option picked by its place alone (outside review rv55 F3, S5)', () => {
    for (const text of ['2', '#2', 'option 2', 'the second one', '2nd please', 'second'])
      expect(typedOption(options, text)?.id, text).toBe('refund')
    for (const text of ['1', 'the first one', 'first option'])
      expect(typedOption(options, text)?.id, text).toBe('cancel_order')
  })

  it('reads no option in a place past the list, or a number with more words', () => {
    for (const text of [
      '3',
      'the third one',
      '2 people',
      'the second time',
      'first, where is NW-1001?',
      '12',
    ])
      expect(typedOption(options, text), text).toBeUndefined()
    expect(typedOption(undefined, '2')).toBeUndefined()
  })
})
