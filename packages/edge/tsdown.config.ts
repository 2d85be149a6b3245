import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: ['src/index.ts', 'src/cloudflare/index.ts', 'src/deno/index.ts', 'src/node/index.ts'],
  format: 'esm',
  platform: 'neutral',
  dts: true,
  sourcemap: true,
  clean: true,
  external: [/^@focal\//, /^hono/, /^@hono\//, 'zod', 'cloudflare:workers'],
})
