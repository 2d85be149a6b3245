import { type ClaimClause, claimClauses, statusPattern } from './claim-clauses.ts'
import { valueExtractors } from './claim-extractors.ts'
import { indexKnownFacts, type KnownFacts } from './index-known-facts.ts'
import type { SpecificClaim } from './types.ts'

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
  const support: Support = { text: [goal, toolTrace, evidence, ...constraints].join('\n') }
  const statedByUser = toolTrace.trim() === '' && evidence.trim() === '' ? assertedWords(goal) : undefined
  const found = new Map<string, SpecificClaim & { supported: boolean }>()
  const inClause: FoundClaim[] = []
  for (const clause of claimClauses(draft, { statuses: statedByUser !== undefined })) {
    inClause.length = 0
    const text = addValues(clause, support, inClause)
    if (!clause.imperative) {
      if (statedByUser !== undefined) addStatuses(text, statedByUser, inClause)
      if (!clause.structural) addNames(text, clause, support, inClause)
    }
    // Within a clause, report claims in the order they are written.
    inClause.sort(byPosition)
    for (const { text, kind, supported } of inClause) {
      const key = `${kind}:${text.toLowerCase()}`
      if (!found.has(key)) found.set(key, { text, kind, supported })
    }
  }
  const claims = [...found.values()]
  return {
    claims: claims.map(({ text, kind }) => ({ text, kind })),
    unsupported: claims.filter((claim) => !claim.supported).map(({ text, kind }) => ({ text, kind })),
  }
}

interface FoundClaim extends SpecificClaim {
  supported: boolean
  at: number
}

/** The support text, indexed on the first claim: most clauses of most drafts state none. */
interface Support {
  text: string
  index?: KnownFacts
}

function knownFacts(support: Support): KnownFacts {
  support.index ??= indexKnownFacts(support.text)
  return support.index
}

function byPosition(a: FoundClaim, b: FoundClaim): number {
  return a.at - b.at
}

/**
 * Runs the value extractors over a clause, in order, blanking each match (offsets kept) so a later
 * extractor cannot read it again; returns the blanked clause for the status and name passes.
 */
function addValues(clause: ClaimClause, support: Support, into: FoundClaim[]): string {
  let text = clause.text
  const digits = /\d/.test(text)
  for (const extractor of valueExtractors) {
    if (extractor.needs === 'digit' ? !digits : !text.includes(extractor.needs)) continue
    const { pattern } = extractor
    pattern.lastIndex = 0
    let blanked = ''
    let from = 0
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const claim = match[0]
      const supported = extractor.supported(match, knownFacts(support))
      if (supported !== undefined && (extractor.inCommands || !clause.imperative))
        into.push({
          kind: extractor.kind,
          text: claim.trim().replace(/[,.]+$/, ''),
          supported,
          at: match.index,
        })
      blanked += `${text.slice(from, match.index)}${' '.repeat(claim.length)}`
      from = match.index + claim.length
    }
    if (from > 0) text = blanked + text.slice(from)
  }
  return text
}

function addStatuses(text: string, statedByUser: ReadonlySet<string>, into: FoundClaim[]): void {
  for (const match of text.matchAll(statusPattern)) {
    const word = match[0].split(/\s+/).pop()!.toLowerCase()
    into.push({ kind: 'status', text: match[0], supported: statedByUser.has(word), at: match.index })
  }
}

/** Every pattern this file runs on draft or evidence text, for the linear-time check in its tests. */
export const claimPatterns: readonly RegExp[] = [
  ...valueExtractors.map((extractor) => extractor.pattern),
  capitalisedWord,
  uiElement,
]

/**
 * Capitalised words that are not a sentence start, a greeting's addressee or a common acronym;
 * neighbours separated only by spaces form one name ("Maria Gonzalez").
 */
function addNames(text: string, clause: ClaimClause, support: Support, into: FoundClaim[]): void {
  if (!/\p{Lu}/u.test(text)) return
  let skipAddressee = clause.greeting
  let name: FoundClaim | undefined
  let end = -1
  for (const match of text.matchAll(capitalisedWord)) {
    if (end === -1 || !/^[ \t]+$/.test(text.slice(end, match.index))) {
      pushName(name, text, end, support, into)
      name = undefined
    }
    end = match.index + match[0].length
    if (clause.opensSentence && match.index === clause.firstWordAt) continue
    if (skipAddressee) {
      skipAddressee = false
      continue
    }
    const word = match[0].replace(/'s?$/, '')
    if (word.length < 2 || notNames.has(word.toLowerCase())) continue
    if (name === undefined) name = { kind: 'name', text: word, supported: true, at: match.index }
    else name.text += ` ${word}`
  }
  pushName(name, text, end, support, into)
}

function pushName(
  name: FoundClaim | undefined,
  text: string,
  end: number,
  support: Support,
  into: FoundClaim[],
): void {
  if (name === undefined) return
  uiElement.lastIndex = end
  // "the Billing page", "the Orders tab": a label on screen, not a name the draft asserts.
  if (uiElement.test(text)) return
  const { words } = knownFacts(support)
  name.supported = name.text.split(' ').every((word) => words.has(word.toLowerCase()))
  into.push(name)
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
