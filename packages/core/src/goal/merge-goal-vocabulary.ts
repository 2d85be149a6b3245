import type { GoalVocabulary } from './types.ts'

/** `base` with `extension` added: cues, stop, filler and known words appended, synonyms and descriptions merged, extension default rows first. */
export function mergeGoalVocabulary(
  base: GoalVocabulary,
  extension: Partial<GoalVocabulary>,
): GoalVocabulary {
  const synonyms: Record<string, readonly string[]> = { ...base.synonyms }
  for (const [word, variants] of Object.entries(extension.synonyms ?? {})) {
    synonyms[word] = [...(synonyms[word] ?? []), ...variants]
  }
  const extra = extension.defaults
  return {
    cues: [...base.cues, ...(extension.cues ?? [])],
    synonyms,
    stopWords: [...base.stopWords, ...(extension.stopWords ?? [])],
    fillerWords: [...(base.fillerWords ?? []), ...(extension.fillerWords ?? [])],
    knownWords: [...(base.knownWords ?? []), ...(extension.knownWords ?? [])],
    descriptions: { ...base.descriptions, ...extension.descriptions },
    defaults: {
      intent: [...(extra?.intent ?? []), ...base.defaults.intent],
      entity: [...(extra?.entity ?? []), ...base.defaults.entity],
      artifact: [...(extra?.artifact ?? []), ...base.defaults.artifact],
      scope: [...(extra?.scope ?? []), ...base.defaults.scope],
    },
  }
}
