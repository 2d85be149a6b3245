import type { AbstractionLevel, ArtifactType } from './types.ts'

const cueWords: Record<AbstractionLevel, string> = {
  runtime:
    'runtime request requests response responses event events signal signals message messages send sends receive receives emit emits trigger triggers triggered lifecycle state states transition transitions loop loops flow flows sequence concurrency concurrent process processes thread threads queue queues handshake roundtrip',
  repository:
    'repo repository repositories directory directories folder folders dir dirs layout package packages module modules monorepo structure organised organized subfolder subfolders toplevel',
  code: 'function functions method methods class classes variable variables parameter parameters argument arguments return returns implementation line lines snippet call calls invoke invokes signature',
}
// One literal alternation per level: V8 matches these far faster than splitting into words.
const levelCues = Object.fromEntries(
  Object.entries(cueWords).map(([level, list]) => [
    level,
    new RegExp(`\\b(?:${list.split(' ').join('|')})\\b`, 'gi'),
  ]),
) as Record<AbstractionLevel, RegExp>
const arrowPattern = /->|→/g
const callPattern = /\w\(\)/g

/**
 * The abstraction level a text is pitched at: the level whose cue words dominate (at least 3 hits
 * and more than 1.5× any other), or `undefined` when no level clearly dominates.
 */
export function detectAbstractionLevel(text: string): AbstractionLevel | undefined {
  const counts: Record<AbstractionLevel, number> = {
    runtime: (text.match(levelCues.runtime)?.length ?? 0) + (text.match(arrowPattern)?.length ?? 0),
    repository: text.match(levelCues.repository)?.length ?? 0,
    code: (text.match(levelCues.code)?.length ?? 0) + (text.match(callPattern)?.length ?? 0),
  }
  const ranked = (Object.entries(counts) as Array<[AbstractionLevel, number]>).sort((a, b) => b[1] - a[1])
  const [top, second] = ranked
  if (top === undefined || top[1] < 3) return undefined
  return top[1] > (second?.[1] ?? 0) * 1.5 ? top[0] : undefined
}

const goalLevelCues: Array<[AbstractionLevel, RegExp]> = [
  [
    'runtime',
    /\b(at run ?time|runtime|control flow|what happens when|lifecycle|how .* (flows?|talk|interact|communicat\w*)|sequence of events|end[- ]to[- ]end flow)\b/i,
  ],
  [
    'repository',
    /\b(repo(sitory)? (structure|layout)|folder structure|director(y|ies)|where (is|are|does|do) .* (live|located)|codebase layout|project structure|orient)\b/i,
  ],
  [
    'code',
    /\b(which function|call chain|code path|this function|the code|implementation of|line by line|stack trace)\b/i,
  ],
]

/** The level the goal asks for: explicit cues in the goal first, then the intent's default. */
export function inferRequestedAbstraction(
  goal: string,
  intentDefault: AbstractionLevel | undefined,
): AbstractionLevel | undefined {
  for (const [level, cue] of goalLevelCues) if (cue.test(goal)) return level
  return intentDefault
}

const goalArtifactCues: Array<[ArtifactType, RegExp]> = [
  ['diagram', /\b(diagram|flowchart|flow chart|draw|sketch|visuali[sz]e|mermaid|chart of|sequence chart)\b/i],
  ['patch', /\b(patch|diff|pull request|PR\b|apply (a |the )?fix|code change|fix (the|this) (bug|code))\b/i],
  ['code', /\b(snippet|code example|write (a |the )?(function|class|script|code)|show (me )?(the )?code)\b/i],
  ['list', /\b(list (of|all|the)|enumerate|bullet(ed)? (list|points))\b/i],
]

/** The artifact the goal asks for, or `undefined` when it names none (any artifact may do). */
export function inferRequestedArtifact(goal: string): ArtifactType | undefined {
  for (const [artifact, cue] of goalArtifactCues) if (cue.test(goal)) return artifact
  return undefined
}
