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
  'ports',
  'definition',
  'errors',
  'testing',
  'conversation-tests',
  'ui-message-stream',
  'ai-sdk',
  'stream-formats',
]

export default defineConfig({
  // src/cli/focal.ts is the `focal` bin (Node only: it reads the suite and definition files).
  entry: ['src/index.ts', ...subpaths.map((name) => `src/${name}/index.ts`), 'src/cli/focal.ts'],
  format: 'esm',
  platform: 'neutral',
  dts: true,
  sourcemap: true,
  clean: true,
  // One output file per source module: bundlers then drop whole unused modules (sideEffects: false),
  // so `import { scanText }` does not drag in zod schemas that share a chunk with it.
  unbundle: true,
  // node:* only from the Node-only `focal` bin.
  external: ['vitest', '@ai-sdk/provider', /^node:/],
})
