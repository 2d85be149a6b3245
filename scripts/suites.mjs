/**
 * Every test suite `pnpm test:all` runs, in order. Each suite writes a machine-readable report that
 * `test-all.mjs` reads to count passed and failed tests; a suite that runs zero tests fails.
 *
 * `report` kinds: `vitest-json` (Vitest's JSON reporter written to `outputFile`).
 */
export const suites = [
  {
    name: 'vitest (core, core-no-codegen, edge, react, examples, tooling)',
    command: 'pnpm',
    args: [
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json={outputFile}',
    ],
    report: 'vitest-json',
  },
  {
    // @focal/edge on real workerd: inside it (vitest-pool-workers) the shared HTTP suite on Durable
    // Objects and DO store conformance; from Node, the raw-socket body suite against the test Worker
    // under `wrangler dev` (packages/edge/vitest.workers.config.ts, two projects).
    name: 'edge on workerd (vitest-pool-workers, wrangler dev)',
    command: 'pnpm',
    args: [
      '--filter',
      '@focal/edge',
      'exec',
      'vitest',
      'run',
      '-c',
      'vitest.workers.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json={outputFile}',
    ],
    report: 'vitest-json',
  },
  {
    // @focal/edge on a real Deno process: the shared HTTP suite and the raw-socket body suite over
    // loopback, Deno KV store conformance.
    name: 'edge on Deno (deno npm binary)',
    command: 'pnpm',
    args: [
      '--filter',
      '@focal/edge',
      'exec',
      'vitest',
      'run',
      '-c',
      'vitest.deno.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json={outputFile}',
    ],
    report: 'vitest-json',
  },
  {
    // The demo as `pnpm demo` starts it (Vite client + @focal/edge on Node), driven in Debian Chromium.
    name: 'demo chat in Chromium (playwright-core)',
    command: 'pnpm',
    args: [
      'exec',
      'vitest',
      'run',
      '-c',
      'examples/chat-app/vitest.e2e.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json={outputFile}',
    ],
    report: 'vitest-json',
  },
]

/** Checks that gate the run but are not counted as tests. */
export const checks = [
  { name: 'typecheck', command: 'pnpm', args: ['typecheck'] },
  { name: 'lint', command: 'pnpm', args: ['lint'] },
  { name: 'build', command: 'pnpm', args: ['build'] },
  { name: 'publint', command: 'pnpm', args: ['publint'] },
  { name: 'size', command: 'pnpm', args: ['exec', 'size-limit'] },
  {
    name: 'storybook build',
    command: 'pnpm',
    args: ['--filter', '@focal/example-storybook', 'run', 'build-storybook'],
    env: { STORYBOOK_DISABLE_TELEMETRY: '1' },
  },
]

/** Debian packages the suites need (a real browser, a real Redis). */
export const systemPackages = [
  { binary: 'chromium', debian: 'chromium' },
  { binary: 'redis-server', debian: 'redis-server' },
]
