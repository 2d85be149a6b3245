import type { CompiledRuleTemplate, DetectorId } from './types.ts'

/** Phrases that name a built-in detector ("payment info" → cards and IBANs). */
const detectorPhrases: ReadonlyArray<readonly [RegExp, readonly DetectorId[]]> = [
  [
    /\b(credit|debit)?\s*card( numbers?)?s?\b|\bpayment (info|information|details|data)\b|\bpans?\b/i,
    ['credit-card', 'iban'],
  ],
  [/\b(ssns?|social security( numbers?)?)\b/i, ['us-ssn']],
  [/\b(e-?mail( address(es)?)?s?)\b/i, ['email']],
  [/\bphone( numbers?)?s?\b|\btelephone\b/i, ['phone']],
  [/\bip( address(es)?)?s?\b/i, ['ip-address']],
  [/\b(ibans?|bank account( numbers?)?s?)\b/i, ['iban']],
  [/\b(crypto|bitcoin|wallet)( address(es)?)?s?\b/i, ['crypto-address']],
  [
    /\b(api keys?|secrets?|passwords?|credentials?|tokens?|private keys?|access keys?)\b/i,
    ['secret', 'high-entropy'],
  ],
  [/\b(urls?|links?)\b/i, ['url']],
]

const comparisonWords: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /^(must not exceed|may not exceed|cannot exceed|can't exceed|must be at most|is at most|at most|must be (?:less than or equal to|no more than)|<=)$/i,
    '<=',
  ],
  [/^(must be less than|must be under|must be below|is under|is below|<)$/i, '<'],
  [/^(must be at least|is at least|at least|must be no less than|>=)$/i, '>='],
  [/^(must be (?:more|greater) than|must exceed|exceeds?|is over|is above|over|above|>)$/i, '>'],
  [/^(must equal|must be|is|==|=)$/i, '=='],
  [/^(must not be|must not equal|is not|!=)$/i, '!='],
]

/** `"Refunds"` → `refund`, `"the cancel order tool"` → `cancel_order`. */
function toIdentifier(phrase: string, singular = false): string {
  const words = phrase
    .toLowerCase()
    .replace(/[`'"“”‘’]/g, '')
    .replace(/\b(the|a|an|tool|function|action)\b/g, ' ')
    .trim()
    .split(/[^a-z0-9_]+/)
    .filter((word) => word !== '')
  if (singular && words.length > 0)
    words[words.length - 1] = (words[words.length - 1] as string).replace(/(?<=[a-z]{3})s$/, '')
  return words.join('_')
}

function toNumber(text: string): number {
  const value = Number(text.replace(/[$€£,\s]/g, '').replace(/k$/i, '000'))
  return value
}

/**
 * Compiles a free-text rule with the offline v1 templates of seed 004 §7 into CEL, a scanner
 * configuration or a tool policy, keeping the source text for provenance. Returns undefined when
 * no template matches (the LLM compiler, or Lane 2, takes over):
 * - "Never use [tool]" → tool policy `never`
 * - "[field] > [number]" ("refund amount must not exceed $50") → `refund_amount <= 50`
 * - "[tool] requires approval" ("Refunds over $500 need supervisor approval") → `args.amount > 500`
 * - "Never share/mention/say [X]" → built-in detectors when X names one ("card numbers"), else a
 *   blocklist only when X lists concrete names or quoted terms ("Amazon, Walmart or eBay",
 *   `"guaranteed"`); a category ("competitors") or a clause ("that we are being acquired") has no
 *   literal form, so it gets no template
 */
export function compileRuleTemplate(text: string): CompiledRuleTemplate | undefined {
  const source = text
  const rule = text
    .trim()
    .replace(/[.!]+$/, '')
    .trim()
  const mention =
    /^(?:never|do not|don't|must not)\s+(?:share|mention|reveal|disclose|expose|show|output|print|say|use the (?:words?|terms?|phrases?))\s+(?:any\s+|the\s+|a\s+|an\s+)?(.+)$/i.exec(
      rule,
    )
  if (mention !== null) return compileNeverMention(mention[1] as string, source)
  const promise =
    /^(?:never|do not|don't|must not)\s+(?:promise|offer|give|issue|approve|grant|authori[sz]e|agree to)\s+(?:an?\s+|any\s+)?([a-z]+)s?\s+(?:above|over|of more than|more than|exceeding|greater than)\s+([$€£]?)\s?(\d[\d,]*(?:\.\d+)?k?)(?:\s.*)?$/i.exec(
      rule,
    )
  if (promise !== null) {
    // "Never promise a refund above $50 in chat": no reply may state a refund over $50.
    const noun = (promise[1] as string).toLowerCase()
    const name = `${toIdentifier(noun, true)}_amount`
    return {
      kind: 'threshold',
      expression: `${name} <= ${toNumber(promise[3] as string)}`,
      bindings: [
        { name, kind: promise[2] === '' ? 'number' : 'money', pick: 'max', label: noun.replace(/s$/u, '') },
      ],
      source,
    }
  }
  const never =
    /^(?:never|do not|don't|must not)\s+(?:use|call|invoke|run)\s+(?:the\s+)?(.+?)(?:\s+tool)?$/i.exec(rule)
  if (never !== null) {
    const id = toIdentifier(never[1] as string)
    if (id !== '') return { kind: 'tool-never', tool: { id, allowed: 'never' }, source }
  }
  const approval =
    /^(.+?)(?:\s+(?:over|above|greater than|more than|exceeding)\s+([$€£]?\s?\d[\d,]*(?:\.\d+)?k?))?\s+(?:requires?|needs?|must (?:have|get))\s+(?:(\w+)\s+)?approval$/i.exec(
      rule,
    )
  if (approval !== null) {
    const id = toIdentifier(approval[1] as string, true)
    if (id === '') return undefined
    const threshold = approval[2] === undefined ? undefined : toNumber(approval[2])
    const requiresApproval = threshold === undefined ? 'true' : `args.amount > ${threshold}`
    const approver =
      approval[3] !== undefined && !/^(an?|the|human|manual)$/i.test(approval[3])
        ? { approver: approval[3].toLowerCase() }
        : {}
    return {
      kind: 'tool-approval',
      expression: requiresApproval,
      tool: { id, allowed: 'always', requiresApproval, approval: { defaultAction: 'reject', ...approver } },
      source,
    }
  }
  return compileThreshold(rule, source)
}

function compileThreshold(rule: string, source: string): CompiledRuleTemplate | undefined {
  const match =
    /^(?:the\s+)?([a-z_][\w ]*?)\s+(must not exceed|may not exceed|cannot exceed|can't exceed|must be at most|is at most|at most|must be less than or equal to|must be no more than|must be less than|must be under|must be below|must be at least|is at least|must be no less than|must be (?:more|greater) than|must exceed|must not be|must not equal|must equal|<=|>=|==|!=|<|>)\s+([$€£]?\s?-?\d[\d,]*(?:\.\d+)?k?)$/i.exec(
      rule,
    )
  if (match === null) return undefined
  const field = toIdentifier(match[1] as string)
  const operator = comparisonWords.find(([pattern]) => pattern.test((match[2] as string).trim()))?.[1]
  if (field === '' || operator === undefined) return undefined
  return { kind: 'threshold', expression: `${field} ${operator} ${toNumber(match[3] as string)}`, source }
}

// A straight single quote counts only away from letters, so "Macy's or Kohl's" stays two names.
const quotedTerm = /"([^"]+)"|“([^”]+)”|‘([^’]+)’|(?<!\p{L})'([^']+)'(?!\p{L})|`([^`]+)`/gu
const listSeparator = /\s*(?:[,;/]|\b(?:or|and|nor)\b)\s*/i
/** A word of a name: capitalised ("Globex"), a number ("365") or capitals inside ("eBay"). */
const nameWord = /^(?:[\p{Lu}\d]|\p{Ll}+\p{Lu})[\p{L}\d&.'’-]*$/u
const nameConnectors = new Set(['of', 'the', 'de', 'du', 'la', 'van', 'von', 'da', 'di', '&', 'for'])

/** "Acme Corp" and "Bank of America" are names; "competitors" and "that we are ..." are not. */
function isName(item: string): boolean {
  const words = item.split(/\s+/)
  return (
    words.length <= 5 &&
    nameWord.test(words[0] as string) &&
    nameWord.test(words[words.length - 1] as string) &&
    words.every((word) => nameWord.test(word) || nameConnectors.has(word))
  )
}

/**
 * Detectors when the subject names one; a blocklist only when it is a list of quoted terms or of
 * names. Anything else (a category, a clause) has no literal form: a blocklist of it would catch
 * nothing real, so no template, and the model compiler or Lane 2 takes the rule.
 */
function compileNeverMention(subject: string, source: string): CompiledRuleTemplate | undefined {
  const detectors = new Set<DetectorId>()
  for (const [pattern, ids] of detectorPhrases)
    if (pattern.test(subject)) for (const id of ids) detectors.add(id)
  if (detectors.size > 0) return { kind: 'never-mention', scan: { detectors: [...detectors] }, source }
  const list = subject.replace(/\s+by name$/i, '')
  const quoted = [...list.matchAll(quotedTerm)].map((match) => match.slice(1).find(Boolean)?.trim() ?? '')
  const unquoted = list
    .replace(quotedTerm, ' ')
    .split(listSeparator)
    .map((item) => item.trim())
    .filter((item) => item !== '')
  // Quoted terms with nothing but separators between them, or names only.
  const literal = quoted.length > 0 ? unquoted.length === 0 : unquoted.every(isName)
  const terms = quoted.length > 0 ? quoted.filter((term) => term !== '') : unquoted
  if (!literal || terms.length === 0 || terms.length > 20) return undefined
  return { kind: 'never-mention', scan: { blocklist: terms }, source }
}
