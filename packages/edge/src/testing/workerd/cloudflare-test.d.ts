// The slice of `cloudflare:test` (from @cloudflare/vitest-pool-workers) the workerd tests use;
// the full types pull in @cloudflare/workers-types globals that clash with the DOM lib.
declare module 'cloudflare:test' {
  export const env: unknown
  export const SELF: { fetch(request: Request): Promise<Response> }
  /** Runs the Durable Object's scheduled alarm now; false when none was scheduled. */
  export function runDurableObjectAlarm(stub: unknown): Promise<boolean>
}

// Vite's raw text imports (the workerd test Worker bundles the example definition this way).
declare module '*.yaml?raw' {
  const text: string
  export default text
}

// Wrangler's `Text` rule (the `wrangler dev` socket Worker bundles the example definition this way).
declare module '*.yaml' {
  const text: string
  export default text
}
