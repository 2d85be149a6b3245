import { FocalError } from '../../errors/focal-error.ts'
import { assertSafePattern } from '../assert-safe-pattern.ts'
import { isAlphanumericCode } from './char-classes.ts'

/**
 * One secret kind as data: how it starts or what it contains, its shape, and what makes a match a
 * placeholder rather than a secret. A provider's token is one definition; the scan loop never
 * changes to add one.
 */
export interface DetectorDefinition {
  /** The finding type reported, e.g. `github-token`. */
  id: string
  /**
   * Literals every match starts with (case-sensitive, at least two characters), e.g. `ghp_`.
   * They feed the scanner's candidate search, so a secret shorter than 24 characters is still found.
   */
  prefixes?: readonly string[]
  /**
   * Literals every match contains when its start is not fixed (Azure's `Q~`, Mailchimp's `-us`).
   * Such a secret is looked for in tokens of 24 or more characters that hold an anchor.
   */
  anchors?: readonly string[]
  /**
   * The whole secret as a JavaScript regex source (no flags, checked by `assertSafePattern`). The
   * match after its prefix (all of it without prefixes) is the random body checked for entropy
   * and placeholders.
   */
  pattern: string
  /** Regex flags besides the scanner's own (`i` only). @default '' */
  flags?: '' | 'i'
  /**
   * The text just before the match (up to 64 characters) must end with a match of this regex (a
   * source is case-insensitive; a RegExp keeps its own flags), e.g. a keyword then `=`. A definition without prefixes or anchors needs one; it is tried on every
   * token of 24 or more characters.
   */
  context?: string | RegExp
  /** The text just before the match must not match this (`public_key =`, `csrf-token=`). */
  contextAllowlist?: string | RegExp
  /**
   * With a context: words that introduce the value, so that a value of any length is looked for
   * (without them, only in tokens of 24 or more characters). A word of letters, digits and `_` is
   * part of the name a value is assigned to (`token` finds `ci_token = "…"`, case-insensitive); a
   * word starting with `-` is a command-line option whose argument is the value (`--user`). The
   * context still decides.
   */
  keywords?: readonly string[]
  /**
   * The body checked for entropy and placeholders is the match after the last occurrence of this
   * literal, when it has one (Slack's `xoxa-2-511111111-…-e039d0…`: the numeric ids before the last
   * `-` are not random, and runs of one digit in them make no placeholder). @default the whole body
   */
  bodyAfter?: string
  /** Minimum Shannon entropy of the body in bits per character. @default 3 (less for bodies under 16) */
  entropy?: number
  /** Documented example values (e.g. AWS's `AKIAIOSFODNN7EXAMPLE`), never reported. */
  examples?: readonly string[]
  /** Reports a match whose body looks like a placeholder (`xxxx`, `your_key_here`, `abcdef…`). @default false */
  allowPlaceholders?: boolean
  /** A final check of the matched value (a checksum, a decodable header). */
  validate?: (value: string) => boolean
  /**
   * With keywords: a value this detector's shape and context match but that it rejects (a
   * placeholder, a failed check) is reported by no other detector either (`Authorization: Basic`
   * with the credentials `username:password`). @default false
   */
  exclusive?: boolean
  /**
   * Whether a value that starts with one of its prefixes (four characters or more) is left to it
   * even when its pattern does not match: a near-miss of a provider's format (`ghp_` and too few
   * characters) is no generic secret either. False for a prefix other values start with too
   * (Mailgun's `key-`: `key-8Dbq…` of another service is still judged by the generic detectors).
   * @default true
   */
  claims?: boolean
  /**
   * The provider publishes values of this format (Stripe's publishable keys, `pk_live_…`, are
   * meant for a page's code): a value starting with one of its prefixes (four characters or
   * more) is no secret, so it is never reported and the generic and entropy detectors leave it.
   * @default false
   */
  publishable?: boolean
  /** @default 1 */
  confidence?: number
  /**
   * How many characters after a match its pattern reads (a lookahead such as "not followed within
   * 400 characters by a template key"). A stream holds a match found that close to the end of what
   * has arrived open until they arrive, so it redacts what the whole text would. @default 0
   */
  lookahead?: number
}

/** A definition checked and compiled once. */
export interface CompiledDetector {
  id: string
  prefixes: readonly string[]
  anchors: readonly string[]
  /** Sticky: tried where a prefix starts. */
  sticky: RegExp
  /** Global: searched in a token that holds an anchor or, without anchors, in a long token. */
  global: RegExp
  context: RegExp | undefined
  contextAllowlist: RegExp | undefined
  keywords: readonly string[]
  bodyAfter: string | undefined
  entropy: number | undefined
  examples: readonly string[]
  allowPlaceholders: boolean
  validate: ((value: string) => boolean) | undefined
  exclusive: boolean
  claims: boolean
  publishable: boolean
  confidence: number
  lookahead: number
}

function invalid(path: string, message: string): FocalError {
  return new FocalError({
    code: 'invalid-argument',
    message: `${path}: ${message}`,
    issues: [{ path, message }],
  })
}

/**
 * Checks and compiles a secret detector definition; pass the result in `ScanOptions.secretDetectors`.
 *
 * @example
 * const acme = defineDetector({ id: 'acme-token', prefixes: ['acme_'], pattern: 'acme_[A-Za-z0-9]{32}' })
 * scanText('key acme_…', { secretDetectors: [acme] })
 */
export function defineDetector(definition: DetectorDefinition, path = 'detector'): CompiledDetector {
  const { id, pattern, prefixes = [], anchors = [], flags = '' } = definition
  if (typeof id !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(id))
    throw invalid(`${path}.id`, `expected a kebab-case id, got ${JSON.stringify(id)}`)
  for (const [index, prefix] of prefixes.entries()) {
    if (typeof prefix !== 'string' || prefix.length < 2 || !isAlphanumericCode(prefix.charCodeAt(0)))
      throw invalid(
        `${path}.prefixes[${index}]`,
        'expected a literal of two or more characters starting with a letter or digit',
      )
  }
  for (const [index, anchor] of anchors.entries()) {
    if (typeof anchor !== 'string' || anchor.length < 2)
      throw invalid(`${path}.anchors[${index}]`, 'expected a literal of two or more characters')
  }
  if (prefixes.length === 0 && anchors.length === 0 && definition.context === undefined)
    throw invalid(path, 'a detector needs prefixes, anchors or a context')
  for (const [index, keyword] of (definition.keywords ?? []).entries()) {
    if (typeof keyword !== 'string' || !/^(?:-{1,2}[A-Za-z][\w-]*|\w{2,})$/.test(keyword))
      throw invalid(
        `${path}.keywords[${index}]`,
        'expected a word of two or more letters, digits or _, or an option such as -u or --user',
      )
  }
  if (definition.keywords !== undefined && definition.context === undefined)
    throw invalid(`${path}.keywords`, 'keywords need a context that decides')
  if (
    definition.bodyAfter !== undefined &&
    (typeof definition.bodyAfter !== 'string' || definition.bodyAfter === '')
  )
    throw invalid(`${path}.bodyAfter`, 'expected a literal of one or more characters')
  const { lookahead = 0 } = definition
  if (!Number.isInteger(lookahead) || lookahead < 0 || lookahead > 4096)
    throw invalid(`${path}.lookahead`, 'expected a whole number of characters from 0 to 4096')
  if (definition.publishable === true && prefixes.every((prefix) => prefix.length < 4))
    throw invalid(`${path}.publishable`, 'a publishable format needs a prefix of four or more characters')
  if (flags !== '' && flags !== 'i')
    throw invalid(`${path}.flags`, `expected '' or 'i', got ${JSON.stringify(flags)}`)
  const source = assertSafePattern(pattern, { path: `${path}.pattern`, flags }).source
  const compile = (source: string | RegExp | undefined, name: string, suffix: string): RegExp | undefined => {
    if (source === undefined) return undefined
    const [text, regexFlags] =
      typeof source === 'string' ? [source, 'i'] : [source.source, source.flags.replace(/[gy]/g, '')]
    return assertSafePattern(`(?:${text})${suffix}`, { path: `${path}.${name}`, flags: regexFlags })
  }
  return {
    id,
    prefixes,
    anchors,
    sticky: new RegExp(source, `${flags}y`),
    global: new RegExp(source, `${flags}g`),
    context: compile(definition.context, 'context', '$'),
    contextAllowlist: compile(definition.contextAllowlist, 'contextAllowlist', '$'),
    keywords: definition.keywords ?? [],
    bodyAfter: definition.bodyAfter,
    entropy: definition.entropy,
    examples: definition.examples ?? [],
    allowPlaceholders: definition.allowPlaceholders ?? false,
    validate: definition.validate,
    exclusive: definition.exclusive ?? false,
    claims: definition.claims ?? true,
    publishable: definition.publishable ?? false,
    confidence: definition.confidence ?? 1,
    lookahead,
  }
}
