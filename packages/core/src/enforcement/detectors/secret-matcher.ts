import type { Finding } from '../types.ts'
import { elementBraceBefore, isSpacedDash, valueGap } from './assignment-name.ts'
import { isAlphanumericCode, isQuoteMarkCode, isWordCode } from './char-classes.ts'
import { type CompiledDetector, defineDetector } from './define-detector.ts'
import { isPlaceholder, isPlaceholderSuffix } from './is-placeholder.ts'
import { minimumMatchLength } from './minimum-match-length.ts'
import { builtInSecretDetectors } from './secret-rules.ts'
import { buildValueFeatures, introducingWords, isBracedAfterWords, startsValue } from './value-features.ts'

/** Tokens this long are searched for secrets found by an anchor or a context (no candidate feature needed). */
export const longSecretLength = 24

/** Fewest characters after a detector's `bodyAfter` literal for them alone to be checked as the body. */
const minimumRandomPart = 10

/** Shortest prefix that claims a value for its provider (`SK`, `sk-`, `hf_` start ordinary words). */
const claimingPrefixLength = 4

/** Assignments inside a token's value read after its first (`--from-literal=password=…` has one). */
const maximumNesting = 2

/** Characters before a match given to a detector's context check. */
const contextLength = 64

/**
 * A registry of secret detectors compiled for the scan loop: lookup tables for where a prefix can
 * start, candidate features for the short ones, and the matching itself.
 */
export interface SecretMatcher {
  /** 1 for an ASCII code that starts some prefix. */
  readonly startTable: Uint8Array
  /**
   * At `first * 128 + second` for the first two ASCII codes of some prefix: the index of their
   * third characters in `thirdTable` (1 or more), else 0.
   */
  readonly pairTable: Uint16Array
  /**
   * Per pair index, four 32-bit words: bit `code & 31` of word `code >>> 5` set for a third
   * character (`code & 127`) some prefix of that pair has (every bit for a two-character prefix).
   */
  readonly thirdTable: Int32Array
  /**
   * Regex alternatives that find prefixed secrets shorter than `longSecretLength` (one character
   * each) and values named by a detector's keywords (ending with the value's first character).
   */
  readonly features: readonly string[]
  /**
   * Source of the value feature tried at each `=`, `>` and `,` (the candidate finder finds
   * them with `indexOf`), or undefined without keywords.
   */
  readonly operatorFeature: string | undefined
  /** Shortest value a detector with keywords can match (`Infinity` without such detectors). */
  readonly shortestNamedValue: number
  /**
   * Does a value start at `position` (after an operator, an option or a scheme; see
   * `startsValue`)? `braces`: an element's content in braces opens before it (`<secret>{…}`),
   * so a value behind words in braces is looked for.
   */
  startsValue(text: string, position: number, braces: boolean): boolean
  /**
   * Pushes the first secret of a contextual detector that is all of the value `text[start, end)`
   * (a value the candidate search landed on; its context decides). Returns whether a detector
   * claimed the value: one was found, or an exclusive one's shape and context matched and it
   * judged the value a placeholder (then no other detector should report it).
   */
  detectValue(text: string, start: number, end: number, findings: Finding[]): boolean
  /**
   * Is the value or random-looking run starting at `position` claimed by a provider's own format:
   * it starts with a distinctive prefix (`xoxp-`, `AIza`, `sgp_`: four characters or more) or
   * right after an anchor that breaks such runs (`:A` of a Telegram token, `Q~`)? A claimed value
   * the provider's rule did not report is a malformed or example token of that provider (a
   * `xoxp-1234567890`, an `AIza` key too long), so the generic and entropy detectors leave it.
   */
  claimsAt(text: string, position: number): boolean
  /** Shortest token that can hold a prefixed secret. */
  readonly minimumLength: number
  /**
   * The characters after a match of type `type` its detector's pattern reads (its `lookahead`),
   * or 0; undefined when no detector has one (the scan loop then never asks).
   */
  readonly lookaheadOf: ((type: string) => number) | undefined
  /** The most characters any detector's pattern reads past its match (0 when none does). */
  readonly longestLookahead: number
  /** Can a prefix start at `position` (its first three characters)? */
  isStart(text: string, position: number): boolean
  /**
   * Pushes the prefixed secrets of the token `text[start, end)`, each bounded by characters that
   * are not letters, digits or `_`; only positions before `lastStart` are tried. `bytes` is the
   * text as bytes when it is all ASCII (the scanner's copy), else undefined.
   */
  detectPrefixed(
    text: string,
    start: number,
    end: number,
    findings: Finding[],
    lastStart: number,
    bytes: Uint8Array | undefined,
  ): void
  /**
   * Pushes the secrets found by an anchor or a context in a token of `longSecretLength` or more;
   * `hasAssignment` false says the token has no `=` or `:` (its value can only be all of it);
   * `hasPunctuation` false says it has only letters and digits (no anchor with punctuation in it).
   */
  detectInLongToken(
    text: string,
    start: number,
    end: number,
    findings: Finding[],
    hasAssignment: boolean,
    hasPunctuation: boolean,
  ): void
}

/**
 * Does a match `[start, end)` inside the token `[tokenStart, tokenEnd)` run on into an identifier
 * (letters, digits or `_` on both sides of one of its ends)?
 */
function continuesIdentifier(
  text: string,
  start: number,
  end: number,
  tokenStart: number,
  tokenEnd: number,
): boolean {
  return (
    (start > tokenStart && isWordCode(text.charCodeAt(start - 1)) && isWordCode(text.charCodeAt(start))) ||
    (end < tokenEnd && isWordCode(text.charCodeAt(end)) && isWordCode(text.charCodeAt(end - 1)))
  )
}

/** End of the letters, digits, `_`, `-` and `.` from `from` on, within `end`. */
function identifierEnd(text: string, from: number, end: number): number {
  let index = from
  while (index < end) {
    const code = text.charCodeAt(index)
    if (!isWordCode(code) && code !== 45 && code !== 46) break
    index++
  }
  return index
}

/**
 * Does the match `[start, end)` run on past its format's end: the character after it is one the
 * format allows in its last place (the `-` of a Telegram token, a letter after an Azure secret's
 * `~`) and it, or the character after it, is a letter, digit or `_`? The string is then longer
 * than the provider's format allows, so it is some other value (a full stop ending a sentence is
 * not read on).
 */
function runsOn(
  detector: CompiledDetector,
  text: string,
  start: number,
  end: number,
  tokenEnd: number,
): boolean {
  if (end >= tokenEnd) return false
  const next = text.charCodeAt(end)
  if (!isWordCode(next) && !(end + 1 < tokenEnd && isWordCode(text.charCodeAt(end + 1)))) return false
  // The match with its last character replaced by the next one still has the format's shape.
  const probe = text.slice(start, end - 1) + text.charAt(end)
  detector.sticky.lastIndex = 0
  return detector.sticky.test(probe) && detector.sticky.lastIndex === probe.length
}

/**
 * A character a writer may slip between the letters and digits of a provider's token to get it
 * past a filter: `.`, `+`, `*` and `~`, and `-` when `withDash` (many formats hold a dash, so it
 * is read out only when reading out the others did not make the token whole).
 */
function isSplitMark(code: number, withDash: boolean): boolean {
  return code === 46 || code === 43 || code === 42 || code === 126 || (withDash && code === 45)
}

/** Longest stretch after a prefix read for a split secret (the longest provider formats are about 200). */
const longestJoined = 512

/**
 * End in `text` of `detector`'s secret at `position` (its prefix `prefixLength` long) read with
 * the split marks between letters and digits of the rest of the token read out, or -1: a key with
 * a dot or a dash slipped in (`ghp_…Ucn-ZwJ…`, `AKIA…L3.3243…`, `sk-proj-…Xj.ZEa…`) is the key,
 * though neither its provider's format nor, for its pieces are short, the entropy detector would
 * report it. The joined value passes every check of the detector (placeholders, entropy,
 * validation); its end must be a piece's end, and the finding covers the marks. Tried only when
 * the token has a mark after the prefix, so a token without one costs one read per character.
 */
function matchJoined(
  detector: CompiledDetector,
  text: string,
  position: number,
  prefixLength: number,
  end: number,
): number {
  const bodyStart = position + prefixLength
  const last = Math.min(end, bodyStart + longestJoined)
  for (const withDash of [false, true]) {
    // The text before the body as it is (the detector's context reads it), then the body with
    // the marks read out; `origins[k]` is where the body's k-th character stands in `text`.
    const contextStart = Math.max(0, position - contextLength)
    let joined = text.slice(contextStart, bodyStart)
    const base = position - contextStart
    const origins: number[] = []
    let dashes = 0
    for (let index = bodyStart; index < last; index++) {
      const code = text.charCodeAt(index)
      if (
        isSplitMark(code, withDash) &&
        isAlphanumericCode(text.charCodeAt(index - 1)) &&
        index + 1 < last &&
        isAlphanumericCode(text.charCodeAt(index + 1))
      ) {
        if (code === 45) dashes++
        continue
      }
      origins.push(index)
      joined += text.charAt(index)
    }
    // Nothing read out (or, the second time, no dash more than the first time): nothing new.
    if (origins.length === last - bodyStart || (withDash && dashes === 0)) continue
    const sticky = detector.sticky
    sticky.lastIndex = base
    if (!sticky.test(joined)) continue
    const matchEnd = sticky.lastIndex
    const bodyEnd = joined.length
    const matchedBody = matchEnd - (base + prefixLength)
    if (matchedBody <= 0) continue
    // The match ends where a piece ends: not inside letters and digits, nor running on.
    if (
      continuesIdentifier(joined, base, matchEnd, base, bodyEnd) ||
      runsOn(detector, joined, base, matchEnd, bodyEnd)
    )
      continue
    const originalEnd = (origins[matchedBody - 1] as number) + 1
    // A mark read out inside the match: otherwise the plain match said all there was to say.
    if (originalEnd - bodyStart === matchedBody) continue
    // A random key mixes cases or letters and digits; pieces of one kind are words (`xoxa-nyc.github.io`).
    if (!mixesKinds(joined, base + prefixLength, matchEnd)) continue
    if (!accepts(detector, joined, base, matchEnd, base + prefixLength, matchEnd)) continue
    return originalEnd
  }
  return -1
}

/** Does `text[start, end)` hold two of: a lower-case ASCII letter, a capital, a digit? */
function mixesKinds(text: string, start: number, end: number): boolean {
  let kinds = 0
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index)
    kinds |= code >= 97 && code <= 122 ? 1 : code >= 65 && code <= 90 ? 2 : code >= 48 && code <= 57 ? 4 : 0
    if (kinds === 3 || kinds >= 5) return true
  }
  return false
}

/** A split mark (any, the dash too) between a letter or digit and another at `index`. */
function isSplitAt(text: string, index: number): boolean {
  return (
    isSplitMark(text.charCodeAt(index), true) &&
    isAlphanumericCode(text.charCodeAt(index - 1)) &&
    isAlphanumericCode(text.charCodeAt(index + 1))
  )
}

/**
 * Is the piece of letters and digits at `from` (up to the next other character, within `end`) a
 * random one: four or more characters of two kinds (`…Xj.ZEaUVz…`, not the `doe` of `jane.doe`)?
 */
function continuesRandom(text: string, from: number, end: number): boolean {
  let index = from
  while (index < end && isAlphanumericCode(text.charCodeAt(index))) index++
  return index - from >= 4 && mixesKinds(text, from, index)
}

/** Does `text[from, end)` hold a split mark between letters or digits? */
function hasSplitMark(text: string, from: number, end: number): boolean {
  for (let index = from + 1; index < end - 1; index++) if (isSplitAt(text, index)) return true
  return false
}

function isRarePivot(code: number): boolean {
  return code === 95 || code === 45 || code === 46 || code === 126 || (code >= 65 && code <= 90)
}

function escapeLiteral(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/**
 * The candidate feature of a prefix: its first `_`, `-`, `.` or `~`, else its first capital, with
 * the rest of the prefix as lookarounds (the regex engine stops only at that rarer character).
 * A prefix of lower-case letters and digits has none: its secret must be long enough for the
 * long-token search.
 */
function featureOf(prefix: string): { pivot: string; before: string; after: string } | undefined {
  let index = -1
  for (let position = 0; position < prefix.length && index < 0; position++) {
    const code = prefix.charCodeAt(position)
    if (code === 95 || code === 45 || code === 46 || code === 126) index = position
  }
  for (let position = 0; position < prefix.length && index < 0; position++)
    if (isRarePivot(prefix.charCodeAt(position))) index = position
  if (index < 0) return undefined
  return { pivot: prefix.charAt(index), before: prefix.slice(0, index + 1), after: prefix.slice(index + 1) }
}

/**
 * Features grouped by pivot character, then by what follows it: `A(?=KIA|SIA)`,
 * `_(?<=sk_|rk_)(?=live_|test_)`. A prefix with `://` has none: the URL feature finds its token.
 */
function buildFeatures(prefixes: readonly string[]): string[] {
  const byPivot = new Map<string, Map<string, string[]>>()
  for (const prefix of new Set(prefixes)) {
    if (prefix.includes('://')) continue
    const feature = featureOf(prefix)
    if (feature === undefined) continue
    const byBefore = byPivot.get(feature.pivot) ?? new Map<string, string[]>()
    byBefore.set(feature.before, [...(byBefore.get(feature.before) ?? []), feature.after])
    byPivot.set(feature.pivot, byBefore)
  }
  const features: string[] = []
  for (const [pivot, byBefore] of byPivot) {
    // Befores with the same set of afters share one lookbehind.
    const byAfters = new Map<string, string[]>()
    for (const [before, afters] of byBefore) {
      const key = afters.includes('') ? '' : [...new Set(afters)].map(escapeLiteral).join('|')
      byAfters.set(key, [...(byAfters.get(key) ?? []), before])
    }
    const alternatives = [...byAfters].map(([afters, befores]) => {
      const behind = befores.some((before) => before.length <= 1)
        ? ''
        : `(?<=${befores.map(escapeLiteral).join('|')})`
      return `${behind}${afters === '' ? '' : `(?=${afters})`}`
    })
    features.push(
      alternatives.includes('')
        ? escapeLiteral(pivot)
        : `${escapeLiteral(pivot)}${alternatives.length === 1 ? alternatives[0] : `(?:${alternatives.join('|')})`}`,
    )
  }
  return features
}

/**
 * Is `text[start, end)` a secret by every condition of `detector` besides its shape? `bytes`: the
 * text as bytes when it is all ASCII, else undefined.
 */
function accepts(
  detector: CompiledDetector,
  text: string,
  start: number,
  end: number,
  bodyStart: number,
  bodyEnd: number,
  bytes?: Uint8Array,
): boolean {
  for (const example of detector.examples) {
    if (example.length !== end - start) continue
    // The last character first: a match seldom ends like an example (`…EXAMPLE`).
    if (example.length > 0 && text.charCodeAt(end - 1) !== example.charCodeAt(example.length - 1)) continue
    if (text.startsWith(example, start)) return false
  }
  if (!detector.allowPlaceholders) {
    let randomStart = bodyStart
    if (detector.bodyAfter !== undefined) {
      // Searched within the body only (not back to the text's start).
      const last = text.slice(bodyStart, bodyEnd).lastIndexOf(detector.bodyAfter)
      // A part too short to be the secret (a template's tail) leaves the whole body checked.
      if (last >= 0 && bodyEnd - bodyStart - last - detector.bodyAfter.length >= minimumRandomPart)
        randomStart = bodyStart + last + detector.bodyAfter.length
    }
    if (isPlaceholder(text, randomStart, bodyEnd, detector.entropy, bytes)) return false
  }
  if (detector.context !== undefined || detector.contextAllowlist !== undefined) {
    // A value after an authorization scheme (`api_token = "Bearer …"`) is named by what stands
    // before the scheme.
    const scheme = schemeWordBefore(text, start)
    let named = scheme >= 0 ? scheme : start
    let before = text.slice(Math.max(0, named - contextLength), named)
    if (detector.context !== undefined && !detector.context.test(before)) {
      // Inside an element's braces (`<secret>{…}`), the element names the value.
      const brace = scheme >= 0 ? -1 : elementBraceBefore(text, start)
      if (brace < 0) return false
      named = brace
      before = text.slice(Math.max(0, named - contextLength), named)
      if (!detector.context.test(before)) return false
    }
    if (detector.contextAllowlist?.test(before) === true) return false
  }
  return detector.validate === undefined || detector.validate(text.slice(start, end))
}

/**
 * Does a finding the token already has (from index `since` on) cover `[start, end)`? With
 * `detector`, only that detector's findings count (a URL covers its query, a secret in it does not).
 */
function isCovered(
  findings: Finding[],
  since: number,
  start: number,
  end: number,
  detector?: Finding['detector'],
): boolean {
  for (let index = since; index < findings.length; index++) {
    const finding = findings[index] as Finding
    if (
      finding.start <= start &&
      finding.end >= end &&
      (detector === undefined || finding.detector === detector)
    )
      return true
  }
  return false
}

function push(
  findings: Finding[],
  detector: CompiledDetector,
  text: string,
  start: number,
  end: number,
): void {
  findings.push({
    type: detector.id,
    start,
    end,
    value: text.slice(start, end),
    confidence: detector.confidence,
    detector: 'secret',
  })
}

/**
 * Compiles detectors into a matcher. Prefixed detectors are indexed by their first two characters;
 * the others are tried in long tokens that hold one of their anchors, or (with a context only)
 * in every long token where an assignment ends just before.
 */
export function createSecretMatcher(detectors: readonly CompiledDetector[]): SecretMatcher {
  const startTable = new Uint8Array(128)
  const pairTable = new Uint16Array(128 * 128)
  const thirdWords: number[] = [0, 0, 0, 0]
  const byPair: Array<CompiledDetector[] | undefined> = new Array(128 * 128).fill(undefined)
  const shortPrefixes: string[] = []
  const anchored: CompiledDetector[] = []
  const contextual: CompiledDetector[] = []
  let minimumLength = Number.POSITIVE_INFINITY
  let shortestNamedValue = Number.POSITIVE_INFINITY
  const keywords: string[] = []
  // Anchors such as `Q~` and `-us` hold a character other than a letter or digit: a token of only
  // letters and digits (a hash, an id) cannot hold one.
  let anchorsNeedPunctuation = true
  for (const detector of detectors) {
    // A publishable format is never reported: it only claims its values (below).
    if (detector.publishable) continue
    if (detector.prefixes.length > 0) {
      const shortest = minimumMatchLength(detector.global.source)
      minimumLength = Math.min(minimumLength, shortest)
      for (const prefix of detector.prefixes) {
        const key = prefix.charCodeAt(0) * 128 + prefix.charCodeAt(1)
        startTable[prefix.charCodeAt(0)] = 1
        if (pairTable[key] === 0) {
          pairTable[key] = thirdWords.length / 4
          thirdWords.push(0, 0, 0, 0)
        }
        const pair = pairTable[key] as number
        if (prefix.length === 2) thirdWords.fill(-1, pair * 4, pair * 4 + 4)
        else {
          const third = prefix.charCodeAt(2) & 127
          const word = pair * 4 + (third >>> 5)
          thirdWords[word] = (thirdWords[word] as number) | (1 << (third & 31))
        }
        const list = byPair[key] ?? []
        if (!list.includes(detector)) list.push(detector)
        byPair[key] = list
        if (shortest < longSecretLength) shortPrefixes.push(prefix)
      }
    } else if (detector.anchors.length > 0) {
      for (const literal of detector.anchors)
        if (/^[A-Za-z0-9]*$/.test(literal)) anchorsNeedPunctuation = false
      anchored.push(detector)
    } else {
      contextual.push(detector)
      if (detector.keywords.length > 0) {
        keywords.push(...detector.keywords)
        shortestNamedValue = Math.min(shortestNamedValue, minimumMatchLength(detector.global.source))
      }
    }
  }
  const words = introducingWords(keywords)
  // Short anchors holding a character that ends a random-looking run (`:A`, `Q~`), with how far
  // before the run's start (just after that character) they begin.
  // Per first two characters, the markers that claim a value: a prefix of four characters or
  // more, and a prefix's part through its first separator when that has five or more
  // (`sntrys_` of `sntrys_eyJ`: the provider's name, whatever its format's next characters).
  const claimingByPair: Array<string[] | undefined> = []
  // 1 for an ASCII code that starts some claiming marker.
  const claimingStarts = new Uint8Array(128)
  for (const detector of detectors)
    for (const prefix of detector.claims || detector.publishable ? detector.prefixes : []) {
      // A publishable prefix claims its own values only (`pk_live_`, not all of `pk_`).
      const separator = detector.publishable ? -1 : prefix.search(/[_.-]/)
      const markers = [prefix, separator >= 4 ? prefix.slice(0, separator + 1) : '']
      for (const marker of markers) {
        if (marker.length < claimingPrefixLength) continue
        claimingStarts[marker.charCodeAt(0) & 127] = 1
        const key = marker.charCodeAt(0) * 128 + (marker.charCodeAt(1) & 127)
        const list = claimingByPair[key] ?? []
        if (!list.includes(marker)) list.push(marker)
        claimingByPair[key] = list
      }
    }
  // Each with its breaking character (just before the run), compared before the whole anchor.
  const claimingAnchors: Array<{ anchor: string; offset: number; breaking: number }> = []
  for (const detector of anchored)
    for (const anchor of detector.anchors) {
      const breaking = anchor.search(/[^A-Za-z0-9+/=_-]/)
      if (breaking >= 0 && anchor.length <= 3)
        claimingAnchors.push({ anchor, offset: breaking + 1, breaking: anchor.charCodeAt(breaking) })
    }
  const valueFeatures = buildValueFeatures(keywords)
  const thirdTable = Int32Array.from(thirdWords)
  // Every anchor as one alternation (literals: linear); never matches without anchored detectors.
  const anyAnchor = new RegExp(
    anchored.flatMap((detector) => detector.anchors.map(escapeLiteral)).join('|') || '(?!)',
  )
  const isStart = (text: string, position: number): boolean => {
    const code = text.charCodeAt(position)
    if (code >= 128 || startTable[code] === 0) return false
    const pair = pairTable[code * 128 + (text.charCodeAt(position + 1) & 127)] as number
    const third = text.charCodeAt(position + 2) & 127
    return pair !== 0 && ((thirdTable[pair * 4 + (third >>> 5)] as number) & (1 << (third & 31))) !== 0
  }

  const claimsAt = (text: string, position: number): boolean => {
    const before = text.charCodeAt(position - 1)
    for (const { anchor, offset, breaking } of claimingAnchors)
      if (before === breaking && position >= offset && text.startsWith(anchor, position - offset)) return true
    const code = text.charCodeAt(position)
    if (code >= 128 || claimingStarts[code] === 0) return false
    for (const marker of claimingByPair[code * 128 + (text.charCodeAt(position + 1) & 127)] ?? [])
      if (text.startsWith(marker, position)) return true
    return false
  }

  /** End of `detector` matched at `position` within `end`, accepted; or -1. */
  const matchAt = (
    detector: CompiledDetector,
    text: string,
    position: number,
    end: number,
    bytes: Uint8Array | undefined,
  ): number => {
    let prefixLength = -1
    for (const prefix of detector.prefixes) {
      if (text.startsWith(prefix, position)) {
        prefixLength = prefix.length
        break
      }
    }
    if (prefixLength < 0) return -1
    detector.sticky.lastIndex = position
    if (!detector.sticky.test(text)) return -1
    const matchEnd = detector.sticky.lastIndex
    if (matchEnd > end) return -1
    // A match that runs on into more of an identifier is some other value, unless what follows
    // is a fill-in word or run glued to it (`AKIA…XXXX`: a 20-character key id and `XXXX`).
    if (
      (continuesIdentifier(text, position, matchEnd, position, end) ||
        runsOn(detector, text, position, matchEnd, end)) &&
      !isPlaceholderSuffix(text, matchEnd, identifierEnd(text, matchEnd, end))
    )
      return -1
    return accepts(detector, text, position, matchEnd, position + prefixLength, matchEnd, bytes)
      ? matchEnd
      : -1
  }

  /** `matchJoined` at `position` for the first of `detector`'s prefixes found there, or -1. */
  const joinedAt = (detector: CompiledDetector, text: string, position: number, end: number): number => {
    for (const prefix of detector.prefixes)
      if (text.startsWith(prefix, position)) return matchJoined(detector, text, position, prefix.length, end)
    return -1
  }

  const lookaheads = new Map<string, number>()
  for (const detector of detectors)
    if (detector.lookahead > 0)
      lookaheads.set(detector.id, Math.max(lookaheads.get(detector.id) ?? 0, detector.lookahead))

  return {
    startTable,
    pairTable,
    thirdTable,
    features: [...buildFeatures(shortPrefixes), ...valueFeatures.alternatives],
    operatorFeature: valueFeatures.operators,
    shortestNamedValue: Math.max(1, shortestNamedValue),
    startsValue: (text, position, braces) =>
      startsValue(text, position, words) || (braces && isBracedAfterWords(text, position)),
    detectValue: (text, start, end, findings) => detectContextual(contextual, text, start, end, findings),
    claimsAt,
    minimumLength: Number.isFinite(minimumLength) ? minimumLength : Number.POSITIVE_INFINITY,
    lookaheadOf: lookaheads.size === 0 ? undefined : (type) => lookaheads.get(type) ?? 0,
    longestLookahead: Math.max(0, ...lookaheads.values()),
    isStart,
    detectPrefixed(text, start, end, findings, lastStart, bytes) {
      let joinsFrom = start
      for (let position = start; position < lastStart; position++) {
        // Inside letters and digits no secret starts: one read skips most positions.
        if (position > start && isWordCode(text.charCodeAt(position - 1))) continue
        if (!isStart(text, position)) continue
        const first = text.charCodeAt(position)
        const candidates = byPair[first * 128 + (text.charCodeAt(position + 1) & 127)]
        if (candidates === undefined) continue
        let found = -1
        for (const detector of candidates) {
          let matchEnd = matchAt(detector, text, position, end, bytes)
          // A match that stops at a split mark before more letters or digits (`sk-proj-…Xj.ZEa…`)
          // may be a key with a mark slipped in: the longer reading wins.
          if (
            matchEnd >= 0 &&
            matchEnd + 1 < end &&
            isSplitAt(text, matchEnd) &&
            continuesRandom(text, matchEnd + 1, end)
          )
            matchEnd = Math.max(matchEnd, joinedAt(detector, text, position, end))
          if (matchEnd < 0) continue
          push(findings, detector, text, position, matchEnd)
          found = matchEnd
          break
        }
        // No format matched: a split mark after the prefix may have broken one. A failed reading
        // read up to `longestJoined` characters on; a prefix inside them is not read again (a
        // token of prefixes and dashes would cost the square of its length).
        if (found < 0 && position >= joinsFrom && hasSplitMark(text, position + 2, end)) {
          for (const detector of candidates) {
            const matchEnd = joinedAt(detector, text, position, end)
            if (matchEnd < 0) continue
            push(findings, detector, text, position, matchEnd)
            found = matchEnd
            break
          }
          if (found < 0) joinsFrom = position + longestJoined
        }
        if (found >= 0) position = found - 1
      }
    },
    detectInLongToken(text, start, end, findings, hasAssignment, hasPunctuation) {
      const searchAnchors = anchored.length > 0 && (hasPunctuation || !anchorsNeedPunctuation)
      if (!searchAnchors && (contextual.length === 0 || (!hasAssignment && !endsAssignment(text, start))))
        return
      // One slice per token: the native regex and `indexOf` search it (no loop per character).
      const token = text.slice(start, end)
      // Findings already in this token (a prefixed secret, a URL): they come last.
      let since = findings.length
      while (since > 0 && (findings[since - 1] as Finding).end > start) since--
      // One search for every anchor; each detector's own anchors only in a token that has one.
      if (searchAnchors && anyAnchor.test(token)) detectAnchored(anchored, token, text, start, end, findings)
      // A URL's query parameters (`?apikey=…&format=json`) are assignments of their own: each
      // value is judged alone. Otherwise a finding covering the whole token (a URL) covers any
      // value in it.
      const query = contextual.length > 0 && hasAssignment ? queryStart(token) : -1
      if (query >= 0) detectQueryValues(contextual, claimsAt, token, query, text, start, findings, since)
      else if (contextual.length > 0 && !isCovered(findings, since, start, end)) {
        let valueStart = hasAssignment ? start + assignedValueOffset(token) : start
        // A value that is itself an assignment (an option's `name=value` argument:
        // `--from-literal=password=…`, `--set auth.token=…`) is read once more after its operator.
        for (let depth = 0; depth < maximumNesting && valueStart < end; depth++) {
          if (
            !endsAssignment(text, valueStart) ||
            isCovered(findings, since, valueStart, end) ||
            claimsAt(text, valueStart) ||
            detectContextual(contextual, text, valueStart, end, findings)
          )
            break
          const inner = assignedValueOffset(token.slice(valueStart - start))
          if (inner === 0) break
          valueStart += inner
        }
      }
    },
  }
}

/** Index in a URL token just after its `?` when a `=` follows (its query has parameters), else -1. */
function queryStart(token: string): number {
  const scheme = token.indexOf('://')
  if (scheme < 0) return -1
  const query = token.indexOf('?', scheme + 3)
  return query >= 0 && token.indexOf('=', query) > query ? query + 1 : -1
}

/** A character that ends a query parameter's value: `&`, `;`, `#` or a quote. */
function endsParameter(code: number): boolean {
  return code === 38 || code === 59 || code === 35 || code === 34 || code === 39 || code === 96
}

/**
 * Tries the context-only detectors on each value of a URL's query (`name=value`, from `query`
 * in `token`, which starts at `start` in `text`), skipping a value a secret already found in the
 * token covers or a provider's format claims.
 */
function detectQueryValues(
  contextual: readonly CompiledDetector[],
  claimsAt: (text: string, position: number) => boolean,
  token: string,
  query: number,
  text: string,
  start: number,
  findings: Finding[],
  since: number,
): void {
  for (let index = query; index < token.length; ) {
    let parameterEnd = index
    while (parameterEnd < token.length && !endsParameter(token.charCodeAt(parameterEnd))) parameterEnd++
    const equals = token.indexOf('=', index)
    if (equals > index && equals + 1 < parameterEnd) {
      const valueStart = start + equals + 1
      const valueEnd = start + parameterEnd
      if (!isCovered(findings, since, valueStart, valueEnd, 'secret') && !claimsAt(text, valueStart))
        detectContextual(contextual, text, valueStart, valueEnd, findings)
    }
    const separator = token.charCodeAt(parameterEnd)
    if (separator !== 38 && separator !== 59) return
    index = parameterEnd + 1
  }
}

function detectAnchored(
  anchored: readonly CompiledDetector[],
  token: string,
  text: string,
  start: number,
  end: number,
  findings: Finding[],
): void {
  for (const detector of anchored) {
    let present = false
    for (const anchor of detector.anchors) if (token.includes(anchor)) present = true
    if (!present) continue
    const pattern = detector.global
    pattern.lastIndex = 0
    for (let match = pattern.exec(token); match !== null; match = pattern.exec(token)) {
      if (match[0].length === 0) {
        pattern.lastIndex++
        continue
      }
      const matchStart = start + match.index
      const matchEnd = matchStart + match[0].length
      if (
        continuesIdentifier(text, matchStart, matchEnd, start, end) ||
        runsOn(detector, text, matchStart, matchEnd, end)
      )
        continue
      if (accepts(detector, text, matchStart, matchEnd, matchStart, matchEnd))
        push(findings, detector, text, matchStart, matchEnd)
    }
  }
}

/**
 * Offset in a token of the value of `name=value` or `name:value`: after its first `=` (not base64
 * padding) or `:` (not a URL's `://`), else 0.
 */
function assignedValueOffset(token: string): number {
  let best = token.length
  let equals = token.indexOf('=')
  while (equals >= 0 && equals < best && token.charCodeAt(equals + 1) === 61)
    equals = token.indexOf('=', equals + 2)
  if (equals >= 0 && equals + 1 < token.length) best = equals
  let colon = token.indexOf(':')
  while (colon >= 0 && colon < best && token.charCodeAt(colon + 1) === 47)
    colon = token.indexOf(':', colon + 1)
  if (colon >= 0 && colon + 1 < token.length && colon < best) best = colon
  return best < token.length - 1 ? best + 1 : 0
}

/** An authorization scheme a value may follow (`token: "Bearer …"`), lower-cased. */
const schemeWords = ['bearer', 'basic', 'token']

/** Where the scheme word (`Bearer `) that ends just before `position`'s blanks starts, or -1. */
function schemeWordBefore(text: string, position: number): number {
  const blank = text.charCodeAt(position - 1)
  if (blank !== 32 && blank !== 9) return -1
  let end = position - 1
  while (end > 0 && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--
  // Each scheme word ends in `r`, `c` or `n`: most words before a value are rejected here.
  const last = text.charCodeAt(end - 1) | 32
  if (last !== 114 && last !== 99 && last !== 110) return -1
  for (const word of schemeWords) {
    const start = end - word.length
    // A word of its own (`Api-Token` is one scheme, not `Token` after `Api-`).
    if (start < 0 || isWordCode(text.charCodeAt(start - 1)) || text.charCodeAt(start - 1) === 45) continue
    let index = 0
    while (index < word.length && (text.charCodeAt(start + index) | 32) === word.charCodeAt(index)) index++
    if (index === word.length) return start
  }
  return -1
}

/**
 * An assignment (`=`, `:`, `>`, `,`) ends just before `position`, quotes and spaces aside, and an
 * authorization scheme (`api_token = "Bearer …"`).
 */
function endsAssignment(text: string, position: number): boolean {
  const scheme = schemeWordBefore(text, position)
  let index = (scheme >= 0 ? scheme : position) - 1
  for (let skipped = 0; index >= 0 && skipped <= valueGap; skipped++, index--) {
    const code = text.charCodeAt(index)
    if (code === 61 || code === 58 || code === 62 || code === 44 || isSpacedDash(text, index)) return true
    if (
      code !== 32 &&
      code !== 9 &&
      code !== 10 &&
      code !== 13 &&
      code !== 34 &&
      code !== 39 &&
      code !== 96 &&
      code !== 92 &&
      !isQuoteMarkCode(code)
    )
      return false
  }
  return false
}

/**
 * Context-only detectors, tried at `valueStart` (an assignment ends just before it). Returns
 * whether one claimed the value (its shape and context matched, accepted or not).
 */
function detectContextual(
  contextual: readonly CompiledDetector[],
  text: string,
  valueStart: number,
  end: number,
  findings: Finding[],
): boolean {
  for (const detector of contextual) {
    detector.sticky.lastIndex = valueStart
    if (!detector.sticky.test(text)) continue
    // The value is all the rest of the token but closing punctuation (`client_secret=…:`,
    // `(token=…),`) or another item found glued to it; anything else after it (`xoxp-123-####`)
    // makes it a template, not a value.
    const matchEnd = detector.sticky.lastIndex
    if (matchEnd !== end && !isClosingPunctuation(text, matchEnd, end) && !startsFinding(findings, matchEnd))
      continue
    // After a comma, a quoted name before a colon is an object's next key, not a value.
    if (isQuotedKey(text, valueStart, matchEnd)) return false
    if (!accepts(detector, text, valueStart, matchEnd, valueStart, matchEnd)) {
      // An exclusive detector's rejection (a documented example, a placeholder) is the last word.
      if (detector.exclusive && isClaimedBy(detector, text, valueStart)) return true
      continue
    }
    push(findings, detector, text, valueStart, matchEnd)
    return true
  }
  return false
}

/** Does a finding of the token (the last ones pushed) start at `position`? */
function startsFinding(findings: Finding[], position: number): boolean {
  for (let index = findings.length - 1; index >= 0 && index >= findings.length - 8; index--)
    if ((findings[index] as Finding).start === position) return true
  return false
}

/** Is `text[start, end)` one to three of `: , ; ) ] } > ! ?` (what may close a value in prose or code)? */
function isClosingPunctuation(text: string, start: number, end: number): boolean {
  if (end - start > 3) return false
  for (let index = start; index < end; index++) if (!':,;)]}>!?'.includes(text.charAt(index))) return false
  return true
}

/**
 * Is `text[start, end)` the next key of an object literal after a comma (`…"token", "auth_url":`):
 * a comma, at most three spaces and a quote just before it, the same quote and a colon just after?
 * (Both ends are read within the token and the 64 characters a stream keeps before it.)
 */
function isQuotedKey(text: string, start: number, end: number): boolean {
  const quote = text.charCodeAt(start - 1)
  if ((quote !== 34 && quote !== 39 && quote !== 96) || text.charCodeAt(end) !== quote) return false
  if (text.charCodeAt(end + 1) !== 58) return false
  let index = start - 2
  while (index > start - 5 && text.charCodeAt(index) === 32) index--
  return text.charCodeAt(index) === 44
}

/** Does the context of `detector` (not its allowlist) name the value at `valueStart`? */
function isClaimedBy(detector: CompiledDetector, text: string, valueStart: number): boolean {
  return detector.context?.test(text.slice(Math.max(0, valueStart - contextLength), valueStart)) === true
}

let builtIn: SecretMatcher | undefined

/** The matcher of `extra` detectors plus the built-in ones (built-ins compiled once). */
export function secretMatcherFor(extra: readonly CompiledDetector[] = []): SecretMatcher {
  if (extra.length === 0) {
    builtIn ??= createSecretMatcher(compiledBuiltIns())
    return builtIn
  }
  // A host's own detectors come first: at the same position, the specific kind wins over a
  // built-in one (and over the generic assignment detector).
  return createSecretMatcher([...extra, ...compiledBuiltIns()])
}

let compiled: readonly CompiledDetector[] | undefined

function compiledBuiltIns(): readonly CompiledDetector[] {
  compiled ??= builtInSecretDetectors.map((definition, index) =>
    defineDetector(definition, `builtInSecretDetectors[${index}]`),
  )
  return compiled
}
