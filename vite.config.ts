import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/**
 * One Vitest run, one project per package. Every project resolves workspace packages through the
 * `@focal/source` export condition, so tests run on `src/` without a build.
 */
const sourceCondition = '@focal/source'

export default defineConfig({
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          root: './packages/core',
          include: ['src/**/*.test.ts'],
          exclude: ['src/testing/code-generation.test.ts'],
          environment: 'node',
        },
      },
      {
        // The same suite again with string code generation disabled, as Cloudflare Workers do:
        // `eval` or `new Function` anywhere on core's paths fails here.
        extends: true,
        test: {
          name: 'core-no-codegen',
          root: './packages/core',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          execArgv: ['--disallow-code-generation-from-strings'],
        },
      },
      {
        extends: true,
        test: {
          name: 'edge',
          root: './packages/edge',
          include: ['src/**/*.test.ts'],
          // workerd and Deno runs have their own configs (packages/edge/vitest.*.config.ts).
          exclude: ['src/**/*.workerd.test.ts', 'src/**/*.deno.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          root: './packages/react',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        // Example agents with real tool runners (git and files over a fixture repository), and the
        // demo server over a real socket.
        extends: true,
        test: {
          name: 'examples',
          root: './examples',
          include: ['repo-helper/**/*.test.ts', 'deno/**/*.test.ts', 'chat-app/server/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'tooling',
          root: './scripts',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
})
