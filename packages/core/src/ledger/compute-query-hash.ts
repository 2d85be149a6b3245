import { sha256Hex } from './sha256-hex.ts'

/**
 * The short query hash of a provenance footer: the first 12 hex characters of the SHA-256 of the
 * query's UTF-8 bytes, exactly as given. Correlates turns without storing what the user wrote.
 */
export async function computeQueryHash(query: string): Promise<string> {
  return (await sha256Hex(query)).slice(0, 12)
}
