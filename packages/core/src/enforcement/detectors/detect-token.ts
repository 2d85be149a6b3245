import type { Finding } from '../types.ts'
import { isAlphanumericCode } from './char-classes.ts'
import { isBase58CheckAddress, isBech32Address } from './crypto-address.ts'
import { isChecksummedEthereumAddress } from './keccak256.ts'
import { hasLabel, isLikelyBareDomain, isValidDomain, labelSetOf } from './top-level-domains.ts'

/** Index of a character code within `[start, end)`, or -1; never scans past the token. */
function indexWithin(text: string, code: number, start: number, end: number): number {
  for (let index = start; index < end; index++) if (text.charCodeAt(index) === code) return index
  return -1
}

function push(
  findings: Finding[],
  text: string,
  type: string,
  detector: string,
  start: number,
  end: number,
  confidence: number,
): void {
  findings.push({ type, start, end, value: text.slice(start, end), confidence, detector })
}

/** Per ASCII code: 1 if it may appear in an email's local part, 2 in a domain (non-ASCII: both). */
const emailCodes = (() => {
  const table = new Uint8Array(128)
  for (let code = 0; code < 128; code++) {
    if (isAlphanumericCode(code)) table[code] = 3
  }
  for (const char of '._%+') table[char.charCodeAt(0)] = 1
  table[46] = 3
  table[45] = 3
  return table
})()

function isLocalPartCode(code: number): boolean {
  return code > 127 || ((emailCodes[code] as number) & 1) !== 0
}

function isDomainPunctuation(code: number): boolean {
  return code === 46 || code === 45
}

function isDomainCode(code: number): boolean {
  return code > 127 || ((emailCodes[code] as number) & 2) !== 0
}

/** `text[start, end)` as an email's local part: 1 to 64 characters, no trailing or double dot. */
function isLocalPart(text: string, start: number, end: number): boolean {
  if (end <= start || end - start > 64 || text.charCodeAt(end - 1) === 46) return false
  for (let index = start + 1; index < end; index++)
    if (text.charCodeAt(index) === 46 && text.charCodeAt(index - 1) === 46) return false
  return true
}

/**
 * Is the `@` at `at` the end of a URL's userinfo (`postgres://app:Xk7p@db…`, `redis://:pw@host`):
 * a `://` before it in the token and no `/` between them? What precedes it is a user and a
 * password, not an email's local part.
 */
function endsUserinfo(text: string, start: number, at: number): boolean {
  // Read back within the token only (a search of the whole text would cost its length per `@`).
  for (let index = at - 1; index >= start + 2; index--) {
    if (text.charCodeAt(index) !== 47) continue
    return text.charCodeAt(index - 1) === 47 && text.charCodeAt(index - 2) === 58
  }
  return false
}

/**
 * Is `user@host` followed by `:` and a path (`git@github.com:acme/app.git`, `deploy@web1.example.com:/srv`)?
 * That is an SSH or scp remote, not an email.
 */
function startsRemotePath(text: string, right: number, end: number): boolean {
  if (right + 1 >= end || text.charCodeAt(right) !== 58) return false
  const next = text.charCodeAt(right + 1)
  return isAlphanumericCode(next) || next === 47 || next === 126
}

/** Emails around each `@` of a token: RFC-shaped local part, domain with a known TLD. */
export function detectEmails(text: string, start: number, end: number, findings: Finding[]): void {
  let at = indexWithin(text, 64, start, end)
  while (at >= 0) {
    let left = at
    while (left > start && isLocalPartCode(text.charCodeAt(left - 1))) left--
    while (left < at && text.charCodeAt(left) === 46) left++
    let right = at + 1
    while (right < end && isDomainCode(text.charCodeAt(right))) right++
    if (isLocalPart(text, left, at) && !endsUserinfo(text, start, at)) {
      // Longest valid domain: "a@example.com-abc" is a@example.com followed by "-abc".
      while (right > at + 1) {
        while (right > at + 1 && isDomainPunctuation(text.charCodeAt(right - 1))) right--
        if (isValidDomain(text, false, at + 1, right)) {
          if (!startsRemotePath(text, right, end))
            push(findings, text, 'email-address', 'email', left, right, 1)
          break
        }
        while (right > at + 1 && !isDomainPunctuation(text.charCodeAt(right - 1))) right--
      }
    }
    at = indexWithin(text, 64, at + 1, end)
  }
}

/** `. , ! ? : ; ' "` as a table: sentence punctuation after a URL or address. */
const trailingPunctuation = (() => {
  const table = new Uint8Array(128)
  for (const char of '.,!?:;\'"') table[char.charCodeAt(0)] = 1
  return table
})()

/** Trims sentence punctuation that follows a URL or address. */
export function trimTrailing(text: string, start: number, end: number): number {
  let trimmed = end
  while (trimmed > start && trailingPunctuation[text.charCodeAt(trimmed - 1)] === 1) trimmed--
  return trimmed
}

const schemes = labelSetOf([
  'http',
  'https',
  'ftp',
  'ftps',
  'sftp',
  'ws',
  'wss',
  'ssh',
  'git',
  'file',
  'smtp',
  'imap',
  'ldap',
  'mailto',
])

/** Is `text[start, end)` a known scheme (case-insensitive)? */
function isScheme(text: string, start: number, end: number): boolean {
  // Schemes are 2 to 6 letters, read in place (no slice, no lower-cased copy).
  return end - start >= 2 && end - start <= 6 && hasLabel(schemes, text, start, end)
}

/** Start of a `:port` suffix (1 to 5 ASCII digits) ending at `end`, or `end` when there is none. */
function portStart(text: string, start: number, end: number): number {
  let index = end
  while (index > start && end - index < 6 && isAsciiDigit(text.charCodeAt(index - 1))) index--
  return index < end && end - index <= 5 && index > start && text.charCodeAt(index - 1) === 58
    ? index - 1
    : end
}

function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

/** `text[start, end)` as a dotted quad of 1 to 3 ASCII digits each (`/^\d{1,3}(\.\d{1,3}){3}$/`). */
function isDottedQuad(text: string, start: number, end: number): boolean {
  let groups = 0
  let digits = 0
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index)
    if (isAsciiDigit(code)) {
      if (++digits > 3) return false
    } else if (code === 46 && digits > 0 && groups < 3) {
      groups++
      digits = 0
    } else return false
  }
  return groups === 3 && digits > 0
}

/**
 * A URL's host `text[start, end)` (after any `user@`, without a `:port`): a domain, localhost or
 * IPv4. A bracketed IPv6 host never reaches here (`[` ends a token); its address is flagged by the
 * IP detector.
 */
function isValidHost(
  text: string,
  start: number,
  end: number,
  anyTopLevel: boolean,
  hasAt: boolean,
): boolean {
  let hostStart = start
  // `hasAt` false: the token has no `@`, so there is no `user@` to skip.
  for (let index = end - 1; hasAt && index >= start; index--) {
    if (text.charCodeAt(index) === 64) {
      hostStart = index + 1
      break
    }
  }
  const hostEnd = portStart(text, hostStart, end)
  return (
    isValidDomain(text, anyTopLevel, hostStart, hostEnd) ||
    (hostEnd - hostStart === 9 && text.startsWith('localhost', hostStart)) ||
    isDottedQuad(text, hostStart, hostEnd)
  )
}

/** `/`, `?` or `#`: the end of a URL's authority. */
function isHostEndCode(code: number): boolean {
  return code === 47 || code === 63 || code === 35
}

/**
 * URLs with a scheme (`https://…`) or a `www.` host, validated by host (known TLD, IPv4, localhost).
 * `hasColon` and `hasAt` false say the token has no `:` or no `@` (nothing to search for).
 */
export function detectUrls(
  text: string,
  start: number,
  end: number,
  findings: Finding[],
  hasColon = true,
  hasAt = true,
): void {
  let schemeEnd = hasColon ? indexWithin(text, 58, start, end) : -1
  while (
    schemeEnd >= 0 &&
    !(text.charCodeAt(schemeEnd + 1) === 47 && text.charCodeAt(schemeEnd + 2) === 47)
  ) {
    schemeEnd = indexWithin(text, 58, schemeEnd + 1, end)
  }
  let urlStart = -1
  let hostStart = -1
  if (schemeEnd >= 0) {
    let scheme = schemeEnd
    while (scheme > start && isAlphanumericCode(text.charCodeAt(scheme - 1))) scheme--
    if (isScheme(text, scheme, schemeEnd)) {
      urlStart = scheme
      hostStart = schemeEnd + 3
    }
  } else if (text.startsWith('www.', start) || text.startsWith('WWW.', start)) {
    urlStart = start
    hostStart = start
  } else {
    detectBareDomain(text, start, end, findings)
    return
  }
  if (urlStart < 0) return
  const urlEnd = trimTrailing(text, hostStart, end)
  let hostEnd = hostStart
  while (hostEnd < urlEnd && !isHostEndCode(text.charCodeAt(hostEnd))) hostEnd++
  if (isValidHost(text, hostStart, hostEnd, hostStart !== urlStart, hasAt))
    push(findings, text, 'url', 'url', urlStart, urlEnd, 0.9)
}

/** `microsoft.com`, `google.co.il/path` without a scheme (lower confidence, like Presidio). */
function detectBareDomain(text: string, start: number, end: number, findings: Finding[]): void {
  let first = start
  while (first < end && !isAlphanumericCode(text.charCodeAt(first))) first++
  const last = trimTrailing(text, first, end)
  if (last - first < 4) return
  // Cheap reject: a host needs an inner dot followed by a letter ("it." and "4.2" have none).
  const dot = indexWithin(text, 46, first + 1, last - 1)
  const afterDot = text.charCodeAt(dot + 1) | 32
  if (dot < 0 || afterDot < 97 || afterDot > 122 || indexWithin(text, 64, first, last) >= 0) return
  let hostEnd = first
  while (
    hostEnd < last &&
    (isAlphanumericCode(text.charCodeAt(hostEnd)) || isDomainPunctuation(text.charCodeAt(hostEnd)))
  )
    hostEnd++
  if (hostEnd < last && text.charCodeAt(hostEnd) !== 47) return
  if (first > start && isAlphanumericCode(text.charCodeAt(first - 1))) return
  if (isLikelyBareDomain(text, first, hostEnd)) push(findings, text, 'url', 'url', first, last, 0.5)
}

/** First characters of Base58Check (1, 3, 2, m, n), bech32 (b, t, B, T) and Ethereum (0) addresses. */
function isAddressStart(first: number): boolean {
  return (
    first === 49 ||
    first === 51 ||
    first === 109 ||
    first === 110 ||
    first === 50 ||
    first === 98 ||
    first === 116 ||
    first === 66 ||
    first === 84 ||
    first === 48
  )
}

/** Crypto addresses in the alphanumeric runs of a token: Base58Check, bech32/bech32m and EIP-55 checksums. */
export function detectCryptoAddresses(text: string, start: number, end: number, findings: Finding[]): void {
  const shortest = 26
  let index = start
  // Runs of at least 26 alphanumerics, found Boyer–Moore style: one probe per skipped stretch.
  while (index + shortest <= end) {
    const probe = index + shortest - 1
    if (!isAlphanumericCode(text.charCodeAt(probe))) {
      index = probe + 1
      continue
    }
    let runStart = probe
    while (runStart > index && isAlphanumericCode(text.charCodeAt(runStart - 1))) runStart--
    if (runStart > index) {
      index = runStart
      continue
    }
    index = probe + 1
    while (index < end && isAlphanumericCode(text.charCodeAt(index))) index++
    detectCryptoRun(text, runStart, index, findings)
  }
}

/** Checks one maximal alphanumeric run of at least 26 characters as a crypto address. */
export function detectCryptoRun(text: string, runStart: number, runEnd: number, findings: Finding[]): void {
  const length = runEnd - runStart
  if (length > 90) return
  const first = text.charCodeAt(runStart)
  if (!isAddressStart(first)) return
  const candidate = text.slice(runStart, runEnd)
  const valid =
    ((first === 49 || first === 51 || first === 109 || first === 110 || first === 50) &&
      isBase58CheckAddress(candidate)) ||
    ((first === 98 || first === 116 || first === 66 || first === 84) && isBech32Address(candidate)) ||
    (first === 48 && length === 42 && isChecksummedEthereumAddress(candidate))
  if (valid) push(findings, text, 'crypto-address', 'crypto-address', runStart, runEnd, 1)
}
