import { z } from 'zod'

/**
 * `z.object` with its keys declared in code-unit order, so what it parses comes out with its keys
 * in the order canonical JSON writes them (zod emits keys in shape order) and `canonicalJson` can
 * serialise the ledger's validated payloads without a sorted copy. Accepts and rejects exactly what
 * `z.object(shape)` does.
 */
export function sortedObject<Shape extends z.ZodRawShape>(shape: Shape): z.ZodObject<Shape> {
  const sorted = Object.fromEntries(
    Object.keys(shape)
      .sort()
      .map((key) => [key, shape[key]]),
  )
  return z.object(sorted) as unknown as z.ZodObject<Shape>
}
