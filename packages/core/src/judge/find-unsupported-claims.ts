import { type ClaimClause, claimClauses } from './claim-clauses.ts'
import {
  indexKnownFacts,
  type KnownFacts,
  monthNumber,
  monthPattern,
  numberKey,
  numberValues,
  timeKey,
} from './index-known-facts.ts'
import type { ClaimKind, SpecificClaim } from './types.ts'

/** What {@link findUnsupportedClaims} extracted and which of it nothing supports. */
export interface ClaimsCheck {
  claims: SpecificClaim[]
  unsupported: SpecificClaim[]
}

/** Options of {@link findUnsupportedClaims}. */
export interface FindUnsupportedClaimsOptions {
  draft: string
  /** The user's goal: specifics the user gave are supported. @default '' */
  goal?: string
  /** The tool trace summary. @default '' */
  toolTrace?: string
  /** Text of the turn's tool results and of the instructions or templates the draft used. @default '' */
  evidence?: string
  /** Constraints the draft follows. @default [] */
  constraints?: readonly string[]
}

type Supported = (match: readonly (string | undefined)[], known: KnownFacts) => boolean | undefined

interface Extractor {
  kind: ClaimKind
  pattern: RegExp
  /** `undefined` means "not a claim after all" (`24/7`, a small count without a unit). */
  supported: Supported
  /** Still a claim in a command ("Call us at 3pm"); quantities and names in a command are proposals. */
  inCommands: boolean
}

// Flat on purpose (no quantified groups): a trailing comma is trimmed from the claim instead.
const number = String.raw`\d[\d,]*(?:\.\d+)?`
const zone = String.raw`(?:\s?(?:UTC|GMT|Z\b|[A-Z]{2,3}T\b))?`
const units = String.raw`(?:business |working |calendar )?(?:ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|months?|years?|[kmgt]i?b|bytes?|[kmg]?b\/s|rps|qps|req\/s)`

const allIn = (values: readonly number[], known: KnownFacts) =>
  values.every((value) => known.numbers.has(numberKey(value)))
const dateKnown = (month: number, day: number, known: KnownFacts) => known.dates.has(`${month}-${day}`)

/** In order: ids and dates before times, times and money before plain numbers. */
const extractors: Extractor[] = [
  {
    kind: 'id',
    pattern: /(?<![\w-])(?:[A-Z]{1,10}[-_]?\d{2,}[A-Z]?|#\d{2,})(?![\w-])/g,
    supported: ([text], known) =>
      text!.startsWith('#')
        ? known.numbers.has(numberKey(Number(text!.slice(1))))
        : known.compact.includes(text!.toLowerCase().replace(/[^a-z0-9]/g, '')),
    inCommands: true,
  },
  {
    kind: 'date',
    pattern: /(?<!\d)\d{4}-(\d{2})-(\d{2})(?!\d)/g,
    supported: ([, month, day], known) => dateKnown(Number(month), Number(day), known),
    inCommands: true,
  },
  {
    kind: 'date',
    pattern: new RegExp(String.raw`\b(${monthPattern})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+\d{4})?`, 'g'),
    supported: ([, month, day], known) => dateKnown(monthNumber(month!), Number(day), known),
    inCommands: true,
  },
  {
    kind: 'date',
    pattern: new RegExp(
      String.raw`(?<![\d.])(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${monthPattern})\b(?:,?\s+\d{4})?`,
      'g',
    ),
    supported: ([, day, month], known) => dateKnown(monthNumber(month!), Number(day), known),
    inCommands: true,
  },
  {
    kind: 'date',
    pattern: /(?<![\w/.])(\d{1,2})\/(\d{1,2})(?:\/\d{2,4})?(?![\w/])/g,
    supported: ([text, first, second], known) => {
      const a = Number(first)
      const b = Number(second)
      if (text === '24/7' || (a > 12 && b > 12) || a === 0 || b === 0) return undefined
      return dateKnown(a, b, known) || dateKnown(b, a, known)
    },
    inCommands: true,
  },
  {
    kind: 'date',
    pattern: /\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b/g,
    supported: ([text], known) => known.words.has(text!.toLowerCase()),
    inCommands: true,
  },
  {
    kind: 'time',
    pattern: new RegExp(
      String.raw`(?<![\d:.])(\d{1,2}):(\d{2})(?::\d{2})?(?!\d)(?:\s?[AaPp]\.?[Mm]\b\.?)?${zone}`,
      'g',
    ),
    supported: ([, hour, minute], known) =>
      Number(hour) > 24 || Number(minute) > 59 ? undefined : known.times.has(timeKey(hour!, minute!)),
    inCommands: true,
  },
  {
    kind: 'time',
    pattern: new RegExp(String.raw`(?<![\w.:])(\d{1,2})\s?[AaPp]\.?[Mm]\b\.?${zone}`, 'g'),
    supported: ([, hour], known) => (Number(hour) > 12 ? undefined : known.times.has(timeKey(hour!, '0'))),
    inCommands: true,
  },
  {
    kind: 'money',
    pattern: new RegExp(
      String.raw`(?:[$€£¥]\s?(${number})|\b(?:USD|EUR|GBP|CHF)\s?(${number})|(?<![\w.])(${number})\s?(?:USD|EUR|GBP|CHF|CAD|AUD|dollars?|euros?|pounds?)\b)(?:\s?(?:k|m|bn|million|billion)\b)?`,
      'g',
    ),
    supported: ([, a, b, c], known) => allIn(numberValues(a ?? b ?? c ?? ''), known),
    inCommands: true,
  },
  {
    kind: 'percent',
    pattern: /(?<![\w.,])(\d+(?:\.\d+)?)\s?(?:%|percent\b|per cent\b)/g,
    // A share is often stored as a ratio: 0.3% matches 0.003.
    supported: ([, value], known) =>
      known.numbers.has(numberKey(Number(value))) || known.numbers.has(numberKey(Number(value) / 100)),
    inCommands: true,
  },
  {
    kind: 'quantity',
    pattern: new RegExp(
      String.raw`(?<![\w.,$€£#:/-])(\d[\d.,]*\d|\d)(?:\s?[-–]\s?(${number}))?(\s?${units})?(?![\w/])`,
      'gi',
    ),
    supported: ([, first, second, unit], known) => {
      if ((first!.match(/\./g)?.length ?? 0) > 1) return known.lower.includes(first!)
      const values = [...numberValues(first!), ...(second === undefined ? [] : numberValues(second))]
      // Small counts ("3 tables", "step 2") are not specifics; measures ("2 GB", "5 days") are.
      if (unit === undefined && !first!.includes('.') && values.every((value) => value < 10)) return undefined
      return allIn(values, known)
    },
    inCommands: false,
  },
]

const statusPattern =
  /\b(?:passed|failed|failing|succeeded|successful|shipped|delivered|dispatched|cancell?ed|refunded|approved|rejected|declined|deployed|rolled back|healthy|unhealthy|resolved|completed|processed|merged|paid|(?:is|are|was|were|been|went|'s)\s+down)\b/gi
const capitalisedWord = /\p{Lu}[\p{L}\p{M}']*/gu
const uiElement = /\s(?:page|tab|menu|button|screen|section|settings|link|icon|field|form|option|panel)\b/y
const notNames = new Set(
  "i i'm i've i'll i'd hi hello hey dear thanks thank please yes no ok okay sorry sure great mr mrs ms dr done note tip warning important update ps am pm utc gmt cet cest est pst id ids api apis url urls http https json html css sql ui ux faq pdf cli sdk cpu ram oom dns tls ssl eta asap fyi pr prs ci cd qa vpn sso mfa ip tcp udp rest yaml xml csv jwt oauth todo january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec".split(
    ' ',
  ),
)

/**
 * Specific claims a draft states as fact (times, dates, money, percentages, measures, ids,
 * statuses, names) and which of them nothing supports: not the goal, the tool trace, the
 * constraints nor the evidence (tool results, instructions, approved templates). Values compare
 * normalised: `$50` matches `50.00`, `3pm` matches `15:00`, `March 12` matches `2024-03-12`.
 * Questions, hedges, conditions, quoted text and code are not claims; statuses ("shipped",
 * "passed") count only when nothing was consulted, since tool results word them their own way.
 *
 * @example
 * findUnsupportedClaims({ goal: 'is the deploy healthy?', draft: 'All checks passed at 10:02.' }).unsupported
 * // [{ text: 'passed', kind: 'status' }, { text: '10:02', kind: 'time' }]
 */
export function findUnsupportedClaims(options: FindUnsupportedClaimsOptions): ClaimsCheck {
  const { draft, goal = '', toolTrace = '', evidence = '', constraints = [] } = options
  const known = indexKnownFacts([goal, toolTrace, evidence, ...constraints].join('\n'))
  const statedByUser = toolTrace.trim() === '' && evidence.trim() === '' ? assertedWords(goal) : undefined
  const found = new Map<string, SpecificClaim & { supported: boolean }>()
  for (const clause of claimClauses(draft)) {
    // Within a clause, report claims in the order they are written.
    const inClause: Array<SpecificClaim & { supported: boolean; at: number }> = []
    const add = (kind: ClaimKind, text: string, supported: boolean, at: number) =>
      inClause.push({ kind, text, supported, at })
    let text = clause.text
    for (const extractor of extractors) {
      text = text.replace(extractor.pattern, (...args: unknown[]) => {
        const match = args.filter((arg) => typeof arg !== 'number') as (string | undefined)[]
        const claim = match[0]!
        const supported = extractor.supported(match, known)
        if (supported !== undefined && (extractor.inCommands || !clause.imperative))
          add(
            extractor.kind,
            claim.trim().replace(/[,.]+$/, ''),
            supported,
            args.find((arg) => typeof arg === 'number') as number,
          )
        // Blank the match, keeping offsets, so a later extractor cannot read it again.
        return ' '.repeat(claim.length)
      })
    }
    if (!clause.imperative) {
      if (statedByUser !== undefined) {
        for (const match of text.matchAll(statusPattern)) {
          const word = match[0].split(/\s+/).pop()!.toLowerCase()
          add('status', match[0], statedByUser.has(word), match.index)
        }
      }
      if (!clause.structural) addNames(text, clause, known, add)
    }
    for (const claim of inClause.sort((a, b) => a.at - b.at)) {
      const key = `${claim.kind}:${claim.text.toLowerCase()}`
      if (!found.has(key)) found.set(key, { text: claim.text, kind: claim.kind, supported: claim.supported })
    }
  }
  const claims = [...found.values()]
  return {
    claims: claims.map(({ text, kind }) => ({ text, kind })),
    unsupported: claims.filter((claim) => !claim.supported).map(({ text, kind }) => ({ text, kind })),
  }
}

/** Every pattern this file runs on draft or evidence text, for the linear-time check in its tests. */
export const claimPatterns: readonly RegExp[] = [
  ...extractors.map((extractor) => extractor.pattern),
  statusPattern,
  capitalisedWord,
  uiElement,
]

/**
 * Capitalised words that are not a sentence start, a greeting's addressee or a common acronym;
 * neighbours separated only by spaces form one name ("Maria Gonzalez").
 */
function addNames(
  text: string,
  clause: ClaimClause,
  known: KnownFacts,
  add: (kind: ClaimKind, text: string, supported: boolean, at: number) => void,
): void {
  if (!/\p{Lu}/u.test(text)) return
  let skipAddressee = clause.greeting
  let words: string[] = []
  let at = 0
  let end = -1
  const flush = () => {
    uiElement.lastIndex = end
    // "the Billing page", "the Orders tab": a label on screen, not a name the draft asserts.
    if (words.length === 0 || uiElement.test(text)) return
    add(
      'name',
      words.join(' '),
      words.every((word) => known.words.has(word.toLowerCase())),
      at,
    )
  }
  for (const match of text.matchAll(capitalisedWord)) {
    if (end === -1 || !/^[ \t]+$/.test(text.slice(end, match.index))) {
      flush()
      words = []
    }
    end = match.index + match[0].length
    if (clause.opensSentence && match.index === clause.firstWordAt) continue
    if (skipAddressee) {
      skipAddressee = false
      continue
    }
    const word = match[0].replace(/'s?$/, '')
    if (word.length < 2 || notNames.has(word.toLowerCase())) continue
    if (words.length === 0) at = match.index
    words.push(word)
  }
  flush()
}

/** Words of the goal's statements (not its questions): "My order was cancelled" supports "cancelled". */
function assertedWords(goal: string): Set<string> {
  const words = new Set<string>()
  for (const sentence of goal.split(/(?<=[.!?])\s+/)) {
    if (sentence.trimEnd().endsWith('?')) continue
    for (const word of sentence.toLowerCase().match(/\p{L}+/gu) ?? []) words.add(word)
  }
  return words
}
