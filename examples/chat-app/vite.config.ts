import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

/** The demo client. `@focal/source` makes Vite read the workspace packages' `src/` (no build needed). */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { conditions: ['@focal/source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/v1': 'http://127.0.0.1:8787' } },
})
