import { FocalError } from '@focal/core'
import { toErrorResponse } from '../errors/to-error-response.ts'

/** The slice of Node's `net.Socket` a `clientError` answer needs (this entry has no Node types). */
export interface ClientErrorSocket {
  writable: boolean
  end(data: string): void
  destroy(): void
  /** Node's response in progress on this socket, if any. */
  _httpMessage?: { headersSent?: boolean } | null
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
}

/**
 * Node `clientError` listener: answers a request Node's HTTP parser gave up on (past
 * `requestTimeoutMs`, or a body cut short of its `content-length` by a closing client) with
 * Focal's JSON error body, 408 `request-timeout` or 400 `invalid-request`, instead of Node's
 * bodiless 408 / 400, so a client sees the same answer on every runtime.
 */
export function answerClientError(error: { code?: string }, socket: ClientErrorSocket): void {
  if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy()
    return
  }
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW'
  const { status: errorStatus, body } = toErrorResponse(
    new FocalError(
      timedOut
        ? { code: 'request-timeout', message: 'The request did not arrive within the server timeout.' }
        : tooLarge
          ? { code: 'invalid-request', message: 'The request headers are too large.' }
          : { code: 'invalid-request', message: 'The HTTP request is malformed or was cut short.' },
    ),
  )
  const status = tooLarge ? 431 : errorStatus
  const json = JSON.stringify(body)
  socket.end(
    `HTTP/1.1 ${status} ${reasons[status] ?? 'Error'}\r\ncontent-type: application/json\r\n` +
      `content-length: ${new TextEncoder().encode(json).length}\r\nconnection: close\r\n\r\n${json}`,
  )
}
