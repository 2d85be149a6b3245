import type { Preview } from '@storybook/react-vite'
import '@focal/react/styles.css'

const preview: Preview = {
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640, height: 560 }}>
        <Story />
      </div>
    ),
  ],
}

export default preview
