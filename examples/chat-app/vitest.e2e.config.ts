import { defineConfig } from 'vitest/config'

/** The demo's real-browser suite: starts `pnpm demo` on a free port and drives Debian Chromium. */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    name: 'chat-app-e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
})
