import { defineConfig } from 'tsdown'

export default defineConfig({
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'browser',
  dts: true,
  sourcemap: true,
  clean: true,
  external: [/^@focal\//, 'react', 'react-dom', /^react\//, 'zustand', /^zustand\//],
})
