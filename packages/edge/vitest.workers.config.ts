import { cloudflareTest } from '@cloudflare/vitest-pool-workers'
import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * The edge suites on real workerd, in two projects:
 * - `edge-workerd` (`@cloudflare/vitest-pool-workers`, tests run inside workerd): the shared HTTP
 *   suite against the test Worker, and the Durable Object stores against core's conformance suites.
 * - `edge-workerd-socket` (tests run in Node): the Worker under `wrangler dev`, driven over a raw
 *   socket (`*.socket.workerd.test.ts`), which the in-process project cannot do.
 * Workspace packages resolve through the `@focal/source` condition, as in the root config.
 */
const resolve = { conditions: ['@focal/source', ...defaultServerConditions] }

export default defineConfig({
  resolve,
  ssr: { resolve },
  test: {
    projects: [
      {
        extends: true,
        plugins: [
          cloudflareTest({
            main: './src/testing/workerd/test-worker.ts',
            miniflare: {
              compatibilityDate: '2026-01-01',
              compatibilityFlags: ['nodejs_compat'],
              durableObjects: { FOCAL_SESSIONS: { className: 'FocalSessionObject', useSQLite: true } },
              kvNamespaces: ['FOCAL_COMPILE_CACHE'],
            },
          }),
        ],
        test: {
          name: 'edge-workerd',
          include: ['src/**/*.workerd.test.ts'],
          exclude: ['src/**/*.socket.workerd.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'edge-workerd-socket',
          include: ['src/**/*.socket.workerd.test.ts'],
          environment: 'node',
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
