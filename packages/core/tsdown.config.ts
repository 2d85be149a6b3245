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

export default defineConfig([
  {
    entry: ['src/index.ts', ...subpaths.map((name) => `src/${name}/index.ts`)],
    format: 'esm',
    platform: 'neutral',
    dts: true,
    sourcemap: true,
    clean: true,
    // One output file per source module: bundlers then drop whole unused modules (sideEffects: false),
    // so `import { scanText }` does not drag in zod schemas that share a chunk with it.
    unbundle: true,
    external: ['vitest', '@ai-sdk/provider'],
  },
  {
    // The `focal` bin (cli/, outside the portable src/: Node only, it reads suite and definition
    // files). It reaches core through the package's own public entries, so it holds no copy of it.
    entry: { focal: 'cli/focal.ts' },
    outDir: 'dist/cli',
    format: 'esm',
    platform: 'node',
    fixedExtension: false,
    dts: false,
    sourcemap: true,
    clean: false,
    external: [/^@focal\/core(\/|$)/, /^node:/],
  },
])
