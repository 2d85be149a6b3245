import { describe, expect, it } from 'vitest'
import { createInputRail, createMemoryInputVault } from './create-input-rail.ts'

describe('createInputRail', () => {
  it('replaces each detected value by a numbered typed placeholder and keeps it in the vault until erased', async () => {
    const vault = createMemoryInputVault()
    const rail = createInputRail({ detectors: ['credit-card', 'us-ssn'], vault })
    const text = 'Card 4111 1111 1111 1111, SSN 536-22-1987, and 5500 0000 0000 0004.'
    expect(await rail('s1', text)).toBe('Card [CREDIT_CARD_1], SSN [US_SSN_1], and [CREDIT_CARD_2].')
    expect(await rail('s1', 'again 4111 1111 1111 1111')).toBe('again [CREDIT_CARD_3]')
    expect(await vault.get('s1', '[CREDIT_CARD_1]')).toBe('4111 1111 1111 1111')
    expect(await vault.get('s1', '[US_SSN_1]')).toBe('536-22-1987')
    // Another session numbers its own placeholders and has its own key.
    expect(await rail('s2', 'SSN 536-22-1987')).toBe('SSN [US_SSN_1]')
    await vault.erase('s1')
    expect(await vault.get('s1', '[CREDIT_CARD_1]')).toBeUndefined()
    expect(await vault.get('s2', '[US_SSN_1]')).toBe('536-22-1987')
  })

  it('passes text with nothing to replace through unchanged', async () => {
    const rail = createInputRail({ detectors: ['credit-card'], vault: createMemoryInputVault() })
    expect(await rail('s', 'where is my order NW-1001')).toBe('where is my order NW-1001')
  })
})
