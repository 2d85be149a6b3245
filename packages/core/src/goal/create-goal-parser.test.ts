import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FocalError } from '../errors/index.ts'
import { createGoalParser } from './create-goal-parser.ts'
import { defaultGoalVocabulary } from './default-goal-vocabulary.ts'
import type { HeldOutPhrasing } from './fixtures/held-out-phrasings.ts'
import { heldOutPhrasings } from './fixtures/held-out-phrasings.ts'
import { fourthHeldOutPhrasings } from './fixtures/held-out-phrasings-fourth.ts'
import { secondHeldOutPhrasings } from './fixtures/held-out-phrasings-second.ts'
import { thirdHeldOutPhrasings } from './fixtures/held-out-phrasings-third.ts'
import { goalArtifacts, goalEntities, goalIntents, goalScopes, mutatingIntents } from './goal-values.ts'

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

  it('drops fillers that name nothing but keeps a word of a name that is also a filler', () => {
    expect(parser.parse('hmm router').goal.target).toBe('router')
    expect(parser.parse('explain hmmmm').goal.target).toBeUndefined()
    expect(parser.parse('no wait').goal.target).toBeUndefined()
    expect(parser.parse('explain something').goal.target).toBeUndefined()
    // "help", "wait" are fillers alone, words of a name beside another ("the help command").
    expect(parser.parse('explain the help command').goal.target).toBe('help command')
    expect(parser.parse('where is the wait queue defined').goal.target).toBe('wait queue')
  })

  it('reads what a name calls as a question about the name, never as who calls it', () => {
    // Session 65's review: "what does checkToken call?" was read as its callers (usage) at 0.944.
    for (const text of [
      'what does checkToken call?',
      'what did checkToken call?',
      'which functions does CommandRouter call?',
      'which functions are called by checkToken?',
      'what does the command router import?',
    ]) {
      const { goal } = parser.parse(text)
      expect(goal.artifact, text).not.toBe('usage')
      expect(goal.intent, text).toBe('explain')
    }
    // A host's own cue is marked the same way, and checked like the other flags.
    const custom = createGoalParser({
      learnedIntent: false,
      extendVocabulary: {
        cues: [{ phrase: 'wrap', artifact: 'usage', weight: 3, targetIsObject: true }],
      },
    })
    expect(custom.parse('what wraps fetchOrders?').goal.artifact).toBe('usage')
    expect(custom.parse('what does fetchOrders wrap?').goal.artifact).not.toBe('usage')
    expect(() =>
      createGoalParser({ extendVocabulary: { cues: [{ phrase: 'x', targetIsObject: 'yes' as never }] } }),
    ).toThrowError(/cues\[\d+\]\.targetIsObject: targetIsObject must be a boolean/)
    // Who calls or uses it: the name is what the verb acts on, before a passive verb too.
    for (const text of [
      'who calls checkToken?',
      'what calls checkToken?',
      'which functions call checkToken?',
      'where is checkToken called?',
      'where is checkToken referenced',
      'which files import checkToken?',
      'where do we use checkToken?',
      'is checkToken invoked anywhere?',
    ]) {
      expect(parser.parse(text).goal, text).toMatchObject({ intent: 'locate', artifact: 'usage' })
    }
  })

  it("takes no target from a value the input rail hid, only from the request's own names", () => {
    // Session 65's review: a pasted card became `[CREDIT_CARD_1]`, looked up as a symbol.
    expect(parser.parse('where is [CREDIT_CARD_1] used?').goal.target).toBeUndefined()
    expect(parser.parse('look up [CREDIT_CARD_1]').goal.target).toBeUndefined()
    expect(parser.parse('"[GITHUB_TOKEN_2]" leaked, find it').goal.target).toBeUndefined()
    expect(parser.parse('explain [GITHUB_TOKEN_2] in src/auth.ts').goal.target).toBe('src/auth.ts')
    expect(parser.parse('my card [CREDIT_CARD_1] fails in checkToken').goal.target).toBe('checkToken')
  })

  it('takes no target from what a request leaves out, nor from its exclusion words', () => {
    // Session 65's review: "except" became the target, then "excluding auth", then "all".
    for (const [text, target] of [
      ['explain everything except the auth', undefined],
      ['explain the code, excluding auth', undefined],
      ['explain all files except the router', undefined],
      ['explain the router apart from the auth stuff', 'router'],
      ['explain the router but not the auth', 'router'],
      ['explain the orders, but skip the router', 'orders'],
      ['explain orders without opening the router', 'orders'],
      ['explain how the auth works but avoid src/auth.ts', 'auth'],
      ['explain how the auth works, ignoring src/auth.ts', 'auth'],
    ] as const) {
      expect(parser.parse(text).goal.target, text).toBe(target)
    }
    // A verb that leaves out is the subject of a question about it, not an exclusion.
    expect(parser.parse('how do I avoid the race condition').goal.target).toBe('race condition')
    expect(parser.parse('how can I skip the login step').goal.target).toBe('login')
    expect(parser.parse('how do I exclude the vendor folder from linting').goal.target).toBe('vendor')
  })

  it('keeps a name written in another script whole, and reads a commit or range as the history', () => {
    // Session 44's review: each was mangled, so every search failed.
    expect(parser.parse('explain src/naïve.ts').goal.target).toBe('src/naïve.ts')
    expect(parser.parse('explain café.ts').goal.target).toBe('café.ts')
    expect(parser.parse('where is 取消订单 defined').goal.target).toBe('取消订单')
    expect(parser.parse('删除 legacy 文件夹').goal.target).toBe('删除 legacy 文件夹')
    expect(parser.parse('what changed in commit 855110d').goal).toMatchObject({
      entity: 'git-history',
      target: '855110d',
    })
    expect(parser.parse('diff 855110d..HEAD').goal).toMatchObject({
      entity: 'git-history',
      target: '855110d..HEAD',
    })
    // A file the request names comes before a hash beside it; a question about a thing gone asks
    // why, it wishes nothing away (session 44's second review).
    expect(parser.parse('explain src/orders.ts, the error hash is 5e3f21a').goal.target).toBe('src/orders.ts')
    expect(parser.parse('I want to know why the auth module is gone').goal.intent).not.toBe('modify')
    expect(parser.parse('I want the last commit gone').goal.intent).toBe('modify')
  })

  it('treats the stray page-control line "toggle portrait / landscape" as out of scope, not as a code search', () => {
    const result = parser.parse('toggle portrait / landscape')
    expect(result.goal.intent).toBe('unknown')
    expect(result.confidence).toBeLessThan(0.3)
  })
})

describe('createGoalParser', () => {
  it('keeps a request no cue reads ("the auth stuff") below the clarification line, whatever the learned model guesses', () => {
    const parser = createGoalParser()
    for (const text of ['the auth stuff', 'the database thing', 'stuff'])
      expect(parser.parse(text).confidence).toBeLessThan(0.3)
  })

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
    // The cues alone: the learned model may still guess locate from 'the logger'.
    expect(createGoalParser({ learnedIntent: false }).parse('fnid the logger').goal.intent).not.toBe('locate')
  })

  it('reads a destructive verb that lost its first letter as that verb, and no other word so', () => {
    const readOnly = new Set(goalIntents.filter((intent) => !mutatingIntents.has(intent)))
    for (const request of [
      'check which old builds are left and emove them',
      'look at the logs folder and elete everything older than a week',
      'see what the last commit did, then evert it',
    ]) {
      const { goal, confidence } = parser.parse(request)
      expect(readOnly.has(goal.intent) && confidence >= 0.5, `${request}: ${goal.intent} ${confidence}`).toBe(
        false,
      )
    }
    // Only the verbs of destructive cues: "older" is no "folder", and a question stays one.
    expect(parser.parse('what does the older config loader do?').goal.intent).toBe('explain')
  })

  it('reads a known word one letter off a cue word as itself, never as the cue word', () => {
    // `remote` is one letter off `remove`, `reverse` off `revert`: both read as destructive before.
    expect(parser.parse('the remote branch is ahead of mine, why?').goal.intent).toBe('diagnose')
    expect(parser.parse('how does the reverse proxy pick a backend?').goal.intent).toBe('explain')
    expect(parser.parse('is the audio player ready?').goal.intent).toBe('status')
    // A vocabulary's own known words: `planter` stays itself instead of becoming the cue `planner`.
    const cues = [{ phrase: 'planner', intent: 'review' as const, weight: 3 }]
    const plain = createGoalParser({ learnedIntent: false, extendVocabulary: { cues } })
    const known = createGoalParser({
      learnedIntent: false,
      extendVocabulary: { cues, knownWords: ['planter'] },
    })
    expect(plain.parse('the planter').goal.intent).toBe('review')
    expect(known.parse('the planter').goal.intent).not.toBe('review')
    expect(known.parse('the planer').goal.intent).toBe('review')
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

  it('matches a cue that starts with ^ only where a clause starts, past stop and filler words', () => {
    const extended = createGoalParser({
      extendVocabulary: {
        cues: [{ phrase: '^ship', intent: 'execute', weight: 4 }],
        fillerWords: ['alright'],
      },
      learnedIntent: false,
    })
    expect(extended.parse('alright, now please ship it').goal.intent).toBe('execute')
    expect(extended.parse('the tests pass. ship the release').goal.intent).toBe('execute')
    expect(extended.parse('how do we ship').goal.intent).toBe('explain')
    expect(extended.parse('the ship sank').goal.intent).toBe('unknown')
  })

  it('matches a cue word * against any content word of the forms it names', () => {
    const extended = createGoalParser({
      extendVocabulary: { cues: [{ phrase: 'never *:ing', intent: 'diagnose', weight: 4 }] },
      // The cue alone: the learned model reads "never polls" as a bug report too.
      learnedIntent: false,
    })
    expect(extended.parse('the worker is never polling the queue').goal.intent).toBe('diagnose')
    expect(extended.parse('the worker never polls the queue').goal.intent).not.toBe('diagnose')
  })

  it('counts two cues that normalise to the same phrase once, at the higher weight', () => {
    const base = { ...defaultGoalVocabulary, synonyms: { zap: ['blast'] } }
    const once = createGoalParser({
      vocabulary: { ...base, cues: [{ phrase: 'zap', intent: 'modify', weight: 2 }] },
    })
    const twice = createGoalParser({
      vocabulary: {
        ...base,
        cues: [
          { phrase: 'zap', intent: 'modify', weight: 2 },
          { phrase: 'blast', intent: 'modify', weight: 1 },
        ],
      },
    })
    expect(twice.parse('zap it').confidence).toBe(once.parse('zap it').confidence)
  })

  it('corrects no misspelt word to the words of an exact cue', () => {
    const cues = (exact: boolean) => [{ phrase: 'annule', intent: 'modify' as const, weight: 3, exact }]
    const corrected = createGoalParser({ learnedIntent: false, extendVocabulary: { cues: cues(false) } })
    const exact = createGoalParser({ learnedIntent: false, extendVocabulary: { cues: cues(true) } })
    // "annual" is one letter off "annul" (the stem of "annule"): only a correctable cue takes it.
    expect(corrected.parse('the annual report job fails').explanation).toContain("'annual' -> modify")
    expect(exact.parse('the annual report job fails').explanation).not.toContain('modify')
    expect(exact.parse('annule le dernier commit').goal.intent).toBe('modify')
    expect(() =>
      createGoalParser({
        extendVocabulary: { cues: [{ phrase: 'x', intent: 'modify', exact: 'yes' as never }] },
      }),
    ).toThrowError(/cues\[\d+\]\.exact: exact must be a boolean/)
  })

  it("reads English words one letter off another language's destructive verbs as themselves", () => {
    expect(parser.parse('the annual report job fails')).toMatchObject({ goal: { intent: 'diagnose' } })
    expect(parser.parse('the annual report job fails').confidence).toBeGreaterThanOrEqual(0.5)
    expect(parser.parse('remover tool explained').goal.intent).toBe('explain')
  })

  it('replaces the vocabulary entirely when given one', () => {
    const tiny = createGoalParser({
      vocabulary: { ...defaultGoalVocabulary, cues: [{ phrase: 'zap', intent: 'modify', weight: 2 }] },
    })
    expect(tiny.parse('zap the widget').goal.intent).toBe('modify')
    expect(tiny.parse('explain the architecture').goal.intent).toBe('unknown')
  })

  it('lets the learned intent model read a report no cue explains, and says so', () => {
    const report = 'the login page looks weird on mobile'
    expect(createGoalParser({ learnedIntent: false }).parse(report).goal.intent).toBe('unknown')
    const result = parser.parse(report)
    expect(result.goal.intent).toBe('diagnose')
    expect(result.confidence).toBeLessThan(0.8)
    expect(result.explanation).toContain('the learned intent model overrules')
  })

  it('keeps a weak cue reading the learned model overrules as the first intent ambiguity', () => {
    const weak = createGoalParser({
      extendVocabulary: { cues: [{ phrase: 'weird', intent: 'chat', weight: 0.3 }] },
    })
    const result = weak.parse('the login page looks weird on mobile')
    expect(result.goal).toMatchObject({ intent: 'diagnose', artifact: 'root-cause' })
    expect(result.ambiguities[0]).toMatchObject({ field: 'intent', value: 'chat' })
    expect(result.ambiguities[0]!.score).toBeLessThanOrEqual(1)
  })

  it('learns new words from labelled examples', () => {
    const learned = createGoalParser({
      examples: [
        { text: 'frobnicate the widget', intent: 'modify', entity: 'component' },
        { text: 'frobnicate everything quickly', intent: 'modify' },
      ],
    })
    expect(learned.parse('please frobnicate it').goal.intent).toBe('modify')
    expect(createGoalParser({ learnedIntent: false }).parse('please frobnicate it').goal.intent).toBe(
      'unknown',
    )
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

function accuracy(phrasings: readonly HeldOutPhrasing[]): number {
  const correct = phrasings.filter((phrasing) => {
    const { goal } = parser.parse(phrasing.text)
    return phrasing.intents.includes(goal.intent) && phrasing.entities.includes(goal.entity)
  })
  return correct.length / phrasings.length
}

describe('createGoalParser (held-out generalisation)', () => {
  // Measured 0.786 before any tuning, 0.903 after general vocabulary fixes made while reading this
  // list's errors (so it is not blind), 0.896 and 0.893 after later rounds. Floor below the measured value.
  it('parses at least 85% of the first held-out list to an accepted intent + entity', () => {
    const measured = accuracy(heldOutPhrasings)
    console.info(`held-out list 1: ${(measured * 100).toFixed(1)}% of ${heldOutPhrasings.length}`)
    expect(measured).toBeGreaterThanOrEqual(0.85)
  })

  // Written before the tuning above and measured blind at 0.653 (0.686 after that tuning); then
  // read for a second round of general fixes (0.843), so no longer blind. Floor below the measured value.
  it('parses at least 78% of the second held-out list to an accepted intent + entity', () => {
    const measured = accuracy(secondHeldOutPhrasings)
    console.info(`held-out list 2: ${(measured * 100).toFixed(1)}% of ${secondHeldOutPhrasings.length}`)
    expect(measured).toBeGreaterThanOrEqual(0.78)
  })

  // Written before the second round of tuning and measured blind at 0.729 (0.763 after that
  // round); then read for a third round of general fixes (0.864), so no longer blind.
  it('parses at least 80% of the third held-out list to an accepted intent + entity', () => {
    const measured = accuracy(thirdHeldOutPhrasings)
    console.info(`held-out list 3: ${(measured * 100).toFixed(1)}% of ${thirdHeldOutPhrasings.length}`)
    expect(measured).toBeGreaterThanOrEqual(0.8)
  })

  // Blind: written before the third round of tuning and never used to change the vocabulary.
  // Measured 0.870 before and 0.883 after that round. Floor set below the measured value.
  it('parses at least 82% of the blind fourth held-out list to an accepted intent + entity', () => {
    const measured = accuracy(fourthHeldOutPhrasings)
    console.info(
      `held-out list 4 (blind): ${(measured * 100).toFixed(1)}% of ${fourthHeldOutPhrasings.length}`,
    )
    expect(measured).toBeGreaterThanOrEqual(0.82)
  })

  // Confidence is calibrated on whether the intent is right (goal-confidence.ts); the top-versus-
  // bottom comparison runs on the real requests (`pnpm bench "goal: parse"`), where confidence
  // spreads. Here nearly every cued phrasing parses right, so the check is that 0.9 means it.
  it('is right about the intent at least 90% of the time when its confidence is 0.9 or more', () => {
    const confident = [
      ...heldOutPhrasings,
      ...secondHeldOutPhrasings,
      ...thirdHeldOutPhrasings,
      ...fourthHeldOutPhrasings,
    ].flatMap((phrasing) => {
      const { goal, confidence } = parser.parse(phrasing.text)
      return confidence >= 0.9 ? [phrasing.intents.includes(goal.intent)] : []
    })
    expect(confident.length).toBeGreaterThan(300)
    expect(confident.filter(Boolean).length / confident.length).toBeGreaterThanOrEqual(0.9)
  })
})

const controlAndEmoji = fc.constantFrom(
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\r\n',
  '\t',
  '\u2028',
  '🚀',
  '👩‍💻',
  '\ud800',
  'é',
  '’',
)
const piece = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      controlAndEmoji,
      fc.constantFrom('find', 'CommandRouter', 'what changed', 'src/a.ts', '"x"', "what's"),
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(' '))
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 3000 }),
  piece,
  fc
    .tuple(piece, fc.integer({ min: 1, max: 5000 }))
    .map(([text, times]) => text.repeat(times).slice(0, 100_000)),
)

describe('createGoalParser (robustness)', () => {
  it('returns a well-formed GoalParseResult for any string up to 100 KB, never throwing', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = parser.parse(text)
        expect(goalIntents).toContain(result.goal.intent)
        expect(goalEntities).toContain(result.goal.entity)
        expect(goalArtifacts).toContain(result.goal.artifact)
        expect(goalScopes).toContain(result.goal.scope)
        expect(result.confidence).toBeGreaterThanOrEqual(0)
        expect(result.confidence).toBeLessThanOrEqual(1)
        expect(typeof result.explanation).toBe('string')
      }),
      { numRuns: 150 },
    )
  }, 60_000)

  it('reads a line as long as the parser takes, with no space or of dots, in one pass', () => {
    // Outside review 49: a bare path's regex and the typo index read such a line in O(n²).
    const dots = parser.parse(`${'.'.repeat(16_000)}!`)
    expect(dots.goal.intent).toBe('unknown')
    expect(parser.parse('a'.repeat(16_000)).goal.intent).toBe('unknown')
    expect(parser.parse(`fix ${'x'.repeat(15_990)}`).goal.intent).toBe('modify')
    // A path alone stays a bare name, and a one-letter typo is still read.
    expect(parser.parse('"src/app.ts"').goal.intent).toBe('unknown')
    expect(parser.parse('refactr the loader').goal.intent).toBe('modify')
  })

  it('reads the question at either end of a long pasted log', () => {
    const log = 'INFO 2026-11-21 worker=3 tick ok\n'.repeat(3000)
    expect(parser.parse(`${log}why did the build fail`).goal).toMatchObject({
      intent: 'diagnose',
      entity: 'build',
    })
    expect(parser.parse(`explain the architecture\n${log}`).goal).toMatchObject({
      intent: 'explain',
      entity: 'architecture',
    })
  })

  it('parses a 100 KB request of mixed text, control characters and emoji', () => {
    const chunk = 'why did the CI workflow fail 🚀\u0000\u0007 where is CommandRouter défini? src/a.ts\n\t'
    const text = chunk.repeat(Math.ceil(100_000 / chunk.length)).slice(0, 100_000)
    expect(parser.parse(text).goal.intent).not.toBe('unknown')
  })
})
