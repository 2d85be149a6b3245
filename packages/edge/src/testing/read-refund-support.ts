import { readFileSync } from 'node:fs'

/** The refund-support example definition (Node and Vitest only; Deno and workerd read it their own way). */
export function readRefundSupport(): string {
  return readFileSync(
    new URL('../../../../examples/definitions/refund-support.yaml', import.meta.url),
    'utf8',
  )
}
