/**
 * Real requests to coding assistants, labelled with seed-003 intents (513 rows, 197 held out).
 * Fetched public data, so it is kept outside the repository, under the steering repo's
 * `shared/data/coding-requests/` (its README gives the sources, licences and labelling guide);
 * benches and scripts read it when it is there and say so when it is not.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { GoalIntent } from '../packages/core/src/goal/types.ts'

/** One labelled real request. */
export interface RealCodingRequest {
  source: string
  split: 'tuning' | 'held-out'
  /** Accepted intents, primary first. */
  intents: readonly GoalIntent[]
  text: string
}

/** Where the data lives. */
export const codingRequestsFile = join(
  import.meta.dirname,
  '..',
  '..',
  'shared',
  'data',
  'coding-requests',
  'real-coding-requests.json',
)

/** The labelled requests, or undefined when the data is not on this machine. */
export function readCodingRequests(): RealCodingRequest[] | undefined {
  if (!existsSync(codingRequestsFile)) return undefined
  return JSON.parse(readFileSync(codingRequestsFile, 'utf8')) as RealCodingRequest[]
}
