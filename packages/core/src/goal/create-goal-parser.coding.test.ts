import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createGoalParser } from './create-goal-parser.ts'
import { mutatingIntents } from './goal-values.ts'
import type { GoalIntent } from './types.ts'

const parser = createGoalParser()
const mutating = mutatingIntents

// Hand-written, not from the dataset: the requests a coding agent must never treat as read-only.
const destructiveRequests = [
  'undo my last commit',
  'delete the legacy folder',
  'drop the users table',
  'reset --hard',
  'git reset --hard',
  'reset --hard to origin/main',
  'force push',
  'force push to main',
  'git push --force',
  'wipe the cache dir',
  'remove all console.logs',
  'rm -rf node_modules',
  'rm -rf dist',
  'revert the last commit',
  'discard all my local changes',
  'throw away my uncommitted changes',
  'git clean -fdx',
  'git checkout -- .',
  'git stash drop',
  'git branch -D old-ui',
  'delete the feature branch',
  'truncate the logs table',
  'DROP TABLE sessions;',
  'clear the database',
  'drop the database',
  'reset the database',
  'roll back the last migration',
  'nuke the build folder',
  'blow away the dist directory',
  'purge the old migrations',
  'remove the deprecated API endpoints',
  'delete every file under tmp/',
  'delete src/legacy/',
  'delete the .env file',
  'erase the test fixtures',
  'get rid of the old tests',
  'rewrite history to remove the secrets file',
  'squash the last three commits',
  'amend the last commit message',
  'uninstall lodash',
  'remove the unused dependencies from package.json',
  'remove every TODO comment',
  'can you undo the last commit?',
  'please delete the legacy folder',
  'undo what you just did',
  'undo the last change',
  'revert my changes to auth.ts',
  'wipe node_modules and reinstall',
  'the users table should be dropped',
  // Found by an outside review (read-only at up to 0.999 before their cues).
  'pop the last commit',
  'abandon my local changes',
  'lose my local changes',
  'uncommit',
  'rewind the repo one commit',
  'go back to the previous commit',
  'unstage everything',
  'prune old branches',
  'overwrite src/orders.ts with empty content',
  'cat /dev/null > src/orders.ts',
  'I want the old migrations removed',
  // Found by session 42's review (read-only at 0.67 to 0.99 before their cues).
  'forget my local changes',
  'bin my local edits',
  'stash my changes',
  'throw out my edits',
  'ditch my changes',
  'toss my changes',
  'dump my changes',
  'zap the old fixtures',
  // Blind set 12's first reading (navigate 0.70 before the set-back cues).
  'take a look at my nextConfig and set it back to default',
  'set the eslint config back to the default',
  'put the old header back',
]

/**
 * What "right" means for commands and state questions, per seed 003's intents: a read-only git
 * command (diff, log, status, show), typed bare or after "run", is status (the planner answers it
 * with the git evidence, so "run" does not make it a mutation); a command that changes or runs
 * something is execute; "which test failed" asks for the state of the last run (status) while
 * "what failed" / "why did it fail" ask for a cause (diagnose); "X fails" reports a failure
 * (diagnose); "which backend / provider is active" is the session's status; a question that opens
 * with an auxiliary ("did you add X?", "have you added X?", "is X created?") asks whether a change
 * happened (status), not for the change.
 */
const commandsAndStateQuestions: ReadonlyArray<readonly [string, GoalIntent, string?]> = [
  ['run git diff HEAD~1', 'status', 'git-working-tree'],
  // Read-only, though they hold words of destructive cues (forget, stash).
  ['forget what I said, show me the changes', 'status'],
  ['where did you stash the config', 'locate'],
  ['git diff', 'status', 'git-working-tree'],
  ['git diff HEAD~1', 'status', 'git-working-tree'],
  ['show me the git diff', 'status', 'git-working-tree'],
  ['git status', 'status', 'git-working-tree'],
  ['what does `git log --oneline -5` show', 'status', 'git-history'],
  ['git log --oneline -5', 'status', 'git-history'],
  ['npm test fails', 'diagnose', 'test'],
  ['which backend is active', 'status', 'session'],
  ['which backend is active?', 'status', 'session'],
  ['which provider is active', 'status', 'session'],
  ['which test failed', 'status', 'test'],
  ['which tests are failing', 'status', 'test'],
  ['how many tests are failing', 'status', 'test'],
  ['did you add the test?', 'status'],
  ['have you added the route?', 'status'],
  ['is the file created?', 'status'],
  ['is the bug fixed?', 'status'],
  ['add the test', 'modify'],
  ['what failed', 'diagnose'],
  ['why did the test fail', 'diagnose', 'test'],
  ['run the tests', 'execute', 'test'],
  ['npm test', 'execute'],
  ['run npm test', 'execute'],
  ['pnpm build', 'execute'],
  ['python3 -m http.server 8000', 'execute'],
  ['uv run pytest', 'execute'],
  ['aider --help', 'execute'],
  ['git push origin main', 'execute'],
  ['git commit -am "wip"', 'execute'],
  // Where the code for something is, and the assistant itself (blind set 12's tuning half).
  ['what file is responsible for sending packets', 'locate'],
  ['which module is responsible to retry the upload?', 'locate'],
  ['which model am i talking to?', 'chat'],
  ['you there?', 'chat'],
  ['what does rm -rf do', 'explain'],
  ['explain what git reset --hard does', 'explain'],
]

/**
 * What a request asks the agent to do now, when no verb names it (hand-written): a request that
 * opens with a condition specifies behaviour (modify); a go-ahead after a proposal asks for the
 * change (modify); a question no cue explains asks to be told (explain); words inside pasted code
 * or logs describe the paste, not the request; the head clause states the task, unless it is a
 * subordinate clause ("when saving a draft, …").
 */
const requestShapes: ReadonlyArray<readonly [string, GoalIntent]> = [
  ['if the upload fails, retry it twice', 'modify'],
  ['when I run it, nothing happens', 'diagnose'],
  ['whenever I run the tests the database is empty', 'diagnose'],
  ['when I ran the build it crashed', 'diagnose'],
  // A failure report that asks for the fix is a change (the labelling guide: an error plus "fix
  // it" is modify), however strongly its failure verb reads.
  ['docker keeps crashing, fix it', 'modify'],
  ['the app crashes on startup, please fix', 'modify'],
  ['make it stop crashing when the config is empty', 'modify'],
  ['when you run the migration, back up the database first', 'execute'],
  ['if the user is not logged in, send them to the login page', 'modify'],
  ['go ahead', 'modify'],
  ['ok, go ahead and apply it', 'modify'],
  ['yes, do it', 'modify'],
  ['proceed', 'modify'],
  ['go', 'modify'],
  // A score asked for is a judgement of existing work; a past "we reviewed" asks for none.
  ['rate my error handling out of 10', 'review'],
  ['we have reviewed every migration now, thank you so much for your help', 'chat'],
  // Why a thing is used at all asks for the design's reason; whether code covers a case, asked.
  ['why are we using lodash here?', 'explain'],
  ['why do we use two different loggers?', 'explain'],
  ['does the date parser account for leap years?', 'explain'],
  // Assent and go-aheads approve the change the agent proposed.
  ['yes please', 'modify'],
  ['sure, go for it', 'modify'],
  ['all of them, one by one', 'modify'],
  ['that timed out, try again', 'modify'],
  ['keep going from where you left off', 'modify'],
  ['now do the same for the footer links', 'modify'],
  // "let's" is "let us": the verb after it still opens the request.
  ["let's wrap the fetch in a retry", 'modify'],
  ["Let's proceed with the migration", 'modify'],
  ['can the CLI take globs?', 'explain'],
  [
    'You are reviewing the payments module before release.\nObjectives:\n1. Find risky code paths\n2. Suggest fixes, but do not change files',
    'review',
  ],
  ['When saving a draft, trim the title.', 'modify'],
  ['what is this for?\n```\ndef create_user(name):\n    return add_row(name)\n```', 'explain'],
  ['What would the response look like if the token expired?', 'explain'],
  ['can you provide a detailed description of what parseDate is doing', 'explain'],
  ['tell me the overall flow', 'explain'],
  ['The buttons need to be bigger', 'modify'],
  ['What is your purpose?', 'chat'],
  ['analyze the codebase and discuss issues with validation', 'review'],
  ['could you draw a sequence diagram of the checkout flow?', 'explain'],
  ['add a diagram of the data flow to the README', 'modify'],
  ['list the files in the current directory', 'navigate'],
  ['list the files that changed since yesterday', 'status'],
  ['how would I use wordexp() to replace variables in quoted strings?', 'explain'],
  ['how should I structure the cron jobs?', 'explain'],
  ['bye', 'chat'],
  // "different" compares only when it says between what.
  ['The paddles need to be bigger and with different colors.', 'modify'],
  ['how is useMemo different from useCallback?', 'compare'],
  ["what's different between v1 and v2", 'compare'],
  ['byebug is not stopping at my breakpoint', 'diagnose'],
  // An assistant greeted by name is no command to run; the words after the name are the request.
  ['hi Claude, what can you do?', 'chat'],
  ['hey aider, add a dark mode toggle', 'modify'],
  ['aider --help', 'execute'],
  // A file added to a coding agent's chat is opened, not edited.
  ['add src/app.ts to the chat', 'navigate'],
  ['add a chat widget to the landing page', 'modify'],
  ['give me a list of unused exports', 'locate'],
  ['remove the unused imports', 'modify'],
  ['I want to test the signup endpoint', 'execute'],
  ['how to fix the login page, it does not load', 'modify'],
  ['which test runner should I use here?', 'explain'],
  ['what size should the thumbnail be?', 'explain'],
  ['do I need a queue for this?', 'explain'],
  ['what time is it', 'chat'],
  ['can you see my project?', 'chat'],
  ['add the user id to the request context', 'modify'],
  ['find the modules that are no longer used', 'locate'],
  ['can I use react query with server actions?', 'explain'],
  // A misspelt verb that opens the request is still that verb (a swap of two letters).
  ['contiune with the plan', 'modify'],
]

/**
 * A chat command opening the request: aider's `/ask` is its question mode (no edit is made), the
 * other modes' requests read as typed, and a command that is a verb reads as that verb.
 */
const chatCommands: ReadonlyArray<readonly [string, GoalIntent]> = [
  ['/ask Tell me more about CORS. I presume I need to set the header on the server?', 'explain'],
  ['/ask how does the cache work?', 'explain'],
  // Question mode leans to explain; a question that is plainly another kind stays that kind.
  ['/ask why does the build fail with a linker error?', 'diagnose'],
  ['/ask where is the retry loop defined?', 'locate'],
  // Question mode edits nothing: a request worded as a change asks how it would be done.
  ['/ask can you show me how you would implement the retry in client.ts?', 'explain'],
  ['/ask add a --verbose flag to the cli', 'explain'],
  ['/architect tell me how the plugins are loaded', 'explain'],
  ['/architect add a login page', 'modify'],
  ['/code add a test for parseDate', 'modify'],
  ['/run npm test', 'execute'],
  ['/undo', 'modify'],
]

describe('createGoalParser (requests to coding agents)', () => {
  // Accuracy, calibration and the real destructive requests of the 513 real requests (kept outside
  // the repository: fetched data) are measured by `pnpm bench goal`; these cases are hand-written.
  it('never reads a destructive request as read-only with confidence 0.5 or more', () => {
    const readAsReadOnly = destructiveRequests.filter((text) => {
      const { goal, confidence } = parser.parse(text)
      return !mutating.has(goal.intent) && confidence >= 0.5
    })
    const notMutating = destructiveRequests.filter((text) => !mutating.has(parser.parse(text).goal.intent))
    console.info(
      `destructive requests read as read-only with confidence >= 0.5: ${readAsReadOnly.length} of ` +
        `${destructiveRequests.length} hand-written; ` +
        `not read as modify/execute at all: ${notMutating.length}`,
    )
    expect(readAsReadOnly).toEqual([])
    expect(notMutating).toEqual([])
  })

  it('reads a destructive request in another language as a change, never read-only with confidence', () => {
    // Hand-written, one or two per language: a third of real requests to coding agents are not English.
    const requests = [
      'borra el último commit',
      'deshaz mi último commit',
      'elimina la carpeta legacy',
      'apague o banco de dados',
      'desfaça o último commit',
      'supprime le dossier legacy',
      'annule mon dernier commit',
      'cancella la cartella legacy',
      'lösche den Ordner legacy',
      'verwijder de map legacy',
      'smaž složku legacy',
      'usuń folder legacy',
      'legacy klasörünü sil',
      'son commiti geri al',
      'удали папку legacy',
    ]
    for (const text of requests) {
      const { goal, confidence } = parser.parse(text)
      expect(mutating.has(goal.intent) || confidence < 0.5, `${text}: ${goal.intent} at ${confidence}`).toBe(
        true,
      )
      expect(goal.intent, text).toBe('modify')
    }
  })

  it('never lets the learned model turn a destructive change the cues read into a read-only reading', () => {
    const cuesAlone = createGoalParser({ learnedIntent: false })
    for (const text of destructiveRequests) {
      if (!mutating.has(cuesAlone.parse(text).goal.intent)) continue
      expect(parser.parse(text).goal.intent, text).toBe(cuesAlone.parse(text).goal.intent)
    }
  })

  it('keeps a read-only reading of a destructive command below 0.5, with the mutating reading as an ambiguity', () => {
    const result = parser.parse('explain what git reset --hard does')
    expect(result.goal.intent).toBe('explain')
    expect(result.confidence).toBeLessThan(0.5)
    expect(result.ambiguities[0]).toMatchObject({ field: 'intent', value: 'execute' })
    expect(result.explanation).toContain("destructive 'git reset' keeps confidence below 0.5")
  })

  it('never gives a read-only reading of a destructive phrase 0.5 or more, whatever wraps it', () => {
    const destructivePhrase = fc.constantFrom(
      'git reset --hard',
      'force push to main',
      'rm -rf build',
      'delete the migrations folder',
      'drop the orders table',
      'wipe the cache',
      'undo the last commit',
      'throw away local changes',
      'git clean -fdx',
    )
    const wrapper = fc.constantFrom(
      (phrase: string) => `what does ${phrase} do`,
      (phrase: string) => `where is the script that does ${phrase}`,
      (phrase: string) => `explain why ${phrase} is dangerous`,
      (phrase: string) => `is it safe to ${phrase}?`,
      (phrase: string) => `review the PR that says ${phrase}`,
      (phrase: string) => `${phrase} failed with an error`,
      (phrase: string) => `show me what ${phrase} would change`,
      (phrase: string) => `compare ${phrase} with git revert`,
    )
    fc.assert(
      fc.property(destructivePhrase, wrapper, (phrase, wrap) => {
        const result = parser.parse(wrap(phrase))
        if (mutating.has(result.goal.intent)) return
        expect(result.confidence).toBeLessThan(0.5)
        expect(
          result.ambiguities.some(
            (item) => item.field === 'intent' && mutating.has(item.value as GoalIntent),
          ),
        ).toBe(true)
      }),
      { numRuns: 200 },
    )
  })

  for (const [text, intent, entity] of commandsAndStateQuestions) {
    it(`parses "${text}" as ${intent}${entity ? ` ${entity}` : ''}`, () => {
      const { goal } = parser.parse(text)
      expect(goal.intent).toBe(intent)
      if (entity) expect(goal.entity).toBe(entity)
    })
  }

  for (const [text, intent] of requestShapes) {
    it(`parses ${JSON.stringify(text)} as ${intent}`, () => {
      expect(parser.parse(text).goal.intent).toBe(intent)
    })
  }

  for (const [text, intent] of chatCommands) {
    it(`parses the chat command ${JSON.stringify(text)} as ${intent}, naming no command as its target`, () => {
      const { goal } = parser.parse(text)
      expect(goal.intent).toBe(intent)
      expect(goal.target ?? '').not.toMatch(/^\/|\b(?:ask|architect|code|run|undo)\b/)
    })
  }

  it('keeps a destructive request typed in question mode a change, never read-only with confidence', () => {
    const result = parser.parse('/ask delete the legacy folder')
    if (!mutating.has(result.goal.intent)) expect(result.confidence).toBeLessThan(0.5)
  })

  it("reads a question about the assistant's own model as chat or status of the session", () => {
    const { goal } = parser.parse('which model are you using')
    expect(['chat', 'status']).toContain(goal.intent)
    expect(goal.entity).toBe('session')
  })

  // Hand-written in the shape of real turns the blind sets held (the sets stay outside the repo).
  it.each([
    ['game_craft.rb'],
    ['src/utils/date.ts'],
    ["'/Users/ann/Desktop/demo/rename.html'"],
    ['quickstart'],
    ['architect'],
  ])(
    'reads a bare file name or a lone word no cue reads (%s) as no request, below the line where an agent asks',
    (text) => {
      const result = parser.parse(text)
      expect(result.goal.intent).toBe('unknown')
      expect(result.confidence).toBeLessThan(0.3)
    },
  )

  it.each([
    ['Read this repository and explain the application structure. Do not modify files.', 'explain'],
    ['do not change anything, just tell me why the build fails', 'diagnose'],
    ['without editing the code, how does the cache work?', 'explain'],
  ])('does not count a change the request denies: %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  it.each([
    'never mind, delete the legacy folder',
    'not only delete the logs but also the cache',
    "don't keep the old builds, delete them",
  ])('keeps a destructive request a change whatever negation stands near it: %s', (text) => {
    const result = parser.parse(text)
    if (!mutating.has(result.goal.intent)) expect(result.confidence).toBeLessThan(0.5)
    expect(result.goal.intent).toBe('modify')
  })

  it.each([
    ['can you find bugs in the program?', 'review'],
    ['What are some issues you can see with this implementation?', 'review'],
    ['find the bug in parse and fix it', 'modify'],
    ['could you create a sequence diagram of deploy.sh using mermaid.js syntax?', 'explain'],
    ['add a sequence diagram to the README', 'modify'],
    ['Take a look at lua/dap_projects.lua', 'navigate'],
    ['/undo', 'modify'],
    ['merge it with main', 'execute'],
    ['merge the feature branch into master and switch to master', 'execute'],
    ['merge these two functions into one', 'modify'],
    ['Error evaluating Node.js code\nError: Cannot find module ./config', 'diagnose'],
    ['is the book deployed on github pages or not', 'status'],
    ['hy', 'chat'],
    ['The plan.md file has template placeholders. Please update it with the feature details.', 'modify'],
    ['did you update the README?', 'status'],
    [
      'the upload worker stopped overnight\nTraceback (most recent call last):\n  File "worker.py", line 42, in upload\nKeyError: \'bucket\'',
      'diagnose',
    ],
    ['add a retry to the upload\nError: Process completed with exit code 1.', 'modify'],
    // A Maven or Gradle run that failed, pasted with no words: its module lines say SUCCESS.
    [
      '[INFO] api ................ SUCCESS [  1.204 s]\n[INFO] worker ............. FAILURE [  0.311 s]\n[INFO] BUILD FAILURE\n[INFO] Finished at: 2026-01-04T09:12:40Z',
      'diagnose',
    ],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  it('reads a failure pasted after a complaint as a report to act on (diagnose or modify)', () => {
    // The labelling guide reads a pasted error with no verb as modify + diagnose, primary whichever
    // reads as such; real sets label it either way, and the learned model follows them.
    const text =
      'ok but we try to complete the action on github but it give this error Run npm run build\n\n> docusaurus build\n\nError:  Minimum Node.js version not met :(\nError: Process completed with exit code 1.'
    expect(['diagnose', 'modify']).toContain(parser.parse(text).goal.intent)
  })

  // Hand-written: a change or a command named inside a wh-question is asked about, not asked for;
  // a condition ("if we want to add …") opens no imperative.
  it.each([
    ['if we want to add caching later, how should we structure the service layer?', 'explain'],
    ['Where should I create the migration files, and where should the seed logic go?', 'explain'],
    ['what should I write in the changelog so people can upgrade safely?', 'explain'],
    ['if I wanted to run the workers on a schedule, what would be the cleanest way?', 'explain'],
    ['what is the best way to add pagination?', 'explain'],
    // A yes-no question about the approach, whatever change it names.
    ['instead of a cron job, is there another way to refresh the cache?', 'explain'],
    ['what happens next in the pipeline once the image is pushed?', 'explain'],
    // A verb that opens the request before the question still asks for the change.
    ['add a retry to the fetch, how do I test it?', 'modify'],
  ])('reads a change named in a wh-question as asked about: %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: a file name's first word is no command or verb opening the request.
  it.each([
    ['node.js keeps crashing when the upload is large', 'diagnose'],
    ['test.py hangs on the second case', 'diagnose'],
    ['python main.py', 'execute'],
  ])('reads a request that opens with a file name by what it says of the file: %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: phrasings of judging code against a rule, asking whether a thing works now,
  // breaking code down, what the assistant can see or needs, and how it would be done.
  it.each([
    ['do the handlers follow the repository conventions?', 'review'],
    ['is the input validation sufficient?', 'review'],
    ['thanks, now double check the retry logic against the spec', 'review'],
    ['do you see any problems in docker-compose.yml?', 'review'],
    ['is the worker up and running?', 'status'],
    ['should the flaky test be fixed now?', 'status'],
    ['does the export work now?', 'status'],
    ['break the settings page down into smaller components', 'modify'],
    ['explain the differences between the staging and prod configs', 'compare'],
    ['do you have access to the migrations folder?', 'chat'],
    ['what else do you need to add the billing page?', 'chat'],
    ['show me how you would split this reducer', 'explain'],
    ['what is the issue with the login form', 'diagnose'],
    ['the aim is to ensure that all the scripts run on windows', 'modify'],
    ['have you made sure that the dates are stored in UTC?', 'status'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: a participle names what the thing to write holds; the request is the writing.
  it.each([
    ['create a CONTRIBUTING.md describing how to run the tests', 'modify'],
    ['write a comment describing the retry policy above the loop', 'modify'],
    ['Explaining the cache flow, please', 'explain'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: what the user tried is what they did, and it failed; it asks for no run.
  it.each([
    ['I tried running the migration and it hung', 'diagnose'],
    ['I tried to build the docker image but the push step errors out', 'diagnose'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: committing and pushing change git state (the labelling guide's modify); a git
  // command typed as the request stays a command, a question about a push stays a question.
  it.each([
    ['commit the fixes and push them to the remote', 'modify'],
    ['please push the branch up to gitlab', 'modify'],
    ['stage everything, commit with a short message, then push', 'modify'],
    ['git push origin main', 'execute'],
    ['did you push it?', 'status'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: a courtesy is the request only when nothing else is asked.
  it.each([
    ['thanks! could you add a loading spinner to the orders table?', 'modify'],
    ['hi there, why does the build fail on node 20?', 'diagnose'],
    ['great, now run the integration tests', 'execute'],
    ['thanks a lot!', 'chat'],
    ['the staging settings look good', 'chat'],
    ['looks good, now add the tests', 'modify'],
    ['good morning', 'chat'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: a dislike, or a change that still did not take, asks for the change; asking why
  // it still fails asks for the cause.
  it.each([
    ["I don't like how cramped the sidebar looks", 'modify'],
    ["the total still doesn't round to two decimals", 'modify'],
    ['why is the total still not rounded?', 'diagnose'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: a plan, a suggestion or ideas asked for in the chat are advice (explain); a plan
  // written to a file is a change.
  it.each([
    ['could you give me a suggestion for the caching layer', 'explain'],
    ["let's come up with a plan for splitting the monolith", 'explain'],
    ['give me a few ideas for the empty state', 'explain'],
    ['prepare a plan for the billing rollout and list the open questions', 'explain'],
    ['write the rollout plan to docs/rollout.md', 'modify'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: a wh-question in the middle of a request (no question mark at its end) keeps the
  // learned model from turning the cues' read-only reading into a change.
  it('reads a request whose middle sentence asks a wh-question as asking', () => {
    const text =
      'Our webhooks are parsed in src/hooks. Where should I put the retry bookkeeping? Usually I would add a table for it, but this case feels different'
    expect(parser.parse(text).goal.intent).toBe('explain')
  })

  // Hand-written: a request that says it is a question asks to be told, unless it then asks for a change.
  it.each([
    [
      'I have a question about the folder layout - should tests sit next to the code or in a tests dir',
      'explain',
    ],
    ['quick question about naming: should the hook be useCart or useShoppingCart', 'explain'],
    ['I have a question, can you add a loading spinner to the table?', 'modify'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: a go-ahead approves what it names; alone it approves the pending change.
  it.each([
    ['yes please', 'modify'],
    ['go ahead', 'modify'],
    ['yes please. build it and run the app', 'execute'],
    ['go ahead and run the tests', 'execute'],
    ['proceed, but first why did the last build fail?', 'diagnose'],
  ])('parses the go-ahead %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: a change named in a wh-question is asked about: the question asks how to go about it.
  it.each([
    ['what database should be used here? postgres? is it overkill for this app?', 'explain'],
    ['which logger should we add to the worker?', 'explain'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: where the task stands, and a commit message asked for, are status.
  it.each([
    ['I said no markdown file. is there anything remaining on this part?', 'status'],
    ["what's left on the billing task?", 'status'],
    ['suggest a commit message', 'status'],
    ['commit message for the staged changes?', 'status'],
    ['commit with a short message', 'modify'],
    ['amend the last commit message', 'modify'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: what listed things do is asked to be explained.
  it.each([
    ['can you list the npm scripts and what they do?', 'explain'],
    ['list the env variables and what these do', 'explain'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: stemWord keeps the e of one-syllable -te verbs (write, not writ); the model's
  // weights for the old stem carry over, so a request led by `write` reads as sure as before.
  // (With the old stem's weights lost they read 0.85 and 0.88.)
  it.each(['write unit tests for utils.ts', 'write it'])(
    'parses %j as modify with confidence above 0.95',
    (text) => {
      const result = parser.parse(text)
      expect(result.goal.intent).toBe('modify')
      expect(result.confidence).toBeGreaterThan(0.95)
    },
  )

  // Hand-written: the words of a name the request gives (@-mention, path, hidden file, file name)
  // ask nothing; the request's own verb leads after it.
  it.each([
    ['@notes/refactor-ideas.md summarize this for me', 'explain'],
    ['@src/fix-dates.ts explain what this file does', 'explain'],
    ['open @design/tokens.json', 'navigate'],
    ['the .history folder keeps growing, why?', 'diagnose'],
    // The learned model does not read the name's words either (`refactor`, `design`).
    ['@design/refactor-plan.md summarize it', 'explain'],
    ['summarize @design/refactor-plan.md', 'explain'],
    ['@fixes/bug-report.md summarize this', 'explain'],
    // A name's words vote only when the request's own read no intent: a weak word of its own
    // (`what's in`, British `summarise` beside `please`) is not outvoted by the name's `refactor`.
    ['summarise @design/refactor-plan.md please', 'explain'],
    ["what's in @design/refactor-plan.md", 'explain'],
    ['@design/refactor-plan.md tl;dr', 'explain'],
    ['@design/refactor-plan.md thoughts?', 'review'],
    // No word of its own reads an intent: the name's words, down-weighted, are all there is.
    ['@design/refactor-plan.md for the team meeting', 'modify'],
  ])('parses %j (a name in it) as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: a yes/no question about what is already there, and a question taken as the
  // object of explain / tell / know, ask about the change they name.
  it.each([
    ['were these added on purpose?', 'explain'],
    ['does this rename the exported type too?', 'explain'],
    ['is it creating a new session on every request?', 'explain'],
    ['explain which files I should change first', 'explain'],
    ['tell me what to add to the config', 'explain'],
    ['are you able to add a retry to the fetch?', 'modify'],
    ['The README should explain what the tool does. Add that section.', 'modify'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: analysing code is understanding it (the intent guide's analyse); its quality,
  // security or issues are judged, and an error or a log is diagnosed.
  it.each([
    ['analyse the data layer and tell me how requests reach the database', 'explain'],
    ['take your time and analyze the routing module before you answer', 'explain'],
    ['analyze the code quality of the billing service', 'review'],
    ['analyse the auth module for security holes', 'review'],
    ['analyze the codebase and list the issues you find', 'review'],
    ['analyze this error from the worker', 'diagnose'],
    ["analyze the logs from last night's deploy", 'diagnose'],
  ])('parses the analysis %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: talk, summaries, insights and information asked for are answers; reading is a
  // step towards a change that follows it.
  it.each([
    ["let's talk about the caching strategy before touching anything", 'explain'],
    ['read the onboarding doc and summarize it', 'explain'],
    ['go through the meeting notes and extract the key insights', 'explain'],
    ['read the code carefully before answering, I need accurate information', 'explain'],
    ['what options are available for caching here?', 'explain'],
    ['read CHANGES.md and update the version in package.json', 'modify'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: references, advice on what is there, a proposal judged, failures reported in
  // words or pasted from an editor's Problems panel, tools switched on, more of the same.
  it.each([
    ['is there any reference to lodash in the frontend code', 'locate'],
    ['do you have any suggestions for the retry logic?', 'review'],
    ['here is my plan: one queue per tenant. is that viable?', 'review'],
    ['the import step is giving me errors since yesterday', 'diagnose'],
    ['the parser keeps throwing errors on empty input', 'diagnose'],
    [
      '[{ "resource": "/app/src/cart.ts", "owner": "typescript", "code": "2304", "severity": 8, "message": "Cannot find name \'total\'." }]',
      'diagnose',
    ],
    ['ok, activate the virtualenv', 'execute'],
    ['index the whole repository', 'execute'],
    ['the footer links as well', 'modify'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written from the intent guide's edge cases: checking that tests pass or the app builds is
  // a run; opening a PR a git host's command; a change the code must undergo is a change; why a
  // thing is there, a question put with "should I", and not understanding ask to be told.
  it.each([
    ['check if the unit tests pass', 'execute'],
    ['check whether the docs site still builds', 'execute'],
    ['verify that the e2e tests pass on node 20', 'execute'],
    ['open a PR for the billing fix', 'execute'],
    ['open a draft pull request for this branch', 'execute'],
    // The command as typed: no article, or `open up`.
    ['open pr', 'execute'],
    ['open pr for this branch', 'execute'],
    ['open up a pull request', 'execute'],
    // A PR named in an open of something else is no PR to open.
    ['open the pr template and fix the typo', 'navigate'],
    ['open a pr template file', 'navigate'],
    ['open pr template', 'navigate'],
    ['open the file and look at the PR comments', 'navigate'],
    ['the sidebar colour should be changed to grey', 'modify'],
    ['this endpoint must be updated for the v2 payload', 'modify'],
    ['why do we need two separate env files?', 'explain'],
    ['why do I need the adapter layer at all?', 'explain'],
    ["I don't understand why the store is split in three", 'explain'],
    ['should I use SWR or react-query for this page?', 'explain'],
    ['should we memoize the selector?', 'explain'],
    // The same questions put about "you" or "they": an opening should/do with any subject asks.
    ['should you use zustand here?', 'explain'],
    ['should they be merged into one module?', 'explain'],
    ['why do you need both config files?', 'explain'],
    ['why do they need a separate adapter?', 'explain'],
    ['why do we have two lockfiles?', 'explain'],
    // A failure the subject has is a failure to diagnose, whatever the subject: `have` weighs less
    // than why and the failure together.
    ['why do I have a type error here?', 'diagnose'],
    ['why do we have so many errors in the log?', 'diagnose'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written from the intent guide: whether the task is done is status, whether a rule or a
  // helper exists is found in the code, two options weighed are compared, a behaviour lost is a
  // failure report.
  it.each([
    ['is the migration done?', 'status'],
    ['are you done with the refactor?', 'status'],
    ['is there a convention for naming event handlers?', 'locate'],
    ['are there any helpers for parsing dates?', 'locate'],
    // Whatever thing the code may hold: a function, a type, a hook, utilities.
    ['is there a function that parses dates?', 'locate'],
    ['is there a type for User?', 'locate'],
    ['is there a hook for window size?', 'locate'],
    ['are there utilities for parsing dates?', 'locate'],
    // "is there a bug…" asks about a failure, not where a thing is: a failure cue outweighs the
    // search; whether anything fails now is where things stand.
    ['is there a bug in this function?', 'diagnose'],
    ['is there an error in the config?', 'diagnose'],
    ['is there a memory leak here?', 'diagnose'],
    ['are there any failing tests?', 'status'],
    ['which one is better for the cache, an LRU map or a plain object?', 'compare'],
    ['the save button no longer appears on mobile', 'diagnose'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })

  // Hand-written: advice on the way to do a thing, the options, ideas, thoughts on an approach, and
  // whether code supports or handles a case are asked to be told or judged.
  it.each([
    ["what's the recommended way to log errors in the workers?", 'explain'],
    ['what options do we have for hosting the docs?', 'explain'],
    ['brainstorm names for the CLI', 'explain'],
    ['does the exporter support CSV with BOM?', 'explain'],
    ['does the queue handle retries after a crash?', 'explain'],
    ['any thoughts on this schema?', 'review'],
  ])('parses %j as %s', (text, intent) => {
    expect(parser.parse(text).goal.intent).toBe(intent)
  })
})
