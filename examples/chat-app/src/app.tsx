import { createStreamRedactor } from '@focal/core/enforcement'
import { createChatStore, createHttpTransport, FocalChat, useFocalChat } from '@focal/react'
import { useState } from 'react'
import { demoMessages } from './demo-messages.ts'
import { Inspector } from './inspector/inspector.tsx'
import { useHashRoute } from './use-hash-route.ts'

function ChatPage() {
  // One store for the page; the card-number scan is the client-side Lane 1 (defense in depth).
  const [store] = useState(() =>
    createChatStore({
      transport: createHttpTransport(),
      scan: () => createStreamRedactor({ detectors: ['credit-card', 'us-ssn', 'secret'] }),
    }),
  )
  const sessionId = useFocalChat({ store, select: (state) => state.sessionId })
  const sendMessage = useFocalChat({ store, select: (state) => state.sendMessage })
  return (
    <main className="demo-layout">
      <section className="demo-chat">
        <FocalChat store={store} title="Refund support" />
      </section>
      <aside className="demo-side">
        <h2>Try the four flows</h2>
        <ul className="demo-try">
          {demoMessages.map((message) => (
            <li key={message.label}>
              <button type="button" onClick={() => void sendMessage(message.text)}>
                {message.label}
              </button>
              <span>{message.text}</span>
            </li>
          ))}
        </ul>
        <p>
          <a href={`#/inspector?session=${encodeURIComponent(sessionId)}`}>Open the session inspector →</a>
        </p>
        <button type="button" className="demo-link" onClick={() => store.getState().reset()}>
          New session
        </button>
      </aside>
    </main>
  )
}

/** The demo: the chat widget, or the session inspector at `#/inspector?session=<id>`. */
export function App() {
  const { path, params } = useHashRoute()
  return (
    <div className="demo">
      <header className="demo-header">
        <a href="#/">Focal demo</a>
        <span>refund support · deterministic control plane</span>
      </header>
      {path === '/inspector' ? <Inspector sessionId={params.get('session') ?? ''} /> : <ChatPage />}
    </div>
  )
}
