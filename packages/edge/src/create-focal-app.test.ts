import { describe, expect, it } from 'vitest'
import { createFocalApp } from './create-focal-app.ts'

describe('createFocalApp', () => {
  it('answers GET /health with status ok and the configured name', async () => {
    const response = await createFocalApp({ name: 'support' }).request('/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', name: 'support' })
  })
})
