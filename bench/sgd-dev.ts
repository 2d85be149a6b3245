import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The Schema-Guided Dialogue dev split lives beside the repository
 * (../shared/data/sgd-dev/sgd_cases.json from the repo root; its README says how to score).
 */
export const sgdDataFile = join(import.meta.dirname, '../../shared/data/sgd-dev/sgd_cases.json')

/** One intent of a service, with the user turns that opened it in other dialogues. */
export interface SgdIntent {
  id: string
  name: string
  description: string
  examples: string[]
}

/** The services and the dialogues (`expected`: the active intent after each user turn). */
export interface SgdData {
  services: Array<{ name: string; intents: SgdIntent[] }>
  dialogues: Array<{ id: string; turns: Array<{ sys: string; text: string; expected: string | null }> }>
}

/**
 * Reads the data set (callers check `existsSync(sgdDataFile)` first). With `FOCAL_SGD_DIALOGUES`
 * (a JSON file `{ dialogues }`, such as `scripts/sgd-held-out.ts` writes), its dialogues are
 * measured instead, with the data's services: dialogues that are not in the repo.
 */
export function readSgdData(): SgdData {
  const data = JSON.parse(readFileSync(sgdDataFile, 'utf8')) as SgdData
  const other = process.env.FOCAL_SGD_DIALOGUES
  if (other === undefined || other === '') return data
  return {
    ...data,
    dialogues: (JSON.parse(readFileSync(other, 'utf8')) as Pick<SgdData, 'dialogues'>).dialogues,
  }
}

/**
 * One definition built from the services alone: one intent and one scenario per service intent,
 * with its name, description and examples, and the service as the scenario's `topic` (no
 * hand-written keywords).
 */
export function sgdDefinition(data: SgdData) {
  const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2')
  return {
    name: 'sgd-dev',
    intents: data.services.flatMap((service) =>
      service.intents.map((intent) => ({
        id: intent.id,
        label: words(intent.name),
        description: intent.description,
        examples: intent.examples,
      })),
    ),
    scenarios: data.services.flatMap((service) =>
      service.intents.map((intent) => ({
        id: intent.id,
        topic: service.name,
        intents: [intent.id],
        steps: [{ id: 'main' }],
      })),
    ),
  }
}
