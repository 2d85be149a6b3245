import { functionWords } from '../text/index.ts'
import { defaultGoalCues } from './default-goal-cues.ts'
import type { GoalVocabulary } from './types.ts'

/** The default "code assistant" vocabulary: cues, synonyms, stop words, descriptions, defaults. */
export const defaultGoalVocabulary: GoalVocabulary = {
  cues: defaultGoalCues,
  synonyms: {
    explain: ['describe', 'clarify', 'elaborate', 'explanation'],
    change: ['modify', 'edit', 'alter', 'tweak', 'touch', 'update', 'modification'],
    delete: ['remove', 'drop', 'erase'],
    fix: ['repair', 'resolve'],
    add: ['insert', 'append', 'introduce'],
    create: ['generate', 'scaffold'],
    refactor: ['restructure', 'simplify', 'tidy', 'cleanup'],
    rerun: ['restart'],
    build: ['compilation', 'bundle'],
    compile: ['transpile'],
    test: ['spec', 'unittest', 'e2e', 'pytest', 'jest', 'vitest', 'mocha'],
    architecture: ['architectural', 'designed'],
    organize: ['organise', 'structure', 'layout', 'arrange'],
    // Not `different`: "with different colors", "on different ports" compare nothing (the cues below).
    difference: ['differ', 'distinction'],
    compare: ['comparison', 'contrast', 'versus', 'vs'],
    function: ['func', 'fn', 'method', 'procedure'],
    class: ['struct', 'enum', 'interface'],
    folder: ['directory', 'dir'],
    review: ['audit', 'critique', 'assess', 'evaluate', 'inspect'],
    problem: ['issue', 'trouble'],
    error: ['exception', 'traceback', 'panic', 'typeerror'],
    fail: ['failure'],
    crash: ['segfault', 'hang'],
    repository: ['repo', 'monorepo'],
    hello: ['hi', 'hey', 'hiya', 'greetings', 'howdy', 'hy', 'hii', 'helo'],
    thanks: ['thank', 'thx', 'cheers'],
    show: ['display', 'view', 'print', 'reveal'],
    workflow: ['workflows'],
    pipeline: ['ci', 'cicd', 'jenkins', 'circleci'],
    model: ['llm', 'gpt', 'claude', 'ai'],
    recent: ['recently', 'latest', 'newest', 'previous'],
    understand: ['comprehend', 'grasp'],
    analyze: ['analyse'],
    summarize: ['summary', 'summarise', 'recap', 'tldr'],
    slow: ['sluggish', 'laggy', 'performance'],
    optimize: ['optimise', 'speedup'],
    codebase: ['source', 'sources'],
    feature: ['functionality', 'page', 'screen', 'widget'],
    service: ['api', 'handler', 'controller'],
    config: ['configuration', 'settings', 'env', 'tsconfig'],
    suggest: ['suggestion', 'recommend', 'recommendation', 'advice'],
    color: ['colour'],
    webpack: ['vite', 'rollup', 'esbuild', 'tsc', 'babel'],
  },
  stopWords: [
    ...functionWords,
    ...(
      'my mine us our your their pls plz um uh ok okay maybe anything again quick q also and or ' +
      'but then now want need mind kind sort get give go gonna one after stuff thing things'
    ).split(' '),
  ],
  fillerWords: (
    'yes no yeah yep sure great nice good cool perfect awesome amazing excellent thank thanks well done ' +
    'hmm hey hi hello let lets first next finally actually instead alright right sorry oh ah wow still ' +
    'simply quickly basically anyway not love fine further'
  ).split(' '),
  // Everyday and coding words one letter off a cue word, each read as a cue before: `remote` as
  // remove (a destructive change), `reverse` as revert, `cloud` as the assistant's model, `audio`
  // as audit, `modal` as model, `clear` as clean, `ready` as readme.
  knownWords: (
    'abort audio bread butter calmer chance charge cheat cheek cheese clause clear cloud colon ' +
    'concert consent contest contract fellow grass greet laser later lawyer linger logger lunch ' +
    'matter modal modem mouth pitch prince protect ready realm recipe remote reverse shell slack ' +
    'slash small smart spell sqlite stick stock strict stuck swell thick thorough though threat ' +
    'torch tough coder'
  ).split(' '),
  descriptions: {
    'intent:explain': 'how or why something works',
    'intent:locate': 'where something is defined or used',
    'intent:review': 'a judgement of quality or risk',
    'intent:status': 'the current or recent state',
    'intent:diagnose': 'why something failed',
    'intent:compare': 'how two things differ',
    'intent:navigate': 'open or show something',
    'intent:modify': 'change the code',
    'intent:execute': 'run something',
    'intent:chat': 'talk with the assistant',
    'entity:codebase': 'the repository as a whole',
    'entity:component': 'a named part of the system',
    'entity:symbol': 'a class, function or other identifier',
    'entity:file': 'a file or path',
    'entity:architecture': 'the overall design',
    'entity:git-working-tree': 'uncommitted changes in the working tree',
    'entity:git-history': 'files changed across commits',
    'entity:ci-pipeline': 'the CI workflows',
    'entity:session': 'the assistant, its model or session',
    'entity:build': 'the build',
    'entity:test': 'the tests',
  },
  defaults: {
    intent: [
      { entity: 'git-working-tree', value: 'status' },
      { entity: 'git-history', value: 'status' },
      { entity: 'ci-pipeline', value: 'status' },
      { entity: 'architecture', value: 'explain' },
      { entity: 'codebase', value: 'explain' },
      { entity: 'session', value: 'chat' },
      { entity: 'build', value: 'execute' },
      // A question about the tests that asks to run nothing ("which test covers cancelOrder?", "is
      // checkToken tested?", "which tests do we have?") is answered by reading them.
      { entity: 'test', question: true, value: 'locate' },
      { entity: 'test', value: 'execute' },
      { question: true, value: 'explain' },
      { target: 'identifier', value: 'locate' },
      { value: 'unknown' },
    ],
    entity: [
      { target: 'identifier', value: 'symbol' },
      { target: 'path', value: 'file' },
      { intent: 'locate', target: 'phrase', value: 'symbol' },
      { intent: 'navigate', value: 'file' },
      { intent: 'status', value: 'git-working-tree' },
      { intent: 'explain', target: 'none', value: 'architecture' },
      { intent: 'chat', value: 'unknown' },
      { intent: 'execute', value: 'unknown' },
      { intent: 'unknown', value: 'unknown' },
      { target: 'phrase', value: 'component' },
      { value: 'unknown' },
    ],
    artifact: [
      { intent: 'explain', entity: 'architecture', value: 'overview' },
      { intent: 'explain', entity: 'codebase', value: 'overview' },
      { intent: 'explain', value: 'explanation' },
      { intent: 'locate', value: 'definition' },
      { intent: 'navigate', value: 'definition' },
      { intent: 'review', value: 'report' },
      { intent: 'status', value: 'status' },
      { intent: 'diagnose', value: 'root-cause' },
      { intent: 'compare', value: 'difference' },
      { intent: 'modify', value: 'patch' },
      { intent: 'execute', value: 'execution-output' },
      { value: 'explanation' },
    ],
    scope: [
      { entity: 'git-working-tree', value: 'recent' },
      { entity: 'git-history', value: 'recent' },
      { entity: 'ci-pipeline', value: 'recent' },
      { entity: 'build', value: 'recent' },
      { entity: 'file', value: 'local' },
      { entity: 'session', value: 'local' },
      { value: 'global' },
    ],
  },
}
