import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import { createTestAppOptions } from '../testing/create-test-app.ts'
import { describeFocalHttpSuite } from '../testing/http-suite.ts'
import { readRefundSupport } from '../testing/read-refund-support.ts'
import { serveFocal } from './serve-focal.ts'

let served: ReturnType<typeof serveFocal>
let origin: string

beforeAll(async () => {
  served = serveFocal({
    ...createTestAppOptions({ definition: readRefundSupport() }),
    port: 0,
    hostname: '127.0.0.1',
  })
  await new Promise<void>((resolve) => served.server.once('listening', () => resolve()))
  origin = `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => served.server.close(resolve))
})

describeFocalHttpSuite('Node (@hono/node-server socket on 127.0.0.1)', () => async (request) => {
  const url = new URL(request.url)
  return fetch(new Request(`${origin}${url.pathname}${url.search}`, request))
})
