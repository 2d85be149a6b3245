import { FocalError } from '../errors/focal-error.ts'
import {
  analyseToken,
  detectEncodedSecret,
  detectHexSecret,
  type EncodedSearch,
  encodedMinimum,
  hexMinimum,
  mayEndEncodedText,
  type TokenAnalysis,
} from './analyse-token.ts'
import { compileExtras } from './compile-extras.ts'
import { charCode, isAlphanumericCode } from './detectors/char-classes.ts'
import { detectNumbers, type NumberDetectors } from './detectors/detect-numbers.ts'
import { byteSearchMinimum, createCandidateFinder, valueLookback } from './detectors/find-candidate.ts'
import { ibanLengthAt, readIban } from './detectors/iban.ts'
import {
  isCardMark,
  markedCardOpenFrom,
  readMarkedCard,
  readWordedCard,
  wordedCardOpenFrom,
} from './detectors/marked-card.ts'
import { hasMarkup, markupStretches, readMarkup } from './detectors/markup-text.ts'
import { createNumberRun, type NumberRun, readNumberRun } from './detectors/number-run.ts'
import { longSecretLength, secretMatcherFor } from './detectors/secret-matcher.ts'
import { foldLookalikes, hasInvisible, visibleIndex, visibleText } from './detectors/visible-text.ts'
import { createWrappedCardReader, wrappedCardOpenFrom } from './detectors/wrapped-card.ts'
import { resolveOverlaps } from './resolve-overlaps.ts'
import {
  classBreak,
  classDigit,
  classOrdinary,
  classOtherDigit,
  classTable,
  flagAt,
  flagColon,
  flagDot,
  flagDotLetter,
  flagEntropyOther,
  flagOther,
  flagSecondColon,
  isLetterAt,
  isUpperAt,
  rejectedRunEnd,
  runPrefixStart,
  type SkippedRun,
} from './scan-classes.ts'
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

/** What starts a private key block (`-----BEGIN `), read where it is glued to the text before it. */
const keyBlockStart = '-----BEGIN '

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
  const entropy = {
    minimumLength: entropyOption(options.entropyMinLength, 24, `${path}.entropyMinLength`),
    threshold: entropyOption(options.entropyThreshold, 4, `${path}.entropyThreshold`),
  }
  const secrets = secretMatcherFor(options.secretDetectors)
  // Shortest run `detectHighEntropy` looks at (it rounds the minimum up, to at least one).
  const entropyShortest = entropy.minimumLength > 1 ? Math.ceil(entropy.minimumLength) : 1
  let run: NumberRun = createNumberRun()
  const readWrappedCards = createWrappedCardReader()
  const skipped: SkippedRun = { extendedEnd: 0, noted: false }
  // Tokens this long are analysed for crypto addresses, entropy and long secrets; from the
  // secrets' minimum length on, a token is analysed for secrets when a prefix can start in it.
  const analysedLength = Math.min(
    26,
    entropy.minimumLength,
    use.secret ? longSecretLength : Number.POSITIVE_INFINITY,
  )
  // Tokens this long are searched for (a short secret is found by its feature, see
  // `createCandidateFinder`). A scanner of number detectors alone does not search long tokens,
  // so it reads no card or SSN written in base64 or hex (`itemsIn`): searching them made a
  // card-only scan about 18% slower (scanner-throughput.ts, session 69).
  const searchedLength = Math.min(
    use.crypto ? 26 : Number.POSITIVE_INFINITY,
    use.entropy ? entropy.minimumLength : Number.POSITIVE_INFINITY,
    use.secret ? longSecretLength : Number.POSITIVE_INFINITY,
  )
  const candidates = use.secret
    ? createCandidateFinder(searchedLength, secrets.features, secrets.operatorFeature)
    : createCandidateFinder(searchedLength)
  const minimumSecretLength = secrets.minimumLength
  const secretStarts = secrets.startTable
  const isSecretStart = secrets.isStart
  const shortestNamedValue = use.secret ? secrets.shortestNamedValue : Number.POSITIVE_INFINITY

  const analysis: TokenAnalysis = {
    use,
    secrets,
    entropy,
    runs: {
      alphanumeric: 0,
      alphanumericStart: 0,
      alphanumericEnd: 0,
      entropy: 0,
      entropyStart: 0,
      entropyEnd: 0,
      secretFrom: -1,
    },
    bytes: undefined,
    from: 0,
    next: -1,
    open: -1,
    valueStart: -1,
    keyStart: -1,
  }
  // A base64 or hex run that decodes to text is scanned for secrets, cards and SSNs (those of
  // this scanner's detectors that are on) by a scanner of those detectors, made once, when first
  // needed: a model told to write a card in base64 (`NDUzOTE0ODgw…`) or hex writes it so.
  // Cards and SSNs only where long tokens are searched (see `searchedLength`).
  const searchesLongTokens = use.secret || use.entropy || use.crypto
  const encodedDetectors: DetectorId[] = [
    ...(use.secret ? (['secret'] as const) : []),
    ...(numbers.card && searchesLongTokens ? (['credit-card'] as const) : []),
    ...(numbers.ssn && searchesLongTokens ? (['us-ssn'] as const) : []),
  ]
  let inner: Scanner | undefined
  const itemsIn =
    encodedDetectors.length === 0
      ? undefined
      : (decoded: string): readonly Finding[] => {
          inner ??= createScanner({
            detectors: encodedDetectors,
            ...(options.secretDetectors === undefined ? {} : { secretDetectors: options.secretDetectors }),
          })
          return inner.scan(decoded).findings
        }
  const tokenRuns = analysis.runs
  /** Scans a text `candidates.prepare` has prepared (`bytes`: what it returned). */
  const scanPrepared = (text: string, from: number, bytes: Uint8Array | undefined): ScanOutcome => {
    analysis.from = from
    analysis.bytes = bytes
    // Locals, not closure slots, in the hot loop: the optimiser keeps them in registers.
    const useIban = use.iban
    const readsNumbers = anyNumber
    const longToken = analysedLength
    const classes = classTable
    const starts = secretStarts
    let numberRun = run
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
    // The feature the loop jumped to, when the jump went to one (a value feature lands on a value).
    let landing = -1
    // The search a token's encoded secrets are read with (one per scan, not one per token).
    const encoded: EncodedSearch | undefined =
      itemsIn === undefined ? undefined : { itemsIn, findings, tokenFindings: 0 }
    // The first element content in braces (`<secret>{…}`): a value behind words in braces is
    // looked for only after it (most texts have none).
    const elementBraces = text.indexOf('>{', Math.max(0, from - valueLookback))
    if (from < length && (from === 0 || classes[text.charCodeAt(from - 1)] === classBreak)) {
      // A scan that starts at a token reads it without a search: the text's first token
      // (`password=…` as the whole reply), or a stream's next chunk, which may start between a
      // name and its value (`password = ` | `"…"`) or on the value itself: look back for the name.
      // As a scan from before it would have reached it: by the candidate search, unless the
      // long-token search came first.
      nextFeature = candidates.nextFeature(text, from, Math.max(0, from - valueLookback))
      nextLong = candidates.nextLongToken(text, from)
      landing = nextFeature <= nextLong ? nextFeature : -1
    }
    while (index < length) {
      let code = bytes !== undefined ? (bytes[index] as number) : text.charCodeAt(index)
      if (classes[code] === classBreak) {
        // Jump to the token holding the next candidate; tokens in between cannot hold anything.
        // Inside a number run already read only digits and separators remain: search after it.
        if (nextFeature < index) {
          // A token just read that ends in an operator (`Authorization:`) may name the value after
          // it: the value feature starts at that operator.
          const searchFrom = Math.max(index, numberEnd)
          const previous = text.charCodeAt(searchFrom - 1)
          nextFeature =
            searchFrom === index && (previous === charCode.colon || previous === charCode.equals)
              ? candidates.nextFeature(text, searchFrom - 1)
              : candidates.nextFeature(text, searchFrom)
          if (nextFeature < index) nextFeature = candidates.nextFeature(text, searchFrom)
        }
        if (nextLong < index) nextLong = candidates.nextLongToken(text, index)
        const candidate = Math.min(nextFeature, nextLong)
        if (candidate >= length) {
          // Only the trailing token, if any, stays open for a stream.
          let tailStart = length
          while (tailStart > index && classes[text.charCodeAt(tailStart - 1)] !== classBreak) tailStart--
          if (tailStart < length) openFrom = Math.min(openFrom, tailStart)
          break
        }
        index = candidate
        landing = candidate === nextFeature ? candidate : -1
        if (bytes !== undefined)
          while (index > 0 && classes[bytes[index - 1] as number] !== classBreak) index--
        else while (index > 0 && classes[text.charCodeAt(index - 1)] !== classBreak) index--
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
      // Where a key block's `-----BEGIN` starts after the token's first character (glued to a
      // name: `PRIVATE_KEY=-----BEGIN …`), or -1.
      let keyStart = -1
      // Consume one token; ordinary letters cost one table lookup each.
      while (index < length) {
        code = bytes !== undefined ? (bytes[index] as number) : text.charCodeAt(index)
        const kind = classes[code] as number
        if (kind === classOrdinary) {
          index++
          continue
        }
        if (kind !== classDigit) {
          if (kind === classBreak) break
          if (kind === flagDot) flags |= isLetterAt(text, index + 1) ? flagDot | flagDotLetter : flagDot
          else if (kind === classOtherDigit) flags |= flagOther
          else flags |= kind === flagColon && (flags & flagColon) !== 0 ? flagSecondColon : kind
          // Not an ASCII letter or digit: ends an alphanumeric run and, unless one of `+/=_-`, an
          // entropy run; unless `_`, the next character may start a secret.
          if (index - alphanumericStart >= 26) {
            alphanumericRuns++
            alphanumericRunStart = alphanumericStart
            alphanumericRunEnd = index
          }
          alphanumericStart = index + 1
          if (
            code === charCode.dash &&
            keyStart < 0 &&
            index > tokenStart &&
            text.charCodeAt(index + 1) === charCode.dash &&
            text.charCodeAt(index - 1) !== charCode.dash &&
            text.startsWith(keyBlockStart, index)
          )
            keyStart = index
          if (kind !== flagEntropyOther) {
            if (index - entropyStart >= entropyShortest) {
              entropyRuns++
              entropyRunStart = entropyStart
              entropyRunEnd = index
            }
            entropyStart = index + 1
          }
          if (secretFrom < 0 && code !== charCode.underscore && index + 1 < length) {
            // The first character decides almost always; the shape check reads the text only then.
            const next = bytes !== undefined ? (bytes[index + 1] as number) : text.charCodeAt(index + 1)
            if (next < 128 && starts[next] === 1 && isSecretStart(text, index + 1)) secretFrom = index + 1
          }
          if (kind !== classOtherDigit) {
            index++
            continue
          }
        }
        // A digit (of any script). Digits of a number already read change nothing a token notes.
        if (index < numberEnd) {
          index++
          continue
        }
        if (useIban && index - tokenStart >= 2 && isUpperAt(text, index - 1)) {
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
        if (readsNumbers && index >= numberEnd) {
          // Fast path: a run no number detector accepts ("3 printed", "10:30", "2024-05-17", the
          // "953371" of a hash) is skipped after one read, without storing its digits.
          const rejectedEnd = rejectedRunEnd(text, index, length, bytes, skipped)
          // Four digits ended by a mark a card may be written with (`4111/1111/…`, one group a line).
          let markedEnd =
            numbers.card && (rejectedEnd === index + 4 || rejectedEnd === 0) ? markedCardAt(text, index) : 0
          // Or by the same words or label (`4539 then 1488 then …`, `Group 1: 4539` ⏎ `Group 2: …`).
          if (markedEnd === 0 && numbers.card && rejectedEnd === index + 4)
            markedEnd = readWordedCard(text, index)
          if (markedEnd > 0) {
            findings.push({
              type: 'credit-card',
              start: index,
              end: markedEnd,
              value: text.slice(index, markedEnd),
              confidence: 1,
              detector: 'credit-card',
            })
            numberEnd = markedEnd
            index++
            continue
          }
          if (rejectedEnd > 0) {
            numberEnd = rejectedEnd
            if (skipped.noted) {
              lastRunStart = index
              lastRunExtendedEnd = skipped.extendedEnd
            }
            index++
            continue
          }
          numberRun = readNumberRun(text, index, numberRun, bytes)
          detectNumbers(text, numberRun, numbers, findings)
          numberEnd = numberRun.end
          lastRunStart = numberRun.start
          lastRunExtendedEnd = numberRun.extendedEnd
        }
        index++
      }
      const first = bytes !== undefined ? (bytes[tokenStart] as number) : text.charCodeAt(tokenStart)
      const tokenLength = index - tokenStart
      // A value named just before it (`ci_token = "…"`), found by a value feature.
      const valueStart =
        landing >= tokenStart &&
        index - landing >= shortestNamedValue &&
        secrets.startsValue(text, landing, elementBraces >= 0 && elementBraces < landing)
          ? landing
          : -1
      landing = -1
      // Only tokens that can hold something are analysed: an `@` or `:`, a dot before a letter,
      // a PEM header's dashes, a long token, or a place where a secret can start.
      const needsAnalysis =
        (flags & (flagAt | flagColon | flagDotLetter)) !== 0 ||
        first === charCode.dash ||
        keyStart >= 0 ||
        tokenLength >= longToken ||
        valueStart >= 0 ||
        (tokenLength >= minimumSecretLength && (secretFrom >= 0 || isSecretStart(text, tokenStart)))
      if (index >= length) openFrom = Math.min(openFrom, tokenStart)
      let resume = ibanEnd
      if (needsAnalysis) {
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
        analysis.valueStart = valueStart
        analysis.keyStart = keyStart
        const tokenFindings = findings.length
        analyseToken(text, tokenStart, index, flags, findings, analysis)
        // A secret written in base64 (`QUtJQUxBTEVN…` is `AKIALALEM…`) at the end of the token's
        // last run, which nothing else reported.
        if (encoded !== undefined) encoded.tokenFindings = tokenFindings
        if (
          encoded !== undefined &&
          entropyRuns > 0 &&
          entropyRunEnd - entropyRunStart >= encodedMinimum &&
          mayEndEncodedText(text, entropyRunEnd)
        )
          detectEncodedSecret(text, entropyRunStart, entropyRunEnd, encoded)
        // A secret written in hex (`414b4941…` is `AKIA…`): the token's last run of letters and
        // digits, when it is one (a hex run is one).
        if (
          encoded !== undefined &&
          alphanumericRuns > 0 &&
          alphanumericRunEnd - alphanumericRunStart >= hexMinimum
        )
          detectHexSecret(text, alphanumericRunStart, alphanumericRunEnd, encoded)
        if (analysis.open >= 0) openFrom = Math.min(openFrom, analysis.open)
        if (analysis.next > resume) resume = analysis.next
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
    // A `+` or `(` that ends the text may start a phone number the next text completes (a stream's
    // `call (` then `415) 555-0132`): the phone's finding would begin before the next scan's `from`.
    if (numbers.phone && length > from) {
      const last = text.charCodeAt(length - 1)
      if (last === charCode.plus || last === charCode.openParen) openFrom = Math.min(openFrom, length - 1)
    }
    // A card written with marks between its groups that the text's end may cut short (`4111/1111/`).
    if (numbers.card && length > from) {
      openFrom = Math.min(openFrom, Math.max(from, markedCardOpenFrom(text, length)))
      // A card wrapped at a line's end that the text's end cuts short (`4539-1488-` ⏎).
      openFrom = Math.min(openFrom, Math.max(from, wrappedCardOpenFrom(text, length)))
      // A card joined by words or a label that the text's end cuts short (`Group 1: 4539` ⏎ `Gro`).
      openFrom = Math.min(openFrom, Math.max(from, wordedCardOpenFrom(text, length)))
    }
    // A blocklist term the text's end cuts short stays open (the next text may complete or undo it).
    openFrom = Math.min(openFrom, extras(text, from, findings))
    run = numberRun
    // A card a line break hides (`4539 1488` ⏎ `0343 6467`).
    const wrapped = numbers.card ? readWrappedCards(text, from) : noFindings
    return {
      findings: resolveOverlaps(wrapped.length === 0 ? findings : mergeByStart(findings, wrapped), from),
      openFrom,
    }
  }

  /**
   * Scans a text that is not all ASCII bytes as a reader sees it (see `visibleText`). `prepared`:
   * `candidates.prepare` ran last on this text from `from` (and found it not all ASCII).
   */
  const scanReadable = (text: string, from: number, prepared = false): ScanOutcome => {
    if (!hasInvisible(text))
      return scanPrepared(text, from, prepared ? undefined : candidates.prepare(text, from))
    // Scanned as a reader sees it, so an invisible character cannot split a secret (or hide one
    // in tag characters); findings are mapped back and cover the invisible characters inside them.
    const visible = visibleText(text)
    const visibleFrom = visibleIndex(visible, from)
    const outcome = scanPrepared(visible.text, visibleFrom, candidates.prepare(visible.text, visibleFrom))
    for (const finding of outcome.findings) {
      finding.start = visible.start[finding.start] as number
      finding.end = visible.end[finding.end - 1] as number
      finding.value = text.slice(finding.start, finding.end)
    }
    const openFrom =
      outcome.openFrom >= visible.text.length ? text.length : (visible.start[outcome.openFrom] as number)
    return { findings: outcome.findings, openFrom: Math.max(from, Math.min(openFrom, text.length)) }
  }

  /** The scan of a text as written and as a reader sees it, but for its markup (see `scan`). */
  const scanWritten = (text: string, from: number): ScanOutcome => {
    // A text of 1 KB or more that is all ASCII is scanned as bytes (typed-array reads are cheaper
    // than charCodeAt): it holds no invisible character, no look-alike letter and no override.
    let prepared = false
    if (text.length >= byteSearchMinimum) {
      const bytes = candidates.prepare(text, from)
      if (bytes !== undefined) return scanPrepared(text, from, bytes)
      prepared = true
    }
    const outcome = scanReadings(text, from, prepared)
    return text.includes(rightToLeftOverride) ? withOverriddenRuns(text, from, outcome) : outcome
  }

  const scan = (text: string, from = 0): ScanOutcome => {
    const outcome = scanWritten(text, from)
    return hasMarkup(text) ? withMarkupReadings(text, from, outcome) : outcome
  }

  /**
   * Adds what a reader sees where markup wraps or encodes an item (`4539 **1488** …`,
   * `&#52;&#53;…`, `%73%6B…`, a key with `**` in it: see `readMarkup`): each stretch around such
   * markup is read again without it, and a finding there that holds markup counts, covering the
   * original characters. A stretch that reaches the end of the text holds open what its reading
   * holds open (a stream's `4539 **1488** ` waits for the rest of the card).
   */
  const withMarkupReadings = (text: string, from: number, outcome: ScanOutcome): ScanOutcome => {
    const { stretches, sites } = markupStretches(text)
    if (stretches.length === 0) return outcome
    const seen = new Set(outcome.findings.map(findingKey))
    const more: Finding[] = []
    let openFrom = outcome.openFrom
    for (let index = 0; index < stretches.length; index += 2) {
      const start = stretches[index] as number
      const end = stretches[index + 1] as number
      if (end <= from) continue
      const reading = readMarkup(text, start, end)
      const read = scanWritten(reading.text, visibleIndex(reading, from))
      for (const finding of read.findings) {
        const mappedStart = reading.start[finding.start] as number
        const mappedEnd = reading.end[finding.end - 1] as number
        const mapped = {
          ...finding,
          start: mappedStart,
          end: mappedEnd,
          value: text.slice(mappedStart, mappedEnd),
        }
        if (
          mappedStart >= from &&
          holdsSite(sites, mappedStart, mappedEnd) &&
          !seen.has(findingKey(mapped))
        ) {
          seen.add(findingKey(mapped))
          more.push(mapped)
        }
      }
      if (end === text.length && read.openFrom < reading.text.length)
        openFrom = Math.min(openFrom, Math.max(from, reading.start[read.openFrom] as number))
    }
    if (more.length === 0)
      return openFrom === outcome.openFrom ? outcome : { findings: outcome.findings, openFrom }
    return { findings: resolveOverlaps([...outcome.findings, ...more], from), openFrom }
  }

  /**
   * Adds what a reader sees in the runs a right-to-left override turns around: U+202E … U+202C
   * shows `‮1111 1111 1111 1114‬` as `4111 1111 1111 1111`, a card the characters' own order hides
   * (it fails the Luhn check). The runs are read reversed in place (positions map back mirrored);
   * a run still open at the end of the text is held open from its override.
   */
  const withOverriddenRuns = (text: string, from: number, outcome: ScanOutcome): ScanOutcome => {
    const runs = overriddenRuns(text)
    let reversed = text
    for (const [start, end] of runs)
      reversed = `${reversed.slice(0, start)}${Array.from(text.slice(start, end)).reverse().join('')}${reversed.slice(end)}`
    const mirrored = (position: number): number => {
      for (const [start, end] of runs)
        if (position >= start && position < end) return start + end - 1 - position
      return position
    }
    const seen = new Set(outcome.findings.map(findingKey))
    const more: Finding[] = []
    // A run reaching past `from` is read whole: its reversed items may stand before `from` in the
    // reversed text though their characters stand after it (a stream's earlier chunk held `‮ab `).
    // Only findings whose characters start at or after `from` count, as in a forward scan.
    let reversedFrom = from
    for (const [start, end] of runs) if (end > from && start < reversedFrom) reversedFrom = start
    for (const finding of scanReadings(reversed, reversedFrom).findings) {
      let start = Number.POSITIVE_INFINITY
      let end = -1
      for (let position = finding.start; position < finding.end; position++) {
        const original = mirrored(position)
        if (original < start) start = original
        if (original + 1 > end) end = original + 1
      }
      const mapped = { ...finding, start, end, value: text.slice(start, end) }
      if (start >= from && !seen.has(findingKey(mapped))) more.push(mapped)
    }
    let openFrom = outcome.openFrom
    const last = runs.at(-1)
    if (
      last !== undefined &&
      last[1] === text.length &&
      text.charCodeAt(text.length - 1) !== popDirectionalFormatting
    )
      openFrom = Math.min(openFrom, Math.max(from, last[0] - 1))
    if (more.length === 0)
      return openFrom === outcome.openFrom ? outcome : { findings: outcome.findings, openFrom }
    return { findings: resolveOverlaps([...outcome.findings, ...more], from), openFrom }
  }

  /** The scan of a text that is not all ASCII bytes, as written and in its look-alike reading. */
  const scanReadings = (text: string, from: number, prepared = false): ScanOutcome => {
    const outcome = scanReadable(text, from, prepared)
    // Letters of another script drawn like ASCII ones, in a token with ASCII in it, are read a
    // second time as the ASCII they look like (one for one: positions stay; see
    // `foldLookalikes`). Both readings count: folding may also glue a key to a letter that had
    // ended it (`ЈAKIA…`).
    const folded = foldLookalikes(text)
    if (folded === text) return outcome
    const seen = new Set(outcome.findings.map(findingKey))
    const foldedOutcome = scanReadable(folded, from)
    const more = foldedOutcome.findings.filter((finding) => !seen.has(findingKey(finding)))
    // What either reading still holds open stays open (a key block whose header has a look-alike
    // letter is open only in the folded reading until its END line arrives).
    const openFrom = Math.min(outcome.openFrom, foldedOutcome.openFrom)
    if (more.length === 0)
      return openFrom === outcome.openFrom ? outcome : { findings: outcome.findings, openFrom }
    for (const finding of more) finding.value = text.slice(finding.start, finding.end)
    return { findings: resolveOverlaps([...outcome.findings, ...more], from), openFrom }
  }

  return { scan, holdBack: extras.holdBack }
}

/** U+202E RIGHT-TO-LEFT OVERRIDE: what follows is shown in reverse order. */
const rightToLeftOverride = '\u202e'
/** U+202C POP DIRECTIONAL FORMATTING: ends an override. */
const popDirectionalFormatting = 0x202c

/**
 * The runs `[start, end)` a right-to-left override turns around: from after each U+202E to the
 * next U+202C, line break or end of the text.
 */
function overriddenRuns(text: string): Array<[number, number]> {
  const runs: Array<[number, number]> = []
  for (let at = text.indexOf(rightToLeftOverride); at >= 0; at = text.indexOf(rightToLeftOverride, at + 1)) {
    let end = at + 1
    while (end < text.length) {
      const code = text.charCodeAt(end)
      if (code === popDirectionalFormatting || code === 0x0a || code === 0x0d || code === 0x202e) break
      end++
    }
    if (end > at + 1) runs.push([at + 1, end])
    at = end - 1
  }
  return runs
}

/**
 * Does a markup place (`sites`: flat pairs `[start, end)`, sorted and apart, so their ends are
 * sorted too) overlap `[start, end)`? The first place ending after `start` is found by bisection
 * (a walk from the first place made dense markup cost places × findings).
 */
function holdsSite(sites: Int32Array, start: number, end: number): boolean {
  let low = 0
  let high = sites.length / 2
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((sites[middle * 2 + 1] as number) > start) high = middle
    else low = middle + 1
  }
  return low * 2 < sites.length && (sites[low * 2] as number) < end
}

/** A finding's kind and place, the same in two readings of one text. */
function findingKey(finding: Finding): string {
  return `${finding.type} ${finding.start} ${finding.end}`
}

/** A scan option that must be a finite number of at least 0 (a NaN length would switch detectors off). */
function entropyOption(value: number | undefined, fallback: number, path: string): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    const message = `expected a finite number of at least 0, got ${String(value)}`
    throw new FocalError({
      code: 'invalid-argument',
      message: `${path}: ${message}`,
      issues: [{ path, message }],
    })
  }
  return value
}

const noFindings: readonly Finding[] = []

/** Two lists of findings, each in order of their starts, as one in that order (`first`'s first on a tie). */
function mergeByStart(first: Finding[], second: readonly Finding[]): Finding[] {
  const merged: Finding[] = []
  let left = 0
  let right = 0
  while (left < first.length || right < second.length) {
    const next = second[right]
    if (next === undefined || (left < first.length && (first[left] as Finding).start <= next.start))
      merged.push(first[left++] as Finding)
    else {
      merged.push(next)
      right++
    }
  }
  return merged
}

/**
 * The end of a card written with a mark between its groups (`readMarkedCard`) whose first group is
 * the four ASCII digits at `start`, or 0. The cheap test first: most runs are not four digits
 * ended by such a mark.
 */
function markedCardAt(text: string, start: number): number {
  for (let index = start; index < start + 4; index++) {
    const code = text.charCodeAt(index)
    if (code < 48 || code > 57) return 0
  }
  let after = start + 4
  while (after < start + 6 && (text.charCodeAt(after) === 32 || text.charCodeAt(after) === 9)) after++
  return isCardMark(text.charCodeAt(after)) ? readMarkedCard(text, start) : 0
}
