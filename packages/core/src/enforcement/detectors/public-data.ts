/**
 * Random-looking runs that are public by what they are: content hashes (Subresource Integrity,
 * go.sum's `h1:`, IPFS CIDs, SSH key fingerprints), SSH public keys, `data:` URLs, message ids and
 * base64 of prose. The high-entropy detector reads them as data, not keys; each check is written
 * from the format's specification and reads only the run and the few characters before it.
 */
import { charCode } from './char-classes.ts'
import { decodeBase64Text } from './value-shapes.ts'

/**
 * Base64 lengths of the digests Subresource Integrity names (W3C SRI §3.1: `sha256-`, `sha384-`,
 * `sha512-` and the digest), as npm's and yarn's lockfiles write them too.
 */
const integrityDigestLengths: Readonly<Record<string, number>> = {
  'sha256-': 44,
  'sha384-': 64,
  'sha512-': 88,
}

/** `sha512-…` and the like: an SRI hash of a published file. */
function isIntegrityHash(text: string, start: number, end: number): boolean {
  const length = integrityDigestLengths[text.slice(start, start + 7)]
  return length !== undefined && end - start === 7 + length
}

/**
 * A hash written after a colon by its algorithm: go.sum's and Terraform's lockfile `h1:` (base64
 * SHA-256, 44 characters) and OpenSSH's key fingerprint `SHA256:` (43, unpadded).
 */
function isLabelledDigest(text: string, start: number, end: number): boolean {
  return (
    (end - start === 44 &&
      text.startsWith('h1:', start - 3) &&
      text.charCodeAt(end - 1) === charCode.equals) ||
    (end - start === 43 && text.startsWith('SHA256:', start - 7))
  )
}

/** `data:<type>;base64,` (RFC 2397) just before the run: an inline image, font or source map. */
const dataUrlHeader = /data:[\w.+-]{1,40}\/[\w.+-]{1,80}(?:;[\w.+-]{1,40}=[\w.+-]{1,40}){0,3};base64,$/

function isDataUrlBody(text: string, start: number): boolean {
  return (
    text.charCodeAt(start - 1) === charCode.comma &&
    dataUrlHeader.test(text.slice(Math.max(0, start - 180), start))
  )
}

/**
 * An OpenSSH public key blob (RFC 4253 §6.6): base64 of a length-prefixed key type (`ssh-ed25519`,
 * `ssh-rsa`, `ecdsa-sha2-nistp256`, `sk-ssh-ed25519@openssh.com`…), so it starts with `AAAA`.
 */
function isSshPublicKey(text: string, start: number, end: number): boolean {
  if (!text.startsWith('AAAA', start) || end - start < 24) return false
  let head: string
  try {
    head = atob(text.slice(start, start + Math.min(64, (end - start) & ~3)))
  } catch {
    return false
  }
  const length = head.charCodeAt(3)
  return (
    head.charCodeAt(0) === 0 &&
    head.charCodeAt(1) === 0 &&
    head.charCodeAt(2) === 0 &&
    length >= 7 &&
    length <= 40 &&
    /^(?:ssh-|ecdsa-|sk-)[a-z0-9@.-]+$/.test(head.slice(4, 4 + length))
  )
}

/** An IPFS content id: CIDv0 (`Qm` and 44 base58 characters, a SHA-256 multihash) or a base32 CIDv1 (`bafy…`). */
const contentId = /^(?:Qm[1-9A-HJ-NP-Za-km-z]{44}|b[a-z2-7]{58})$/

/** `<local@host>` of a Message-ID or In-Reply-To header (RFC 5322 §3.6.4): an id, not a key. */
function isMessageId(text: string, start: number, end: number): boolean {
  return text.charCodeAt(start - 1) === charCode.lessThan && text.charCodeAt(end) === charCode.at
}

/**
 * Base64 of prose (`SGVsbG8sIHRoaXMgaXMg…` is "Hello, this is …"): six words or more, mostly
 * lower-case letters, and nothing but letters, spaces and sentence punctuation besides.
 */
function isEncodedProse(text: string, start: number, end: number): boolean {
  const decoded = decodeBase64Text(text.slice(start, end))
  if (decoded === undefined) return false
  const words = decoded.split(' ')
  if (words.length < 6 || !/^[A-Za-z ,.;:!?'"()-]+$/.test(decoded)) return false
  let lowerWords = 0
  for (const word of words) if (/^[a-z]+[,.;:!?]?$/.test(word)) lowerWords++
  return lowerWords * 3 >= words.length * 2
}

/**
 * Is the run `text[start, end)` public data (see the module comment)? `named`: a secret-naming
 * word stands before it, so base64 of prose may be a passphrase and is not waved through.
 */
export function isPublicData(text: string, start: number, end: number, named: boolean): boolean {
  return (
    isIntegrityHash(text, start, end) ||
    isLabelledDigest(text, start, end) ||
    isDataUrlBody(text, start) ||
    isSshPublicKey(text, start, end) ||
    contentId.test(text.slice(start, end)) ||
    isMessageId(text, start, end) ||
    (!named && isEncodedProse(text, start, end))
  )
}

/** A path segment that is a word or a name (`static`, `_next`, `workspaceStorage`, `Support`). */
const wordSegment = /^[_.-]?[A-Za-z][a-z]{2,}(?:[A-Z][a-z]+)*$/

/**
 * The `/`-separated segments of a run that is a path or a URL rather than base64 (which has `/`
 * too): it starts with `//` (a URL's authority after its scheme) or two of its segments are words.
 * Each segment is then a value of its own (`…/chunks/pages/_app-3b1f5e2d8c7a9f04`: a short hash
 * between names). Returns the segments' `[start, end)` bounds, or undefined for no path.
 */
export function pathSegments(text: string, start: number, end: number): Array<[number, number]> | undefined {
  const slash = text.indexOf('/', start)
  if (slash < 0 || slash >= end) return undefined
  const segments: Array<[number, number]> = []
  let words = 0
  let segmentStart = start
  for (let index = start; index <= end; index++) {
    if (index < end && text.charCodeAt(index) !== charCode.slash) continue
    if (index > segmentStart) {
      segments.push([segmentStart, index])
      if (wordSegment.test(text.slice(segmentStart, index))) words++
    }
    segmentStart = index + 1
  }
  return words >= 2 || text.startsWith('//', start) ? segments : undefined
}
