import { otherLanguageRows } from './other-language-cues.ts'
import type { GoalCue, GoalField } from './types.ts'

/**
 * Cue table, one row per cue: phrase, votes (`i:` intent, `e:` entity, `a:` artifact, `s:` scope,
 * `!` destructive, `=` exact: no typo is corrected to its words, `~` courtesy: its intent vote counts only when no
 * other cue reads an intent, `>` target is object: its verb votes only when it acts on the target), weight (default 1). A row is data: add a row to support a new phrasing; no code changes.
 */
const rows: ReadonlyArray<readonly [string, string, number?]> = [
  // explain
  ['explain:base,past,plural', 'i:explain', 2.5],
  // A participle names what a thing to write holds ("a README describing the setup", "a comment
  // explaining the retry"): the request is the writing.
  ['explain:ing', 'i:explain', 0.5],
  ['^explain:ing', 'i:explain', 2],
  ['^explain', 'i:explain', 2],
  // A coding agent's question mode (aider's `/ask`): the user asks and wants no edit.
  ['/ask', 'i:explain', 3],
  ['how does', 'i:explain', 1.5],
  ['how do', 'i:explain', 1],
  ['how is', 'i:explain', 1],
  ['how are', 'i:explain', 1],
  ['how ... work', 'i:explain', 1.5],
  ['how ... handle', 'i:explain', 2],
  ['how do i', 'i:explain', 2.5],
  ['how would i', 'i:explain', 2.5],
  ['how should i', 'i:explain', 2.5],
  ['how should we', 'i:explain', 2.5],
  ['how would we', 'i:explain', 2.5],
  ['how do we', 'i:explain', 2.5],
  ['how to', 'i:explain', 2.5],
  // "how to fix the server, it is not loading": the fix is asked for (the labelling guide's
  // "how can I resolve this?"), not a lesson in fixing.
  ['how to fix', 'i:modify a:patch', 3.5],
  ['how do i fix', 'i:modify a:patch', 3.5],
  ['how can i fix', 'i:modify a:patch', 3.5],
  // Advice on where or what to do ("where should I put the cron logic?", "what should I put in the
  // readme?"): a question of how to go about it, not of where something is.
  ['where should i', 'i:explain', 4.5],
  ['where should we', 'i:explain', 4.5],
  ['what should i', 'i:explain', 3],
  // "What size should that be?", "which library should I use?": advice on a choice.
  ['what ... should ... be', 'i:explain', 3],
  ['which ... should i', 'i:explain', 3],
  ['which ... should we', 'i:explain', 3],
  ['what should we', 'i:explain', 3],
  ['what does ... do', 'i:explain', 3],
  ['what ... does', 'i:explain', 1.5],
  // "list all the commands and what they do": what each one is for.
  ['what they do', 'i:explain', 2],
  ['what these do', 'i:explain', 2],
  ['what those do', 'i:explain', 2],
  ['what does', 'i:explain', 1],
  ['what is', 'i:explain', 0.5],
  ['walk through', 'i:explain', 2.5],
  ['tell about', 'i:explain', 2],
  ['^tell me', 'i:explain', 2],
  ['tell how', 'i:explain', 2],
  ['understand', 'i:explain', 2],
  ['purpose', 'i:explain', 1.5],
  ['what would ... look like', 'i:explain', 3],
  ['description of', 'i:explain', 2],
  ['diagram of', 'i:explain a:overview', 3.5],
  // A diagram drawn in a text syntax (Mermaid, PlantUML) pictures the code in the answer.
  ['sequence diagram', 'i:explain a:overview', 3],
  ['flow diagram', 'i:explain a:overview', 3],
  ['class diagram', 'i:explain a:overview', 3],
  ['diagram ... syntax', 'i:explain a:overview', 2],
  ['tour', 'i:explain e:codebase a:overview', 1.5],
  ['summarize', 'i:explain a:overview', 2],
  ['overview', 'i:explain a:overview', 1.5],
  ['big picture', 'i:explain e:architecture a:overview', 3.5],
  ['high level', 'e:architecture a:overview', 1.5],
  ['why does', 'i:explain', 0.5],
  ['used for', 'i:explain', 1],
  ['job', 'i:explain', 0.5],
  // architecture, codebase, component
  ['architecture', 'e:architecture a:overview', 3],
  ['design', 'e:architecture', 2],
  ['organize', 'e:architecture', 1.5],
  ['pattern', 'e:architecture', 1],
  ['fit together', 'e:architecture', 1.5],
  ['connect', 'e:architecture', 0.5],
  ['data flow', 'e:architecture', 1],
  ['layer:base', 'e:component', 0.5],
  ['layer:plural', 'e:architecture', 1.5],
  ['main modules', 'e:architecture', 1.5],
  ['boundary', 'e:architecture', 1.5],
  ['frontend', 'e:architecture', 1.5],
  ['talk ... each other', 'e:architecture', 1.5],
  ['codebase', 'e:codebase s:global', 2.5],
  ['repository', 'e:codebase s:global', 1],
  ['project', 'e:codebase s:global', 1],
  ['everything', 'e:codebase s:global', 0.5],
  ['whole', 's:global', 1],
  ['everywhere', 's:global', 2],
  ['module', 'e:component', 1],
  ['service', 'e:component', 1],
  ['middleware', 'e:component', 1],
  ['flow', 'e:component', 0.5],
  ['endpoint', 'e:component', 1],
  ['feature', 'e:component', 1],
  ['button', 'e:component', 1],
  ['component', 'e:component', 1.5],
  // locate
  ['find', 'i:locate', 2],
  ['^where', 'i:locate', 2.5],
  ['where', 'i:locate', 1],
  ['locate:base,ing', 'i:locate', 3],
  ['search', 'i:locate', 2.5],
  ['grep', 'i:locate e:symbol', 3],
  ['look for', 'i:locate', 2],
  ['look up', 'i:locate', 1.5],
  ['hunt', 'i:locate', 2],
  ['which file', 'i:locate', 1.5],
  // "what file is responsible for sending packets?": where the code for something is.
  ['responsible for', 'i:locate', 2.5],
  ['responsible to', 'i:locate', 2.5],
  ['in which', 'i:locate', 1],
  ['contain', 'i:locate', 1],
  ['live', 'i:locate', 0.5],
  ['define:past,ing,plural', 'i:locate e:symbol a:definition', 1.5],
  ['define:base', 'e:symbol a:definition', 1.5],
  ['declare:past,ing,plural', 'i:locate e:symbol a:definition', 1.5],
  ['declare:base', 'e:symbol a:definition', 1.5],
  ['implementation', 'i:locate a:definition', 0.5],
  // Who calls or uses a name (`>`: the name is what the verb acts on). "What does checkToken call?"
  // asks the opposite, what it calls: those cues do not vote for it (session 65's review).
  ['used', 'e:symbol a:usage >', 1.5],
  ['usage', 'i:locate e:symbol a:usage', 2],
  ['reference', 'i:locate e:symbol a:usage >', 2],
  ['caller', 'i:locate e:symbol a:usage', 2],
  ['called', 'e:symbol a:usage >', 1],
  ['call to', 'e:symbol a:usage', 1],
  ['instantiated', 'e:symbol a:usage >', 1],
  // Who calls or uses a name, not where it is defined ("where is checkToken called?", "who calls
  // findOrder?", "what uses it?", "where do we use checkToken?", "is it invoked anywhere?").
  ['called', 'i:locate a:usage >', 1.5],
  ['call:plural,ing', 'i:locate e:symbol a:usage >', 2.5],
  ['who use:plural', 'i:locate e:symbol a:usage >', 2.5],
  ['what use:plural', 'i:locate e:symbol a:usage >', 2.5],
  ['where ... use:base', 'a:usage >', 2],
  ['invoke:past,plural,ing', 'i:locate e:symbol a:usage >', 2],
  ['import:plural', 'i:locate a:usage >', 2],
  ['which ... import:base', 'i:locate e:symbol a:usage >', 2.5],
  // symbols, files
  ['symbol', 'e:symbol', 3],
  ['class', 'e:symbol', 2],
  ['function', 'e:symbol', 2],
  ['variable', 'e:symbol', 2],
  ['constant', 'e:symbol', 2],
  ['hook', 'e:symbol', 1],
  ['file', 'e:file s:local', 2],
  ['folder', 'e:file', 1],
  ['config', 'e:file', 1.5],
  ['script', 'e:file', 1],
  ['code', 'e:codebase', 0.5],
  ['readme', 'e:file', 2],
  ['makefile', 'e:file', 2],
  ['dockerfile', 'e:file', 2],
  ['line', 'e:file s:local', 1],
  ['this', 's:local', 0.5],
  ['here', 's:local', 0.5],
  // review
  ['review:base,plural,ing', 'i:review a:report', 3],
  // A score asked for ("rate the plan out of 10", "rate my code"): a judgement of existing work.
  ['^rate', 'i:review a:report', 3],
  ['feedback', 'i:review a:report', 1.5],
  ['look over', 'i:review', 2],
  ['is ... correct', 'i:review', 2],
  ['look for bug', 'i:review', 3],
  // Any bugs, not the one that fails ("find bugs in this program"; "find the bug" is diagnose).
  ['find ... bug:plural', 'i:review', 3],
  ['find ... issue:plural', 'i:review', 3],
  ['find ... problem:plural', 'i:review', 3],
  ['issue:plural ... you see', 'i:review', 3],
  ['problem:plural ... you see', 'i:review', 3],
  ['look for problem', 'i:review', 3],
  ['go over', 'i:review', 2],
  ['point out', 'i:review', 1.5],
  ['look at', 'i:review', 1],
  // "Take a look at lua/x.lua": read it (a review asks more: "…and assess whether it works").
  ['take ... look at', 'i:navigate', 2],
  ['what you think', 'i:review', 2],
  // "thoughts on this approach?", "your thoughts?": a judgement asked for.
  ['thought:plural on', 'i:review', 3],
  ['your thought:plural', 'i:review', 3],
  ['^^thought:plural', 'i:review', 3],
  // "@design/plan.md tl;dr": a summary asked for.
  ['tl dr', 'i:explain a:overview', 3],
  // "what's in @design/plan.md?": what a thing holds, told.
  ['^what is in', 'i:explain', 1.5],
  ['reasonable', 'i:review', 1.5],
  ['readable', 'i:review', 1.5],
  ['readability', 'i:review', 1.5],
  ['quality', 'i:review', 1.5],
  ['best practice', 'i:review', 1.5],
  ['error handle', 'e:component', 1],
  ['check ... for', 'i:review', 1.5],
  ['check', 'i:review', 1],
  ['sanity check', 'i:review', 2],
  // The intent guide's "double check": look the work over again.
  ['double check', 'i:review', 3],
  ['triple check', 'i:review', 3],
  ['code smell', 'i:review', 2],
  ['security', 'i:review', 1.5],
  ['security', 'e:codebase', 0.5],
  ['vulnerability', 'i:review e:codebase', 1.5],
  ['secret', 'i:review e:codebase', 1],
  ['improvement', 'i:review', 1],
  ['thread safe', 'i:review', 1.5],
  // Whether code keeps to a rule ("do the routes follow REST principles?", "is the error handling
  // sufficient?"): a judgement of it.
  ...['principle', 'convention', 'standard', 'guideline', 'best practice'].map(
    (rule): [string, string, number] => [`follow ... ${rule}`, 'i:review', 3],
  ),
  ['sufficient', 'i:review', 2.5],
  ['adequate', 'i:review', 2.5],
  // "do you see any problems with the config?": asks for an assessment.
  ['you see any', 'i:review', 2.5],
  // "any reference to webpack in the code?": where a name is used.
  ['any reference', 'i:locate e:symbol a:usage', 2.5],
  // "do you have any recommendations for the model?": advice on what is there.
  ['any ... suggest', 'i:review', 2],
  // "is that viable?": a judgement of a proposal.
  ['viable', 'i:review', 2.5],
  ['well', 'i:review', 0.5],
  ['anything wrong', 'i:review', 1],
  ['dependency', 'e:codebase', 1],
  // status: working tree
  ['change:past', 'i:status e:git-working-tree a:status s:recent', 2],
  ['what change', 'i:status e:git-working-tree', 1],
  ['change:past', 'e:git-history', 1],
  ['file change:past', 'e:git-working-tree', 2],
  ['change:past file', 'e:git-working-tree', 2],
  ['commit change', 'e:git-history', 2],
  ['change:past release', 'e:git-history', 2],
  ['last change:past', 'e:git-history', 2.5],
  ['change:plural,past', 'e:git-working-tree', 0.5],
  ['change:plural', 'i:status', 1],
  ['change:base,ing', 'i:modify', 1.5],
  ['status', 'i:status a:status', 2],
  ['git status', 'e:git-working-tree', 2],
  ['uncommitted', 'i:status e:git-working-tree s:recent', 3],
  ['not committed', 'i:status e:git-working-tree', 3],
  ['unstaged', 'i:status e:git-working-tree', 3],
  ['stage:past', 'i:status e:git-working-tree', 2.5],
  ['stage:ing', 'e:git-working-tree', 1],
  ['stash', 'e:git-working-tree', 2],
  ['untracked', 'i:status e:git-working-tree', 3],
  ['working tree', 'e:git-working-tree', 3],
  ['working copy', 'e:git-working-tree', 3],
  ['working directory', 'e:git-working-tree', 3],
  ['working directory', 'i:status', 1.5],
  ['new since', 'i:status e:git-working-tree', 2],
  ['about to commit', 'e:git-working-tree', 3],
  ['before commit', 'e:git-working-tree', 3],
  ['local change', 'e:git-working-tree', 2.5],
  ['working tree', 'i:status', 1.5],
  ['working copy', 'i:status', 1.5],
  ['local change', 'i:status', 1.5],
  ['pending', 'i:status e:git-working-tree', 1.5],
  ['dirty', 'i:status e:git-working-tree', 2],
  ['so far', 'i:status e:git-working-tree s:recent', 1],
  ['working on', 'i:status e:git-working-tree', 1.5],
  ['today', 's:recent e:git-working-tree', 1],
  ['since last commit', 'i:status e:git-working-tree', 4],
  ['diff', 'i:status e:git-working-tree a:difference', 1],
  ['diff', 'i:compare', 1.2],
  ['show diff', 'i:status', 1.5],
  ['head', 'e:git-working-tree', 1],
  // status: history
  ['commit', 'i:status e:git-history', 2],
  ['last commit', 'e:git-history s:recent', 1.5],
  ['log:base,plural', 'i:status e:git-history', 0.7],
  ['commit log', 'e:git-history', 2],
  ['git log', 'i:status e:git-history', 2],
  ['history', 'i:status e:git-history s:all', 2],
  ['blame', 'i:status e:git-history', 3],
  ['who wrote', 'i:status e:git-history', 3],
  ['who change:past', 'i:status e:git-history', 2.5],
  ['merge:past', 'i:status e:git-history', 2],
  ['merge', 'e:git-history', 1.5],
  // Merging a branch is a git command ("merge it with main"); merging code is a change.
  ['merge:base ... main', 'i:execute', 3.5],
  ['merge:base ... master', 'i:execute', 3.5],
  ['merge:base ... branch', 'i:execute', 3],
  // Committing and pushing change git state: a change (the labelling guide's modify), not a run.
  // A git command typed as the request (`git push origin main`) stays a command.
  ['push:base', 'i:modify', 1.5],
  ['commit:base ... push:base', 'i:modify', 3],
  ['month', 'e:git-history s:recent', 1.5],
  ['branch', 'e:git-history', 2],
  ['tag', 'e:git-history', 2],
  ['rebase', 'e:git-history', 2],
  ['master', 'e:git-history', 1],
  ['pull request', 'e:git-history', 2],
  ['pr', 'e:git-history', 2],
  ['recent commit', 'e:git-history', 1.5],
  ['release', 'e:git-history', 1],
  ['yesterday', 'e:git-history s:recent', 1.5],
  ['week', 'e:git-history s:recent', 1.5],
  ['ahead', 'e:git-history', 1],
  ['git', 'e:git-working-tree', 0.5],
  ['last', 'i:status s:recent', 0.5],
  ['recent', 'i:status s:recent', 1],
  ['what happen:past', 'i:status', 1],
  // "what happens in sequence", "what happens on save": how it works, not what went on.
  ['what happen:base,plural', 'i:explain', 1],
  ['when', 'i:status', 0.5],
  ['when was', 'i:status', 1.5],
  ['what happen when', 'i:explain', 2.5],
  ['how long', 'i:status', 2],
  ['right now', 'i:status', 1],
  ['fail:ing', 'i:status', 1],
  ['list', 'i:status', 1],
  ['list ... files', 'i:navigate e:file', 2],
  ['how many', 'i:status', 2.5],
  // Where the task stands ("is there anything remaining?", "what is left?", "what's still open?").
  ['anything remaining', 'i:status', 3],
  ['anything left', 'i:status', 3],
  ['what is left', 'i:status', 3],
  ['what remains', 'i:status', 3],
  ['still open', 'i:status', 2],
  // A commit message asked for is words about the changes, no git command ("suggest a commit
  // message", "commit message for these changes"); "amend the last commit message" changes one.
  ['suggest ... commit message', 'i:status e:git-working-tree', 3.5],
  ['^commit message', 'i:status e:git-working-tree', 3.5],
  ['commit message for', 'i:status e:git-working-tree', 2],
  ['commit:base with', 'i:modify', 3],
  // Whether a thing runs or works now ("is the server up and running", "should it be fixed now?").
  ['up and running', 'i:status', 2.5],
  ['^should ... fix:past', 'i:status', 4],
  ['^should ... work now', 'i:status', 3],
  // Advice asked for ("should I use zustand here?", "should you cache this?"): an opening `should`
  // asks, whatever its subject (the normaliser reads should + I/we/you/they as a question).
  ['^should', 'i:explain', 2.5],
  ['^does ... work now', 'i:status', 3],
  ['how much', 'i:status', 2],
  ['pass', 'i:status', 2],
  ['green', 'i:status', 2],
  ['succeed', 'i:status', 2],
  ['success', 'i:status', 2],
  ['finish:past', 'i:status', 2],
  ['is there', 'i:status', 0.5],
  ['are there', 'i:status', 0.5],
  // "is there a rule about naming hooks?", "is there a function that parses dates?": whether a thing
  // the code may hold exists (the intent guide's locate). A failure cue (bug, error, leak: 1.5)
  // outweighs the row, so "is there a bug in this function?" reads diagnose.
  ['^is there', 'i:locate', 1],
  ['^are there', 'i:locate', 1],
  // "are there any failing tests?", "is there anything failing?": whether something fails now.
  ['there ... fail:ing', 'i:status', 3],
  // diagnose
  ['why', 'i:diagnose a:root-cause', 1.5],
  ['why did', 'i:diagnose', 1],
  // Why a thing is there at all ("why do we need both config files?", "why do I need the
  // adapter?", "why do they need…"): a question about the design, nothing failed. The subject is a
  // stop word, free between the cue's words, so one row reads every subject. What one has may be a
  // failure ("why do I have a type error here?"): `have` weighs less than why and a failure cue.
  ['why do need', 'i:explain', 3.5],
  ['why do have', 'i:explain', 2.5],
  // Why a thing is used at all ("why are we using redux here?", "why is bun being used to run
  // vite?", "why do we use two stores?"): the design's reason, nothing failed.
  ['why are using', 'i:explain', 3],
  ['why do use', 'i:explain', 3],
  ['why ... being used', 'i:explain', 3],
  // "does the class account for indexes changing?": whether the code covers a case, asked.
  ['^does ... account for', 'i:explain', 2.5],
  // "I don't understand why the reducer is written this way": asks to be told.
  ['not understand', 'i:explain', 3.5],
  ['fail', 'i:diagnose a:root-cause', 2],
  ['error', 'i:diagnose a:root-cause', 1.5],
  // A message that opens with an error ("Error evaluating Node.js code …") reports a failure.
  ['^^error', 'i:diagnose a:root-cause', 3],
  // A stack trace or a failed run's exit code pasted in (the `/crash` token, see normalizeGoalText).
  ['/crash', 'i:diagnose a:root-cause', 2.5],
  // "is it deployed or not", "my book is ready or not": a question about where things stand.
  ['or not', 'i:status', 2],
  ['break', 'i:diagnose a:root-cause', 2],
  ['crash', 'i:diagnose a:root-cause', 2],
  ['root cause', 'i:diagnose a:root-cause', 3],
  ['cause', 'i:diagnose a:root-cause', 2],
  ['wrong', 'i:diagnose', 1.5],
  ['debug', 'i:diagnose', 2.5],
  ['investigate', 'i:diagnose', 2],
  ['find out', 'i:diagnose', 2.5],
  ['slow', 'i:diagnose', 1.5],
  ['leak', 'i:diagnose', 1.5],
  ['flaky', 'i:diagnose e:test', 2],
  ['timeout', 'i:diagnose', 1],
  ['timing out', 'i:diagnose', 1.5],
  ['not work', 'i:diagnose', 2.5],
  ['stack trace', 'i:diagnose', 2],
  ['problem', 'i:diagnose', 1],
  ['complain', 'i:diagnose', 1],
  ['red', 'i:diagnose', 1],
  ['regression', 'i:diagnose', 2],
  ['bug', 'i:diagnose', 1.5],
  ['off', 'i:diagnose', 0.5],
  // compare
  ['difference', 'i:compare a:difference', 3],
  ['compare', 'i:compare a:difference', 3],
  ['different from', 'i:compare a:difference', 3],
  ['different between', 'i:compare a:difference', 3],
  ['what is different', 'i:compare a:difference', 3],
  ['how is ... different', 'i:compare a:difference', 3],
  ['between', 'i:compare', 1],
  ['against', 'i:compare', 1],
  ['change:past between', 'i:compare', 2.5],
  ['difference ... between', 'i:compare', 2],
  // "which is better here, a map or an object?": two options weighed.
  ['which ... better', 'i:compare a:difference', 3],
  // navigate
  ['open:base', 'i:navigate e:file', 1.5],
  // Opening a pull request is a git host's command (the intent guide's "open a PR"), not a file:
  // `a` before it (a new one), which "open the PR template" or "open the file and look at the PR
  // comments" have not; no gap lets the row reach a PR of another clause. The command as typed has
  // no article ("open pr", "open pull request") or opens up a PR. A PR template is a file to open.
  ['open:base a pr', 'i:execute e:git-history', 6],
  ['open:base a pull request', 'i:execute e:git-history', 6],
  ['open:base +pr', 'i:execute e:git-history', 6],
  ['open:base +pull +request', 'i:execute e:git-history', 6],
  ['open:base +up a pr', 'i:execute e:git-history', 6],
  ['open:base +up a pull request', 'i:execute e:git-history', 6],
  ['open:base a pr +template', 'i:navigate e:file', 3],
  ['open:base +pr +template', 'i:navigate e:file', 3],
  ['^open:base', 'i:navigate e:file', 3],
  ['read', 'i:navigate e:file', 2],
  ['show', 'i:navigate', 1],
  ['go to', 'i:navigate', 2.5],
  ['jump to', 'i:navigate', 2.5],
  ['pull up', 'i:navigate', 2],
  ['let see', 'i:navigate', 2],
  ['let look', 'i:navigate', 2.5],
  ['content', 'i:navigate e:file', 2],
  ['first lines', 'i:navigate e:file', 1.5],
  // modify
  ['add', 'i:modify a:patch', 2],
  ['fix', 'i:modify a:patch', 2.5],
  ['refactor', 'i:modify a:patch', 3],
  ['rename', 'i:modify a:patch', 3],
  ['implement', 'i:modify a:patch', 3],
  ['delete:base,ing', 'i:modify a:patch !', 2.5],
  ['should be delete:past', 'i:modify a:patch !', 3],
  // A change the code must undergo ("the header should be changed to blue", "this must be updated"),
  // not one that happened.
  ['should be change:past', 'i:modify a:patch', 3],
  ['must be change:past', 'i:modify a:patch', 3],
  ['has to be change:past', 'i:modify a:patch', 3],
  ['need ... delete:past', 'i:modify a:patch !', 3],
  ['want ... delete:past', 'i:modify a:patch !', 3],
  ['wipe:base,ing', 'i:modify a:patch !', 2],
  ['nuke:base,ing', 'i:modify a:patch !', 2],
  ['purge:base,ing', 'i:modify a:patch !', 2],
  ['truncate:base,ing', 'i:modify a:patch !', 2],
  ['discard:base,ing', 'i:modify a:patch !', 2],
  ['revert:base,ing', 'i:modify a:patch !', 2],
  ['undo:base', 'i:modify a:patch !', 2],
  ['reset:base', 'i:modify a:patch !', 1.5],
  ['squash:base', 'i:modify a:patch !', 2],
  ['amend:base', 'i:modify a:patch !', 2],
  ['uninstall:base,ing', 'i:execute !', 2],
  // `git branch -D` / `-d` deletes a branch (the flag's letter is a word of its own here).
  ['git branch d', 'i:execute !', 2],
  ['throw away', 'i:modify a:patch !', 3],
  ['^throw away', 'i:modify a:patch !', 2],
  ['^blow away', 'i:modify a:patch !', 2],
  ['^roll back', 'i:modify a:patch !', 2],
  ['^get rid', 'i:modify a:patch !', 2],
  ['blow away', 'i:modify a:patch !', 3],
  ['roll back', 'i:modify a:patch !', 3],
  ['rollback', 'i:modify a:patch !', 3],
  ['get rid', 'i:modify a:patch !', 3],
  ['rm rf', 'i:execute !', 3],
  // "set it back to default", "put the config back the way it was": a reset, which discards the
  // current content.
  ['set ... back', 'i:modify a:patch !', 3],
  ['put ... back', 'i:modify a:patch !', 2.5],
  ['back to default', 'i:modify a:patch !', 3],
  // More ways to say it, found by an outside review: each read as status or navigate at up to
  // 0.999 and was answered "Here is what I found" (a model's draft: "Done: I reverted it").
  ['pop ... commit', 'i:modify a:patch !', 3],
  ['abandon:base,ing', 'i:modify a:patch !', 3.5],
  ['lose ... changes', 'i:modify a:patch !', 3],
  ['uncommit', 'i:modify a:patch !', 4],
  ['rewind:base,ing', 'i:modify a:patch !', 2],
  ['go back ... commit', 'i:modify a:patch !', 3],
  ['^unstage:base,ing', 'i:modify a:patch !', 3.5],
  ['prune ... branch', 'i:execute !', 2],
  ['prune ... branches', 'i:execute !', 2],
  ['git prune', 'i:execute !', 3],
  ['^overwrite:base,ing', 'i:modify a:patch !', 2.5],
  ['dev null', 'i:execute !', 4.5],
  // More, from session 42's review (read as status at 0.67 to 0.99 before their cues). Words in a
  // row, no gap: "forget what I said, show me the changes" is no request to drop them.
  ['forget changes', 'i:modify a:patch !', 3.5],
  ['forget local changes', 'i:modify a:patch !', 3.5],
  ['forget edits', 'i:modify a:patch !', 3.5],
  ['forget local edits', 'i:modify a:patch !', 3.5],
  ['^bin:base', 'i:modify a:patch !', 3.5],
  // Session 44's review: a wish for a thing not to be, read as status at 0.998 and as a diagnosis.
  // The thing wished gone stands right before "gone": "I want to know why the auth module is
  // gone" asks why, it wishes nothing away.
  ...['want', 'need'].flatMap((verb) =>
    ['it', 'them', 'commit', 'commits', 'file', 'files', 'folder', 'directory', 'branch', 'changes'].map(
      (thing): [string, string, number] => [`${verb} ... ${thing} gone`, 'i:modify a:patch !', 3.5],
    ),
  ),
  ['should not exist', 'i:modify a:patch !', 3.5],
  ['should no longer exist', 'i:modify a:patch !', 3.5],
  ['throw out', 'i:modify a:patch !', 3],
  ['^ditch:base', 'i:modify a:patch !', 3.5],
  ['ditch changes', 'i:modify a:patch !', 3.5],
  ['^toss:base', 'i:modify a:patch !', 3.5],
  ['toss changes', 'i:modify a:patch !', 3.5],
  ['dump changes', 'i:modify a:patch !', 3.5],
  ['dump edits', 'i:modify a:patch !', 3.5],
  ['zap:base', 'i:modify a:patch !', 3.5],
  ['^stash:base', 'i:modify a:patch !', 3],
  ['stash changes', 'i:modify a:patch !', 3],
  ['delete:past', 'i:status e:git-working-tree', 2],
  ['write', 'i:modify a:patch', 1],
  ['extract', 'i:modify a:patch', 2],
  ['convert', 'i:modify a:patch', 2],
  ['bump', 'i:modify a:patch', 2],
  ['make:base', 'i:modify', 1],
  ['make pass', 'i:modify', 2],
  ['create', 'i:modify a:patch', 2.5],
  ['move', 'i:modify a:patch', 2],
  ['split', 'i:modify a:patch', 2],
  // "break App.js down into components", "break the module up": a split, no failure.
  ['break down', 'i:modify a:patch', 3],
  ['break up', 'i:modify a:patch', 3],
  ['break ... into', 'i:modify a:patch', 3],
  // A behaviour the code must have ("make sure that the list is sorted"): a change to it.
  ['ensure:base that', 'i:modify a:patch', 2.5],
  ['make:base sure that', 'i:modify a:patch', 2.5],
  ['optimize', 'i:modify a:patch', 2.5],
  ['rewrite', 'i:modify a:patch', 3],
  ['clean up', 'i:modify a:patch', 2],
  ['patch', 'i:modify a:patch', 2],
  ['migrate', 'i:modify a:patch', 2],
  ['replace', 'i:modify a:patch', 2],
  ['upgrade', 'i:modify a:patch', 2],
  ['set:base', 'i:modify', 1],
  ['switch to', 'i:modify', 2],
  // execute, build, test, ci
  ['run:base', 'i:execute a:execution-output', 1.5],
  ['run:ing,past,plural', 'i:execute', 1],
  ['execute', 'i:execute a:execution-output', 1.5],
  ['rerun', 'i:execute a:execution-output', 3],
  ['rebuild', 'i:execute e:build', 3],
  ['how ... run', 'i:explain', 1.5],
  ['launch', 'i:execute', 2.5],
  ['start:base', 'i:execute', 1.5],
  ['kick off', 'i:execute', 2.5],
  ['trigger', 'i:execute', 2],
  ['build:base,ing', 'i:execute', 1.5],
  ['build', 'e:build', 1.5],
  ['compile', 'i:execute e:build', 2],
  ['type check', 'i:execute e:build', 2],
  ['install', 'e:build', 1],
  ['webpack', 'e:build', 1.5],
  ['docker image', 'e:build', 1.5],
  ['cargo', 'i:execute e:build', 1],
  ['test', 'e:test', 2.5],
  ['npm test', 'i:execute', 2],
  // A package manager's test script ("npm test", "pnpm test", "yarn run test", "node --test") runs
  // the tests, not a build.
  ['npm test', 'e:test', 3],
  ['pnpm test', 'i:execute e:test', 5],
  ['yarn test', 'i:execute e:test', 5],
  ['bun test', 'i:execute e:test', 5],
  ['node test', 'i:execute e:test', 5],
  ['coverage', 'e:test', 2],
  ['coverage', 'i:status', 1],
  // Which tests there are, and what they cover, is read in them: nothing needs to run.
  ['cover:base,plural', 'i:locate a:usage', 2.5],
  ['there ... test', 'i:locate', 2.5],
  ['list ... test', 'i:locate', 2.5],
  ['do we have', 'i:locate', 2],
  // Code that nothing uses is found by reading it ("give me a list of unused functions"); removing
  // it is a change the remove cue reads.
  ['unused', 'i:locate a:usage', 1.5],
  ['no longer ... required', 'i:locate a:usage', 2],
  ['no longer ... needed', 'i:locate a:usage', 2],
  ['no longer ... used', 'i:locate a:usage', 2],
  ['list of', 'i:locate', 1.5],
  ['give ... list', 'i:locate', 2],
  // A coding agent's chat holds the files it reads: adding one to it is opening it, no edit
  // ("add api.test.js to the chat").
  ['add ... to ... chat', 'i:navigate e:file', 6],
  // "do I need a database for this?" asks for advice, whatever it would take.
  ['do i need', 'i:explain', 4],
  // "Can I use react query with server actions?": whether it can be done, asked before doing it.
  ['can i use', 'i:explain', 3],
  ['can it be', 'i:explain', 2],
  ['do we need', 'i:explain', 4],
  ['suite', 'e:test', 1.5],
  ['benchmark', 'i:execute e:test', 1],
  ['pipeline', 'e:ci-pipeline', 3],
  ['workflow', 'e:ci-pipeline', 3],
  ['github action', 'e:ci-pipeline', 3],
  ['action', 'e:ci-pipeline', 1],
  ['deploy', 'e:ci-pipeline', 2],
  ['github', 'e:ci-pipeline', 1],
  // chat, session
  ['hello', 'i:chat ~', 3],
  ['jk', 'i:chat =', 3],
  ['good morning', 'i:chat ~', 3],
  ['good night', 'i:chat ~', 3],
  ['good evening', 'i:chat ~', 3],
  ['good afternoon', 'i:chat ~', 3],
  ['yo', 'i:chat', 3],
  ['what is up', 'i:chat', 3],
  ['who ... talk', 'i:chat e:session', 3],
  // "which model am I talking to?", "you there?": the assistant itself.
  ['model ... talk', 'i:chat e:session', 3],
  ['you there', 'i:chat e:session', 3],
  ['context', 'e:session', 1.5],
  ['thanks', 'i:chat ~', 3],
  ['bye', 'i:chat', 3],
  ['goodbye', 'i:chat', 3],
  ['who are you', 'i:chat e:session', 3],
  ['who made', 'i:chat e:session', 3],
  ['who built', 'i:chat e:session', 3],
  ['your name', 'i:chat e:session', 3],
  ['are you', 'i:chat e:session', 1.5],
  ['your', 'i:chat e:session', 0.5],
  ['your purpose', 'i:chat e:session', 3],
  ['what can you do', 'i:chat e:session', 3],
  ['how are you', 'i:chat', 3],
  ['what time is it', 'i:chat', 3],
  ['hai', 'i:chat = ~', 3],
  ['joke', 'i:chat', 3],
  ['nice work', 'i:chat ~', 2],
  // An acknowledgement ("configuration looks good"): chat, unless the request asks for more.
  ['look good', 'i:chat ~', 2],
  ['great', 'i:chat ~', 1],
  ['model', 'i:chat e:session', 0.5],
  ['provider', 'i:chat e:session', 2],
  ['backend', 'e:session', 1],
  ['context window', 'i:chat e:session', 3],
  ['say hello', 'i:chat', 3],
  ['do you know', 'i:chat', 2],
  // What the assistant can see or needs ("do you have access to the repo?", "what other files do
  // you need?"): talk about the session.
  ['have access', 'i:chat e:session', 3],
  ['do you need', 'i:chat e:session', 2.5],
  // Whether the assistant sees the user's project at all ("can you see my codebase?"): a question
  // about the session, not a request to open something named.
  ['can you see ... project', 'i:chat e:session', 3],
  ['can you see ... codebase', 'i:chat e:session', 3],
  ['can you see ... repo', 'i:chat e:session', 3],
  ['can you read ... codebase', 'i:chat e:session', 3],
  ['can you read ... project', 'i:chat e:session', 3],
  // a clause that starts with an imperative verb asks for that action ("ok, now add a test")
  ['^keep:base', 'i:modify a:patch', 2],
  ['^avoid:base', 'i:modify a:patch', 2],
  ['^ensure:base', 'i:modify a:patch', 2.5],
  ['^continue:base', 'i:modify a:patch', 2],
  ['^complete:base', 'i:modify a:patch', 2.5],
  ['^translate:base', 'i:modify a:patch', 2],
  ['^solve:base', 'i:modify a:patch', 2.5],
  ['^comment out', 'i:modify a:patch', 3],
  ['^run:base', 'i:execute a:execution-output', 3],
  ['^execute:base', 'i:execute a:execution-output', 3],
  ['^rerun:base', 'i:execute a:execution-output', 3],
  ['^commit:base', 'i:modify', 4],
  ['^push:base', 'i:modify', 4],
  ['^deploy:base', 'i:execute a:execution-output', 3],
  ['^install:base', 'i:execute a:execution-output', 3],
  ['install:base it', 'i:execute a:execution-output', 3],
  ['^uninstall:base', 'i:execute a:execution-output', 3],
  ['^start:base', 'i:execute a:execution-output', 1.5],
  ['^test:base', 'i:execute a:execution-output', 2],
  ['^lint:base', 'i:execute a:execution-output', 2.5],
  ['^try:base', 'i:execute a:execution-output', 2],
  ['^stop:base', 'i:execute a:execution-output', 3],
  ['^kill:base', 'i:execute a:execution-output', 3],
  // Switching on an environment, a plugin or a tool ("activate the venv", "yes, activate it!").
  ['^activate:base', 'i:execute a:execution-output', 2.5],
  // Indexing a codebase is the agent's tool run over it ("index this codebase").
  ['^index:base ... codebase', 'i:execute a:execution-output', 3],
  ['^index:base ... repository', 'i:execute a:execution-output', 3],
  ['^index:base ... project', 'i:execute a:execution-output', 3],
  ['^cancel:base', 'i:execute a:execution-output', 2],
  ['^comment on', 'i:review a:report', 3],
  // Whether the tests pass or the app builds or runs is found by running them (the intent guide's
  // "check if the tests pass").
  ['check ... pass', 'i:execute a:execution-output', 3.5],
  ['check ... build:base,plural', 'i:execute a:execution-output', 3],
  ['check ... compile', 'i:execute a:execution-output', 3],
  ['check ... run:plural', 'i:execute a:execution-output', 3],
  ['verify ... pass', 'i:execute a:execution-output', 3.5],
  ['verify ... build:base,plural', 'i:execute a:execution-output', 3],
  // "analyze the project and tell me…", "analyze the code thoroughly before answering": understand
  // it (the intent guide's analyse); its quality or issues are judged, an error's cause is found.
  ['^analyze:base', 'i:explain', 2],
  ['analyze:base', 'i:explain', 1.5],
  ['analyze ... quality', 'i:review a:report', 4.5],
  ['analyze ... issue:plural', 'i:review a:report', 4.5],
  ['analyze ... security', 'i:review a:report', 4.5],
  ['analyze ... error', 'i:diagnose a:root-cause', 4.5],
  ['analyze ... fail', 'i:diagnose a:root-cause', 4.5],
  ['analyze ... log:base,plural', 'i:diagnose', 4],
  ['^suggest', 'i:review a:report', 1.5],
  // wording real requests use for changes, explanations and failures
  ['^will', 'i:explain', 1.5],
  ['^does', 'i:explain', 1],
  ['^would', 'i:explain', 1],
  ['is it better', 'i:explain', 3],
  ['could it be', 'i:diagnose', 2],
  ['no need', 'i:modify', 2],
  ['^if ... fail', 'i:modify', 2],
  ['say about', 'i:explain', 2],
  // "we need to talk about this", "let's talk about the design first": a discussion, no change yet.
  ['talk about', 'i:explain', 2.5],
  // Reading a document to sum it up or draw insights from it ("read it and create a summary",
  // "extract the actionable insights"): the answer is the understanding.
  ['read ... summarize', 'i:explain a:overview', 2.5],
  ['extract ... insight', 'i:explain', 3],
  // An answer asked for ("analyze it before answering", "I need grounded information", "what data
  // is available after login?"): the user wants to be told.
  ['before answer:ing', 'i:explain', 2.5],
  ['information', 'i:explain', 1],
  ['what ... available', 'i:explain', 2.5],
  // Reading first is a step towards the change that follows it ("read PROGRESS.md, update TODO.md").
  ['read ... change:base', 'i:modify a:patch', 2],
  ['read ... fix', 'i:modify a:patch', 2],
  ['read ... add:base', 'i:modify a:patch', 2],
  ['read ... implement', 'i:modify a:patch', 2],
  ['what step', 'i:explain', 2],
  ['step by step', 'i:explain', 1.5],
  // Advice asked for in the chat: a plan, a suggestion, ideas ("let's come up with a plan", "give me
  // a suggestion for the cache", "prepare a plan and give me next steps"). A plan
  // written to a file is a change: the verb that creates the file outweighs these.
  ['plan', 'i:explain', 1],
  // "come up with a plan" (`come` is read as written, for another language's cue: matched from `up`).
  ['up with ... plan', 'i:explain', 3],
  ['prepare ... plan', 'i:explain', 3],
  ['suggest for', 'i:explain', 2.5],
  ['suggest how', 'i:explain', 2.5],
  ['give ... idea', 'i:explain', 2.5],
  ['think ... would be', 'i:explain', 2.5],
  // "show me how to mock it", "tell me the steps you would take": how it is done, in words.
  ['show ... how', 'i:explain', 2.5],
  ['tell ... step:plural', 'i:explain', 2.5],
  ['you would', 'i:explain', 2],
  ['what ... issue:base', 'i:diagnose', 1.5],
  ['give ... code', 'i:modify a:patch', 3],
  ['give ... script', 'i:modify a:patch', 3],
  ['give ... function', 'i:modify a:patch', 3],
  ['improve', 'i:modify a:patch', 1.5],
  ['in python', 'i:modify', 1],
  ['in javascript', 'i:modify', 1],
  ['in typescript', 'i:modify', 1],
  ['^^for ... in ... do', 'i:execute', 4],
  // a request that opens with a condition states how the code should behave ("if the fetch fails, skip it")
  ['^^if', 'i:modify', 1.5],
  // a go-ahead after the agent proposed something asks it to make the change now
  ['^^go ahead', 'i:modify a:patch ~', 3],
  ['^proceed', 'i:modify a:patch ~', 3],
  // "go" alone, the shortest go-ahead.
  ['^^go', 'i:modify a:patch ~', 1],
  // Assent and go-aheads that answer the agent's proposal or question ("yes please", "go for it",
  // "all of them, in order", "one by one", "try again", "keep going where we left off"): they approve
  // the pending change. What they approve is in the conversation, not in the request.
  ['yes', 'i:modify ~', 1],
  ['yes please', 'i:modify ~', 2],
  ['go for it', 'i:modify a:patch ~', 3],
  ['one by one', 'i:modify', 2],
  // "these as well", "the footer as well": the last request, for more things.
  ['as well', 'i:modify', 1],
  ['^^all of them', 'i:modify', 2],
  ['keep going', 'i:modify a:patch', 2.5],
  ['try again', 'i:modify a:patch', 2.5],
  ['left off', 'i:modify a:patch', 2],
  // "do the same to @other.html", "do the same for the footer": repeat the last change elsewhere.
  ['^do ... same', 'i:modify a:patch', 3],
  ['^^do it', 'i:modify a:patch', 3],
  ['^^do this', 'i:modify a:patch', 3],
  ['^^do that', 'i:modify a:patch', 3],
  ['i want', 'i:modify', 1],
  // "I want to test the api": a run of the tests, not a test to write.
  ['want to test:base', 'i:execute e:test', 2],
  ['i need', 'i:modify', 1],
  ['need to be', 'i:modify a:patch', 2],
  ['should', 'i:modify', 1],
  ['instead of', 'i:modify', 2],
  ['rather than', 'i:modify', 1.5],
  ['code for', 'i:modify a:patch', 1.5],
  ['code that', 'i:modify a:patch', 1],
  ['program', 'i:modify', 1],
  ['todo', 'i:modify', 1],
  ['^do ... todo', 'i:modify', 2],
  ['^search', 'i:locate', 1.5],
  ['how can', 'i:explain', 2.5],
  ['how would', 'i:explain', 1.5],
  // "instead of X, is there no other way?": a question about the approach, whatever it names.
  ['is there ... way', 'i:explain', 4],
  // "what would be the cleanest way to schedule the workers?": advice on how to go about it.
  ['what would be', 'i:explain', 2],
  ['best way', 'i:explain', 2.5],
  ['cleanest way', 'i:explain', 2.5],
  // "what's the recommended way to handle errors here?", "what options do I have for deploying?",
  // "brainstorm ideas for onboarding": advice, whatever the thing it is about.
  ['recommend:past way', 'i:explain', 3],
  ['right way', 'i:explain', 2.5],
  ['proper way', 'i:explain', 2.5],
  ['correct way', 'i:explain', 2.5],
  ['what option:plural', 'i:explain', 3],
  ['brainstorm', 'i:explain', 3],
  // "does the parser support nested lists?", "does it handle duplicates?": how the code behaves.
  ['^does ... support', 'i:explain', 2.5],
  ['^does ... handle', 'i:explain', 2.5],
  ['what will', 'i:explain', 1],
  ['what do ... mean', 'i:explain', 2],
  ['mean', 'i:explain', 1.5],
  ['learn', 'i:explain', 2],
  // "I have a question about conventions", "one more question: …": the user asks to be told.
  ['have ... question', 'i:explain', 2.5],
  ['question about', 'i:explain', 2.5],
  ['tutorial', 'i:explain', 1.5],
  ['make sense', 'i:review', 1.5],
  ['suggest', 'i:review', 1],
  ['correct', 'i:review', 1],
  ['have you', 'i:status', 1],
  // A question that opens with an auxiliary asks whether a change happened ("did you add the
  // test?", "have you added the route?", "is the file created?"), not for the change.
  ['^did you', 'i:status', 3],
  ['^have you', 'i:status', 2],
  ['^is ... create:past', 'i:status', 3],
  // "is it done?", "are you done with the migration?": where the task stands.
  ['^is ... do:past', 'i:status', 3],
  ['^are ... do:past', 'i:status', 3],
  ['^is ... fix:past', 'i:status', 3],
  ['^is ... add:past', 'i:status', 3],
  ['^is ... implement:past', 'i:status', 3],
  ['^is ... write:past', 'i:status', 3],
  ['not define', 'i:diagnose a:root-cause', 3],
  ['undefined', 'i:diagnose a:root-cause', 2],
  ['not find', 'i:diagnose a:root-cause', 3],
  ['not exist', 'i:diagnose a:root-cause', 2],
  ['not allow', 'i:diagnose', 1.5],
  ['not connect', 'i:diagnose', 2],
  ['unexpected', 'i:diagnose', 1.5],
  ['refuse', 'i:diagnose', 1.5],
  ['deprecated', 'i:diagnose', 1.5],
  ['empty reply', 'i:diagnose', 2],
  ['i get', 'i:diagnose', 1],
  // "step 3 is giving me issues", "the build keeps throwing errors": a failure report.
  ['giving ... problem', 'i:diagnose a:root-cause', 2.5],
  ['giving ... error', 'i:diagnose a:root-cause', 2.5],
  ['throwing ... error', 'i:diagnose a:root-cause', 2.5],
  ['can not', 'i:diagnose', 1.5],
  ['not', 'i:diagnose', 1],
  ['fail:plural', 'i:diagnose', 1.5],
  ['tell ... why', 'i:diagnose', 2],
  ['not valid', 'i:diagnose', 2],
  ['invalid', 'i:diagnose', 1.5],
  ['not recognize', 'i:diagnose', 2],
  ['unrecognized', 'i:diagnose', 2],
  ['warning', 'i:diagnose', 1],
  ['overflow', 'i:diagnose', 1.5],
  ['error connect', 'i:diagnose', 2],
  ['fail to compile', 'i:diagnose e:build', 3],
  ['test fail:base,plural,past', 'i:diagnose e:test', 2.5],
  ['what fail:past', 'i:diagnose', 1],
  // "X fails when Y" reports a failure and the condition that triggers it
  ['fail:plural ... when', 'i:diagnose', 2],
  ['crash:plural ... when', 'i:diagnose', 2],
  ['break:plural ... when', 'i:diagnose', 2],
  // "when I run the server I get an error": running is what the user did, not what they ask for
  // "I tried to build it but got an error", "I tried running the migration": what the user did, and
  // it failed.
  ['i try:past', 'i:diagnose', 2.5],
  ['when i run:base,past', 'i:diagnose', 3],
  ['when we run:base,past', 'i:diagnose', 3],
  ['whenever i run:base,past', 'i:diagnose', 3],
  ['every time i run:base,past', 'i:diagnose', 3],
  // a constraint stated as a need ("they don't need to run if …") corrects the code
  ['not need', 'i:modify', 2],
  // A dislike or a change that still did not take ("I don't like the blue header", "it still
  // doesn't round the total") asks for the change (the guide's symptom with no verb: modify).
  ['not like', 'i:modify', 2.5],
  ['still not', 'i:modify', 1.5],
  // "the login button no longer shows up": a behaviour lost, a failure report.
  ['no longer', 'i:diagnose', 2],
  // "it isn't picking up the files": what the code is not doing is a failure report
  ['not *:ing', 'i:diagnose', 2],
  // which state is current: "which test failed", "which backend is active"
  ['which ... fail:past,ing', 'i:status', 5.5],
  ['which ... active', 'i:status', 3],
  ['active', 'i:status', 1.5],
  ['which ... model', 'i:status e:session', 3],
  ['which ... provider', 'i:status e:session', 3],
  ['which ... backend', 'i:status e:session', 3],
  ['what ... provider', 'i:status e:session', 2],
  ['what model', 'i:status e:session', 2],
  ['model ... you', 'i:chat e:session', 3],
  // commands typed into the request: git subcommands, package managers, shells
  ['git push', 'i:execute', 4],
  ['push ... force', 'i:execute !', 3],
  ['force push', 'i:execute !', 4],
  ['git commit', 'i:execute', 3],
  ['git reset', 'i:execute !', 3],
  ['reset hard', 'i:execute !', 2],
  ['git revert', 'i:execute !', 4],
  ['git rebase', 'i:execute !', 4],
  ['git merge', 'i:execute', 3],
  ['git checkout', 'i:execute !', 3],
  ['git clean', 'i:execute !', 4],
  ['git stash', 'i:execute !', 2],
  ['git rm', 'i:execute !', 4],
  // Subcommands that change the working tree, the index or refs (outside review rv62 1: each read
  // as a confident look at the state), and a shell command that writes a file or runs what another
  // prints (the `/shell` token, see normalizeGoalText).
  ['git apply', 'i:execute !', 4],
  ['git restore', 'i:execute !', 4],
  ['git switch', 'i:execute !', 3],
  ['checkout head', 'i:execute !', 3],
  ['/shell', 'i:execute !', 4],
  ['git pull', 'i:execute', 3],
  ['git fetch', 'i:execute', 3],
  ['git tag', 'i:execute', 3],
  ['git add', 'i:execute', 3],
  ['git diff', 'i:status e:git-working-tree', 3],
  ['git show', 'i:status e:git-history', 3],
  ['run ... git diff', 'i:status', 5],
  ['run ... git log', 'i:status', 5],
  ['run ... git status', 'i:status', 5],
  ['run ... git show', 'i:status', 5],
  ['run ... git blame', 'i:status', 5],
  // "Who is the author of src/router.ts?", "who authored it": the history of the file.
  ['author', 'i:status e:git-history', 2.5],
  ['^^npm', 'i:execute e:build', 3],
  ['^^pnpm', 'i:execute e:build', 3],
  ['^^yarn', 'i:execute e:build', 3],
  ['^^npx', 'i:execute', 3],
  ['^^pip', 'i:execute e:build', 3],
  ['^^python', 'i:execute', 3],
  ['^^python3', 'i:execute', 3],
  ['^^uv', 'i:execute', 3],
  ['^^poetry', 'i:execute', 3],
  ['^^bun', 'i:execute', 3],
  ['^^deno', 'i:execute', 3],
  ['^^mvn', 'i:execute e:build', 3],
  ['^^gradle', 'i:execute e:build', 3],
  ['^^dotnet', 'i:execute', 3],
  ['^^kubectl', 'i:execute', 3],
  ['^^terraform', 'i:execute', 3],
  ['^^ssh', 'i:execute', 3],
  ['^^wget', 'i:execute', 3],
  ['^^echo', 'i:execute', 3],
  // A coding agent's own command line, typed as the request ("aider --help").
  ['^^aider', 'i:execute', 3],
  ['^^node', 'i:execute', 3],
  ['^^cargo', 'i:execute e:build', 3],
  ['^^docker', 'i:execute', 3],
  ['^^bash', 'i:execute', 3],
  ['^^chmod', 'i:execute', 3],
  ['^^cd', 'i:execute', 3],
  ['^^ls', 'i:execute', 3],
  ['^^pwd', 'i:execute', 3],
  ['^^mkdir', 'i:execute', 3],
  ['^^rm', 'i:execute !', 3],
  ['^^mv', 'i:execute', 3],
  ['^^cp', 'i:execute', 3],
  ['^^curl', 'i:execute', 3],
  ['^^cat', 'i:navigate e:file', 3],
  ['^^sudo', 'i:execute', 3],
  ['^^git', 'i:execute', 1.5],
]

/**
 * Verbs that ask for a change when they open a clause ("now add a test", "if it fails, skip the
 * rest"): each becomes the row `['^verb:base', 'i:modify a:patch', 3]`. Synonyms (`remove` for
 * `delete`, `update` for `change`) are covered by their canonical word.
 */
const changeVerbs =
  'add make use delete change put set write create implement fix move rename replace convert color ' +
  'style plot draw turn accept finish save include ignore disable enable allow support limit skip ' +
  'wrap extract split format refactor rewrite clean optimize increase decrease reduce center align ' +
  'hide organize reorder proofread pass store return apply swap restore document mock handle catch ' +
  'log correct improve upgrade migrate bump capitalize lowercase uppercase loop filter switch parse ' +
  'send call load export import expose register initialize instantiate validate sanitize escape ' +
  'encode decode serialize compute calculate count round truncate pad trim strip prepend attach ' +
  'bind cache retry throttle debounce schedule emit dispatch notify redirect render animate resize ' +
  'scale rotate highlight underline indent label annotate link embed upload download scrape crawl ' +
  'fetch query group sort shuffle dedupe merge combine flatten configure specify pin lock freeze ' +
  'compress minify persist populate fill clear empty flush purge wipe nuke close copy duplicate ' +
  'develop design adjust refine polish reword rephrase shorten lengthen revert undo reset discard ' +
  'squash amend rebase uninstall downgrade deprecate unify standardize normalize'

const fieldOf: Readonly<Record<string, GoalField>> = { i: 'intent', e: 'entity', a: 'artifact', s: 'scope' }

function toCue([phrase, votes, weight]: readonly [string, string, number?]): GoalCue {
  const cue: Record<string, string | number | boolean> = { phrase }
  for (const vote of votes.split(' ')) {
    const field = fieldOf[vote.slice(0, 1)]
    if (field) cue[field] = vote.slice(2)
    else if (vote === '!') cue.destructive = true
    else if (vote === '=') cue.exact = true
    else if (vote === '~') cue.courtesy = true
    else if (vote === '>') cue.targetIsObject = true
  }
  if (weight !== undefined) cue.weight = weight
  return cue as unknown as GoalCue
}

const leadRows = [...new Set(changeVerbs.split(' '))].map(
  (verb) => [`^${verb}:base`, 'i:modify a:patch', 3] as const,
)

/** The default cues of the code-assistant vocabulary, as `GoalCue` objects. */
export const defaultGoalCues: readonly GoalCue[] = [...rows, ...leadRows, ...otherLanguageRows].map(toCue)
