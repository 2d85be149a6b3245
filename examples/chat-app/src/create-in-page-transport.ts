import type { ChatTransport, LocalTransportEngine } from '@focal/react'
import { createLocalTransport } from '@focal/react'
import definition from '../../definitions/refund-support.yaml?raw'

/**
 * Runs the refund-support engine in this page (no server): core is loaded on first use, so the
 * server mode never downloads it.
 */
export function createInPageTransport(): ChatTransport {
  let engine: Promise<LocalTransportEngine> | undefined
  const load = async () => {
    engine ??= import('@focal/core/engine').then(({ createEngine }) => createEngine({ definition }))
    return createLocalTransport({ engine: await engine })
  }
  return {
    async *sendMessage(request) {
      yield* (await load()).sendMessage(request)
    },
    async *resolveApproval(request) {
      yield* (await load()).resolveApproval(request)
    },
  }
}
