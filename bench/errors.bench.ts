import { FocalError } from '@focal/core/errors'
import { defineSuite } from './harness.ts'

const focalError = new FocalError({ code: 'aborted', message: 'x' })

// A smoke suite for the runner itself: marker checks against instanceof, as a peer.
export default defineSuite({
  name: 'errors: FocalError.isInstance',
  cases: [
    { name: 'FocalError.isInstance', fn: () => FocalError.isInstance(focalError) },
    {
      name: 'instanceof (peer)',
      fn: () => focalError instanceof FocalError,
      peerOf: 'FocalError.isInstance',
    },
  ],
})
