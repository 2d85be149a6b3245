import { stemWord } from '../text/index.ts'
import type { DefinitionRuleTier } from './definition-schema.ts'
import { guardrailTierCues } from './guardrail-tier-cues.ts'

/** A guardrail's tier with the evidence for it. */
export interface GuardrailTierExplanation {
  tier: DefinitionRuleTier
  /** Share of all cue weight held by the winning tier, damped by one unit (0 when no cue matched). */
  confidence: number
  /** The winning tier's cues as they appear in the lexicon, strongest first. */
  cues: string[]
}

interface Cue {
  tier: DefinitionRuleTier
  weight: number
  cue: string
}

/** Safest first: a tie goes to the tier whose mistakes cost more. */
const tiers: readonly DefinitionRuleTier[] = ['hard-safety', 'process', 'style']
const maxPhraseWords = 3
let lexicon: Map<string, Cue> | undefined

/** Lower-cased words, stemmed; amounts of money become `$`. */
function stems(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .replace(/['’]/gu, '')
      .match(/[$€£]\s?\d|[\p{L}\d]+/gu) ?? []
  return words.map((word) => (/^[$€£]/u.test(word) ? '$' : stemWord(word)))
}

function loadLexicon(): Map<string, Cue> {
  const map = new Map<string, Cue>()
  for (const tier of tiers)
    for (const group of guardrailTierCues[tier].split(';')) {
      const [weight = '', list = ''] = group.split(':')
      for (const cue of list.split(','))
        map.set(stems(cue).join(' ') || cue, { tier, weight: Number(weight), cue })
    }
  return map
}

/** The cues found in a text, each once, longest phrase first at every position. */
function findCues(words: readonly string[], lexicon: ReadonlyMap<string, Cue>): Cue[] {
  const found: Cue[] = []
  for (let index = 0; index < words.length; ) {
    let length = Math.min(maxPhraseWords, words.length - index)
    let cue = lexicon.get(words.slice(index, index + length).join(' '))
    while (cue === undefined && length > 1) cue = lexicon.get(words.slice(index, index + --length).join(' '))
    if (cue !== undefined && !found.includes(cue)) found.push(cue)
    index += cue === undefined ? 1 : length
  }
  return found
}

/**
 * Explains the offline tier of a free-text guardrail (seed 004 §1): a weighted cue lexicon over
 * stemmed words and phrases ("card number", "rm -rf", "before", "tone"), longest phrase first; the
 * tier with the most cue weight wins, ties going to the safer tier (hard-safety, then process).
 * With no cue at all, a prohibition ("never ...", "do not ...") is process and anything else
 * style, both at confidence 0: an unknown prohibition is not left to best-effort enforcement.
 *
 * @example
 * explainGuardrailTier('Never run rm -rf on production')
 * // { tier: 'hard-safety', confidence: 0.89, cues: ['rm rf', 'production'] }
 */
export function explainGuardrailTier(text: string): GuardrailTierExplanation {
  lexicon ??= loadLexicon()
  const words = stems(text.slice(0, 2000))
  const found = findCues(words, lexicon)
  if (found.length === 0) {
    const prohibition = /^(never|do not|dont|must not|cannot|can not)\b/u.exec(words.slice(0, 2).join(' '))
    return prohibition === null
      ? { tier: 'style', confidence: 0, cues: [] }
      : { tier: 'process', confidence: 0, cues: [prohibition[1] as string] }
  }
  const scores = { 'hard-safety': 0, process: 0, style: 0 }
  for (const cue of found) scores[cue.tier] += cue.weight
  // Safest first, and only a strictly higher score displaces it: ties go to the safer tier.
  const tier = tiers.reduce((best, candidate) => (scores[candidate] > scores[best] ? candidate : best))
  const total = scores['hard-safety'] + scores.process + scores.style
  const cues = found
    .filter((cue) => cue.tier === tier)
    .sort((left, right) => right.weight - left.weight)
    .map((cue) => cue.cue)
  return { tier, confidence: Math.round((scores[tier] / (total + 1)) * 100) / 100, cues }
}
