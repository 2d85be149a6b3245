import { defineConfig } from 'tsdown'

/** Every concern folder is also a public subpath (`@focal/core/goal`, ...). Keep in sync with package.json. */
const subpaths = [
  'goal',
  'sensor',
  'rules',
  'scenarios',
  'enforcement',
  'compiler',
  'judge',
  'reformulation',
  'completion',
  'ledger',
  'metrics',
  'llm',
  'engine',
  'definition',
  'errors',
  'testing',
]

export default defineConfig({
  entry: ['src/index.ts', ...subpaths.map((name) => `src/${name}/index.ts`)],
  format: 'esm',
  platform: 'neutral',
  dts: true,
  sourcemap: true,
  clean: true,
  external: ['vitest'],
})
