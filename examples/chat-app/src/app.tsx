import { createStreamRedactor } from '@focal/core/enforcement'
import {
  type ChatStoreOptions,
  createChatStore,
  createHttpTransport,
  FocalChat,
  useFocalChat,
} from '@focal/react'
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { createInPageTransport } from './create-in-page-transport.ts'
import { demoMessages, taskMessages } from './demo-messages.ts'
import { Inspector } from './inspector/inspector.tsx'
import { Supervisor } from './supervisor/supervisor.tsx'
import { useHashRoute } from './use-hash-route.ts'

/** Where the engine runs: behind `@focal/edge` on the Node server, or in this page. */
type EngineMode = 'server' | 'page'

/** Sidebar buttons that send a prepared message each. */
function TryList({
  messages,
  send,
}: {
  messages: ReadonlyArray<{ label: string; text: string }>
  send: (text: string) => Promise<void>
}) {
  return (
    <ul className="demo-try">
      {messages.map((message) => (
        <li key={message.label}>
          <button type="button" onClick={() => void send(message.text)}>
            {message.label}
          </button>
          <span>{message.text}</span>
        </li>
      ))}
    </ul>
  )
}

/**
 * Where a chat on the server keeps its conversation and its session token: the tab's own
 * `sessionStorage`, so a reload picks the conversation up in the same session (the transport
 * removes a token once its session ends). Undefined where the page may not use it. Any script in
 * the page can read both (a demo's trade-off: see the README for what a host should do instead).
 */
function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/** The session token the transport saved for `sessionId`, for the inspector link. */
function savedToken(sessionId: string): string {
  try {
    return tabStorage()?.getItem(`focal-session-token:${sessionId}`) ?? ''
  } catch {
    return ''
  }
}

/** A chat over `@focal/edge` at `baseUrl` that survives a reload of the tab, under `key`. */
function createServerChat(baseUrl: string, key: string, scan?: ChatStoreOptions['scan']) {
  const storage = tabStorage()
  return createChatStore({
    transport: createHttpTransport({ baseUrl, ...(storage ? { tokenStorage: storage } : {}) }),
    ...(storage ? { persist: { storage, key } } : {}),
    ...(scan ? { scan } : {}),
  })
}

/** The sidebar's open state on small screens, where it is a drawer over the chat. */
interface DrawerProps {
  drawerOpen: boolean
  closeDrawer: () => void
}

/** The sidebar: a column on wide screens, a drawer (closed by a pick, Escape or its button) on small ones. */
function Side({ drawerOpen, closeDrawer, children }: DrawerProps & { children: ReactNode }) {
  useEffect(() => {
    if (!drawerOpen) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [drawerOpen, closeDrawer])
  return (
    <aside id="demo-side" className="demo-side" data-open={drawerOpen} aria-label="Demo flows">
      <button type="button" className="demo-drawer-toggle demo-drawer-close" onClick={closeDrawer}>
        Close
      </button>
      {children}
    </aside>
  )
}

function ChatPage({ mode, drawerOpen, closeDrawer }: { mode: EngineMode } & DrawerProps) {
  // One store for the page; the streaming redactor is the client-side Lane 1 (defense in depth).
  const [store] = useState(() => {
    const scan = () => createStreamRedactor({ detectors: ['credit-card', 'us-ssn', 'secret'] })
    // The in-page engine's sessions live in the page, so a reload starts afresh there.
    return mode === 'server'
      ? createServerChat('', 'focal-chat', scan)
      : createChatStore({ transport: createInPageTransport(), scan })
  })
  const sessionId = useFocalChat({ store, select: (state) => state.sessionId })
  const sendMessage = useFocalChat({ store, select: (state) => state.sendMessage })
  const send = (text: string) => {
    closeDrawer()
    return sendMessage(text)
  }
  return (
    <main className="demo-layout">
      <section className="demo-chat">
        <FocalChat store={store} title="Refund support" />
      </section>
      <Side drawerOpen={drawerOpen} closeDrawer={closeDrawer}>
        <h2>Try the four flows</h2>
        <TryList messages={demoMessages} send={send} />
        {mode === 'server' ? (
          <>
            <p>
              <a
                href={`#/inspector?session=${encodeURIComponent(sessionId)}`}
                onClick={(event) => {
                  // The token arrives with the first reply, after this link rendered: read it now.
                  event.preventDefault()
                  const token = savedToken(sessionId)
                  window.location.hash = `#/inspector?session=${encodeURIComponent(sessionId)}&token=${encodeURIComponent(token)}`
                }}
              >
                Open the session inspector →
              </a>
            </p>
            <p>
              Large cancellations wait for a supervisor, and "can I talk to a person?" hands the chat to one:{' '}
              <a
                href={`#/supervisor?session=${encodeURIComponent(sessionId)}`}
                target="_blank"
                rel="noreferrer"
              >
                open the supervisor view
              </a>{' '}
              to decide, or to read, reply and hand back (its own credential; this chat's session token
              cannot).
            </p>
          </>
        ) : null}
        <p className="demo-mode">
          {mode === 'server' ? (
            <>
              Engine: <strong>@focal/edge on Node</strong> · <a href="#/page">run it in this page instead</a>
            </>
          ) : (
            <>
              Engine: <strong>@focal/core in this page</strong> (no server) · <a href="#/">use the server</a>
            </>
          )}
        </p>
        <button type="button" className="demo-link" onClick={() => store.getState().reset()}>
          New session
        </button>
      </Side>
    </main>
  )
}

/** The repo-helper task agent: its own `@focal/edge` app under `/task`, with real tools. */
function TaskPage({ drawerOpen, closeDrawer }: DrawerProps) {
  const [store] = useState(() => createServerChat('/task', 'focal-chat-task'))
  const sessionId = useFocalChat({ store, select: (state) => state.sessionId })
  const sendMessage = useFocalChat({ store, select: (state) => state.sendMessage })
  const send = (text: string) => {
    closeDrawer()
    return sendMessage(text)
  }
  return (
    <main className="demo-layout">
      <section className="demo-chat">
        <FocalChat store={store} title="Repo helper (task agent)" />
      </section>
      <Side drawerOpen={drawerOpen} closeDrawer={closeDrawer}>
        <h2>Ask about the repository</h2>
        <p>
          Each turn parses the goal, plans the evidence and runs real git and file tools over a small fixture
          repository; open “Why this answer” to see the plan.
        </p>
        <TryList messages={taskMessages} send={send} />
        {sessionId ? (
          <p>
            Test runs wait for a maintainer:{' '}
            <a
              href={`#/supervisor?agent=task&session=${encodeURIComponent(sessionId)}`}
              target="_blank"
              rel="noreferrer"
            >
              open the approver view
            </a>{' '}
            (the demo's supervisor credential).
          </p>
        ) : null}
        <p className="demo-mode">
          <a href="#/">Back to refund support</a>
        </p>
        <button type="button" className="demo-link" onClick={() => store.getState().reset()}>
          New session
        </button>
      </Side>
    </main>
  )
}

/** The demo: the chat widget (engine on the server, or in the page at `#/page`), or the inspector. */
export function App() {
  const { path, params } = useHashRoute()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const closeDrawer = useCallback(() => setDrawerOpen(false), [])
  const drawer = { drawerOpen, closeDrawer }
  return (
    <div className="demo">
      <header className="demo-header">
        <a href="#/">Focal demo</a>
        <span>refund support · deterministic control plane</span>
        <a href="#/task">Task agent →</a>
        {path === '/inspector' ? null : (
          <button
            type="button"
            className="demo-drawer-toggle"
            aria-expanded={drawerOpen}
            aria-controls="demo-side"
            onClick={() => setDrawerOpen(!drawerOpen)}
          >
            Try the flows
          </button>
        )}
      </header>
      {path === '/inspector' ? (
        <Inspector sessionId={params.get('session') ?? ''} token={params.get('token') ?? ''} />
      ) : path === '/supervisor' ? (
        <Supervisor
          sessionId={params.get('session') ?? ''}
          credential={params.get('credential') ?? ''}
          agent={params.get('agent') === 'task' ? 'task' : 'refund'}
        />
      ) : path === '/task' ? (
        <TaskPage {...drawer} />
      ) : (
        <ChatPage key={path} mode={path === '/page' ? 'page' : 'server'} {...drawer} />
      )}
    </div>
  )
}
