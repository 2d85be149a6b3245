/**
 * A raw HTTP/1.1 exchange over `node:net`, for what `fetch` cannot send: bodies shorter than their
 * content-length, stalls, 10 MB chunked uploads. Node only; import it by relative path from tests.
 */
import { connect } from 'node:net'

/** How the client sends the body after the head. */
export type RawBody =
  /** All at once; then the client half-closes (`end`, the default) or keeps sending nothing (`stall`). */
  | { type: 'bytes'; bytes: string; afterwards?: 'end' | 'stall' }
  /** `count` chunks of `size` bytes with `transfer-encoding: chunked`, the last chunk, then half-close. */
  | { type: 'chunked'; size: number; count: number }

/** The first response, as it stood when the server closed the connection. */
export interface RawAnswer {
  /** Null when the connection ended before a status line. */
  status: number | null
  headers: Record<string, string>
  /** The body (de-chunked), cut at its content-length. */
  body: string
  /** `ECONNRESET` and the like, when the socket failed. */
  socketError?: string
}

/** Whether `raw` holds a whole response with a content-length (what Focal's JSON errors carry). */
function isComplete(raw: Buffer): boolean {
  const headEnd = raw.indexOf('\r\n\r\n')
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(raw.subarray(0, headEnd).toString('latin1'))?.[1]
  return headEnd >= 0 && length !== undefined && raw.length - headEnd - 4 >= Number(length)
}

/** Parses the first HTTP/1.1 response in `raw`. */
function parseResponse(raw: Buffer): RawAnswer {
  const headEnd = raw.indexOf('\r\n\r\n')
  if (headEnd < 0) return { status: null, headers: {}, body: raw.toString('latin1') }
  const [statusLine = '', ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const status = Number(statusLine.split(' ')[1])
  const rest = raw.subarray(headEnd + 4)
  if (!headers['transfer-encoding']?.includes('chunked')) {
    const length = headers['content-length']
    return {
      status,
      headers,
      body: rest.subarray(0, length === undefined ? undefined : Number(length)).toString(),
    }
  }
  const parts: Buffer[] = []
  for (let at = 0; ; ) {
    const lineEnd = rest.indexOf('\r\n', at)
    const size = lineEnd < 0 ? 0 : Number.parseInt(rest.subarray(at, lineEnd).toString('latin1'), 16)
    if (!size) break
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
  return { status, headers, body: Buffer.concat(parts).toString() }
}

/**
 * Sends `head` and `body` to 127.0.0.1:`port` (send `connection: close`) and resolves with the
 * first response once the server has closed or reset the connection (or, with `until: 'answered'`,
 * as soon as a whole response arrived). Rejects when that takes `timeoutMs`.
 */
export function rawExchange({
  port,
  head,
  body,
  until = 'closed',
  timeoutMs = 60_000,
}: {
  port: number
  /** Request line and headers, without the blank line. */
  head: string
  body: RawBody
  /** @default 'closed' */
  until?: 'closed' | 'answered'
  timeoutMs?: number
}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = Buffer.alloc(0)
    let socketError: string | undefined
    const timer = setTimeout(() => {
      socket.destroy()
      const sent = received.toString('latin1').slice(0, 200)
      const outcome = until === 'closed' ? 'close' : 'whole answer'
      reject(new Error(`no ${outcome} within ${timeoutMs} ms; the server sent ${JSON.stringify(sent)}`))
    }, timeoutMs)
    const settle = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve({ ...parseResponse(received), ...(socketError ? { socketError } : {}) })
    }
    socket.on('data', (data) => {
      received = Buffer.concat([received, data])
      if (until === 'answered' && isComplete(received)) settle()
    })
    socket.on('close', settle)
    socket.on('error', (error: NodeJS.ErrnoException) => {
      socketError = error.code ?? error.message
    })
    socket.write(`${head}\r\n\r\n`)
    if (body.type === 'bytes') {
      socket.write(body.bytes)
      if (body.afterwards !== 'stall') socket.end()
      return
    }
    const chunk = `${body.size.toString(16)}\r\n${'x'.repeat(body.size)}\r\n`
    let sent = 0
    const pump = () => {
      while (sent < body.count) {
        if (socket.destroyed) return
        sent++
        if (!socket.write(chunk)) return void socket.once('drain', pump)
      }
      socket.end('0\r\n\r\n')
    }
    pump()
  })
}
