// The slice of workerd's `cloudflare:workers` module this entry uses (full types live in
// @cloudflare/workers-types, which would clash with the DOM lib the rest of the package uses).
declare module 'cloudflare:workers' {
  export abstract class DurableObject<Env = unknown> {
    protected ctx: {
      storage: {
        sql: import('../stores/durable-object/durable-object-types.ts').DurableObjectSql
        setAlarm(scheduledTime: number): Promise<void>
      }
    }
    protected env: Env
    constructor(ctx: unknown, env: Env)
  }
}
