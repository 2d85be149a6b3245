import { cloudflareTest } from '@cloudflare/vitest-pool-workers'
import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * The edge suites inside real workerd (`@cloudflare/vitest-pool-workers`): the shared HTTP suite
 * against the test Worker, and the Durable Object stores against core's conformance suites.
 * Workspace packages resolve through the `@focal/source` condition, as in the root config.
 */
export default defineConfig({
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
  resolve: { conditions: ['@focal/source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['@focal/source', ...defaultServerConditions] } },
  test: {
    name: 'edge-workerd',
    include: ['src/**/*.workerd.test.ts'],
  },
})
