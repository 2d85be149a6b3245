import type { Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Listens on a free port of 127.0.0.1; the server's origin. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/**
 * Answers with `body` written in 5-byte pieces, a turn of the event loop apart, so a value in it
 * crosses TCP reads as a model's streamed tokens do.
 */
export async function writeInPieces(
  response: ServerResponse,
  contentType: string,
  body: string,
): Promise<void> {
  response.writeHead(200, { 'content-type': contentType })
  const bytes = new TextEncoder().encode(body)
  for (let start = 0; start < bytes.length; start += 5) {
    response.write(bytes.slice(start, start + 5))
    await new Promise((resolve) => setImmediate(resolve))
  }
  response.end()
}
