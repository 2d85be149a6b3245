/**
 * @module @focal/react
 * React bindings for Focal: a zustand vanilla chat store (`createChatStore`), HTTP and in-page
 * transports, `useFocalChat`, and an accessible chat widget (`FocalChat`) built from primitives.
 * Styles: `import '@focal/react/styles.css'`.
 */

export * from './chat/index.ts'
export * from './components/index.ts'
export * from './hooks/index.ts'
export * from './transport/index.ts'
