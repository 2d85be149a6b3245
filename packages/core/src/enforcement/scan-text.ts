import { createScanner, type Scanner } from './create-scanner.ts'
import type { Finding, ScanOptions } from './types.ts'

const scannerCache = new WeakMap<ScanOptions, Scanner>()
let defaultScanner: Scanner | undefined

/**
 * Scans text for PII, secrets, blocklisted keywords and user patterns with every selected
 * detector in one pass. Each finding is validated (Luhn, SSA rules, mod-97, checksums), not just
 * pattern-matched. Options objects are compiled once and cached; reuse them.
 */
export function scanText(text: string, options?: ScanOptions): Finding[] {
  if (options === undefined) {
    defaultScanner ??= createScanner()
    return defaultScanner.scan(text).findings
  }
  let scanner = scannerCache.get(options)
  if (scanner === undefined) {
    scanner = createScanner(options)
    scannerCache.set(options, scanner)
  }
  return scanner.scan(text).findings
}
