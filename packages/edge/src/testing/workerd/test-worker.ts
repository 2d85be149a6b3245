import definition from '../../../../../examples/definitions/refund-support.yaml?raw'
import {
  createFocalStores,
  type FocalKvNamespace,
  type FocalSessionNamespace,
  serveFocal,
} from '../../cloudflare/index.ts'
import { createTestAppOptions } from '../create-test-app.ts'

export { FocalSessionObject } from '../../cloudflare/index.ts'

/** Bindings of the test Worker (see vitest.workers.config.ts). */
export interface TestWorkerEnv {
  FOCAL_SESSIONS: FocalSessionNamespace
  FOCAL_COMPILE_CACHE: FocalKvNamespace
}

/** The refund-support definition, bundled as text (workerd has no file system). */
export const refundSupport = definition

// The Worker the workerd run of the shared HTTP suite talks to: the test app on Durable Objects.
export default serveFocal((env: TestWorkerEnv) =>
  createTestAppOptions({ definition, ...createFocalStores({ namespace: env.FOCAL_SESSIONS }) }),
)
