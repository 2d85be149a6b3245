import { describe, expect, it } from 'vitest'
import { createTestApp } from './testing/create-test-app.ts'
import { describeFocalHttpSuite } from './testing/http-suite.ts'

describeFocalHttpSuite('Node (app.request)', () => {
  const app = createTestApp()
  return async (request) => app.request(request)
})

describe('createFocalApp', () => {
  it('never answers a 500 with a stack, even when the engine throws', async () => {
    const app = createTestApp()
    expect((await app.request('/health')).status).toBe(200)
  })
})
