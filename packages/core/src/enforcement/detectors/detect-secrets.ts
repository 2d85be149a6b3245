import { FocalError } from '../../errors/focal-error.ts'
import type { Finding } from '../types.ts'
import { isAlphanumericCode } from './char-classes.ts'
import { entropyClass, runEntropy, shannonEntropy } from './shannon-entropy.ts'

/**
 * Known token shapes, one alternative each; the group index maps to the finding type. `feature` is
 * a regex alternative of one character that occurs in every match of the shape (its first capital,
 * or the `_`, `-` or `.` after its prefix): the scanner's candidate search finds short secrets by
 * it, so only tokens long enough for entropy and crypto checks need the long-token search.
 */
const secretShapes: ReadonlyArray<{ type: string; source: string; feature: string }> = [
  {
    type: 'aws-access-key',
    source: '(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}',
    feature: 'A(?=3T[A-Z0-9]|KIA|SIA|BIA|CCA)',
  },
  { type: 'gcp-api-key', source: 'AIza[0-9A-Za-z_-]{35}', feature: 'A(?=Iza)' },
  { type: 'github-token', source: 'gh[pousr]_[0-9A-Za-z]{36,255}', feature: '_(?<=gh[pousr]_)' },
  { type: 'github-token', source: 'github_pat_[0-9A-Za-z_]{82}', feature: '_(?<=github_)' },
  { type: 'gitlab-token', source: 'glpat-[0-9A-Za-z_-]{20}', feature: '-(?<=glpat-)' },
  {
    type: 'stripe-key',
    source: '(?:sk|rk)_(?:test|live|prod)_[0-9A-Za-z]{10,99}',
    feature: '_(?<=[sr]k_)',
  },
  {
    type: 'anthropic-key',
    source: 'sk-ant-(?:api03|admin01)-[A-Za-z0-9_-]{93}AA',
    feature: '-(?<=sk-)',
  },
  { type: 'anthropic-key', source: 'sk-ant-(?:oat01|ort01)-[A-Za-z0-9_-]{40,}', feature: '-(?<=sk-)' },
  { type: 'openai-key', source: 'sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}', feature: '-(?<=sk-)' },
  { type: 'openai-key', source: 'sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}', feature: '-(?<=sk-)' },
  { type: 'slack-token', source: 'xox[abposr]-[0-9A-Za-z-]{10,}', feature: '-(?<=xox[abposr]-)' },
  {
    type: 'jwt',
    source: 'eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*',
    feature: '\\.(?=eyJ)',
  },
]

/** The shapes' features as regex alternatives (each consumes exactly one character). */
export const secretFeatures: readonly string[] = [...new Set(secretShapes.map((shape) => shape.feature))]

/** A shape as a sticky regex (tried only where a secret can start), with its finding type. */
interface SecretShape {
  type: string
  pattern: RegExp
}

/**
 * Shapes by first character, in `secretShapes` order: the first that matches wins, as in one
 * alternation, without building a match array per candidate.
 */
const shapesByFirst: ReadonlyMap<number, readonly SecretShape[]> = (() => {
  const byFirst = new Map<number, SecretShape[]>()
  for (const { type, source } of secretShapes) {
    const shape = { type, pattern: new RegExp(source, 'y') }
    for (const first of firstCharacters(source)) byFirst.set(first, [...(byFirst.get(first) ?? []), shape])
  }
  return byFirst
})()

/** First characters a shape's source can match: a literal, or each alternative of a leading `(?:a|b)`. */
function firstCharacters(source: string): Set<number> {
  const alternatives = source.startsWith('(?:') ? (source.slice(3).split(')')[0] ?? '').split('|') : [source]
  const firsts = new Set(alternatives.map((alternative) => alternative.charCodeAt(0)))
  // A shape starting otherwise (a class, an escape) would never be tried: fail at load instead.
  for (const first of firsts) {
    if (!isAlphanumericCode(first)) {
      throw new FocalError({
        code: 'internal-error',
        message: `secret shape ${source} must start with a literal letter or digit`,
      })
    }
  }
  return firsts
}

/** End of the first shape matching at `position` and its type, written to `secretMatch`; false if none. */
function matchSecretAt(text: string, position: number): boolean {
  const shapes = shapesByFirst.get(text.charCodeAt(position))
  if (shapes === undefined) return false
  for (const shape of shapes) {
    shape.pattern.lastIndex = position
    if (shape.pattern.test(text)) {
      secretMatch.type = shape.type
      secretMatch.end = shape.pattern.lastIndex
      return true
    }
  }
  return false
}

const secretMatch = { type: '', end: 0 }

/** First characters of every secret shape (A…, gh/gl…, sk/rk…, xox…, eyJ…), as an ASCII table. */
export const secretStartTable: Uint8Array = (() => {
  const table = new Uint8Array(128)
  for (const first of shapesByFirst.keys()) table[first] = 1
  return table
})()

/** Second character of the shapes starting with `first` (A3T/AKIA/ASIA/ABIA/ACCA/AIza, gh/gi/gl, sk/rk, xo, ey). */
function canContinueSecret(first: number, second: number): boolean {
  switch (first) {
    case 65: // A
      return (
        second === 51 || second === 75 || second === 83 || second === 66 || second === 67 || second === 73
      )
    case 103: // g
      return second === 104 || second === 105 || second === 108
    case 115: // s
    case 114: // r
      return second === 107
    case 120: // x
      return second === 111
    default: // e
      return second === 121
  }
}

/** Can a known secret shape start at `position` (its first two characters)? */
export function isSecretStart(text: string, position: number): boolean {
  const code = text.charCodeAt(position)
  return code < 128 && secretStartTable[code] === 1 && canContinueSecret(code, text.charCodeAt(position + 1))
}

/** Shortest token that can hold any known secret shape: `xox?-` and ten characters (the scanner's prefilter). */
export const minimumSecretLength = 15

/** A secret must not continue into letters, digits or `_` (then it is part of a longer identifier). */
function isTokenBody(code: number): boolean {
  return isAlphanumericCode(code) || code === 95
}

/**
 * Finds known secret shapes inside one token, each bounded by non-token-body characters. Only
 * positions before `lastStart` are tried (a token of letters and digits can hold one only at its start).
 */
export function detectSecrets(
  text: string,
  start: number,
  end: number,
  findings: Finding[],
  lastStart = end,
): void {
  for (let position = start; position < lastStart; position++) {
    const code = text.charCodeAt(position)
    if (code >= 128 || secretStartTable[code] === 0) continue
    if (!canContinueSecret(code, text.charCodeAt(position + 1))) continue
    if (position > start && isTokenBody(text.charCodeAt(position - 1))) continue
    if (!matchSecretAt(text, position)) continue
    const matchEnd = secretMatch.end
    const type = secretMatch.type
    if (matchEnd > end) continue
    if (matchEnd < end && isTokenBody(text.charCodeAt(matchEnd)) && type !== 'jwt') continue
    if (type === 'jwt' && !isJwtHeader(text.slice(position, matchEnd))) continue
    // AWS documents AKIAIOSFODNN7EXAMPLE; placeholders like AKIAXXXXXXXXXXXXXXXX have no entropy.
    if (
      type === 'aws-access-key' &&
      (text.startsWith('EXAMPLE', matchEnd - 7) || shannonEntropy(text, position + 4, position + 20) < 3)
    )
      continue
    findings.push({
      type,
      start: position,
      end: matchEnd,
      value: text.slice(position, matchEnd),
      confidence: 1,
      detector: 'secret',
    })
    position = matchEnd - 1
  }
}

/** A JWT's first segment decodes to a JSON object naming its algorithm. */
function isJwtHeader(token: string): boolean {
  const header = token.slice(0, token.indexOf('.')).replace(/-/g, '+').replace(/_/g, '/')
  try {
    const json = JSON.parse(atob(header.padEnd(Math.ceil(header.length / 4) * 4, '='))) as unknown
    return json !== null && typeof json === 'object' && typeof (json as { alg?: unknown }).alg === 'string'
  } catch {
    return false
  }
}

const beginMarker = '-----BEGIN '
const keyLabel = /^-----BEGIN ([A-Z0-9 ]{0,40})PRIVATE KEY( BLOCK)?-----/

/** Result of reading a PEM private key block: its end, or that the text ended inside it. */
export type KeyBlockMatch = { type: 'match'; end: number } | { type: 'none' } | { type: 'incomplete' }

/** Longest PEM block searched for its END line (a 4096-bit RSA key is about 3.3 KB). */
const maxKeyBlockLength = 16_384

function isPemBodyCode(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 43 ||
    code === 47 ||
    code === 61 ||
    code === 32 ||
    code === 10 ||
    code === 13 ||
    code === 9 ||
    code === 58 ||
    code === 45
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
    if (close >= 0 && close < endMarker + 80) return { type: 'match', end: close + 5 }
    if (close < 0 && text.length - endMarker < 80) return { type: 'incomplete' }
  }
  let index = bodyStart
  while (index < limit && isPemBodyCode(text.charCodeAt(index))) index++
  return index >= text.length ? { type: 'incomplete' } : { type: 'match', end: index }
}

const secretContext = /(key|secret|token|passw(or)?d|pwd|api|auth|credential|bearer)/i

/** Lookback (characters) for a secret-naming word before a random-looking string. */
export const secretContextLength = 40

function hasSecretContext(text: string, start: number): boolean {
  return secretContext.test(text.slice(Math.max(0, start - secretContextLength), start))
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

/** Random-looking strings (keys, passwords) with letters and digits and high Shannon entropy. */
export function detectHighEntropy(
  text: string,
  start: number,
  end: number,
  options: { minimumLength: number; threshold: number },
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
    detectHighEntropyRun(text, runStart, index, options.threshold, findings)
  }
}

/** Flags one maximal run of entropy characters when random-looking enough (see `detectHighEntropy`). */
export function detectHighEntropyRun(
  text: string,
  runStart: number,
  runEnd: number,
  threshold: number,
  findings: Finding[],
): void {
  // Sixteen symbols carry at most 4 bits each, and exactly 4 only when every one occurs equally
  // often: a hex run (a commit hash, a hex id) below the threshold is rejected without counting.
  const length = runEnd - runStart
  if ((threshold > 4 || (threshold === 4 && length % 16 !== 0)) && isSingleCaseHex(text, runStart, runEnd))
    return
  // Needs a digit and four letters; -1 otherwise.
  const entropy = runEntropy(text, runStart, runEnd)
  if (entropy < 0 || entropy < threshold) return
  // Without a nearby "key"/"token"/"password" the bar is higher, so hashes and ids pass.
  const strong = runEnd - runStart >= 40 && entropy >= Math.max(threshold, 4.5)
  if (!strong && !hasSecretContext(text, runStart)) return
  findings.push({
    type: 'high-entropy-string',
    start: runStart,
    end: runEnd,
    value: text.slice(runStart, runEnd),
    confidence: 0.6,
    detector: 'high-entropy',
  })
}
