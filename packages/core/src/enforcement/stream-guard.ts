/**
 * The streaming Lane 1 guard model text runs through (the edge's chat stream, `focalFilter`, the
 * AI SDK middleware): structurally `StreamRedactor` (`createStreamRedactor`), so any
 * implementation with this shape plugs in.
 */
export interface FocalStreamGuard {
  /** Feed a chunk; returns the text that is now safe to emit (may be ''). */
  push(chunk: string): string
  /** End of input; returns whatever was still held back, redacted. */
  flush(): string
  /** Every finding so far. */
  findings(): ReadonlyArray<{ type: string; start: number; end: number }>
  /** In block mode, the block once it happened; otherwise undefined. */
  blocked(): unknown
}
