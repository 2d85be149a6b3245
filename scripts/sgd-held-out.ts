// Builds a held-out set for the SGD routing bench from the Schema-Guided Dialogue repository
// (google-research-datasets/dstc8-schema-guided-dialogue): the dialogues of a split that are not
// in ../shared/data/sgd-dev, whose services are all that data's (the definition knows no other)
// and that hold no user turn the data uses as an intent example. Each user turn's `expected` is
// derived as the data's README describes, and agrees with every annotated turn of the data's own
// 340 dialogues (checked here). Read from a checkout or bare mirror and never copied into this
// repository (CC BY-SA 4.0 data; a set we tune on is no held-out set). Node-only; not shipped.
//
//   node --conditions=@focal/source --import tsx scripts/sgd-held-out.ts <sgd repo> [dev|test] > held-out.json
//   FOCAL_SGD_DIALOGUES=held-out.json pnpm bench conversation
//
// The active intent after a user turn: the intent of its frame when one frame has one; with
// several, the frame whose intent changed at this turn (the last such), else the service of the
// previous annotated turn, else the first.
import { readSgdData } from '../bench/sgd-dev.ts'
import { openScannerRepository } from './scanner-repository.ts'

interface Frame {
  service: string
  state: { active_intent: string }
}
interface SgdTurn {
  speaker: 'USER' | 'SYSTEM'
  utterance: string
  frames: Frame[]
}
interface SgdDialogue {
  dialogue_id: string
  services: string[]
  turns: SgdTurn[]
}

const [location, split = 'dev'] = process.argv.slice(2)
if (location === undefined || !['dev', 'test', 'train'].includes(split)) {
  console.error('usage: sgd-held-out.ts <dstc8-schema-guided-dialogue checkout or git dir> [dev|test|train]')
  process.exit(2)
}
const repository = openScannerRepository(location)
const data = readSgdData()
const services = new Set(data.services.map((service) => service.name))
const examples = new Set(
  data.services.flatMap((service) => service.intents.flatMap((intent) => intent.examples)),
)
const annotated = new Map(data.dialogues.map((dialogue) => [dialogue.id, dialogue]))

/** The user turns of a dialogue with the system utterance before each and the active intent. */
function convert(dialogue: SgdDialogue) {
  const turns: Array<{ sys: string; text: string; expected: string | null }> = []
  const intents = new Map<string, string>()
  let system = ''
  let previous: string | null = null
  for (const turn of dialogue.turns) {
    if (turn.speaker === 'SYSTEM') {
      system = turn.utterance
      continue
    }
    const active = turn.frames.filter((frame) => frame.state.active_intent !== 'NONE')
    const name = (frame: Frame) => `${frame.service}.${frame.state.active_intent}`
    const changed = active.filter((frame) => intents.get(frame.service) !== frame.state.active_intent)
    const kept = active.find((frame) => previous?.split('.')[0] === frame.service)
    const chosen = active.length <= 1 ? active[0] : (changed.at(-1) ?? kept ?? active[0])
    const expected = chosen === undefined ? null : name(chosen)
    turns.push({ sys: system, text: turn.utterance, expected })
    system = ''
    for (const frame of turn.frames) intents.set(frame.service, frame.state.active_intent)
    if (expected !== null) previous = expected
  }
  return turns
}

const files = repository.list(split).filter((path) => /dialogues_\d+\.json$/.test(path))
const held: Array<{ id: string; services: string[]; turns: ReturnType<typeof convert> }> = []
let checked = 0
let unreadable = 0
for (const path of files) {
  let dialogues: SgdDialogue[]
  try {
    dialogues = JSON.parse(repository.read(path)) as SgdDialogue[]
  } catch {
    unreadable++
    continue
  }
  for (const dialogue of dialogues) {
    const own = annotated.get(dialogue.dialogue_id)
    if (own !== undefined && split === 'dev') {
      // The derivation must give the data's own annotation on every one of its turns.
      const turns = convert(dialogue)
      turns.forEach((turn, index) => {
        if (turn.expected !== own.turns[index]?.expected)
          throw new Error(
            `${dialogue.dialogue_id}#${index}: derived ${turn.expected}, annotated ${own.turns[index]?.expected}`,
          )
      })
      checked += turns.length
      continue
    }
    if (!dialogue.services.every((service) => services.has(service))) continue
    if (dialogue.turns.some((turn) => turn.speaker === 'USER' && examples.has(turn.utterance))) continue
    held.push({
      id: `${split}:${dialogue.dialogue_id}`,
      services: dialogue.services,
      turns: convert(dialogue),
    })
  }
}
const scored = held.reduce(
  (sum, dialogue) => sum + dialogue.turns.filter((turn) => turn.expected !== null).length,
  0,
)
console.error(
  `${split}: ${held.length} held-out dialogues, ${scored} scored turns (${files.length} files, ${unreadable} unreadable${split === 'dev' ? `; derivation agrees with all ${checked} annotated turns of the data's own dialogues` : ''})`,
)
process.stdout.write(JSON.stringify({ dialogues: held }))
