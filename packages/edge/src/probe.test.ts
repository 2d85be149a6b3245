import { createEngine } from '@focal/core'
import { it } from 'vitest'
import { createFocalApp } from './create-focal-app.ts'
import { readRefundSupport } from './testing/read-refund-support.ts'

it('probe', async () => {
  const definition = readRefundSupport()
  const engine = createEngine({ definition })
  const app = createFocalApp({ definition })
  for (let round = 0; round < 2; round++) {
    let start = performance.now()
    for (let i = 0; i < 300; i++)
      await engine.turn({ sessionId: `s${round}-${i}`, text: 'where is my order NW-1001' })
    console.log('engine.turn ms/turn', (performance.now() - start) / 300)
    start = performance.now()
    for (let i = 0; i < 300; i++)
      await (
        await app.request('/v1/turn', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ text: 'where is my order NW-1001' }),
        })
      ).text()
    console.log('app.request ms/turn', (performance.now() - start) / 300)
  }
}, 60000)
