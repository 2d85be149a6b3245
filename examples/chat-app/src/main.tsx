import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@focal/react/styles.css'
import './app.css'
import { App } from './app.tsx'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
