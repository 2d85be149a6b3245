import { functionWords } from '../text/function-words.ts'
import { stemWord } from '../text/stem-word.ts'
import type { FocalDefinition } from './definition-schema.ts'

/** Two topics whose intents are written alike: what a user says seldom tells them apart. */
export interface LookalikeTopics {
  /** The two topics (a scenario's `topic`, or its id when it has none), in definition order. */
  topics: readonly [string, string]
  /** Cosine similarity of the two topics' words, 0..1 (two decimals). */
  similarity: number
  /** The scenarios of each topic, in definition order. */
  scenarios: readonly [readonly string[], readonly string[]]
}

/**
 * Similarity at or above which two topics are reported. Measured on the SGD dev definition
 * (sixteen services, one topic each): its two hotel services read 0.82 alike, every other pair at
 * most 0.37. The demo's closest pair, refunds and refund status, reads 0.64: they share their key
 * word, and only their other words ("where is", "status") tell them apart.
 */
export const defaultLookalikeThreshold = 0.7

/**
 * Topics of a definition whose intents' words (examples, keywords, label and description, stemmed,
 * function words left out) are nearly the same. The router chooses among topics by those words, so
 * a user's message seldom tells such topics apart: a conversation starts in whichever scores a hair
 * higher and stays there, right or wrong. Merge them, or give each words of its own. Most similar
 * first.
 */
export function findLookalikeTopics(
  definition: Pick<FocalDefinition, 'intents' | 'scenarios'>,
  threshold = defaultLookalikeThreshold,
): LookalikeTopics[] {
  const intents = new Map(definition.intents.map((intent) => [intent.id, intent]))
  const topics = new Map<string, { scenarios: string[]; intents: Set<string> }>()
  for (const scenario of definition.scenarios) {
    const name = scenario.topic ?? scenario.id
    const topic = topics.get(name) ?? { scenarios: [], intents: new Set<string>() }
    topic.scenarios.push(scenario.id)
    for (const intent of scenario.intents) topic.intents.add(intent)
    topics.set(name, topic)
  }
  const vectors = [...topics].map(([name, topic]) => {
    const counts = new Map<string, number>()
    for (const id of topic.intents) {
      const intent = intents.get(id)
      if (intent === undefined) continue
      const texts = [...intent.examples, ...intent.keywords, intent.label ?? '', intent.description ?? '']
      for (const text of texts)
        for (const word of topicWords(text)) counts.set(word, (counts.get(word) ?? 0) + 1)
    }
    let norm = 0
    for (const count of counts.values()) norm += count * count
    return { name, scenarios: topic.scenarios, counts, norm: Math.sqrt(norm) }
  })
  const found: LookalikeTopics[] = []
  for (let left = 0; left < vectors.length; left++) {
    const a = vectors[left]!
    for (let right = left + 1; right < vectors.length; right++) {
      const b = vectors[right]!
      if (a.norm === 0 || b.norm === 0) continue
      let dot = 0
      for (const [word, count] of a.counts) dot += count * (b.counts.get(word) ?? 0)
      const similarity = dot / (a.norm * b.norm)
      if (similarity >= threshold)
        found.push({
          topics: [a.name, b.name],
          similarity: Math.round(similarity * 100) / 100,
          scenarios: [a.scenarios, b.scenarios],
        })
    }
  }
  return found.sort((left, right) => right.similarity - left.similarity)
}

const skipped: ReadonlySet<string> = new Set(functionWords)

/** The stemmed content words of a text: letters only, lower-cased, function words left out. */
function topicWords(text: string): string[] {
  const words: string[] = []
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? [])
    if (word.length > 1 && !skipped.has(word)) words.push(stemWord(word))
  return words
}
