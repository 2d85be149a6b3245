/**
 * Real requests to coding assistants, labelled with seed-003 intents: 513 rows (316 tuning, 197 held
 * out), a second blind set of 159, a third, training-only set of 304 (split `tuning`), and a
 * multilingual set of real requests in other languages and English (`language` on each row).
 * Fetched public data, so it is kept outside the repository, in a `coding-requests/` directory:
 * `$FOCAL_CODING_REQUESTS_DIR`, else the steering repo's `shared/data/coding-requests/`, else
 * `data/coding-requests/` beside the checkout (each file is looked for in that order; the
 * directory's README gives the sources, licences and labelling guide). Benches and scripts read
 * the data when it is there and say so when it is not.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { GoalIntent } from '../packages/core/src/goal/types.ts'

/** One labelled real request. */
export interface RealCodingRequest {
  source: string
  /** `blind`: the second blind set, from other repositories (never tuned on). */
  split: 'tuning' | 'held-out' | 'blind'
  /** Accepted intents, primary first. */
  intents: readonly GoalIntent[]
  text: string
  /** ISO 639-1 code of the request's language (the multilingual set only). */
  language?: string
  /** A request that deletes, undoes or overwrites (the multilingual set only). */
  destructive?: boolean
}

/** Directories that may hold the data, in the order they are tried. */
const dataDirectories = [
  process.env.FOCAL_CODING_REQUESTS_DIR,
  join(import.meta.dirname, '..', '..', 'shared', 'data', 'coding-requests'),
  join(import.meta.dirname, '..', '..', 'data', 'coding-requests'),
].filter((directory): directory is string => directory !== undefined && directory !== '')

/** The first place `name` exists, else where it would be in the first directory. */
function dataFile(name: string): string {
  const found = dataDirectories.map((directory) => join(directory, name)).find((file) => existsSync(file))
  return found ?? join(dataDirectories[0] as string, name)
}

/** Where the data lives. */
export const codingRequestsFile = dataFile('real-coding-requests.json')

/**
 * A second blind set (159 rows, split `blind`): user turns of `.aider.chat.history.md` files of
 * repositories the first set does not use, labelled before the parser ran on them (issue #17).
 */
export const blindCodingRequestsFile = dataFile('real-coding-requests-blind2.json')

/**
 * A third set (304 rows, split `tuning`): user turns of `.aider.chat.history.md` files of 23
 * repositories neither other set uses, labelled before the parser ran on them. Only trained on:
 * it gives the learned intent model real text unlike its other training rows (issue #17).
 */
export const thirdCodingRequestsFile = dataFile('real-coding-requests-train3.json')

/**
 * A multilingual set: user turns of `.aider.chat.history.md` files of repositories none of the
 * other sets use, most of them in other languages than English, split tuning/blind by repository
 * and labelled before the parser ran on them (issue #17).
 */
export const multilingualCodingRequestsFile = dataFile('real-coding-requests-multilingual.json')

/**
 * A fourth pair of sets, from `.aider.chat.history.md` files found by aider's own log lines (each
 * row's `source` is the file's id in the public-code index the collectors read it through): a
 * tuning set (150 turns of 32 files, split `tuning`) and a blind set (151 turns of 40 other
 * files, split `blind`, its texts none of the tuning set's), each collected and labelled by its
 * own helper session that never read the parser, with the guide beside them (LABELLING.md).
 * Only cue rows were written against the tuning set; the learned model never saw either.
 */
export const fourthTuningCodingRequestsFile = dataFile('real-coding-requests-tune4.json')
export const fourthBlindCodingRequestsFile = dataFile('real-coding-requests-blind4.json')

/**
 * A fifth set (split `tuning`, 149 turns of 47 more files, collected and labelled like the
 * fourth): training data only. Some of its files are among the first ones the public-code index
 * lists, which the earlier sets may have read too.
 */
export const fifthCodingRequestsFile = dataFile('real-coding-requests-tune5.json')

/**
 * What `fit-goal-blend.ts` trains on with `FIT_SETS=fourth`: the fourth tuning set and the fifth
 * set, or undefined unless both are on this machine. Never the fourth blind set.
 */
export function readFourthTrainingCodingRequests(): RealCodingRequest[] | undefined {
  const fourth = readRows(fourthTuningCodingRequestsFile)
  const fifth = readRows(fifthCodingRequestsFile)
  return fourth === undefined || fifth === undefined ? undefined : [...fourth, ...fifth]
}

/**
 * A sixth set (split `blind`, 122 turns of 40 more files, collected and labelled like the fourth
 * by a helper session that never read the parser, with `blind6-NOTES.md` on how): read once for
 * its first figure before any change was made with it in view, and never tuned on.
 */
export const sixthBlindCodingRequestsFile = dataFile('real-coding-requests-blind6.json')

/** The sixth (blind) set, or undefined when it is not on this machine. */
export function readSixthBlindCodingRequests(): RealCodingRequest[] | undefined {
  return readRows(sixthBlindCodingRequestsFile)
}

/**
 * A seventh set from another population: 156 prompts to Claude Code in 49 public repositories'
 * spec-kit prompt history records (`history/prompts/**.prompt.md`, the `## Prompt` section),
 * collected and labelled like the sixth by a helper session that never read the parser (notes in
 * `blind7-NOTES.md`). Read once whole, then split by repository (`blind7-split.md`): a tuning
 * half and a held-out half never tuned on.
 */
export const seventhTuningCodingRequestsFile = dataFile('real-coding-requests-tune7.json')
export const seventhBlindCodingRequestsFile = dataFile('real-coding-requests-blind7h.json')

/** The seventh set's tuning and held-out halves, or undefined when they are not on this machine. */
export function readSeventhCodingRequests():
  | { tuning: RealCodingRequest[]; blind: RealCodingRequest[] }
  | undefined {
  const tuning = readRows(seventhTuningCodingRequestsFile)
  const blind = readRows(seventhBlindCodingRequestsFile)
  return tuning === undefined || blind === undefined ? undefined : { tuning, blind }
}

/** The fifth set, or undefined when it is not on this machine. */
export function readFifthCodingRequests(): RealCodingRequest[] | undefined {
  return readRows(fifthCodingRequestsFile)
}

/** The fourth tuning and blind sets, or undefined when they are not on this machine. */
export function readFourthCodingRequests():
  | { tuning: RealCodingRequest[]; blind: RealCodingRequest[] }
  | undefined {
  const tuning = readRows(fourthTuningCodingRequestsFile)
  const blind = readRows(fourthBlindCodingRequestsFile)
  return tuning === undefined || blind === undefined ? undefined : { tuning, blind }
}

function readRows(file: string): RealCodingRequest[] | undefined {
  if (!existsSync(file)) return undefined
  return JSON.parse(readFileSync(file, 'utf8')) as RealCodingRequest[]
}

/** The labelled requests, or undefined when the data is not on this machine. */
export function readCodingRequests(): RealCodingRequest[] | undefined {
  return readRows(codingRequestsFile)
}

/** The third (training) set, or undefined when it is not on this machine. */
export function readThirdCodingRequests(): RealCodingRequest[] | undefined {
  return readRows(thirdCodingRequestsFile)
}

/**
 * What the fit scripts train on: the first set's tuning split and the third set, or undefined
 * unless both are on this machine (a refit without either would change the shipped model).
 * Never the held-out split or the blind set.
 */
export function readTrainingCodingRequests(): RealCodingRequest[] | undefined {
  const first = readCodingRequests()
  const third = readThirdCodingRequests()
  if (first === undefined || third === undefined) return undefined
  return [...first.filter((row) => row.split === 'tuning'), ...third]
}

/**
 * Session 47's set (split `blind`): 265 prompts to Cursor, Copilot and Codex in 35 public
 * repositories (SpecStory exports, `.specstory/history/*.md`), taken in log order and labelled by a
 * helper session that never read the parser (`LABELLING-blind9.md`), read once whole, then split
 * by repository: a tuning half (150 rows, 19 repositories) and a held-out half (115 rows, 16
 * repositories) that nothing is tuned or trained on.
 */
export const ninthTuningCodingRequestsFile = dataFile('real-coding-requests-blind9-tune.json')
export const ninthHeldOutCodingRequestsFile = dataFile('real-coding-requests-blind9-heldout.json')
export const eighthBlindCodingRequestsFile = dataFile('real-coding-requests-blind8.json')

/**
 * What `fit-goal-blend.ts` trains on with `FIT_SETS=recent`: the sets still on this machine that
 * may be trained on (the sixth, the eighth and the ninth's tuning half), or undefined unless all
 * three are here. Never the ninth's held-out half.
 */
export function readRecentTrainingCodingRequests(): RealCodingRequest[] | undefined {
  const sets = [
    sixthBlindCodingRequestsFile,
    eighthBlindCodingRequestsFile,
    ninthTuningCodingRequestsFile,
  ].map(readRows)
  return sets.some((set) => set === undefined) ? undefined : sets.flatMap((set) => set ?? [])
}

/** The multilingual set, or undefined when it is not on this machine. */
export function readMultilingualCodingRequests(): RealCodingRequest[] | undefined {
  return readRows(multilingualCodingRequestsFile)
}

/** The second blind set, or undefined when it is not on this machine. */
export function readBlindCodingRequests(): RealCodingRequest[] | undefined {
  return readRows(blindCodingRequestsFile)
}
