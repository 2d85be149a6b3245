import type { StorybookConfig } from '@storybook/react-vite'
import { defaultClientConditions } from 'vite'

/** Storybook 10 (react-vite) for the @focal/react widget; reads the workspace packages' `src/`. */
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    resolve: { ...viteConfig.resolve, conditions: ['@focal/source', ...defaultClientConditions] },
  }),
}

export default config
