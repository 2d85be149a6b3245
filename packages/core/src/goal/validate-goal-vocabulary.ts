import type { FocalIssue } from '../errors/index.ts'
import { FocalError } from '../errors/index.ts'
import { goalFieldValues } from './goal-values.ts'
import type { GoalField, GoalVocabulary } from './types.ts'

const fields: readonly GoalField[] = ['intent', 'entity', 'artifact', 'scope']
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function checkCue(cue: unknown, path: string, issues: FocalIssue[]): void {
  if (!isRecord(cue)) {
    issues.push({ path, message: 'a cue must be an object' })
    return
  }
  if (typeof cue.phrase !== 'string' || cue.phrase.trim() === '') {
    issues.push({ path: `${path}.phrase`, message: 'phrase must be a non-empty string' })
  }
  if (cue.weight !== undefined && !(typeof cue.weight === 'number' && Number.isFinite(cue.weight))) {
    issues.push({ path: `${path}.weight`, message: 'weight must be a finite number' })
  }
  if (cue.destructive !== undefined && typeof cue.destructive !== 'boolean') {
    issues.push({ path: `${path}.destructive`, message: 'destructive must be a boolean' })
  }
  if (cue.courtesy !== undefined && typeof cue.courtesy !== 'boolean') {
    issues.push({ path: `${path}.courtesy`, message: 'courtesy must be a boolean' })
  }
  if (cue.exact !== undefined && typeof cue.exact !== 'boolean') {
    issues.push({ path: `${path}.exact`, message: 'exact must be a boolean' })
  }
  if (cue.targetIsObject !== undefined && typeof cue.targetIsObject !== 'boolean') {
    issues.push({ path: `${path}.targetIsObject`, message: 'targetIsObject must be a boolean' })
  }
  for (const field of fields) {
    const value = cue[field]
    if (value !== undefined && !goalFieldValues[field].includes(value as string)) {
      issues.push({ path: `${path}.${field}`, message: `unknown ${field} "${String(value)}"` })
    }
  }
}

function checkDefaults(defaults: unknown, issues: FocalIssue[]): void {
  if (!isRecord(defaults))
    return void issues.push({ path: 'defaults', message: 'defaults must be an object' })
  for (const field of fields) {
    const rows = defaults[field]
    if (!Array.isArray(rows)) {
      issues.push({ path: `defaults.${field}`, message: 'must be an array of rows' })
      continue
    }
    rows.forEach((row: unknown, index) => {
      if (!isRecord(row) || !goalFieldValues[field].includes(row.value as string)) {
        issues.push({ path: `defaults.${field}[${index}].value`, message: `must be a ${field} value` })
      }
    })
  }
}

/** Throws a located `invalid-argument` FocalError unless `vocabulary` is well formed. */
export function validateGoalVocabulary(
  vocabulary: unknown,
  label = 'vocabulary',
): asserts vocabulary is GoalVocabulary {
  const issues: FocalIssue[] = []
  if (!isRecord(vocabulary)) issues.push({ path: '', message: 'a vocabulary must be an object' })
  else {
    if (!Array.isArray(vocabulary.cues)) issues.push({ path: 'cues', message: 'cues must be an array' })
    else {
      for (const [index, cue] of (vocabulary.cues as unknown[]).entries())
        checkCue(cue, `cues[${index}]`, issues)
    }
    if (!isRecord(vocabulary.synonyms))
      issues.push({ path: 'synonyms', message: 'synonyms must be an object' })
    else {
      for (const [word, variants] of Object.entries(vocabulary.synonyms)) {
        if (!Array.isArray(variants) || variants.some((variant) => typeof variant !== 'string')) {
          issues.push({ path: `synonyms.${word}`, message: 'must be an array of strings' })
        }
      }
    }
    const stop = vocabulary.stopWords
    if (!Array.isArray(stop) || stop.some((word) => typeof word !== 'string')) {
      issues.push({ path: 'stopWords', message: 'stopWords must be an array of strings' })
    }
    const fillers = vocabulary.fillerWords
    if (
      fillers !== undefined &&
      (!Array.isArray(fillers) || fillers.some((word) => typeof word !== 'string'))
    ) {
      issues.push({ path: 'fillerWords', message: 'fillerWords must be an array of strings' })
    }
    const known = vocabulary.knownWords
    if (known !== undefined && (!Array.isArray(known) || known.some((word) => typeof word !== 'string'))) {
      issues.push({ path: 'knownWords', message: 'knownWords must be an array of strings' })
    }
    if (!isRecord(vocabulary.descriptions))
      issues.push({ path: 'descriptions', message: 'must be an object' })
    checkDefaults(vocabulary.defaults, issues)
  }
  if (issues.length > 0) {
    const first = issues[0]!
    throw new FocalError({
      code: 'invalid-argument',
      message: `invalid goal ${label}: ${first.path ? `${first.path}: ` : ''}${first.message}`,
      issues,
    })
  }
}
