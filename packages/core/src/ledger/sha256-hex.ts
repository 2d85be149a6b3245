const encoder = new TextEncoder()

/** Hex SHA-256 of a UTF-8 string via Web Crypto (`crypto.subtle`): browsers, Workers, Deno and Node. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(text))
  let hex = ''
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0')
  return hex
}
