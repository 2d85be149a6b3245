import { charCode, isBase64Code } from './detectors/char-classes.ts'
import { detectIpv6 } from './detectors/detect-ipv6.ts'
import {
  detectHighEntropy,
  detectHighEntropyRun,
  detectUrlPasswords,
  readPrivateKeyBlock,
} from './detectors/detect-secrets.ts'
import { detectCryptoAddresses, detectCryptoRun, detectEmails, detectUrls } from './detectors/detect-token.ts'
import { longSecretLength, type SecretMatcher } from './detectors/secret-matcher.ts'
import { decodeBase64Text } from './detectors/value-shapes.ts'
import { coveringEnd } from './resolve-overlaps.ts'
import {
  flagAt,
  flagColon,
  flagDotLetter,
  flagEntropyOther,
  flagSecondColon,
  flagsNotAlphanumeric,
} from './scan-classes.ts'
import type { Finding } from './types.ts'

/** What the scanner's token loop learned about the token being analysed. */
export interface TokenRuns {
  /** Maximal runs of at least 26 ASCII letters and digits (crypto addresses): how many, and the last. */
  alphanumeric: number
  alphanumericStart: number
  alphanumericEnd: number
  /** Maximal runs of entropy characters (letters, digits, `+/=_-`) long enough to check: how many, and the last. */
  entropy: number
  entropyStart: number
  entropyEnd: number
  /** First place after a separator (not `_`) where a secret can start, or -1. */
  secretFrom: number
}

/** One scanner's token analysis: detectors on, entropy options, the token's runs, and its results. */
export interface TokenAnalysis {
  use: {
    email: boolean
    url: boolean
    ip: boolean
    secret: boolean
    crypto: boolean
    entropy: boolean
  }
  /** The secret detectors' matcher (built-in plus the host's own). */
  secrets: SecretMatcher
  entropy: { minimumLength: number; threshold: number }
  runs: TokenRuns
  /** The text of the scan in progress as bytes when it is all ASCII (see `CandidateFinder.prepare`), else undefined. */
  bytes: Uint8Array | undefined
  /** `from` of the scan in progress (findings before it are context and will be dropped). */
  from: number
  /** Set by `analyseToken`: where the scan resumes (after a key block), or -1. */
  next: number
  /** Set by `analyseToken`: start of a construct still open at the end of the text, or -1. */
  open: number
  /** Where a named value starts in the token (the candidate search landed on it), or -1. */
  valueStart: number
  /** Where a key block's `-----BEGIN` starts after the token's first character, or -1. */
  keyStart: number
}

/**
 * Runs the token-level validators on one whitespace-free token `text[start, end)` whose character
 * classes are `flags`: emails, URLs, IPv6, private key blocks, known secrets, crypto addresses and
 * high-entropy strings. Sets `analysis.next` and `analysis.open`.
 */
export function analyseToken(
  text: string,
  start: number,
  end: number,
  flags: number,
  findings: Finding[],
  analysis: TokenAnalysis,
): void {
  const runs = analysis.runs
  const tokenLength = end - start
  let next = -1
  let open = -1
  let secretCover = -1
  // Where a secret found in the token starts inside its only entropy run and runs to its end
  // (`AWS_ACCESS_KEY_ID=AKIA…`), or -1: the run's value is judged by its provider's rule, and the
  // entropy detector looks only at what comes before it (the name).
  let secretTail = -1
  if (flags & flagAt && analysis.use.email) detectEmails(text, start, end, findings)
  // A URL without a scheme needs a host ending in a dot and a letter (`www.` hosts included).
  if (flags & (flagColon | flagDotLetter) && analysis.use.url)
    detectUrls(text, start, end, findings, (flags & flagColon) !== 0, (flags & flagAt) !== 0)
  // An IPv6 address has at least two colons.
  if (flags & flagSecondColon && analysis.use.ip) detectIpv6(text, start, end, findings)
  // `-----B`: the start of a PEM header, at the token's start or glued to a name before it.
  const keyStart =
    text.charCodeAt(start) === charCode.dash && text.charCodeAt(start + 5) === charCode.upperB
      ? start
      : analysis.keyStart
  if (analysis.use.secret && keyStart >= 0) {
    const block = readPrivateKeyBlock(text, keyStart)
    if (block.type === 'match') {
      findings.push({
        type: 'private-key',
        start: keyStart,
        end: block.end,
        value: text.slice(keyStart, block.end),
        confidence: 1,
        detector: 'secret',
      })
      next = Math.max(next, block.end)
    } else if (block.type === 'incomplete') {
      // Unterminated at the end of the text: redact to the end; a stream holds it back.
      open = keyStart
      findings.push({
        type: 'private-key',
        start: keyStart,
        end: text.length,
        value: text.slice(keyStart),
        confidence: 1,
        detector: 'secret',
      })
      next = text.length
    }
  }
  // `scheme://user:password@`: a token with a colon and an at sign.
  if (analysis.use.secret && (flags & flagAt) !== 0 && (flags & flagColon) !== 0)
    detectUrlPasswords(text, start, end, findings)
  const secrets = analysis.secrets
  const valueFindings = findings.length
  // A value a named detector judged a placeholder (`Basic dXNlcm5hbWU6cGFzc3dvcmQ=`) is not
  // reported by the high-entropy detector either.
  // So is a value in a provider's own format (`xoxp-1234567890`): its provider's rule judges it.
  const claimed =
    analysis.valueStart >= 0 &&
    analysis.use.secret &&
    (secrets.claimsAt(text, analysis.valueStart) ||
      (secrets.detectValue(text, analysis.valueStart, end, findings) && findings.length === valueFindings))
  const entropyEnd = claimed ? analysis.valueStart : end
  if (tokenLength >= secrets.minimumLength && analysis.use.secret) {
    // A secret starts at the token's start or after a separator (never inside letters and
    // digits); the token loop noted the first such place, and a token of only letters and
    // digits can hold one only at its start.
    const secretFrom = secrets.isStart(text, start) ? start : runs.secretFrom
    const lastStart = (flags & flagsNotAlphanumeric) === 0 ? start + 1 : end
    const before = valueFindings
    if (secretFrom >= 0) secrets.detectPrefixed(text, secretFrom, end, findings, lastStart, analysis.bytes)
    // Anchored and contextual secrets are looked for in long tokens; beside prefixed ones only
    // when the rest of the token is long enough to hold one (`AKIA…--client_secret=…Q~…`).
    if (tokenLength >= longSecretLength && longestUncovered(findings, before, start, end) >= longSecretLength)
      secrets.detectInLongToken(
        text,
        start,
        end,
        findings,
        (flags & (flagColon | flagEntropyOther)) !== 0,
        (flags & flagsNotAlphanumeric) !== 0,
      )
    if (findings.length > before) {
      secretCover = coveringEnd(findings, before, runs.entropyStart, analysis.from)
      if (secretCover < runs.entropyEnd)
        secretTail = tailStart(findings, before, runs.entropyStart, runs.entropyEnd)
    }
  }
  // A secret whose pattern reads past its match (`lookahead`), found closer to the end than it
  // reads, by any of the searches above: a stream holds it open until that text has arrived.
  if (secrets.lookaheadOf !== undefined && findings.length > valueFindings)
    open = lookaheadOpen(text, findings, valueFindings, secrets, open)
  // Crypto and entropy detectors look only at maximal runs of at least their minimum length:
  // none means nothing to check, and a single one is checked without searching for it.
  if (tokenLength >= 26 && analysis.use.crypto && runs.alphanumeric > 0) {
    if (runs.alphanumeric === 1) detectCryptoRun(text, runs.alphanumericStart, runs.alphanumericEnd, findings)
    else detectCryptoAddresses(text, start, end, findings)
  }
  if (tokenLength >= analysis.entropy.minimumLength && analysis.use.entropy && runs.entropy > 0) {
    // A single run inside a secret found here would be dropped as contained: it is not computed.
    // A token's only run in a provider's format (all of it, or its value after `name=`) is left
    // to the provider's rule.
    if (claimed) detectHighEntropy(text, start, entropyEnd, analysis.entropy, findings)
    else if (runs.entropy > 1)
      detectHighEntropyOutside(text, start, end, analysis.entropy, findings, valueFindings)
    else if (secretTail >= 0) {
      if (secretTail - runs.entropyStart > analysis.entropy.minimumLength)
        detectHighEntropy(text, runs.entropyStart, secretTail - 1, analysis.entropy, findings)
    } else if (
      secretCover < runs.entropyEnd &&
      !(analysis.use.secret && secrets.claimsAt(text, runs.entropyStart))
    )
      detectHighEntropyRun(
        text,
        runs.entropyStart,
        runs.entropyEnd,
        analysis.entropy,
        findings,
        analysis.use.secret ? secrets.claimsAt : undefined,
      )
  }
  analysis.next = next
  analysis.open = open
}

/**
 * `detectHighEntropy` on the stretches of the token `[start, end)` outside the secrets found in it
 * (findings from index `since` on): a run that a secret ends (`TF_TOKEN_…=DxQX….atlasv1.…`) is
 * read only up to the secret, so no finding holds the name a secret is assigned to.
 */
function detectHighEntropyOutside(
  text: string,
  start: number,
  end: number,
  options: TokenAnalysis['entropy'],
  findings: Finding[],
  since: number,
): void {
  if (findings.length === since) {
    detectHighEntropy(text, start, end, options, findings)
    return
  }
  // In order of their starts (a prefixed secret is found before an anchored one earlier in the token).
  const secrets = findings
    .slice(since)
    .filter((finding) => finding.detector === 'secret')
    .sort((left, right) => left.start - right.start)
  let from = start
  for (const secret of secrets) {
    if (secret.end <= from) continue
    if (secret.start > from) detectHighEntropy(text, from, secret.start, options, findings)
    from = secret.end
  }
  if (from < end) detectHighEntropy(text, from, end, options, findings)
}

/**
 * The earliest start of a finding from index `since` on whose detector reads more text after it
 * (`lookaheadOf`) than `text` has, or `open` when there is none (or `open` is earlier).
 */
function lookaheadOpen(
  text: string,
  findings: Finding[],
  since: number,
  secrets: SecretMatcher,
  open: number,
): number {
  let earliest = open
  for (let index = since; index < findings.length; index++) {
    const finding = findings[index] as Finding
    // Further from the end than any pattern reads: nothing to look up (most findings).
    if (text.length - finding.end >= secrets.longestLookahead) continue
    const reads = secrets.lookaheadOf?.(finding.type) ?? 0
    if (reads > 0 && text.length - finding.end < reads && (earliest < 0 || finding.start < earliest))
      earliest = finding.start
  }
  return earliest
}

/** Shortest base64 run looked at for an encoded secret: 16 characters of text encode to 24. */
export const encodedMinimum = 24

/** Does a finding from index `since` on overlap `[start, end)`? */
function overlapsAny(findings: Finding[], since: number, start: number, end: number): boolean {
  for (let index = since; index < findings.length; index++) {
    const finding = findings[index] as Finding
    if (finding.start < end && finding.end > start) return true
  }
  return false
}

/**
 * Pushes the base64 at the end of the run `text[start, end)` (after a `name=`, `-` or anything
 * else base64 has not) as the secret it encodes, if it decodes to text that holds one and no
 * finding of the token (from index `tokenFindings` on) overlaps it. Read backwards a group of
 * four at a time, and most runs stop at once: base64 of text starts each group with `I`–`Z` or
 * `a`–`f` (a first byte from 0x20 to 0x7e), which a hash or a random key almost never does.
 */
export function detectEncodedSecret(text: string, start: number, end: number, search: EncodedSearch): void {
  const { findings, tokenFindings } = search
  let last = end
  while (last > start && !isBase64Code(text.charCodeAt(last - 1))) last--
  // A finding of the token at the run's end (`ghp_…`) would overlap any base64 before it.
  if (overlapsAny(findings, tokenFindings, last - 1, last)) return
  let from = last
  // Padding (`=`) only in the last group.
  for (let group = last - 4; group >= start && isTextGroup(text, group, group === last - 4); group -= 4)
    from = group
  if (last - from < encodedMinimum || overlapsAny(findings, tokenFindings, from, last)) return
  const decoded = decodeBase64Text(text.slice(from, last))
  if (decoded !== undefined) pushDecodedSecret(text, from, last, decoded, search)
}

/** What an encoded-secret search needs: the inner scan, the findings, where the token's begin. */
export interface EncodedSearch {
  /** The secrets, cards and SSNs in a decoded text (a scanner of those of the same detectors that are on). */
  itemsIn: (decoded: string) => readonly Finding[]
  findings: Finding[]
  /** Index of the token's first finding in `findings`. */
  tokenFindings: number
}

/** Pushes `text[start, end)` as the first secret, card or SSN `decoded` holds, if any. */
function pushDecodedSecret(
  text: string,
  start: number,
  end: number,
  decoded: string,
  search: EncodedSearch,
): void {
  const inner = search.itemsIn(decoded)[0]
  if (inner === undefined) return
  search.findings.push({
    type: inner.type,
    start,
    end,
    value: text.slice(start, end),
    confidence: inner.confidence,
    detector: inner.detector,
  })
}

/** Shortest hex run looked at for an encoded secret: 16 characters of text. */
export const hexMinimum = 32

/** The value of a hex digit, or -1. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48
  const lower = code | 32
  return lower >= 97 && lower <= 102 ? lower - 87 : -1
}

/**
 * Pushes the hex run `text[start, end)` (an even number of digits, at least `hexMinimum`) as the
 * secret it encodes, when it decodes to printable text that holds one and no finding of the token
 * (from index `tokenFindings` on) overlaps it: `6768705f7757…` is `ghp_wW…`, a key a model was told
 * to write in hex. Most runs stop at their first byte: text's bytes start with a digit from 2 to
 * 7, a hash's or a random key's with any of sixteen.
 */
export function detectHexSecret(text: string, start: number, end: number, search: EncodedSearch): void {
  if ((end - start) % 2 !== 0 || end - start < hexMinimum) return
  let decoded = ''
  for (let index = start; index < end; index += 2) {
    const high = hexValue(text.charCodeAt(index))
    const low = hexValue(text.charCodeAt(index + 1))
    if (high < 2 || high > 7 || low < 0 || (high === 7 && low === 15)) return
    decoded += String.fromCharCode(high * 16 + low)
  }
  if (overlapsAny(search.findings, search.tokenFindings, start, end)) return
  pushDecodedSecret(text, start, end, decoded, search)
}

/**
 * Can a run ending at `end` end in base64 of text? Its last group of four starts with `I`–`Z` or
 * `a`–`f` (a hash or a random key's does about one time in three); a run glued to `-` or `_` is
 * left to `detectEncodedSecret`.
 */
export function mayEndEncodedText(text: string, end: number): boolean {
  const last = text.charCodeAt(end - 1)
  if (last === charCode.dash || last === charCode.underscore) return true
  return startsTextGroup(text.charCodeAt(end - 4))
}

/**
 * Can a group of four base64 characters starting with `code` encode printable text? Its first
 * character holds the top six bits of a byte from 0x20 to 0x7e: `I`–`Z` or `a`–`f`.
 */
function startsTextGroup(code: number): boolean {
  return (code >= 73 && code <= 90) || (code >= 97 && code <= 102)
}

/** Is `text[group, group + 4)` base64 of three printable characters (`=` padding when `final`)? */
function isTextGroup(text: string, group: number, final: boolean): boolean {
  if (!startsTextGroup(text.charCodeAt(group))) return false
  for (let index = group + 1; index < group + 4; index++) {
    const code = text.charCodeAt(index)
    if (code === charCode.equals ? !final || index === group + 1 : !isBase64Code(code)) return false
  }
  return true
}

/**
 * Start of the earliest finding from index `since` on that lies inside the run `[runStart, runEnd)`
 * after its start and reaches its end, or -1.
 */
function tailStart(findings: Finding[], since: number, runStart: number, runEnd: number): number {
  let tail = -1
  for (let index = since; index < findings.length; index++) {
    const finding = findings[index] as Finding
    if (
      finding.start > runStart &&
      finding.end >= runEnd &&
      finding.start < runEnd &&
      (tail < 0 || finding.start < tail)
    )
      tail = finding.start
  }
  return tail
}

/** Longest stretch of `[start, end)` before, between or after the findings from index `since` on (in order). */
function longestUncovered(findings: Finding[], since: number, start: number, end: number): number {
  let longest = 0
  let covered = start
  for (let index = since; index < findings.length; index++) {
    const finding = findings[index] as Finding
    longest = Math.max(longest, finding.start - covered)
    covered = Math.max(covered, finding.end)
  }
  return Math.max(longest, end - covered)
}
