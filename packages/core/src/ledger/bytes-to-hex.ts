/** Two hex digits per byte value, built once. */
const hexByte = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))

/** Lowercase hex of the bytes of a digest or signature. */
export function bytesToHex(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer)
  let hex = ''
  for (let index = 0; index < bytes.length; index++) hex += hexByte[bytes[index]!]
  return hex
}
