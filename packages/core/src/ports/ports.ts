/** A stored session: opaque JSON state plus the version used for optimistic concurrency. */
export interface StoredSession<State = unknown> {
  state: State
  /** Starts at 1 on create; +1 on every successful put. */
  version: number
}

/**
 * The session storage port (optimistic versioning). Every adapter must pass
 * `describeSessionStoreConformance` from `@focal/core/testing`.
 */
export interface SessionStore<State = unknown> {
  get(sessionId: string): Promise<StoredSession<State> | undefined>
  /**
   * Writes `state` if the stored version equals `expectedVersion` (0 means "must not exist yet").
   * Resolves the new version, or `false` when the version did not match (nothing written).
   */
  put(sessionId: string, state: State, expectedVersion: number): Promise<number | false>
  delete(sessionId: string): Promise<void>
}

/** The time source; injected so tests and replays are deterministic. */
export interface Clock {
  now(): number
}

/** Id source; injected so tests are deterministic. */
export interface IdGenerator {
  next(prefix?: string): string
}

/** What a tool implementation receives besides its arguments. */
export interface ToolRunContext {
  sessionId: string
  turnId: string
  /** The rule that asked for the call. */
  ruleId: string
  signal?: AbortSignal
}

/** One tool implementation: arguments in, a JSON-serialisable result out (thrown errors become `failed`). */
export type ToolHandler = (
  args: Record<string, unknown>,
  context: ToolRunContext,
) => Promise<unknown> | unknown

/**
 * The tool port: tool id -> implementation. The engine runs only tools its definition declares and
 * only after the tool policy gate allowed (or a human approved) the call.
 */
export type ToolRunner = Readonly<Record<string, ToolHandler>>
