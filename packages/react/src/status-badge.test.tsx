import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StatusBadge } from './status-badge.tsx'

describe('StatusBadge', () => {
  it('announces streaming in a polite live region', () => {
    render(<StatusBadge status="streaming" />)
    const region = screen.getByRole('status')
    expect(region.textContent).toBe('Assistant is replying…')
    expect(region.getAttribute('aria-live')).toBe('polite')
  })
})
