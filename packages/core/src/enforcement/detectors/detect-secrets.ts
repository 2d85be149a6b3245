import type { Finding } from '../types.ts'
import { assignedValueStart, assignmentNameBefore, isNonSecretName } from './assignment-name.ts'
import { charCode, isAlphanumericCode, isBase64Code, isWordCode } from './char-classes.ts'
import { isEncodedPlaceholder, isPlaceholder } from './is-placeholder.ts'
import { isPublicData, pathSegments } from './public-data.ts'
import { entropyClass, runEntropy } from './shannon-entropy.ts'
import { databaseSchemes, isReference } from './value-shapes.ts'

const beginMarker = '-----BEGIN '
const keyLabel = /^-----BEGIN ([A-Z0-9 ]{0,40})PRIVATE KEY( BLOCK)?-----/

/** Result of reading a PEM private key block: its end, or that the text ended inside it. */
export type KeyBlockMatch = { type: 'match'; end: number } | { type: 'none' } | { type: 'incomplete' }

/** Longest PEM block searched for its END line (a 4096-bit RSA key is about 3.3 KB). */
const maxKeyBlockLength = 16_384

/** A PEM body: base64, line breaks and spaces, and the `Proc-Type:`/`DEK-Info:` headers' `:` and `-`. */
function isPemBodyCode(code: number): boolean {
  return (
    isBase64Code(code) ||
    code === charCode.space ||
    code === charCode.lineFeed ||
    code === charCode.carriageReturn ||
    code === charCode.tab ||
    code === charCode.colon ||
    code === charCode.dash
  )
}

/**
 * Reads a `-----BEGIN … PRIVATE KEY-----` block through its END line. Without an END line within
 * 16 KB, the block is the header plus its base64 body; `incomplete` means it runs to the end of the
 * text (a stream must hold it; a whole text redacts it to the end).
 */
export function readPrivateKeyBlock(text: string, start: number): KeyBlockMatch {
  if (!text.startsWith(beginMarker, start)) return { type: 'none' }
  const header = keyLabel.exec(text.slice(start, start + 80))
  if (header === null)
    return text.length - start < 80 && !text.includes('\n', start) ? { type: 'incomplete' } : { type: 'none' }
  const bodyStart = start + header[0].length
  const limit = Math.min(text.length, bodyStart + maxKeyBlockLength)
  const endMarker = text.indexOf('-----END ', bodyStart)
  if (endMarker >= 0 && endMarker < limit) {
    const close = text.indexOf('-----', endMarker + 9)
    // A block whose body is no key (`anything`, `...`, base64 of text) is an example or a template.
    if (!isKeyBody(text, bodyStart, endMarker)) return { type: 'none' }
    if (close >= 0 && close < endMarker + 80) return { type: 'match', end: close + 5 }
    if (close < 0 && text.length - endMarker < 80) return { type: 'incomplete' }
  }
  let index = bodyStart
  // A block quoted line by line (`> ` before each line, as Markdown and email quote it) has the
  // quote marks at each line's start: they continue its body (a stream that has not yet reached
  // the END line must hold it).
  const quoted = text.charCodeAt(start - 1) === charCode.greaterThan || text.startsWith('> ', start - 2)
  while (index < limit) {
    const code = text.charCodeAt(index)
    if (isPemBodyCode(code)) index++
    else if (quoted && code === charCode.greaterThan && text.charCodeAt(index - 1) === charCode.lineFeed)
      index++
    else break
  }
  if (index >= text.length) return { type: 'incomplete' }
  return isKeyBody(text, bodyStart, index) ? { type: 'match', end: index } : { type: 'none' }
}

/**
 * Can `text[start, end)` be a key's base64 body: at least `minimumKeyBody` base64 characters
 * that do not decode to printable text? A key is binary (DER, an OpenSSH or OpenPGP packet), so a
 * body that decodes to letters and spaces (`YWJjZGVm…`, "abcdef…") is an example.
 */
function isKeyBody(text: string, start: number, end: number): boolean {
  if (base64Count(text, start, end) < minimumKeyBody) return false
  const body = text.slice(start, Math.min(end, start + printableCheckLength)).replace(/[^A-Za-z0-9+/]/g, '')
  let decoded: string
  try {
    decoded = atob(body.slice(0, body.length - (body.length % 4)))
  } catch {
    return true
  }
  return !/^[\x20-\x7e\t\r\n]*$/.test(decoded)
}

/** Characters of a key body decoded to tell text from binary (a key's first bytes are never all text). */
const printableCheckLength = 256

/** Fewest base64 characters a key body has (an Ed25519 key has 64; truncated examples are shorter). */
const minimumKeyBody = 32

function base64Count(text: string, start: number, end: number): number {
  let count = 0
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index)
    if (isBase64Code(code)) count++
  }
  return count
}

const secretContext = /(key|secret|token|passw(or)?d|pwd|api|auth|credential|bearer)/i

/**
 * The end of the text before a SOPS-encrypted value (`ENC[AES256_GCM,data:…,iv:…,tag:…]`, SOPS's
 * file format): the data is ciphertext, no secret in the clear.
 */
const sopsData = /ENC\[[A-Z0-9_]{1,24},data:$/

/** Lookback (characters) for a secret-naming word before a random-looking string. */
export const secretContextLength = 40

/**
 * The header of a public key, a certificate, a signature or an encrypted message: its base64
 * body is public or ciphertext, no secret in the clear.
 */
const publicHeader = /-----BEGIN (?:[A-Z ]*PUBLIC KEY(?: BLOCK)?|CERTIFICATE|PGP MESSAGE|PGP SIGNATURE)-----/

/**
 * Characters before a line searched for the header of the PEM block it may belong to: no more
 * than the left context a stream redactor keeps (64), so a stream finds what a whole text does.
 */
const pemLookback = 64

/**
 * Where the line holding `position` starts (just after its line feed) when only an indentation,
 * spaces and tabs within the 64 characters a stream keeps, stands before `position` on it; else
 * -1. A YAML block scalar (`ca.crt: |`) indents every line of the block it holds.
 */
function indentedLineStart(text: string, position: number): number {
  const limit = Math.max(0, position - pemLookback)
  let index = position
  while (
    index > limit &&
    (text.charCodeAt(index - 1) === charCode.space || text.charCodeAt(index - 1) === charCode.tab)
  )
    index--
  return index > 0 && text.charCodeAt(index - 1) === charCode.lineFeed ? index : -1
}

/**
 * Is the run at `runStart` a line of a public key, certificate, signature or encrypted message
 * block? Only a run at the start of a line (after any indentation) is looked at, and only the 64
 * characters before it (a block's first lines).
 */
function isInPublicBlock(text: string, runStart: number, before: string): boolean {
  if (before.includes('-----') && publicHeader.test(before)) return true
  if (indentedLineStart(text, runStart) < 0) return false
  const window = text.slice(Math.max(0, runStart - pemLookback), runStart)
  const header = window.lastIndexOf('-----BEGIN ')
  return header >= 0 && !window.includes('-----END ', header) && publicHeader.test(window.slice(header))
}

/**
 * Is the run a path under a variable (`$API_HOST/v2/exports/…`): right after `$`, an identifier
 * and then `/`? The value is filled in where it is used; what is written is a template.
 */
function isPathUnderVariable(text: string, runStart: number, runEnd: number): boolean {
  if (runStart === 0 || text.charCodeAt(runStart - 1) !== charCode.dollar) return false
  let index = runStart
  const first = text.charCodeAt(index)
  if (!(first === charCode.underscore || ((first | 32) >= 97 && (first | 32) <= 122))) return false
  while (index < runEnd && isWordCode(text.charCodeAt(index))) index++
  return index < runEnd && text.charCodeAt(index) === charCode.slash
}

function digitCount(text: string, start: number, end: number): number {
  let digits = 0
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index)
    if (code >= 48 && code <= 57) digits++
  }
  return digits
}

/** Start of the run of entropy characters that ends at `probe`, no earlier than `from`. */
function nearestRunStart(text: string, from: number, probe: number): number {
  let runStart = probe
  while (runStart > from && entropyClass(text.charCodeAt(runStart - 1)) !== 0) runStart--
  return runStart
}

/** Hex digit classes: 1 digit, 2 lower-case a-f, 4 upper-case A-F. */
const hexTable = (() => {
  const table = new Uint8Array(128)
  for (let code = 48; code <= 57; code++) table[code] = 1
  for (let code = 97; code <= 102; code++) table[code] = 2
  for (let code = 65; code <= 70; code++) table[code] = 4
  return table
})()

/** Is `text[start, end)` made of digits and a-f, or of digits and A-F (at most sixteen symbols)? */
function isSingleCaseHex(text: string, start: number, end: number): boolean {
  let seen = 0
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index)
    const kind = code < 128 ? (hexTable[code] as number) : 0
    if (kind === 0) return false
    seen |= kind
  }
  return (seen & 6) !== 6
}

/**
 * A name of two or more words (camelCase, or joined by `_`, `-` or `.`), letters only but for a
 * trailing number: not the tail of another random run before a comma.
 */
const compoundName = /^[A-Za-z_]{0,40}(?:[a-z][A-Z]|[A-Za-z][_.-][A-Za-z])[A-Za-z_.-]{0,40}[0-9]{0,2}$/

/** Widest PEM or PGP armor body line (64) or MIME base64 line (76). */
const maximumArmorWidth = 76

/**
 * Does the run start an OpenPGP public-key packet (RFC 9580 §4.2, §5.5.2): a packet header of tag
 * 6 (old or new format, any length form) and then key version 4, 5 or 6? It is the first line of
 * an armored public key, whose header may be further back than a stream keeps.
 */
function isOpenPgpPublicKey(text: string, runStart: number, runEnd: number): boolean {
  if (runEnd - runStart < 8) return false
  let bytes: string
  try {
    bytes = atob(text.slice(runStart, runStart + 8))
  } catch {
    return false
  }
  const tag = bytes.charCodeAt(0)
  let version: number
  if (tag >= 0x98 && tag <= 0x9a) version = bytes.charCodeAt(2 ** (tag - 0x98) + 1)
  else if (tag === 0xc6) {
    const length = bytes.charCodeAt(1)
    // One, two or five length octets (a partial length, 224 to 254, is no key packet's).
    version = bytes.charCodeAt(length < 192 ? 2 : length < 224 ? 3 : length === 255 ? 6 : -1)
  } else return false
  return version >= 4 && version <= 6
}

/**
 * Is the run a whole line of an armored block right after another such line (read within the 64
 * characters before it, as a stream sees them): 64 or 76 base64 characters, or fewer for the
 * block's last line? A private key's lines are found with its header by the private-key
 * detector; such lines alone are a public key, a certificate or an attachment.
 */
function isArmorLine(text: string, runStart: number, runEnd: number): boolean {
  if (runEnd - runStart > maximumArmorWidth) return false
  const lineStart = indentedLineStart(text, runStart)
  if (lineStart < 2) return false
  const after = text.charCodeAt(runEnd)
  if (runEnd < text.length && after !== 10 && after !== 13) return false
  let index = lineStart - 2
  if (text.charCodeAt(index) === 13) index--
  const lookback = Math.max(0, runStart - 64)
  for (; index >= lookback; index--) if (!isBase64Code(text.charCodeAt(index))) return false
  return true
}

/**
 * The name of an HTML attribute value (`<input name="authenticity_token" value="…">`): the value
 * is named by the element's `name`, not by `value`.
 */
function attributeName(text: string, valueStart: number, name: string): string {
  if (name !== 'value' && name !== 'content') return name
  // Within 200 characters before the value (a search back to the text's start for each value
  // would make a text of many `value="…"` cost the square of its length).
  const window = text.slice(Math.max(0, valueStart - 200), valueStart)
  const tag = window.lastIndexOf('<')
  if (tag < 0) return name
  const attribute = /\b(?:name|property)=["']([\w.-]{1,64})["']/.exec(window.slice(tag))
  return attribute?.[1] ?? name
}

/**
 * `scheme://user:password@` of a URL of any scheme (RFC 3986's userinfo: web, file transfer, mail,
 * directory, SSH, MQTT, `cloudinary://key:secret@cloud`…), tried sticky at each `://`'s scheme.
 * Database URLs are the `database-url-password` rule's (it knows their documentation examples).
 */
const urlCredentials = new RegExp(
  `(?!(?:${databaseSchemes.map((scheme) => scheme.replace('+', '\\+')).join('|')})://)[A-Za-z][A-Za-z0-9+.-]{0,31}://[^:@/\\s]{1,64}:([^:@/\\s]{4,128})@`,
  'y',
)

/** Letters, digits, `+`, `-` and `.`: what a URL scheme is made of. */
function isSchemeCode(code: number): boolean {
  return isAlphanumericCode(code) || code === charCode.plus || code === charCode.dash || code === charCode.dot
}

/**
 * Credentials in a URL of the token `text[start, end)` (`https://deploy:Qm7vX2kL@git.example.net`):
 * pushes `url-password` findings covering `scheme://user:password@`. The password is judged as a
 * secret's body: a placeholder (`password`, `xxxx`), a reference (`\${PASS}`, `{{pass}}`, `{PASS}`)
 * or one character repeated (`****`) is not reported. Only a token holding `:` and `@` can hold one,
 * so a URL without credentials costs nothing here.
 */
export function detectUrlPasswords(text: string, start: number, end: number, findings: Finding[]): void {
  for (let separator = text.indexOf('://', start); separator >= 0 && separator < end; ) {
    let schemeStart = separator
    while (schemeStart > start && isSchemeCode(text.charCodeAt(schemeStart - 1))) schemeStart--
    urlCredentials.lastIndex = schemeStart
    const match = urlCredentials.exec(text)
    if (match !== null && match.index === schemeStart && urlCredentials.lastIndex <= end) {
      const matchEnd = urlCredentials.lastIndex
      const password = match[1] as string
      const passwordStart = matchEnd - 1 - password.length
      if (
        !isReference(password) &&
        !/^(.)\1*$/.test(password) &&
        !isPlaceholder(text, separator + 3, matchEnd) &&
        !isPlaceholder(text, passwordStart, matchEnd - 1, 0)
      )
        findings.push({
          type: 'url-password',
          start: schemeStart,
          end: matchEnd,
          value: match[0],
          confidence: 1,
          detector: 'secret',
        })
    }
    separator = text.indexOf('://', separator + 3)
  }
}

/** The high-entropy detector's options: the shortest run looked at, and the entropy it needs. */
export interface EntropyOptions {
  minimumLength: number
  threshold: number
}

/**
 * Is a value starting at `position` claimed by a provider's own format (see
 * `SecretMatcher.claimsAt`)? Such a value is judged by its provider's rule, not by entropy.
 */
export type ClaimsAt = (text: string, position: number) => boolean

/** Random-looking strings (keys, passwords) with letters and digits and high Shannon entropy. */
export function detectHighEntropy(
  text: string,
  start: number,
  end: number,
  options: EntropyOptions,
  findings: Finding[],
): void {
  // Runs shorter than the minimum are skipped Boyer–Moore style (one probe per stretch).
  const shortest = options.minimumLength > 1 ? Math.ceil(options.minimumLength) : 1
  let index = start
  while (index + shortest <= end) {
    const probe = index + shortest - 1
    if (entropyClass(text.charCodeAt(probe)) === 0) {
      index = probe + 1
      continue
    }
    const runStart = nearestRunStart(text, index, probe)
    if (runStart > index) {
      index = runStart
      continue
    }
    while (index < end && entropyClass(text.charCodeAt(index)) !== 0) index++
    detectHighEntropyRun(text, runStart, index, options, findings)
  }
}

/**
 * Flags one maximal run of entropy characters when random-looking enough (see `detectHighEntropy`).
 * When `claimsAt` claims the value after the run's `name=`, that value is left to its provider's
 * rule and only the name is looked at.
 */
export function detectHighEntropyRun(
  text: string,
  runStart: number,
  runEnd: number,
  options: EntropyOptions,
  findings: Finding[],
  claimsAt?: ClaimsAt,
): void {
  const threshold = options.threshold
  // Sixteen symbols carry at most 4 bits each, and exactly 4 only when every one occurs equally
  // often: a hex run (a commit hash, a hex id) below the threshold is rejected without counting.
  const length = runEnd - runStart
  if ((threshold > 4 || (threshold === 4 && length % 16 !== 0)) && isSingleCaseHex(text, runStart, runEnd))
    return
  // Needs a digit and four letters; -1 otherwise.
  const entropy = runEntropy(text, runStart, runEnd)
  if (entropy < 0 || entropy < threshold) return
  // Without a nearby "key"/"token"/"password" the bar is higher, so hashes and ids pass; a long
  // run of words (`SponsoredProductsRemoteSearch2`) has too few digits to be random.
  const strong =
    runEnd - runStart >= 40 && entropy >= Math.max(threshold, 4.5) && digitCount(text, runStart, runEnd) >= 3
  const before = text.slice(Math.max(0, runStart - secretContextLength), runStart)
  const namedSecret = secretContext.test(before)
  if (!strong && !namedSecret) return
  // A path or a URL (`/_next/static/chunks/_app-3b1f…`, `//QmYw…/readme`): each segment is a
  // value of its own, judged alone.
  const segments = pathSegments(text, runStart, runEnd)
  if (segments !== undefined) {
    for (const [segmentStart, segmentEnd] of segments)
      if (segmentEnd - segmentStart >= options.minimumLength)
        detectHighEntropyRun(text, segmentStart, segmentEnd, options, findings, claimsAt)
    return
  }
  if (isPublicData(text, runStart, runEnd, namedSecret)) return
  if (isPlaceholder(text, runStart, runEnd, 0) || isEncodedPlaceholder(text, runStart, runEnd)) return
  if (isPathUnderVariable(text, runStart, runEnd)) return
  // A public key, a CSRF token or an id is named as such (`csrf-token=…` is one run: its name is
  // inside it); `xxxx`, `EXAMPLE` and `abcdefgh` are placeholders (entropy was checked above).
  const valueStart = assignedValueStart(text, runStart, runEnd)
  // `DATABRICKS_TOKEN=dapi…` is one run: its value, after the `=`, is in Databricks's format.
  if (claimsAt !== undefined && valueStart > runStart && claimsAt(text, valueStart)) {
    detectHighEntropy(text, runStart, valueStart - 1, options, findings)
    return
  }
  const name = attributeName(text, valueStart, assignmentNameBefore(text, valueStart))
  if (isNonSecretName(name)) return
  // A value takes its meaning from its name: a strong random string assigned to a name that says
  // nothing of a secret (`wrongStart := "…"`, `"signature": "…"`) is data, not a key.
  // Only a name before the run counts (one inside it, `…AAA=…`, is base64 padding, not a name).
  // A compound name (`sumOfExposures`, `row_hash`) describes the data; a single word may be a
  // provider's name (`cloudflare: "…"`), which says nothing against a key.
  if (
    strong &&
    valueStart === runStart &&
    !namedSecret &&
    compoundName.test(name) &&
    !secretContext.test(name)
  )
    return
  // A line of an armored block (PEM, PGP) whose header is out of sight: the line before is one
  // too, or the line starts a public key.
  if (!namedSecret && (isArmorLine(text, runStart, runEnd) || isOpenPgpPublicKey(text, runStart, runEnd)))
    return
  if (isInPublicBlock(text, runStart, before)) return
  if (sopsData.test(before)) return
  // `...6wqX6fNUXA/rYq...`: a value cut short in documentation, not a live one.
  if (text.startsWith('...', runStart - 3) || text.startsWith('...', runEnd)) return
  findings.push({
    type: 'high-entropy-string',
    start: runStart,
    end: runEnd,
    value: text.slice(runStart, runEnd),
    confidence: 0.6,
    detector: 'high-entropy',
  })
}
