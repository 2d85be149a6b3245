import type { FocalErrorCode } from './codes.ts'

const marker = 'focal.error'
const symbol = Symbol.for(marker)

/** One located problem inside a larger input (a definition, a request body, model output). */
export interface FocalIssue {
  /** Dotted path to the offending value, e.g. `rules[3].scope.step`. Empty for the whole input. */
  path: string
  /** What is wrong, in one sentence. */
  message: string
  /** The 1-based line of the offending value, when the input was text (YAML or JSON). */
  line?: number
  /** What the path is inside, as its author names it (`conversation "refund cap"`). */
  label?: string
}

export interface FocalErrorOptions {
  code: FocalErrorCode
  message: string
  /** Located problems; present when the error is about an input with structure. */
  issues?: readonly FocalIssue[]
  cause?: unknown
}

/**
 * Base class of every error Focal throws. Outcomes (a blocked reply, a failed gate) are values,
 * never errors: a `FocalError` means misuse, bad input or a failed port.
 *
 * @example
 * try { loadDefinition(yaml) } catch (error) {
 *   if (FocalError.isInstance(error) && error.code === 'invalid-definition') console.log(error.issues)
 * }
 */
export class FocalError extends Error {
  protected readonly [symbol] = true
  readonly code: FocalErrorCode
  readonly issues: readonly FocalIssue[]

  constructor({ code, message, issues = [], cause }: FocalErrorOptions) {
    super(message, cause === undefined ? undefined : { cause })
    this.name = 'FocalError'
    this.code = code
    this.issues = issues
  }

  /** True for any FocalError, even one created by another copy of this package. */
  static isInstance(error: unknown): error is FocalError {
    return FocalError.hasMarker(error, marker)
  }

  protected static hasMarker(error: unknown, markerName: string): boolean {
    const markerSymbol = Symbol.for(markerName)
    return (
      error != null &&
      typeof error === 'object' &&
      markerSymbol in error &&
      (error as Record<symbol, unknown>)[markerSymbol] === true
    )
  }

  /** A plain JSON-safe view: code, message and issues; never a stack. */
  toJSON(): { code: FocalErrorCode; message: string; issues: readonly FocalIssue[] } {
    return { code: this.code, message: this.message, issues: this.issues }
  }
}
