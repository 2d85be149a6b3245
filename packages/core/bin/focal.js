#!/usr/bin/env node
// The `focal` bin of @focal/core. A committed file (not dist/cli/focal.js itself) so that a
// workspace install links the command before the package is built; the command lives in
// dist/cli/focal.js, built from src/cli/focal.ts.
import('../dist/cli/focal.js').catch((error) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/cli/focal.js')) {
    process.stderr.write(
      'focal: @focal/core is not built (dist/cli/focal.js is missing). In the Focal repository run `pnpm build`, or `pnpm focal ...` to run the command from source.\n',
    )
    process.exit(2)
  }
  throw error
})
