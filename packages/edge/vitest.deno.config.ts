import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * @focal/edge on a real Deno process (the `deno` npm package's binary): Vitest in Node starts
 * `deno run --conditions=@focal/source --unstable-kv src/testing/deno/serve-test-app.ts`, then runs
 * the shared HTTP suite and the raw-socket body suite against it over loopback, and core's store
 * conformance suites against the Deno KV stores through a loopback RPC port of the same process.
 */
export default defineConfig({
  resolve: { conditions: ['@focal/source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['@focal/source', ...defaultServerConditions] } },
  test: {
    name: 'edge-deno',
    include: ['src/**/*.deno.test.ts'],
    environment: 'node',
    hookTimeout: 90_000,
  },
})
