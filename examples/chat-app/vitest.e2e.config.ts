import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * The demo's suite: unit tests of its inspector helpers, and the real-browser tests that start
 * `pnpm demo` on a free port and drive Debian Chromium.
 */
export default defineConfig({
  root: import.meta.dirname,
  // The suite's own imports of workspace packages read their `src/`, as the demo server does.
  ssr: { resolve: { conditions: ['@focal/source', ...defaultServerConditions] } },
  test: {
    name: 'chat-app-e2e',
    include: ['e2e/**/*.e2e.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
})
