import { useEffect, useState } from 'react'

function read() {
  const [path = '/', query = ''] = window.location.hash.replace(/^#/, '').split('?')
  return { path: path || '/', params: new URLSearchParams(query) }
}

/** The current `location.hash` route (`#/inspector?session=…` → `/inspector`, params). */
export function useHashRoute(): { path: string; params: URLSearchParams } {
  const [route, setRoute] = useState(read)
  useEffect(() => {
    const update = () => setRoute(read())
    window.addEventListener('hashchange', update)
    return () => window.removeEventListener('hashchange', update)
  }, [])
  return route
}
