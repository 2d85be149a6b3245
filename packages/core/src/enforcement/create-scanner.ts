import { FocalError } from '../errors/focal-error.ts'
import { assertSafePattern } from './assert-safe-pattern.ts'
import { digitValue, isAlphanumericCode, isTokenCode } from './detectors/char-classes.ts'
import { detectIpv6 } from './detectors/detect-ipv6.ts'
import { detectNumbers, type NumberDetectors } from './detectors/detect-numbers.ts'
import {
  detectHighEntropy,
  detectHighEntropyRun,
  detectSecrets,
  isSecretStart,
  minimumSecretLength,
  readPrivateKeyBlock,
} from './detectors/detect-secrets.ts'
import { detectCryptoAddresses, detectCryptoRun, detectEmails, detectUrls } from './detectors/detect-token.ts'
import { createCandidateFinder } from './detectors/find-candidate.ts'
import { ibanLengthAt, readIban } from './detectors/iban.ts'
import { createNumberRun, type NumberRun, readNumberRun } from './detectors/number-run.ts'
import type { DetectorId, Finding, ScanOptions } from './types.ts'

/** Every built-in detector, the default of `ScanOptions.detectors`. */
export const builtInDetectors: readonly DetectorId[] = [
  'credit-card',
  'us-ssn',
  'email',
  'phone',
  'iban',
  'crypto-address',
  'ip-address',
  'url',
  'secret',
  'high-entropy',
]

/** A scan of one text: findings plus, for streaming, where the earliest still-open match begins. */
export interface ScanOutcome {
  findings: Finding[]
  /** Index from which appending text could still change findings (text.length when nothing is open). */
  openFrom: number
}

/** A compiled scanner: options validated once, reused for every text. */
export interface Scanner {
  /** Scans `text`; positions before `from` are context only (used by the stream redactor). */
  scan(text: string, from?: number): ScanOutcome
  /** Longest tail (in characters) a keyword or user pattern may need held back. */
  readonly holdBack: number
}

const flagAt = 1
const flagColon = 2
const flagDot = 4
/** Set (besides `flagColon`) once a token has a second colon. */
const flagSecondColon = 8
/** Any other character that is neither an ASCII letter or digit nor in `+/=_-` (`#`, `~`, non-ASCII, ...). */
const flagOther = 16
/** One of `+/=_-`: part of a random-looking (entropy) run, though not of an alphanumeric one. */
const flagEntropyOther = 32
/** Flags a token of only ASCII letters and digits has none of. */
const flagsNotAlphanumeric = flagAt | flagColon | flagDot | flagOther | flagEntropyOther
const classOrdinary = 0
const classDigit = 128
/** A digit of another script (full-width, Arabic-Indic, Devanagari): a digit and `flagOther`. */
const classOtherDigit = 129
const classBreak = 255
/**
 * Class per UTF-16 code (one lookup, no branch on ASCII): letter, ASCII digit, other digit, break,
 * or a flag bit (`@`, `:`, `.`, other token punctuation, any other non-ASCII token character).
 */
const classTable = (() => {
  const table = new Uint8Array(65_536)
  for (let code = 0; code < 65_536; code++) {
    if (!isTokenCode(code)) table[code] = classBreak
    else if (code < 128) table[code] = isAlphanumericCode(code) ? classOrdinary : flagOther
    else table[code] = digitValue(code) >= 0 ? classOtherDigit : flagOther
  }
  for (const char of '+/=_-') table[char.charCodeAt(0)] = flagEntropyOther
  for (let code = 48; code <= 57; code++) table[code] = classDigit
  table[64] = flagAt
  table[58] = flagColon
  table[46] = flagDot
  return table
})()

/** An ASCII capital at `index` (an IBAN's country code precedes its check digits). */
function isUpperAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index)
  return code >= 65 && code <= 90
}

function isSeparatorAscii(code: number): boolean {
  return code === 32 || code === 45 || code === 46 || code === 40 || code === 41
}

/**
 * End of a number run that certainly has fewer than four digits, or 0 when it may be longer (more
 * digits follow, a non-ASCII character could be a digit or an invisible one, or the text ends).
 */
function shortNumberEnd(text: string, start: number, length: number): number {
  let probe = start + 1
  while (probe < length && probe - start < 4 && classTable[text.charCodeAt(probe)] === classDigit) probe++
  if (probe - start >= 4 || probe >= length) return 0
  let after = probe
  while (after < length && after - probe < 3 && isSeparatorAscii(text.charCodeAt(after))) after++
  if (after >= length) return 0
  const next = text.charCodeAt(after)
  return next < 128 && classTable[next] !== classDigit && !isSeparatorAscii(next) ? probe : 0
}

/** ASCII letter or `_` (a number touching one has no word boundary there). */
function isLetterOrUnderscoreAscii(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
}

/**
 * End of a run of ASCII digits starting at `start` with an ASCII letter or `_` just before and
 * just after it (a single-group number run glued on both sides), or 0 otherwise.
 */
function gluedDigitsEnd(text: string, start: number, length: number): number {
  if (start === 0 || !isLetterOrUnderscoreAscii(text.charCodeAt(start - 1))) return 0
  let end = start
  while (end < length && classTable[text.charCodeAt(end)] === classDigit) end++
  return end > start && end < length && isLetterOrUnderscoreAscii(text.charCodeAt(end)) ? end : 0
}

/** Where a number run's finding could start: a phone's `+` or `(` just before its first digit. */
function runPrefixStart(text: string, start: number): number {
  const previous = text.charCodeAt(start - 1)
  return previous === 43 || previous === 40 ? start - 1 : start
}

/** Numeric detectors that a longer container finding of another kind makes redundant. */
const containedKinds = new Set([
  'credit-card',
  'us-ssn',
  'phone',
  'ip-address',
  'high-entropy',
  'email',
  'url',
])

/**
 * Compiles scan options into a single-pass scanner. One loop walks the text once with table
 * lookups; cheap prefilters (a digit starts a number run, `@` an email, `:` a URL or IPv6, a long
 * token secrets and entropy) decide which validators run, so cost stays linear in the text.
 *
 * @example
 * const scanner = createScanner({ detectors: ['credit-card', 'email'] })
 * scanner.scan('card 4111 1111 1111 1111').findings[0]?.type // 'credit-card'
 */
export function createScanner(options: ScanOptions = {}): Scanner {
  const path = options.path ?? 'scan'
  const enabled = new Set<string>(options.detectors ?? builtInDetectors)
  for (const [index, detector] of [...enabled].entries()) {
    if (
      !builtInDetectors.includes(detector as DetectorId) &&
      detector !== 'blocklist' &&
      detector !== 'pattern'
    ) {
      throw new FocalError({
        code: 'invalid-argument',
        message: `${path}.detectors[${index}]: unknown detector "${detector}"`,
        issues: [{ path: `${path}.detectors[${index}]`, message: `unknown detector "${detector}"` }],
      })
    }
  }
  const numbers: NumberDetectors = {
    card: enabled.has('credit-card'),
    ssn: enabled.has('us-ssn'),
    phone: enabled.has('phone'),
    ipv4: enabled.has('ip-address'),
  }
  const anyNumber = numbers.card || numbers.ssn || numbers.phone || numbers.ipv4
  const use = {
    email: enabled.has('email'),
    url: enabled.has('url'),
    ip: enabled.has('ip-address'),
    iban: enabled.has('iban'),
    secret: enabled.has('secret'),
    crypto: enabled.has('crypto-address'),
    entropy: enabled.has('high-entropy'),
  }
  const extras = compileExtras(options, path)
  const entropy = { minimumLength: options.entropyMinLength ?? 24, threshold: options.entropyThreshold ?? 4 }
  // Shortest run `detectHighEntropy` looks at (it rounds the minimum up, to at least one).
  const entropyShortest = entropy.minimumLength > 1 ? Math.ceil(entropy.minimumLength) : 1
  let run: NumberRun = createNumberRun()
  const shortestLongToken = Math.min(minimumSecretLength, 26, entropy.minimumLength)
  const candidates = createCandidateFinder(shortestLongToken)

  /** `from` of the scan in progress (findings before it are context and will be dropped). */
  let scanFrom = 0
  const scan = (text: string, from = 0): ScanOutcome => {
    scanFrom = from
    const findings: Finding[] = []
    const length = text.length
    let openFrom = length
    let numberEnd = from
    let lastRunStart = -1
    let lastRunExtendedEnd = -1
    let index = from
    let ibanEnd = -1
    let ibanOpen = length
    let nextFeature = -1
    let nextLong = -1
    while (index < length) {
      let code = text.charCodeAt(index)
      if (classTable[code] === classBreak) {
        // Jump to the token holding the next candidate; tokens in between cannot hold anything.
        // Inside a number run already read only digits and separators remain: search after it.
        if (nextFeature < index) nextFeature = candidates.nextFeature(text, Math.max(index, numberEnd))
        if (nextLong < index) nextLong = candidates.nextLongToken(text, index)
        const candidate = Math.min(nextFeature, nextLong)
        if (candidate >= length) {
          // Only the trailing token, if any, stays open for a stream.
          let tailStart = length
          while (tailStart > index && classTable[text.charCodeAt(tailStart - 1)] !== classBreak) tailStart--
          if (tailStart < length) openFrom = Math.min(openFrom, tailStart)
          break
        }
        index = candidate
        while (index > 0 && classTable[text.charCodeAt(index - 1)] !== classBreak) index--
      }
      const tokenStart = index
      let flags = 0
      // Runs of ASCII letters and digits (crypto addresses) and of entropy characters (letters,
      // digits, `+/=_-`): where the current ones began, how many reached the detector's minimum,
      // and the last that did. The first place after a separator where a secret can start.
      let alphanumericStart = index
      let entropyStart = index
      let alphanumericRuns = 0
      let alphanumericRunStart = 0
      let alphanumericRunEnd = 0
      let entropyRuns = 0
      let entropyRunStart = 0
      let entropyRunEnd = 0
      let secretFrom = -1
      // Consume one token; ordinary letters cost one table lookup each.
      while (index < length) {
        code = text.charCodeAt(index)
        const kind = classTable[code] as number
        if (kind === classOrdinary) {
          index++
          continue
        }
        if (kind === classBreak) break
        const digit = kind === classDigit || kind === classOtherDigit
        if (kind === classOtherDigit) flags |= flagOther
        else if (!digit) flags |= kind === flagColon && (flags & flagColon) !== 0 ? flagSecondColon : kind
        if (kind !== classDigit) {
          // Not an ASCII letter or digit: ends an alphanumeric run and, unless one of `+/=_-`, an
          // entropy run; unless `_`, the next character may start a secret.
          if (index - alphanumericStart >= 26) {
            alphanumericRuns++
            alphanumericRunStart = alphanumericStart
            alphanumericRunEnd = index
          }
          alphanumericStart = index + 1
          if (kind !== flagEntropyOther) {
            if (index - entropyStart >= entropyShortest) {
              entropyRuns++
              entropyRunStart = entropyStart
              entropyRunEnd = index
            }
            entropyStart = index + 1
          }
          if (secretFrom < 0 && code !== 95 && index + 1 < length && isSecretStart(text, index + 1))
            secretFrom = index + 1
        }
        if (
          digit &&
          use.iban &&
          index >= numberEnd &&
          index - tokenStart >= 2 &&
          isUpperAt(text, index - 1)
        ) {
          // An IBAN's check digits follow its two capitals: the digits trigger the check.
          const start = index - 2
          const expected =
            start === 0 || !isAlphanumericCode(text.charCodeAt(start - 1)) ? ibanLengthAt(text, start) : 0
          const match = expected > 0 ? readIban(text, start, expected) : undefined
          if (match?.type === 'match') {
            findings.push({
              type: 'iban',
              start,
              end: match.end,
              value: text.slice(start, match.end),
              confidence: 1,
              detector: 'iban',
            })
            numberEnd = match.end
            ibanEnd = match.end
          } else if (match?.type === 'incomplete') ibanOpen = Math.min(ibanOpen, start)
        }
        if (digit && anyNumber && index >= numberEnd) {
          // Fast path: up to three ASCII digits with no digit after the next separators ("3 printed",
          // "4.2 in", "10:30") form a run too short for any detector; skip it without reading it.
          const shortEnd = shortNumberEnd(text, index, length)
          if (shortEnd > 0) {
            numberEnd = shortEnd
            index++
            continue
          }
          // ASCII digits with a letter or `_` on both sides ("f953371d" in a hash) are one run of
          // one group glued to letters, which no number detector accepts: record it unread twice.
          const gluedEnd = gluedDigitsEnd(text, index, length)
          if (gluedEnd > 0) {
            numberEnd = gluedEnd
            lastRunStart = index
            lastRunExtendedEnd = gluedEnd
            index++
            continue
          }
          run = readNumberRun(text, index, run)
          detectNumbers(text, run, numbers, findings)
          numberEnd = run.end
          lastRunStart = run.start
          lastRunExtendedEnd = run.extendedEnd
        }
        index++
      }
      const first = text.charCodeAt(tokenStart)
      // Only tokens that can hold something are analysed: an `@` or `:`, `www.`, a long token,
      // an IBAN's two capitals, or a PEM header's dashes.
      const needsAnalysis =
        (flags & (flagAt | flagColon)) !== 0 ||
        index - tokenStart >= shortestLongToken ||
        (flags & flagDot) !== 0 ||
        first === 45
      if (index >= length) openFrom = Math.min(openFrom, tokenStart)
      let resume = ibanEnd
      if (needsAnalysis) {
        tokenNext = -1
        tokenOpen = -1
        if (index - alphanumericStart >= 26) {
          alphanumericRuns++
          alphanumericRunStart = alphanumericStart
          alphanumericRunEnd = index
        }
        if (index - entropyStart >= entropyShortest) {
          entropyRuns++
          entropyRunStart = entropyStart
          entropyRunEnd = index
        }
        tokenRuns.alphanumeric = alphanumericRuns
        tokenRuns.alphanumericStart = alphanumericRunStart
        tokenRuns.alphanumericEnd = alphanumericRunEnd
        tokenRuns.entropy = entropyRuns
        tokenRuns.entropyStart = entropyRunStart
        tokenRuns.entropyEnd = entropyRunEnd
        tokenRuns.secretFrom = secretFrom
        analyseToken(text, tokenStart, index, flags, findings)
        if (tokenOpen >= 0) openFrom = Math.min(openFrom, tokenOpen)
        if (tokenNext > resume) resume = tokenNext
      }
      // Resume after a key block or a spaced IBAN: their inner groups are not separate items.
      if (resume > index) {
        index = resume
        if (numberEnd < index) numberEnd = index
      }
    }
    if (lastRunStart >= 0 && lastRunExtendedEnd >= Math.min(length, openFrom))
      openFrom = Math.min(openFrom, Math.max(from, runPrefixStart(text, lastRunStart)))
    openFrom = Math.min(openFrom, ibanOpen)
    extras(text, from, findings)
    return { findings: resolveOverlaps(findings, from), openFrom }
  }

  /** Runs and the first secret start the token loop found in the token being analysed. */
  const tokenRuns = {
    alphanumeric: 0,
    alphanumericStart: 0,
    alphanumericEnd: 0,
    entropy: 0,
    entropyStart: 0,
    entropyEnd: 0,
    secretFrom: -1,
  }
  /** Validators for one whitespace-free token; returns where to resume and any open construct. */
  let tokenNext = -1
  let tokenOpen = -1
  const analyseToken = (
    text: string,
    start: number,
    end: number,
    flags: number,
    findings: Finding[],
  ): void => {
    const tokenLength = end - start
    let next = -1
    let open = -1
    let secretCover = -1
    if (flags & flagAt && use.email) detectEmails(text, start, end, findings)
    if (flags & (flagColon | flagDot) && use.url)
      detectUrls(text, start, end, findings, (flags & flagColon) !== 0)
    // An IPv6 address has at least two colons.
    if (flags & flagSecondColon && use.ip) detectIpv6(text, start, end, findings)
    if (use.secret && text.charCodeAt(start) === 45 && text.charCodeAt(start + 5) === 66) {
      const block = readPrivateKeyBlock(text, start)
      if (block.type === 'match') {
        findings.push({
          type: 'private-key',
          start,
          end: block.end,
          value: text.slice(start, block.end),
          confidence: 1,
          detector: 'secret',
        })
        next = Math.max(next, block.end)
      } else if (block.type === 'incomplete') {
        // Unterminated at the end of the text: redact to the end; a stream holds it back.
        open = start
        findings.push({
          type: 'private-key',
          start,
          end: text.length,
          value: text.slice(start),
          confidence: 1,
          detector: 'secret',
        })
        next = text.length
      }
    }
    if (tokenLength >= minimumSecretLength && use.secret) {
      // A secret starts at the token's start or after a separator (never inside letters and
      // digits); the token loop noted the first such place, and a token of only letters and
      // digits can hold one only at its start.
      const secretFrom = isSecretStart(text, start) ? start : tokenRuns.secretFrom
      const lastStart = (flags & flagsNotAlphanumeric) === 0 ? start + 1 : end
      if (secretFrom >= 0) {
        const before = findings.length
        detectSecrets(text, secretFrom, end, findings, lastStart)
        secretCover = coveringEnd(findings, before, tokenRuns.entropyStart, scanFrom)
      }
    }
    // Crypto and entropy detectors look only at maximal runs of at least their minimum length:
    // none means nothing to check, and a single one is checked without searching for it.
    if (tokenLength >= 26 && use.crypto && tokenRuns.alphanumeric > 0) {
      if (tokenRuns.alphanumeric === 1)
        detectCryptoRun(text, tokenRuns.alphanumericStart, tokenRuns.alphanumericEnd, findings)
      else detectCryptoAddresses(text, start, end, findings)
    }
    if (tokenLength >= entropy.minimumLength && use.entropy && tokenRuns.entropy > 0) {
      // A single run inside a secret found here would be dropped as contained: it is not computed.
      if (tokenRuns.entropy > 1) detectHighEntropy(text, start, end, entropy, findings)
      else if (secretCover < tokenRuns.entropyEnd)
        detectHighEntropyRun(text, tokenRuns.entropyStart, tokenRuns.entropyEnd, entropy.threshold, findings)
    }
    tokenNext = next
    tokenOpen = open
  }

  return { scan, holdBack: extras.holdBack }
}

/**
 * End of a finding among `findings[since..]` that starts at or before `start` and at or after
 * `from` (so it survives the scan), or -1: a run inside it is redundant.
 */
function coveringEnd(findings: Finding[], since: number, start: number, from: number): number {
  let end = -1
  for (let index = since; index < findings.length; index++) {
    const finding = findings[index] as Finding
    if (finding.start <= start && finding.start >= from && finding.end > end) end = finding.end
  }
  return end
}

type Extras = ((text: string, from: number, findings: Finding[]) => void) & { holdBack: number }

/** Blocklist keywords and user patterns: regexes compiled (and checked) once. */
function compileExtras(options: ScanOptions, path: string): Extras {
  const regexes: Array<{ type: string; detector: string; regex: RegExp; confidence: number }> = []
  let holdBack = 0
  const keywords = (options.blocklist ?? [])
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword.length > 0)
  if (keywords.length > 0) {
    const escaped = keywords.map((keyword) =>
      keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'),
    )
    const source = `(?<![\\p{L}\\p{N}_])(?:${escaped.join('|')})(?![\\p{L}\\p{N}_])`
    regexes.push({
      type: 'blocklist',
      detector: 'blocklist',
      regex: new RegExp(source, 'giu'),
      confidence: 1,
    })
    holdBack = Math.max(holdBack, ...keywords.map((keyword) => keyword.length * 2 + 1))
  }
  for (const [index, pattern] of (options.patterns ?? []).entries()) {
    const flags = `${(pattern.flags ?? 'u').replace(/[gy]/g, '')}g`
    const regex = assertSafePattern(pattern.pattern, { path: `${path}.patterns[${index}].pattern`, flags })
    regexes.push({ type: pattern.type, detector: 'pattern', regex, confidence: pattern.confidence ?? 0.9 })
    holdBack = Math.max(holdBack, (pattern.maxLength ?? 256) + 1)
  }
  const run = (text: string, from: number, findings: Finding[]): void => {
    for (const { type, detector, regex, confidence } of regexes) {
      regex.lastIndex = from
      for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
        if (match[0].length === 0) {
          regex.lastIndex++
          continue
        }
        findings.push({
          type,
          start: match.index,
          end: match.index + match[0].length,
          value: match[0],
          confidence,
          detector,
        })
      }
    }
  }
  return Object.assign(run, { holdBack })
}

/** Sorts findings and drops those wholly inside a longer finding of another kind (a card inside an IBAN). */
function resolveOverlaps(findings: Finding[], from: number): Finding[] {
  const kept = from > 0 ? findings.filter((finding) => finding.start >= from) : findings
  if (kept.length < 2) return kept
  // Findings mostly arrive in order; a stable sort of sorted input is the identity, so skip it.
  if (!isSorted(kept)) kept.sort(compareFindings)
  const result: Finding[] = []
  // Findings still open at the current start: the first `open` entries (never shortening the
  // array saves a length store per finding); sorted input keeps this list short.
  const active: Finding[] = []
  let open = 0
  for (const finding of kept) {
    let still = 0
    for (let index = 0; index < open; index++) {
      const other = active[index] as Finding
      if (other.end > finding.start) active[still++] = other
    }
    open = still
    if (isContained(finding, active, open)) continue
    result.push(finding)
    active[open++] = finding
  }
  return result
}

function compareFindings(left: Finding, right: Finding): number {
  return left.start - right.start || right.end - left.end
}

function isSorted(findings: Finding[]): boolean {
  for (let index = 1; index < findings.length; index++)
    if (compareFindings(findings[index - 1] as Finding, findings[index] as Finding) > 0) return false
  return true
}

function isContained(finding: Finding, active: Finding[], open: number): boolean {
  for (let index = 0; index < open; index++) {
    const other = active[index] as Finding
    if (
      other.end >= finding.end &&
      (other.type === finding.type ||
        (containedKinds.has(finding.detector) && other.detector !== finding.detector))
    )
      return true
  }
  return false
}
