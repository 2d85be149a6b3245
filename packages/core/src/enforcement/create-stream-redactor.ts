import { createScanner } from './create-scanner.ts'
import { isTokenCode } from './detectors/char-classes.ts'
import { contextStart } from './detectors/visible-text.ts'
import { redact } from './redact.ts'
import type { Finding, StreamBlock, StreamRedactor, StreamRedactorOptions } from './types.ts'

/** Characters of already-emitted text kept as left context (lookbehind of `+`, `(`, secret names). */
const contextLength = 64

/**
 * Redacts a stream of text chunks with the same result as redacting the whole text at once (a
 * random run or a URL longer than 1 KB may be redacted in pieces instead of whole: `[URL][URL]`;
 * each piece up to the end of its token is redacted as the same item). It
 * holds back only the tail that could still be part of a match (the open token, an unfinished
 * number run, IBAN or key block, and the longest keyword or user pattern), so no character of a
 * detected item is ever emitted, even when it is split across chunks. In `block` mode it stops at
 * the first finding and emits nothing more. A partly masked type (`masks`) is replaced only once
 * the whole item is known, so its last four digits are the only ones that reach the output.
 *
 * @example
 * const stream = createStreamRedactor({ detectors: ['credit-card'] })
 * stream.push('card 4111 1111 ') + stream.push('1111 1111 ok') + stream.flush() // 'card [CREDIT_CARD] ok'
 */
export function createStreamRedactor(options: StreamRedactorOptions = {}): StreamRedactor {
  const { style = 'placeholder', masks, mode = 'redact', ...scanOptions } = options
  const scanner = createScanner(scanOptions)
  let context = ''
  let held = ''
  let offset = 0
  const emittedFindings: Finding[] = []
  let block: StreamBlock | undefined
  // A URL or random run a forced release cut inside (see `forcedCut`): the rest of its token is
  // the same item, redacted as it, though alone it may not look like one (a URL's path without
  // its scheme).
  let continued: Finding | undefined

  const release = (final: boolean): string => {
    if (block !== undefined) return ''
    const text = context + held
    const from = context.length
    const scanned = scanner.scan(text, from)
    const { openFrom } = scanned
    let findings = scanned.findings
    // Where the carried item's token ends: it is carried until released up to there.
    let continuedEnd = from
    const carried = continued
    if (carried !== undefined) {
      while (continuedEnd < text.length && isTokenCode(text.charCodeAt(continuedEnd))) continuedEnd++
      const rest = { ...carried, start: from, end: continuedEnd, value: text.slice(from, continuedEnd) }
      if (continuedEnd > from)
        findings = [rest, ...findings.filter((finding) => finding.start >= continuedEnd)]
    }
    let cut = final ? text.length : safeCut(text, from, openFrom, scanner.holdBack, findings)
    let ready = findings.filter((finding) => finding.end <= cut)
    // An open construct longer than `maxHeld` (a token of many kilobytes, a number run that never
    // ends) is released up to `keptTail` characters from the end, inside it: else every chunk
    // would scan it again, and a stream the square of its length.
    if (!final && text.length - Math.max(cut, from) > maxHeld) {
      const forced = forcedCut(text, from, Math.max(keptTail, scanner.holdBack), findings)
      if (forced > cut) {
        cut = forced
        ready = findings.flatMap((finding) => {
          if (finding.end <= cut) return [finding]
          if (finding.start >= cut) return []
          continued = finding
          return [{ ...finding, end: cut }]
        })
      }
    }
    cut = Math.max(cut, from)
    if (mode === 'block') {
      // Only an item the text released so far decides: one in the held tail may still be undone
      // by what follows (`Target` + `ed`, a card's digits that grow into a longer number).
      const decided = findings.filter((finding) => finding.start < cut)
      if (decided.length > 0) {
        block = { type: 'blocked', findings: decided.map((finding) => shift(finding, offset - from)) }
        held = ''
        return ''
      }
    }
    if (carried !== undefined && continued === carried && continuedEnd <= cut) continued = undefined
    const output = redact(
      text.slice(from, cut),
      ready.map((finding) => shift(finding, -from)),
      style,
      masks,
    )
    for (const finding of ready) emittedFindings.push(shift(finding, offset - from))
    offset += cut - from
    context = text.slice(contextStart(text, cut, contextLength), cut)
    held = text.slice(cut)
    return output
  }

  // Whether every held character is a token character, so a release could cut nothing (it cuts
  // only at a token start after `context`): a long token streamed in small chunks (a base64
  // blob) is then only appended to until it ends or outgrows `maxHeld`, not scanned again per
  // chunk. Unknown (undefined) until needed after each release. Never used in `block` mode, which
  // stops at a finding anywhere in the held text.
  let heldIsOneToken: boolean | undefined

  return {
    push(chunk: string): string {
      if (block !== undefined) return ''
      if (mode === 'redact' && held.length + chunk.length <= maxHeld && allTokenCodes(chunk)) {
        heldIsOneToken ??= allTokenCodes(held)
        if (heldIsOneToken) {
          held += chunk
          return ''
        }
      }
      held += chunk
      heldIsOneToken = undefined
      return release(false)
    },
    flush(): string {
      const output = release(true)
      held = ''
      return output
    },
    findings: () => (block === undefined ? [...emittedFindings] : [...block.findings]),
    blocked: () => block,
  }
}

/** Held characters past which an open construct is released inside it (see `forcedCut`). */
const maxHeld = 4096
/** Characters a forced release keeps held: more than any secret but a key block is long. */
const keptTail = 1024

/** Detectors whose findings a forced release may cut inside when they are longer than its tail. */
const cutInside: ReadonlySet<string> = new Set(['high-entropy', 'url'])

/**
 * Where a held construct longer than `maxHeld` is released, `tail` characters from the end: before
 * any finding that straddles that place (a secret, a key block or a token is cut nowhere: a key
 * block's scan is a search for its end, so holding it costs no square), except inside a run of
 * random characters or a URL longer than the tail (redacted up to the cut, its rest judged with
 * what follows). `from` when nothing can go.
 */
function forcedCut(text: string, from: number, tail: number, findings: Finding[]): number {
  let cut = text.length - tail
  // Never between the two halves of a surrogate pair (an emoji): each piece is encoded alone.
  if (isHighSurrogate(text.charCodeAt(cut - 1))) cut--
  for (let changed = true; changed; ) {
    changed = false
    for (const finding of findings) {
      if (finding.start >= cut || finding.end <= cut) continue
      if (!cutInside.has(finding.detector) || finding.end - finding.start <= tail) {
        cut = finding.start
        changed = true
      }
    }
  }
  if (isHighSurrogate(text.charCodeAt(cut - 1))) cut--
  return Math.max(cut, from)
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}

/** Is every character of `text` a token character (see `isTokenCode`)? */
function allTokenCodes(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (!isTokenCode(text.charCodeAt(index))) return false
  return true
}

function shift(finding: Finding, by: number): Finding {
  return { ...finding, start: finding.start + by, end: finding.end + by }
}

/** Latest position that no open construct, pending keyword, or finding straddles, at a token start. */
function safeCut(
  text: string,
  from: number,
  openFrom: number,
  holdBack: number,
  findings: Finding[],
): number {
  let cut = Math.min(openFrom, text.length - holdBack)
  for (let changed = true; changed; ) {
    changed = false
    while (cut > from && isTokenCode(text.charCodeAt(cut - 1))) cut--
    for (const finding of findings) {
      if (finding.start < cut && finding.end > cut) {
        cut = finding.start
        changed = true
      }
    }
  }
  return Math.max(cut, from)
}
