const encoder = new TextEncoder()
/** Two hex digits per byte value, built once. */
const hexByte = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))

/** Hex SHA-256 of a UTF-8 string via Web Crypto (`crypto.subtle`): browsers, Workers, Deno and Node. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)))
  let hex = ''
  for (let index = 0; index < digest.length; index++) hex += hexByte[digest[index]!]
  return hex
}
