import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { createGoalParser } from './create-goal-parser.ts'
import { defaultGoalVocabulary } from './default-goal-vocabulary.ts'

const parser = createGoalParser()

// The seed's "Success Verification" list (seed 003), each with its stated intent + entity.
const workingTree = [
  'check the files changed',
  'which files changed',
  'what changed',
  'show modified files',
  'what did I modify',
  'show me what I edited today',
  'did I edit anything',
  'what files are modified',
  'show me uncommitted changes',
  "what's unstaged",
]
const explainArchitecture = [
  'how is this agent designed',
  'explain the architecture',
  'walk me through the design',
  'how does this work',
  'explain how authentication works',
  'how does the planner work',
  'tell me about the command router',
]
const locateSymbol: ReadonlyArray<readonly [string, string]> = [
  ['find CommandRouter', 'CommandRouter'],
  ['where is DiscoveryService defined', 'DiscoveryService'],
  ['grep Agent', 'Agent'],
  ['search for confidence scoring logic', 'confidence scoring logic'],
  ['locate the TokenManager', 'TokenManager'],
  ['find where ConfigService is used', 'ConfigService'],
]

describe('createGoalParser (seed success verification)', () => {
  for (const text of workingTree) {
    it(`parses "${text}" as status of the git working tree`, () => {
      const { goal } = parser.parse(text)
      expect([goal.intent, goal.entity]).toEqual(['status', 'git-working-tree'])
    })
  }
  for (const text of explainArchitecture) {
    it(`parses "${text}" as explain architecture or component`, () => {
      const { goal } = parser.parse(text)
      expect(goal.intent).toBe('explain')
      expect(['architecture', 'component']).toContain(goal.entity)
    })
  }
  for (const [text, target] of locateSymbol) {
    it(`parses "${text}" as locate symbol with target ${target}`, () => {
      const { goal } = parser.parse(text)
      expect([goal.intent, goal.entity, goal.target]).toEqual(['locate', 'symbol', target])
    })
  }

  it('names the component a request is about as its target', () => {
    expect(parser.parse('explain how authentication works').goal.target).toBe('authentication')
    expect(parser.parse('how does the planner work').goal.target).toBe('planner')
    expect(parser.parse('tell me about the command router').goal.target).toBe('command router')
  })

  it('treats the stray page-control line "toggle portrait / landscape" as out of scope, not as a code search', () => {
    const result = parser.parse('toggle portrait / landscape')
    expect(result.goal.intent).toBe('unknown')
    expect(result.confidence).toBeLessThan(0.3)
  })
})

describe('createGoalParser', () => {
  it('returns the seed example for "what files changed": recent status, with history as the alternative', () => {
    const result = parser.parse('what files changed')
    expect(result.goal).toEqual({
      intent: 'status',
      entity: 'git-working-tree',
      artifact: 'status',
      scope: 'recent',
    })
    expect(result.confidence).toBeGreaterThan(0.6)
    expect(result.ambiguities).toContainEqual(
      expect.objectContaining({
        field: 'entity',
        value: 'git-history',
        description: 'entity could be git-history (files changed across commits)',
      }),
    )
    expect(result.explanation).toContain("'changed' -> status intent")
  })

  it('ignores case, punctuation, contractions and stop words', () => {
    const plain = parser.parse('where is the DiscoveryService defined').goal
    expect(parser.parse("WHERE'S   the DiscoveryService defined???").goal).toEqual(plain)
    expect(parser.parse('Where is DiscoveryService defined, please?').goal).toEqual(plain)
  })

  it('reads inflections of one verb alike (modify, modified, modifying)', () => {
    expect(parser.parse('modify the login form').goal.intent).toBe('modify')
    expect(parser.parse('modifying the login form').goal.intent).toBe('modify')
    expect(parser.parse('which files were modified').goal.intent).toBe('status')
  })

  it('forgives one-letter typos in cue words of five or more letters, and only there', () => {
    expect(parser.parse('expalin the architecure').goal).toMatchObject({
      intent: 'explain',
      entity: 'architecture',
    })
    expect(parser.parse('refactr the logger').goal.intent).toBe('modify')
    expect(parser.parse('fnid the logger').goal.intent).not.toBe('locate')
  })

  it('maps synonyms to the same concept', () => {
    expect(parser.parse('describe the architecture').goal).toEqual(
      parser.parse('explain the architecture').goal,
    )
    expect(parser.parse('audit the payment module').goal.intent).toBe('review')
  })

  it('extracts file paths and quoted strings as targets', () => {
    expect(parser.parse('open src/auth.ts').goal).toMatchObject({
      intent: 'navigate',
      entity: 'file',
      target: 'src/auth.ts',
    })
    expect(parser.parse('search for "invalid token"').goal.target).toBe('invalid token')
  })

  it('gives low confidence when the text carries no cue', () => {
    for (const text of ['help', 'asdf qwer', '', '   ']) {
      const result = parser.parse(text)
      expect(result.goal.intent).toBe('unknown')
      expect(result.confidence).toBeLessThan(0.3)
    }
  })

  it('is more confident with more agreeing evidence', () => {
    const weak = parser.parse('find CommandRouter').confidence
    const strong = parser.parse('where is the CommandRouter class defined').confidence
    expect(strong).toBeGreaterThan(weak)
  })

  it('is deterministic: the same text gives the same result', () => {
    expect(parser.parse('why did the CI workflow fail')).toEqual(parser.parse('why did the CI workflow fail'))
  })

  it('accepts extra cues without code changes', () => {
    const extended = createGoalParser({
      extendVocabulary: {
        cues: [{ phrase: 'ship it', intent: 'execute', entity: 'ci-pipeline', weight: 3 }],
      },
    })
    expect(extended.parse('ship it').goal).toMatchObject({ intent: 'execute', entity: 'ci-pipeline' })
    expect(parser.parse('ship it').goal.intent).toBe('unknown')
  })

  it('replaces the vocabulary entirely when given one', () => {
    const tiny = createGoalParser({
      vocabulary: { ...defaultGoalVocabulary, cues: [{ phrase: 'zap', intent: 'modify', weight: 2 }] },
    })
    expect(tiny.parse('zap the widget').goal.intent).toBe('modify')
    expect(tiny.parse('explain the architecture').goal.intent).toBe('unknown')
  })

  it('learns new words from labelled examples', () => {
    const learned = createGoalParser({
      examples: [
        { text: 'frobnicate the widget', intent: 'modify', entity: 'component' },
        { text: 'frobnicate everything quickly', intent: 'modify' },
      ],
    })
    expect(learned.parse('please frobnicate it').goal.intent).toBe('modify')
    expect(parser.parse('please frobnicate it').goal.intent).toBe('unknown')
  })

  it('rejects a malformed vocabulary with a located invalid-argument error', () => {
    const bad = { ...defaultGoalVocabulary, cues: [{ phrase: 'x', intent: 'teleport' }] }
    expect(() => createGoalParser({ vocabulary: bad as never })).toThrowError(
      /cues\[0\]\.intent: unknown intent "teleport"/,
    )
    try {
      createGoalParser({ examples: [{ text: 'x', entity: 'planet' as never }] })
      expect.unreachable()
    } catch (error) {
      expect(FocalError.isInstance(error) && error.code).toBe('invalid-argument')
    }
  })
})
