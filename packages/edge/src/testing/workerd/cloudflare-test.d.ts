// The slice of `cloudflare:test` (from @cloudflare/vitest-pool-workers) the workerd tests use;
// the full types pull in @cloudflare/workers-types globals that clash with the DOM lib.
declare module 'cloudflare:test' {
  export const env: unknown
  export const SELF: { fetch(request: Request): Promise<Response> }
}
