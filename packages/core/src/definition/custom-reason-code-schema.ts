import { z } from 'zod'

const upperSnakeCase = /^[A-Z][A-Z0-9_]*$/

const reasonCode = z
  .string()
  .regex(upperSnakeCase, 'use UPPER_SNAKE_CASE (letters, digits and "_"), e.g. MISSING_ORDER_ID')

const customReasonCodeObjectSchema = z.strictObject({
  /** UPPER_SNAKE_CASE, e.g. `MISSING_ORDER_ID`; must not repeat a built-in judge code. */
  code: reasonCode,
  /** `hard` forces FAIL like the built-in hard-fail codes. @default 'soft' */
  severity: z.enum(['hard', 'soft']).default('soft'),
  /** What the code means, shown to the model judge. */
  description: z.string().min(1).exactOptional(),
  /** Regex (checked for catastrophic backtracking); the heuristic judge raises the code when the draft does not match. */
  missingPattern: z.string().min(1).exactOptional(),
})

/** A custom reason code once loaded: the judge's `CustomReasonCode` with the severity filled in. */
export type DefinitionCustomReasonCode = z.output<typeof customReasonCodeObjectSchema>

/**
 * A skill-specific reason code of the final alignment judge (seed 004 §5): `MISSING_ORDER_ID`, or
 * `{ code, severity, description, missingPattern }`. A plain string loads as `{ code, severity: 'soft' }`.
 */
export const customReasonCodeSchema = z.union(
  [
    reasonCode.transform((code): DefinitionCustomReasonCode => ({ code, severity: 'soft' })),
    customReasonCodeObjectSchema,
  ],
  { error: describeUnionIssue },
)

/** Zod reports a failed union as a whole; say what is wrong with the shape the author chose. */
function describeUnionIssue(issue: z.core.$ZodRawIssue): string {
  if (typeof issue.input === 'string')
    return `"${issue.input}" is not UPPER_SNAKE_CASE (letters, digits and "_"), e.g. MISSING_ORDER_ID`
  const objectIssues = issue.code === 'invalid_union' ? issue.errors[1] : undefined
  if (issue.input !== null && typeof issue.input === 'object' && objectIssues !== undefined)
    return objectIssues
      .map((inner) => (inner.path.length === 0 ? inner.message : `${inner.path.join('.')}: ${inner.message}`))
      .join('; ')
  return 'expected a reason code such as MISSING_ORDER_ID or { code, severity, description, missingPattern }'
}
